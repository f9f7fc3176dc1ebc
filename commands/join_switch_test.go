package commands

import (
	"strings"
	"testing"
)

// A player who joins the other side before the first order leaves his
// seat: the answer says so and that the seat is free, in each language,
// instead of only "joins the Allied side" while the German seat quietly
// empties.
func TestJoinOtherSideSaysWhatWasLeft(t *testing.T) {
	b, clock := newStoredBot(t)
	act(t, b, clock, alice, "C1", "/game new")
	act(t, b, clock, alice, "C1", "/game join side:german")
	r := txt(act(t, b, clock, alice, "C1", "/game join side:allied"))
	expect(t, r, "leaves the German side", "joins the Allied side", "/game join side:german")
	players := txt(act(t, b, clock, alice, "C1", "/game players"))
	if !strings.Contains(players, "German: (nobody yet)") {
		t.Errorf("the German seat is not free after the switch:\n%s", players)
	}
}
