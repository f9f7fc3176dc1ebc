package commands

import (
	"context"
	"testing"

	"rtrbot/i18n"
)

// A mistyped command is answered with the nearest ones; a missing option
// is named once, with what it wants.
func TestUnknownCommandSuggestsNearest(t *testing.T) {
	b := gameBot(t)
	run := func(path string) string {
		return txt(b.Router.Run(context.Background(), &Request{Path: path, Options: map[string]string{}, Guild: "console", Channel: "c1", Lang: i18n.EN, User: User{ID: "u", Name: "u"}}))
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
