package game

import (
	"strings"
	"testing"

	"rtrbot/engine/hex"
	"rtrbot/engine/units"
)

// Every rule number of combat, fortresses, events, the Russian Front, fog
// of war and victory is cited by at least one test or rule case: combat
// 9.0-9.8, fortresses 12.0-12.7, events 5.0, the Russian Front 14.3, fog of
// war 14.1 and 14.12, victory 15.1, 15.22, 15.23, naval gunfire 16.4.
func TestEveryCombatRuleHasATest(t *testing.T) {
	src := testsAndCases(t)
	for _, rule := range []string{"9.0", "9.4", "9.7", "9.8", "12.0", "12.4", "12.5", "12.6", "12.7", "5.0", "14.1", "14.12", "14.3", "11.7",
		"15.1", "15.22", "15.23", "16.4", "13.3"} {
		if !strings.Contains(src, rule) {
			t.Errorf("no test cites rule %s", rule)
		}
	}
}

// 12.0: a fortress has no zone of control of its own (a unit inside has
// its own), and does not count for stacking or for the losses of the
// units inside.
func TestFortressNoZOCNoStacking(t *testing.T) {
	tm := newTestMap(10, 10)
	tm.fortress(12, "0303")
	m := tm.build()
	s := position(t, m, "step movement-1\n0505: G-III\n")
	// Next to the empty French fortress, the German corps is not in an enemy ZOC.
	if s.ZOC(units.Allied).has(hex.MustParse("0304")) {
		t.Error("12.0: an empty fortress has a zone of control")
	}
	occupied := position(t, m, "step movement-1\n0505: G-III\n0303: F-XX\n")
	if !occupied.ZOC(units.Allied).has(hex.MustParse("0304")) {
		t.Error("12.0: the unit in a fortress keeps its zone of control")
	}
	// Two corps fit in a fortress hex (the fortress is not a unit).
	full := position(t, m, "step movement-1\nplayer allied\n0303: F-XX F-XXI\n")
	if len(full.Overstacked(units.Allied)) != 0 {
		t.Error("12.0: the fortress counts for stacking")
	}
	// Losses in a fortress are half of the units' divisions: DH on two
	// corps (4 divisions) costs 2.
	r3 := ring3(hex.MustParse("0303"))
	c := position(t, m, "step combat-1\nseed 3\n0303: F-XX F-XXI\n"+r3[0].String()+": G-III G-IV\n"+r3[1].String()+": G-IX G-X\n"+r3[2].String()+": G-XI G-VII\n")
	for d := 1; d <= 6; d++ {
		forceDie(t, c, d)
		n, evs, err := try(t, c, "german attack ASSAULT G-III G-IV G-IX G-X G-XI G-VII "+"0303")
		if err != nil {
			t.Fatal(err)
		}
		if code := combatCode(t, evs); code == "DA" || code == "BB" {
			lost := 0
			for _, id := range []string{"F-XX", "F-XXI"} {
				if n.Units[mustID(t, n, id)].Box != OnMap {
					lost += 2
				}
			}
			if code == "BB" && lost != 2 && countKind(evs, EvBrokenDown) == 0 {
				t.Errorf("12.0: %s in a fortress lost %d divisions", code, lost)
			}
		}
	}
}
