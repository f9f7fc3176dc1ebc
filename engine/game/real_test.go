package game

import (
	"testing"

	"rtrbot/engine/board"
)

// realMap is the embedded map of the game, failing the test if it does
// not load.
func realMap(t testing.TB) *board.Map {
	t.Helper()
	m, err := board.Default()
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func realRules(t testing.TB, scen string) *Rules {
	t.Helper()
	m, err := board.Default()
	if err != nil {
		t.Skipf("embedded map not available: %v", err)
	}
	r, err := NewRules(m, scen)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func mustApply(t testing.TB, s *State, text string) (*State, []Event) {
	t.Helper()
	o, err := ParseOrder(text)
	if err != nil {
		t.Fatalf("%s: %v", text, err)
	}
	n, evs, err := Apply(s, o)
	if err != nil {
		t.Fatalf("%s: refused: %v\nposition:\n%s", text, err, s.Position())
	}
	return n, evs
}

// 17.1-17.5: automatic setup of both sides on the real map, Allies first,
// stacking enforced, every setup unit placed where its instruction says.
func TestRealSetup(t *testing.T) {
	r := realRules(t, "standard")
	s := mustNew(t, r, 1, nil)
	if s.ToMove().String() != "allied" {
		t.Fatalf("17.1: the Allies set up first, got %v", s.ToMove())
	}
	s, _ = mustApply(t, s, "allied autosetup")
	s, _ = mustApply(t, s, "allied end")
	s, _ = mustApply(t, s, "german autosetup")
	s, _ = mustApply(t, s, "german end")
	if len(s.Overstacked(0)) > 0 || len(s.Overstacked(1)) > 0 {
		t.Errorf("7.0/17.1: over-stacked after setup: %v %v", s.Overstacked(0), s.Overstacked(1))
	}
	for i, u := range s.Units {
		c := s.Counter(i)
		if c.Role == "setup" {
			if u.Box != OnMap {
				t.Errorf("%s not placed", c.ID)
				continue
			}
			if err := s.setupFits(c, u.At); err != nil {
				t.Errorf("%s in %s: %v", c.ID, u.At, err)
			}
		}
	}
	if s.Step != EventStep || s.Turn != 2 {
		t.Errorf("after setup: %v %v", s.Turn, s.Step)
	}
	t.Log(s.Position())
}

// 11.1 on the real map: over the whole extended scenario, with nobody
// moving, every reinforcement of the table enters (there are logistics
// hexes for each nationality and counters for every entry), and the
// British enter at British logistics hexes.
func TestRealReinforcementsAllEnter(t *testing.T) {
	r := realRules(t, "extended")
	s, _ := New(r, 1, nil)
	s, _ = mustApply(t, s, "allied autosetup")
	s, _ = mustApply(t, s, "allied end")
	s, _ = mustApply(t, s, "german autosetup")
	s, _ = mustApply(t, s, "german end")
	entered := map[string]int{}
	for s.Step != GameOver {
		// This test checks the reinforcement table alone: the random
		// events that add to or cut the reinforcements (5.0: 23-26, 14.3)
		// are switched off.
		s.Events.Surge, s.Events.Colonial, s.Events.Italy, s.Russia.Return = [2]bool{}, false, 0, 0
		side := s.ToMove().String()
		if s.Step == Reinforcement {
			var evs []Event
			s, evs = mustApply(t, s, side+" autoreinforce")
			for _, e := range evs {
				c, _ := s.Lookup(e.Units[0])
				entered[string(group(c.Nation))] += c.DE
				if c.Nation == "GB" {
					x, _ := r.Map.Hex(e.Hexes[0])
					if len(x.Logistic) == 0 || !containsNation(x.Logistic, "GB") {
						t.Errorf("%s entered in %s, not a British logistics hex", c.ID, x.At)
					}
				}
			}
		}
		if s.Step.IsMovement() {
			s = spreadOut(t, s) // 7.0: reinforcements pile up on logistics hexes
		}
		n, evs, err := Apply(s, Order{Side: s.ToMove(), Verb: VerbEnd})
		if err != nil {
			t.Fatalf("%s %s: %v", s.Turn, s.Step, err)
		}
		for _, e := range evs {
			if e.Kind == EvDueLost {
				t.Errorf("%s: %s", s.Turn, e.Text.EN)
			}
		}
		s = n
	}
	want := map[string]int{}
	for _, e := range r.Reinforcements {
		if e.Type != "naval" {
			want[string(e.Nation)] += e.DE
		}
	}
	for n, de := range want {
		if entered[n] != de {
			t.Errorf("%s: %d division-equivalents entered, the table gives %d", n, entered[n], de)
		}
	}
	t.Logf("division-equivalents entered: %v", entered)
}

func containsNation(ns []board.Nation, n board.Nation) bool {
	for _, x := range ns {
		if x == n {
			return true
		}
	}
	return false
}

// spreadOut moves units off over-stacked hexes to the nearest hexes with
// room (removing only what cannot move).
func spreadOut(t *testing.T, s *State) *State {
	s = payRussia(t, s) // 14.3: the Russian Front may demand units (helpers_test.go)
	side := s.Player
	for _, h := range s.Overstacked(side) {
		for _, c := range s.UnitsAt(h, side) {
			if s.stackDE(h, side) <= StackLimit {
				break
			}
			ds, err := s.Destinations(c)
			if err != nil {
				continue
			}
			for _, d := range ds {
				if s.stackDE(d.To, side)+c.DE <= StackLimit {
					s, _ = mustApply(t, s, side.String()+" move "+c.ID+" "+d.To.String())
					break
				}
			}
		}
		for s.stackDE(h, side) > StackLimit {
			us := s.UnitsAt(h, side)
			s, _ = mustApply(t, s, side.String()+" remove "+us[len(us)-1].ID)
		}
	}
	return s
}

// 8.5 on the real map: Paris (1804 1805 1905) is one rail hub. Every
// French line ends in the Paris hex nearest where it comes from, and the
// three hexes used to be joined by no rail: a unit in 1804 reached 16 hexes
// by rail, one in 1805 359, and 1804 -> 2415 (the 5th Army's setup area)
// was refused for want of a route. Now each Paris hex reaches the same
// network and the same number of hexes.
func TestRealRailParisOneHub(t *testing.T) {
	r := realRules(t, "standard")
	reach := map[string]int{}
	for _, at := range []string{"1804", "1805", "1905"} {
		s, err := ParsePosition(r.Map, "scenario standard\nturn Aug II\nstep movement-1\nplayer allied\n"+at+": F-XX\n3530: G-III\n")
		if err != nil {
			t.Fatal(err)
		}
		c, err := s.counter("F-XX")
		if err != nil {
			t.Fatal(err)
		}
		to, err := s.RailDestinations(c)
		if err != nil {
			t.Fatalf("%s: %v", at, err)
		}
		reach[at] = len(to)
		if at == "1804" {
			n, _ := mustApply(t, s, "allied rail F-XX 2415")
			if u := n.Unit(c); u.At.String() != "2415" {
				t.Errorf("rail 1804 -> 2415 put F-XX in %s", u.At)
			}
		}
	}
	if reach["1804"] < 300 || reach["1804"] != reach["1805"] || reach["1805"] != reach["1905"] {
		t.Errorf("8.5: by rail Paris 1804 reaches %d hexes, 1805 %d, 1905 %d: one station reaches one network", reach["1804"], reach["1805"], reach["1905"])
	}
	t.Logf("by rail from each Paris hex: %v", reach)
}
