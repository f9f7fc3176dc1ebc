package game

import (
	"testing"

	"rtrbot/engine/board"
)

// Tests of the rulings in docs/rulings.md, one per ruling where the rules
// are silent or ambiguous.

// R1: a fortress hex costs 1 whatever its terrain (terrain effects chart).
func TestRulingFortressCostsOne(t *testing.T) {
	m := newTestMap(10, 10)
	m.terrain(board.Mountain, "0503")
	m.fortress(3, "0503")
	s := position(t, m.build(), "player allied\n0502: F-XX")
	if got := destCost(t, s, "F-XX", "0503"); got != 1 {
		t.Errorf("own fortress in mountain: cost %d, want 1", got)
	}
}

// R4: friendly units do not cancel an enemy zone of control.
func TestRulingFriendlyUnitsDoNotNegateEZOC(t *testing.T) {
	m := newTestMap(10, 10)
	s := position(t, m.build(), "0502: G-III\n0504: G-IV\n0505: F-XX")
	if got := destCost(t, s, "G-III", "0504"); got != 2 {
		t.Fatalf("cost to 0504: %d", got)
	}
	wantRefused(t, s, "german move G-III 0503 0504 0604", "movement stops there (6.0)")
}

// R6: command is not traced across sea or neutral hexes.
func TestRulingCommandNotAcrossSeaOrNeutral(t *testing.T) {
	m := newTestMap(10, 10)
	m.logistic("DE", "0510")
	m.terrain(board.Sea, "0507", "0407", "0607")
	m.country(board.Switzerland, "0406", "0606")
	s := position(t, m.build(), "0508: G-1A\n0506: G-III")
	if inCommand(t, s, 0)["G-III"] {
		t.Error("G-III traced command across the sea / Switzerland")
	}
}

// R10: the French map-edge fallback is the western or southern edge of
// France; Belgians have no fallback.
func TestRulingFrenchAndBelgianEdge(t *testing.T) {
	m := newTestMap(10, 10)
	s := position(t, m.build(), "player allied\nturn Sep I\nstep reinforcement\ndue FR landwehr 1\ndue BE infantry 1\neliminated BE-1\n0909: G-III")
	wantRefused(t, s, "allied reinforce F-DT1 0505", "map-edge hex")
	n := wantOK(t, s, "allied reinforce F-DT1 0501") // western edge (row 01)
	wantOK(t, s, "allied reinforce F-DT1 0104")      // southern edge (column 01)
	wantRefused(t, n, "allied reinforce BE-1 0501", "no hex to enter")
	if _, _, err := try(t, n, "allied end"); err != nil {
		t.Errorf("the Belgian due cannot enter and is lost: %v", err)
	}
}

// R14: a corps formed from divisions is on its trench side only if both
// were, and out of command if either was.
func TestRulingMergeKeepsTrenchAndCommand(t *testing.T) {
	m := newTestMap(10, 10)
	s := position(t, m.build(), "entrenching yes\nstep reorganisation-1\n0505: G-5:trench G-6\n0506: G-7:trench G-8:trench\n0101: F-XX")
	n := wantOK(t, s, "german merge G-5 G-6")
	if c, _ := n.Lookup("G-III"); n.Units[c.Index].Trench || n.Units[c.Index].At.String() != "0505" {
		t.Errorf("G-III formed from a mixed pair: %+v", n.Units[c.Index])
	}
	n = wantOK(t, n, "german merge G-7 G-8")
	if c, _ := n.Lookup("G-IV"); !n.Units[c.Index].Trench {
		t.Error("G-IV formed from two entrenched divisions should be entrenched")
	}
}

// 18.2(1) Plan Michel on the real map: the 5th Army may set up near Lille.
func TestPlanMichel(t *testing.T) {
	r := realRules(t, "standard")
	s, _ := New(r, 1, []string{"18.2(1)"})
	if s.VP != [2]int{10, 50} {
		t.Errorf("VP %v", s.VP)
	}
}
