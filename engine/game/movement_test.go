package game

import (
	"testing"

	"rtrbot/engine/board"
)

// Apply leaves the state it is given alone (the move's rules are rule
// cases in 08-movement.txt).
func TestApplyLeavesItsStateAlone(t *testing.T) {
	m := newTestMap(10, 10)
	m.terrain(board.Mountain, "0503")
	s := position(t, m.build(), "0502: G-III G-5\n0802: F-XX")
	if _, _, err := try(t, s, "german move G-III 0505"); err != nil {
		t.Fatal(err)
	}
	if at(t, s, "G-III") != "0502" {
		t.Error("Apply changed the state it was given")
	}
}
