package game

import (
	"testing"

	"rtrbot/engine/board"
	"rtrbot/engine/hex"
)

// Costs of entering a hex, rule by rule: the terrain effects chart, 8.0,
// 8.53, 12.7, 14.2, 16.6, 16.7. The unit starts in 0502 (France); column 05
// runs eastwards row by row.
func TestMovementCosts(t *testing.T) {
	cases := []struct {
		rule, name string
		mapf       func(*testMap)
		unit       string
		to         string
		cost       int // -1: not a destination
	}{
		{"8.0", "clear costs 1 a hex: 4 MP reach 4 hexes", nil, "G-III", "0506", 4},
		{"8.0", "not enough MP: no fifth hex, even unmoved", nil, "G-III", "0507", -1},
		{"TEC", "rough costs 2", func(m *testMap) { m.terrain(board.Rough, "0503") }, "G-III", "0503", 2},
		{"TEC", "forest costs 2", func(m *testMap) { m.terrain(board.Forest, "0503") }, "G-III", "0503", 2},
		{"TEC", "marsh costs 2", func(m *testMap) { m.terrain(board.Marsh, "0503") }, "G-III", "0503", 2},
		{"TEC", "mountain costs 3", func(m *testMap) { m.terrain(board.Mountain, "0503") }, "G-III", "0503", 3},
		{"TEC", "a city costs 1 whatever its terrain", func(m *testMap) { m.terrain(board.Mountain, "0503"); m.hex("0503").City = true }, "G-III", "0503", 1},
		{"TEC", "river hexside +1", func(m *testMap) { m.river("0502", "0503") }, "G-III", "0503", 2},
		{"8.53", "along a railway 1 MP whatever terrain and river", func(m *testMap) {
			m.terrain(board.Mountain, "0503", "0504")
			m.river("0502", "0503")
			m.railway("0502", "0503", "0504")
		}, "G-III", "0504", 2},
		{"8.53", "the railway only counts along its line", func(m *testMap) {
			m.terrain(board.Mountain, "0503")
			m.railway("0503", "0504")
		}, "G-III", "0503", 3},
		{"8.0", "sea is prohibited", func(m *testMap) { m.terrain(board.Sea, "0503") }, "G-III", "0503", -1},
		{"14.2", "the Netherlands are closed", func(m *testMap) { m.country(board.Netherlands, "0503") }, "G-III", "0503", -1},
		{"14.2", "Switzerland is closed", func(m *testMap) { m.country(board.Switzerland, "0503") }, "G-III", "0503", -1},
		{"14.2", "Luxembourg is open (German territory)", func(m *testMap) { m.country(board.Luxembourg, "0503") }, "G-III", "0503", 1},
		{"12.7", "an undestroyed enemy fortress is closed", func(m *testMap) { m.fortress(6, "0503") }, "G-III", "0503", -1},
		{"12.7", "an own fortress is open", func(m *testMap) { m.fortress(6, "0503") }, "F-XX", "0503", 1},
		{"16.6", "light infantry: rough 1", func(m *testMap) { m.terrain(board.Rough, "0503") }, "G-J", "0503", 1},
		{"16.6", "light infantry: mountain 2", func(m *testMap) { m.terrain(board.Mountain, "0503") }, "G-J", "0503", 2},
		{"16.7", "armoured cars: forest 3", func(m *testMap) { m.terrain(board.Forest, "0503") }, "G-PK1", "0503", 3},
		{"16.7", "armoured cars: mountain only along rail", func(m *testMap) { m.terrain(board.Mountain, "0503") }, "G-PK1", "0503", -1},
		{"16.7", "armoured cars: mountain along rail", func(m *testMap) { m.terrain(board.Mountain, "0503"); m.railway("0502", "0503") }, "G-PK1", "0503", 1},
		{"9.0", "siege artillery: no rough except along rail", func(m *testMap) { m.terrain(board.Rough, "0503") }, "G-S1", "0503", -1},
	}
	for _, c := range cases {
		t.Run(c.rule+" "+c.name, func(t *testing.T) {
			m := newTestMap(10, 10)
			if c.mapf != nil {
				c.mapf(m)
			}
			player := "german"
			if c.unit[0] == 'F' {
				player = "allied"
			}
			s := position(t, m.build(), "options 18.1(10)\nplayer "+player+"\n0502: "+c.unit)
			s.Options = nil
			if got := destCost(t, s, c.unit, c.to); got != c.cost {
				t.Errorf("%s to %s: cost %d, want %d", c.unit, c.to, got, c.cost)
			}
		})
	}
}

// 5.0: bad weather takes 1 from every movement allowance.
func TestBadWeatherAllowance(t *testing.T) {
	m := newTestMap(10, 10)
	s := position(t, m.build(), "weather bad\n0502: G-III")
	if destCost(t, s, "G-III", "0505") != 3 || destCost(t, s, "G-III", "0506") != -1 {
		t.Error("bad weather: G-III should reach 3 hexes, not 4")
	}
}

// 12.7: a destroyed enemy fortress may be entered.
func TestDestroyedFortressOpen(t *testing.T) {
	m := newTestMap(10, 10)
	m.fortress(12, "0503")
	s := position(t, m.build(), "destroyed 0503\n0502: G-III")
	if got := destCost(t, s, "G-III", "0503"); got != 1 {
		t.Errorf("cost %d into destroyed fortress", got)
	}
}

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

// 6.0: no move directly from one EZOC hex to another; leaving to a free
// hex is allowed.
func TestEZOCToEZOC(t *testing.T) {
	m := newTestMap(10, 10)
	m.terrain(board.Mountain, "0503", "0403", "0603")      // no cheap way round
	s := position(t, m.build(), "0504: G-LW1\n0505: F-XX") // Landwehr: 3 MP
	if got := destCost(t, s, "G-LW1", "0503"); got != 3 {
		t.Errorf("leaving the EZOC: cost %d", got)
	}
	n := wantOK(t, s, "german move G-LW1 0503")
	if at(t, n, "G-LW1") != "0503" {
		t.Errorf("G-LW1 in %s", at(t, n, "G-LW1"))
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
