package game

import (
	"strings"

	"rtrbot/engine/hex"
	"rtrbot/engine/units"
)

// Verb is what an order does.
type Verb string

const (
	VerbPlace         Verb = "place"         // setup: place unit in hex (17.1-17.5)
	VerbAutoSetup     Verb = "autosetup"     // setup: place every unit still unplaced by the default placement
	VerbEnd           Verb = "end"           // end the current phase or segment (3.0)
	VerbMove          Verb = "move"          // move unit to hex, or along a path of hexes (8.0)
	VerbRail          Verb = "rail"          // rail-move unit to hex (8.5)
	VerbSplit         Verb = "split"         // break a corps into two divisions (10.0)
	VerbMerge         Verb = "merge"         // combine two divisions into a corps (10.0)
	VerbEntrench      Verb = "entrench"      // flip to the trench side (13.0)
	VerbUnentrench    Verb = "unentrench"    // flip back to the mobile side (13.0)
	VerbReinforce     Verb = "reinforce"     // bring unit on as a reinforcement in hex (11.1)
	VerbAutoReinforce Verb = "autoreinforce" // bring on every due reinforcement by the default choice
	VerbRemove        Verb = "remove"        // remove own unit from an over-stacked hex (7.0)
	VerbWithdraw      Verb = "withdraw"      // send unit to the Russian Front (11.7)
	VerbAttack        Verb = "attack"        // attack an adjacent hex: table, attackers, hex (9.0, 9.7)
	VerbRetreat       Verb = "retreat"       // retreat a unit one hex after a combat result (9.4)
	VerbSiege         Verb = "siege"         // a siege gun bombards an adjacent enemy fortress (12.6)
	VerbAbandon       Verb = "abandon"       // abandon an own fortress (12.4)
	VerbRecon         Verb = "recon"         // aerial reconnaissance of one hex by an HQ (14.12)
	VerbDelay         Verb = "delay"         // the defending cavalry takes the attack on the recon table (16.2)
	VerbStand         Verb = "stand"         // the defending cavalry does not delay: the attacker's table (16.2)
	VerbSea           Verb = "sea"           // Allied sea transport or assault landing of unit to hex (16.3)
	// VerbRekey is given by the bot alone, when a game comes in through a
	// file: the next dice come from the game's next key (dice.go).
	VerbRekey Verb = "rekey"
)

var verbs = []Verb{VerbPlace, VerbAutoSetup, VerbEnd, VerbMove, VerbRail, VerbSplit, VerbMerge, VerbEntrench, VerbUnentrench, VerbReinforce, VerbAutoReinforce, VerbRemove, VerbWithdraw, VerbAttack, VerbRetreat, VerbSiege, VerbAbandon, VerbRecon, VerbDelay, VerbStand, VerbSea, VerbRekey}

// Order is one order of one side. Its text form (String, ParseOrder) is
// stable: it is what a game's log stores and Replay reads.
//
//	german move G-III 3024 3023
//	allied merge F-14 F-41
//	german end
type Order struct {
	Side  units.Side
	Verb  Verb
	Units []string
	Hexes []hex.Hex
}

func (o Order) String() string {
	var b strings.Builder
	b.WriteString(o.Side.String())
	b.WriteString(" ")
	b.WriteString(string(o.Verb))
	for _, u := range o.Units {
		b.WriteString(" " + u)
	}
	for _, h := range o.Hexes {
		b.WriteString(" " + h.String())
	}
	return b.String()
}

// MarshalText and UnmarshalText make orders serialisable as their text.
func (o Order) MarshalText() ([]byte, error) { return []byte(o.String()), nil }

func (o *Order) UnmarshalText(b []byte) error {
	x, err := ParseOrder(string(b))
	if err != nil {
		return err
	}
	*o = x
	return nil
}

// ParseOrder reads the text form: side, verb, then unit ids and hexes.
func ParseOrder(s string) (Order, error) {
	f := strings.Fields(s)
	if len(f) < 2 {
		return Order{}, refuse("order-syntax", s)
	}
	side, err := units.ParseSide(f[0])
	if err != nil {
		return Order{}, refuse("order-side", s)
	}
	o := Order{Side: side, Verb: Verb(strings.ToLower(f[1]))}
	known := false
	for _, v := range verbs {
		known = known || v == o.Verb
	}
	if !known {
		names := make([]string, len(verbs))
		for i, v := range verbs {
			names[i] = string(v)
		}
		return Order{}, refuse("order-verb", f[1], strings.Join(names, ", "))
	}
	for _, a := range f[2:] {
		if len(a) == 4 && strings.Trim(a, "0123456789") == "" {
			h, err := hex.Parse(a)
			if err != nil {
				return Order{}, refuse("order-hex", err.Error())
			}
			o.Hexes = append(o.Hexes, h)
			continue
		}
		if len(o.Hexes) > 0 {
			return Order{}, refuse("order-units-first", s)
		}
		o.Units = append(o.Units, strings.ToUpper(a))
	}
	return o, nil
}

// oneUnit resolves the single unit an order names.
func (s *State) oneUnit(o Order) (*units.Counter, error) {
	if len(o.Units) != 1 {
		return nil, refuse("one-unit-only", o.Verb)
	}
	return s.counter(o.Units[0])
}

func (s *State) counter(id string) (*units.Counter, error) {
	c, ok := s.Lookup(id)
	if !ok {
		return nil, refuse("unknown-unit", id)
	}
	return c, nil
}
