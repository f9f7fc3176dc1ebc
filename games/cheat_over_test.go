package games

import (
	"context"
	"testing"

	"rtrbot/engine/units"
)

// Once a game has ended, whichever way (resigned here, before its last
// turn), nothing of it is hidden: its file, seed and all, is anyone's
// (Export), so a spectator may read both sides too (CanSee) and the log
// names what each side did. While it runs, the spectator sees neither
// side's secrets and a player only his own.
func TestResignedGameHidesNothing(t *testing.T) {
	ctx := context.Background()
	s := service(t)
	playSome(t, s, at)
	g := s.Peek(ctx, "C1")
	for _, side := range []units.Side{units.German, units.Allied} {
		if g.CanSee(carol, side) {
			t.Fatalf("a spectator sees the %s side's secrets in a running game", side)
		}
	}
	if g.CanSee(bob, units.Allied) {
		t.Fatal("the German player sees the Allies' secrets in a running game")
	}
	if _, err := s.Resign(ctx, bob, at); err != nil {
		t.Fatal(err)
	}
	ended, err := s.Latest(ctx, at)
	if err != nil {
		t.Fatal(err)
	}
	if !ended.Over() {
		t.Fatalf("a resigned game (status %q) is not over", ended.Status)
	}
	for _, side := range []units.Side{units.German, units.Allied} {
		if !ended.CanSee(carol, side) {
			t.Fatalf("the %s side of a resigned game is hidden from a spectator, but its file is anyone's", side)
		}
	}
}
