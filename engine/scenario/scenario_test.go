package scenario

import (
	"testing"

	"rtrbot/engine/turn"
	"rtrbot/engine/units"
)

// 17.1: standard Aug II - Sep IV (7 GT), extended Aug II - Nov IV (15 GT); 17.6 VP.
func TestScenarios(t *testing.T) {
	s, err := Get("standard")
	if err != nil || s.First.String() != "Aug II" || s.Last.String() != "Sep IV" || s.Turns() != 7 {
		t.Errorf("standard: %v %v %d %v", s.First, s.Last, s.Turns(), err)
	}
	e, err := Get("Extended")
	if err != nil || e.First.String() != "Aug II" || e.Last.String() != "Nov IV" || e.Turns() != 15 {
		t.Errorf("extended: %v %v %d %v", e.First, e.Last, e.Turns(), err)
	}
	if s.StartVP != [2]int{0, 50} {
		t.Errorf("17.6 start VP %v", s.StartVP)
	}
	if _, err := Get("campaign"); err == nil {
		t.Error("unknown scenario accepted")
	}
}

// The reinforcement table, checked against rows of the rules' table.
func TestReinforcementTable(t *testing.T) {
	tab, err := Reinforcements()
	if err != nil {
		t.Fatal(err)
	}
	find := func(gt string, side units.Side, n units.Nation, typ units.Type) int {
		tt, _ := turn.Parse(gt)
		for _, e := range Due(tab, tt, side) {
			if e.Nation == n && e.Type == typ {
				return e.DE
			}
		}
		return 0
	}
	cases := []struct {
		gt   string
		side units.Side
		n    units.Nation
		typ  units.Type
		de   int
	}{
		{"Aug II", units.German, units.DE, units.Reserve, 7},
		{"Aug II", units.Allied, units.FR, units.Reserve, 0},
		{"Aug III", units.Allied, units.FR, units.Active, 2*2 + 1}, // 2 active corps + 1 active division
		{"Aug III", units.Allied, units.FR, units.Landwehr, 6},
		{"Aug III", units.Allied, units.FR, units.HQ, 1},
		{"Aug IV", units.German, units.DE, units.Reserve, 2 + 2}, // reserve corps + 2 reserve divisions
		{"Oct I", units.German, units.DE, units.Reserve, 10},     // 5 reserve corps
		{"Sep IV", units.Allied, units.GB, units.Active, 2},
		{"Oct I", units.Allied, units.GB, units.Marine, 1},
		{"Nov IV", units.German, units.DE, units.Landwehr, 1},
	}
	for _, c := range cases {
		if got := find(c.gt, c.side, c.n, c.typ); got != c.de {
			t.Errorf("%s %v %s %s: %d DE, want %d", c.gt, c.side, c.n, c.typ, got, c.de)
		}
	}
	// Every entry can be filled from the counter manifest (11.1 "up to the
	// units provided"): named reinforcements and spares of each type cover
	// the table's total for the nation.
	set, _ := units.Default()
	need := map[string]int{}
	for _, e := range tab {
		if e.Type != "naval" {
			need[string(e.Nation)+" "+string(e.Type)] += e.DE
		}
	}
	have := map[string]int{}
	for _, c := range set.All() {
		if c.Role == units.Reinf || c.Role == units.Spare {
			n := c.Nation
			if n == units.BY {
				n = units.DE
			}
			have[string(n)+" "+string(c.Type)] += c.DE
		}
	}
	for k, n := range need {
		if have[k] < n {
			t.Errorf("%s: table needs %d DE, manifest has %d of reinforcement and spare counters", k, n, have[k])
		}
	}
}
