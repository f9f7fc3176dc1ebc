package commands

import (
	"context"
	"strings"
	"testing"

	"rtrbot/actor"
	"rtrbot/engine/game"
	"rtrbot/i18n"
)

// A mistyped command is answered with the nearest ones; a missing option
// is named once, with what it wants.
func TestUnknownCommandSuggestsNearest(t *testing.T) {
	b := gameBot(t)
	run := func(path string) string {
		return txt(b.Router.Run(context.Background(), &Request{Path: path, Options: map[string]string{}, Guild: "console", Channel: "c1", Lang: i18n.EN, User: actor.Actor{ID: "u", Name: "u"}}))
	}
	expect(t, run("movee"), "There is no command /movee. Did you mean /move or /moves?")
	expect(t, run("tornament list"), "Did you mean /tournament?")
	expect(t, run("xyzzy"), "Commands: /abandon")
	say(t, b, "/game new seed:4")
	expect(t, say(t, b, "/move unit:G-III"), "/move needs the option to: (destination hex")
}

// /units says what a spectator may see, and that a hex holds none of the
// side's units instead of printing an empty list.
func TestUnitsSpectatorAndEmptyHex(t *testing.T) {
	b, clock := openedGame(t)
	expect(t, txt(act(t, b, clock, carol, "C1", "/units")), "You do not play in this game", "/map shows both sides")
	expect(t, txt(act(t, b, clock, bob, "C1", "/units hex:0101")), "No German unit is in 0101")
}

// /retreat without a hex lists where the unit may retreat (9.4).
func TestRetreatWithoutHexListsHexes(t *testing.T) {
	b := gameBot(t)
	loadConsolePosition(t, b, "step combat-1\n2620: F-XX F-66R\n2621: G-III G-IV\n")
	say(t, b, "/attack table:assault units:G-III G-IV hex:2620")
	owed := retreatsOwed(peek(b, "c1"), peek(b, "c1").State.ToMove())
	if len(owed) == 0 || len(owed[0].To) == 0 {
		t.Fatal("seed 5's assault owes no retreat with a choice")
	}
	r := owed[0]
	got := say(t, b, "/retreat unit:"+r.ID)
	expect(t, got, r.ID+" may retreat from "+r.From.String()+" into "+r.To[0].String())
}

// /hex names the asker's own units in the hex, to him only; never the
// enemy's (14.1).
func TestHexListsOwnUnitsPrivately(t *testing.T) {
	b, clock := openedGame(t)
	g := peek(b, "C1")
	var at, id string
	for _, c := range g.State.Rules().Counters.All() {
		if u := g.State.Unit(c); c.Side().String() == "allied" && u.Box == game.OnMap {
			at, id = u.At.String(), c.ID
			break
		}
	}
	if at == "" {
		t.Fatal("no Allied unit on the map after the setup")
	}
	r := act(t, b, clock, alice, "C1", "/hex hex:"+at)
	expect(t, txt(r), "Your units here: ", id)
	if len(r.Messages) != 1 || !r.Messages[0].Ephemeral {
		t.Errorf("own units shown in public: %+v", r.Messages)
	}
	r = act(t, b, clock, bob, "C1", "/hex hex:"+at)
	if strings.Contains(txt(r), id) || r.Messages[0].Ephemeral {
		t.Errorf("the enemy's /hex names %s or is not public:\n%s", id, txt(r))
	}
}

// /map unit: when the unit may not move still draws it, and says why it
// may not move.
func TestMapUnitOutsideMovement(t *testing.T) {
	b := gameBot(t)
	loadConsolePosition(t, b, "step combat-1\n2620: F-XX F-66R\n2621: G-III G-IV\n")
	path, opts := readLine(b.Router, "/map unit:G-III")
	r := b.Router.Run(context.Background(), &Request{Path: path, Options: opts, Guild: "console", Channel: "c1", Lang: i18n.EN, User: actor.Actor{ID: "u", Name: "u"}})
	expect(t, txt(r), "G-III in 2621", "it may not move now", "movement segment")
	if len(r.Messages) == 0 || len(r.Messages[0].Files) == 0 {
		t.Errorf("no map drawn: %s", txt(r))
	}
}
