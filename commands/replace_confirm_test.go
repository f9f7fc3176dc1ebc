package commands

import (
	"strings"
	"testing"
)

// /game new replace:true ends the running game, so it asks first as
// /game abandon does; only confirm:true replaces it, and a player who is
// no referee may not replace the game at all.
func TestGameNewReplaceAsksFirst(t *testing.T) {
	b, clock := newStoredBot(t)
	seatBoth(t, b, clock, "C1", "/game new scenario:standard seed:7")
	first := peek(b, "C1").ID

	r := act(t, b, clock, alice, "C1", "/game new scenario:standard replace:true")
	if len(r.Messages) == 0 || !r.Messages[0].Ephemeral || !strings.Contains(r.Messages[0].Text, "Nothing has been done yet") || len(r.Messages[0].Buttons) != 1 {
		t.Fatalf("replace:true should ask first, privately, with a Confirm button:\n%s", txt(r))
	}
	if g := peek(b, "C1"); g.ID != first {
		t.Fatalf("the question replaced game #%d with #%d", first, g.ID)
	}
	if st := txt(act(t, b, clock, bob, "C1", "/game new scenario:standard replace:true confirm:true")); !strings.Contains(st, "Only a referee") {
		t.Errorf("bob, a player but no referee, should not replace the game:\n%s", st)
	}
	if g := peek(b, "C1"); g.ID != first {
		t.Fatalf("bob replaced game #%d", first)
	}
	act(t, b, clock, alice, "C1", "/game new scenario:standard replace:true confirm:true")
	if g := peek(b, "C1"); g.ID == first {
		t.Errorf("confirm:true did not replace game #%d", first)
	}
}
