package commands

import (
	"strings"
	"testing"

	"rtrbot/actor"
)

// 14.1: how many units of the side to act may still act is that side's
// own knowledge: its player reads it in /game status, the other side's
// player and a spectator do not.
func TestStatusActorsCountOnlyForTheSideToAct(t *testing.T) {
	b, clock := newStoredBot(t)
	seatBoth(t, b, clock, "C1", "/game new scenario:standard seed:7")
	const count = "may still act in this step"
	if st := txt(act(t, b, clock, alice, "C1", "/game status")); !strings.Contains(st, "Allied player to act") || !strings.Contains(st, count) {
		t.Fatalf("the Allied player, to act, should read his count:\n%s", st)
	}
	for _, who := range []actor.Actor{bob, carol} {
		if st := txt(act(t, b, clock, who, "C1", "/game status")); strings.Contains(st, count) {
			t.Errorf("%s reads how many Allied units may still act:\n%s", who.Name, st)
		}
	}
}
