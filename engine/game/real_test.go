package game

import (
	"testing"

	"rtrbot/engine/board"
)

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
	s, err := New(r, 1, nil)
	if err != nil {
		t.Fatal(err)
	}
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
