package game

import (
	"testing"

	"rtrbot/engine/board"
	"rtrbot/engine/hex"
)

// 6.0: zones of control.
func TestZOC(t *testing.T) {
	m := newTestMap(10, 10)
	m.terrain(board.Sea, "0406")
	m.fortress(6, "0404")
	s := position(t, m.build(), "0502: G-III\n0505: F-XX\n0405: F-11:trench\n0205: F-1A\n0810: G-1A")
	ezoc := s.ZOC(1) // Allied ZOC, which Germans must respect
	for _, h := range []string{"0504", "0506", "0404", "0604", "0605"} {
		if !ezoc.has(hex.MustParse(h)) {
			t.Errorf("6.0: %s should be in the Allied ZOC", h)
		}
	}
	if ezoc.has(hex.MustParse("0406")) {
		t.Error("6.0: ZOC extends into sea")
	}
	gz := s.ZOC(0)
	if gz.has(hex.MustParse("0404")) && s.EnemyFortress(0, hex.MustParse("0404")) {
		t.Error("6.0: a German ZOC extends into an undestroyed French fortress")
	}
	if !gz.has(hex.MustParse("0910")) {
		t.Error("6.0: HQs have a ZOC")
	}
	if !ezoc.has(hex.MustParse("0305")) {
		t.Error("6.0: units on their trench side (F-11) and HQs have a ZOC")
	}
	// Entering an EZOC stops movement.
	if got := destCost(t, s, "G-III", "0504"); got != 2 {
		t.Errorf("6.0: 0504 (EZOC) cost %d, want 2", got)
	}
	if got := destCost(t, s, "G-III", "0506"); got != -1 {
		t.Errorf("6.0: reached 0506 through an EZOC (cost %d)", got)
	}
}

// 8.0: explicit paths are checked hex by hex; the cheapest path is used
// otherwise; each unit moves once a segment.
func TestMoveOrders(t *testing.T) {
	m := newTestMap(10, 10)
	m.terrain(board.Mountain, "0503")
	s := position(t, m.build(), "0502: G-III G-5\n0802: F-XX")
	_, evs, err := try(t, s, "german move G-III 0505")
	if err != nil {
		t.Fatal(err)
	}
	if len(evs) != 1 || evs[0].Kind != EvMoved || evs[0].N != 4 {
		t.Errorf("events %v", evs)
	}
	if at(t, s, "G-III") != "0502" {
		t.Error("Apply changed the state it was given")
	}
}
