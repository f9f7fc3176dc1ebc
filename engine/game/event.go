package game

import (
	"fmt"
	"strings"

	"rtrbot/engine/hex"
	"rtrbot/engine/units"
	"rtrbot/i18n"
)

// EventKind names what happened.
type EventKind string

const (
	EvPlaced       EventKind = "placed"             // a unit set up (17.x)
	EvSetupDone    EventKind = "setup-done"         // a side finished setup
	EvStep         EventKind = "step"               // a new phase or segment began (3.0)
	EvTurn         EventKind = "turn"               // a new game turn began
	EvGameOver     EventKind = "game-over"          // the last turn ended (17.1)
	EvEventPhase   EventKind = "event-phase"        // the event phase began (5.0)
	EvMoved        EventKind = "moved"              // a unit moved (8.0)
	EvRailMoved    EventKind = "rail-moved"         // a unit moved by rail (8.5)
	EvSplit        EventKind = "split"              // a corps broke down (10.0)
	EvMerged       EventKind = "merged"             // two divisions combined (10.0)
	EvEntrenched   EventKind = "entrenched"         // flipped to the trench side (13.0)
	EvMobile       EventKind = "mobile"             // flipped back to the mobile side (13.0)
	EvDue          EventKind = "due"                // reinforcements due this phase (11.1)
	EvReinforced   EventKind = "reinforced"         // a reinforcement entered (11.1)
	EvDueLost      EventKind = "due-lost"           // reinforcements that could not enter (11.1)
	EvReturned     EventKind = "returned"           // which units came back from the Russian Front box: their side's own (14.3)
	EvNaval        EventKind = "naval-gunfire"      // the naval gunfire marker arrived (16.4)
	EvCommand      EventKind = "command"            // command determined (4.0)
	EvMarkersOff   EventKind = "markers-off"        // out-of-command markers removed at turn end (4.0)
	EvRemoved      EventKind = "removed"            // removed by its owner for stacking (7.0)
	EvWithdrawn    EventKind = "withdrawn"          // sent to the Russian Front (11.7)
	EvVP           EventKind = "vp"                 // victory points changed (15.2)
	EvWithdrawDone EventKind = "withdraw-done"      // the Russian Front's demand is met
	EvRoll         EventKind = "roll"               // a die rolled by the game: who rolled, for what, the result (dice.go)
	EvRekey        EventKind = "rekey"              // the dice key changes: the old key revealed, the new one committed (dice.go)
	EvCombat       EventKind = "combat"             // an attack resolved (9.0): both stacks revealed (14.1)
	EvEliminated   EventKind = "eliminated"         // a unit eliminated (9.0, 9.4, 9.8)
	EvBrokenDown   EventKind = "broken-down"        // a corps broken down to take a loss (9.0, 10.0)
	EvRetreatDue   EventKind = "retreat-due"        // a unit must retreat (9.4)
	EvRetreated    EventKind = "retreated"          // a unit retreated (9.4)
	EvFortress     EventKind = "fortress-destroyed" // a fortress destroyed (12.5-12.7)
	EvSiege        EventKind = "siege"              // a siege gun fired (12.6)
	EvAbandoned    EventKind = "abandoned"          // a fortress abandoned (12.4)
	EvRecon        EventKind = "recon"              // aerial reconnaissance (14.12)
	EvRandom       EventKind = "random-event"       // the random event of the turn (5.0)
	EvRussia       EventKind = "russian-front"      // a Russian Front result (14.3)
	EvVictory      EventKind = "victory"            // the end of the game: the final VP and the victory level (15.0)
	EvSeed         EventKind = "seed-revealed"      // the game's seed revealed at the end (dice.go)
)

// Event is one thing that happened, as a value: who, what, where, and a
// sentence in both languages for the messages.
type Event struct {
	Kind  EventKind
	Side  units.Side
	Units []string  // counter ids
	Hexes []hex.Hex // from, to, path ...
	N     int       // a count, cost or VP
	Text  i18n.Text
	// Combat holds the values of a resolved attack (EvCombat only; nil
	// otherwise), so that readers such as the map's combat arrows need not
	// parse Text. It is left out of String, which the database stores, so
	// stored event rows keep their format; events are not part of Hash.
	Combat *CombatFacts
}

func (e Event) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s %s", e.Kind, e.Side)
	if len(e.Units) > 0 {
		b.WriteString(" " + strings.Join(e.Units, ","))
	}
	for _, h := range e.Hexes {
		b.WriteString(" " + h.String())
	}
	if e.N != 0 {
		fmt.Fprintf(&b, " n=%d", e.N)
	}
	return b.String()
}

func ev(kind EventKind, side units.Side, text i18n.Text) Event {
	return Event{Kind: kind, Side: side, Text: text}
}

func hexList(hs []hex.Hex) string {
	s := make([]string, len(hs))
	for i, h := range hs {
		s[i] = h.String()
	}
	return strings.Join(s, " ")
}
