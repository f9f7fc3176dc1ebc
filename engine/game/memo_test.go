package game

import (
	"slices"
	"sync"
	"testing"

	"rtrbot/engine/units"
)

// The zones of control and occupied hexes a state gets through the memo
// shared by its game's states (memo.go) are those found afresh, after
// every order of a played game, for both sides; several goroutines asking
// at once get the same.
func TestMemoMatchesFreshZOC(t *testing.T) {
	r := realRules(t, "standard")
	_, orders := playBot(t, r, 5, 3)
	s := mustNew(t, r, 5, nil)
	hits := 0
	for k, o := range orders {
		n, _, err := Apply(s, o)
		if err != nil {
			t.Fatalf("order %d %s: %v", k+1, o, err)
		}
		s = n
		for _, side := range []units.Side{units.German, units.Allied} {
			if s.sideMemoFor(side) != nil {
				hits++
			}
			if got, want := s.ZOC(side), s.zocOf(side); !slices.Equal(got.b, want.b) {
				t.Fatalf("after order %d (%s): %s ZOC differs from a fresh one", k+1, o, side.Name().EN)
			}
			if got, want := s.occupiedBy(side), s.occupiedOf(side); !slices.Equal(got.b, want.b) {
				t.Fatalf("after order %d (%s): %s occupied hexes differ from fresh ones", k+1, o, side.Name().EN)
			}
		}
	}
	if hits == 0 {
		t.Error("no state found its side's entry: the memo is never used")
	}
	var wg sync.WaitGroup
	for range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for _, side := range []units.Side{units.German, units.Allied} {
				if !slices.Equal(s.ZOC(side).b, s.zocOf(side).b) {
					t.Error("ZOC differs when asked from several goroutines")
				}
			}
		}()
	}
	wg.Wait()
}

// A state changed behind Apply's back (a unit moved in place, other
// options) is not given what was found for the state it was copied from.
func TestMemoNotUsedForAnotherPosition(t *testing.T) {
	r := realRules(t, "standard")
	s := position(t, r.Map, "step movement-1\nseed 5\n2620: F-XX\n2621: G-III\n")
	before := s.ZOC(units.German)
	if !before.has(hexMust("2620")) {
		t.Fatal("G-III in 2621 has no ZOC in 2620")
	}
	n := s.clone()
	c, _ := n.Lookup("G-III")
	n.Units[c.Index].At = hexMust("1520")
	after := n.ZOC(units.German)
	if after.has(hexMust("2620")) || !slices.Equal(after.b, n.zocOf(units.German).b) {
		t.Error("a moved unit's old ZOC was given from the memo")
	}
	if !slices.Equal(s.ZOC(units.German).b, before.b) {
		t.Error("the first state's ZOC changed")
	}
	n2 := s.clone()
	n2.Options = InForce([]string{string(RuleM91ZOC)})
	if n2.sideMemoFor(units.German) != nil {
		t.Error("the memo was used for other options")
	}
}
