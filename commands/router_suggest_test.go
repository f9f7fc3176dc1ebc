package commands

import "testing"

// A mistyped command is answered with the nearest ones; a missing option
// is named once, with what it wants.
func TestUnknownCommandSuggestsNearest(t *testing.T) {
	b := gameBot(t)
	expect(t, say(t, b, "/movee unit:G-III to:3023"), "There is no command /movee. Did you mean /move or /moves?")
	expect(t, say(t, b, "/tornament"), "Did you mean /tournament?")
	expect(t, say(t, b, "/xyzzy"), "Commands: /abandon")
	say(t, b, "/game new seed:4")
	got := say(t, b, "/move unit:G-III")
	expect(t, got, "/move needs the option to: (destination hex")
}
