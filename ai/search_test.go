package ai

import (
	"math/rand/v2"
	"testing"

	"rtrbot/engine/game"
	"rtrbot/engine/units"
)

// TestDeterminised: the search's guess at the hidden enemy units fills
// every hidden stack up to the count the side sees (14.1) where the pool
// allows, never over the stacking limit (7.0), leaves the side's own
// units and the visible enemy units where they are, and is the same for
// two states the side cannot tell apart (it is made of the board alone).
func TestDeterminised(t *testing.T) {
	r := rules(t)
	checked, filled := 0, 0
	for seed := uint64(1); seed <= 2 && checked < 20; seed++ {
		s, err := game.New(r, seed, nil)
		if err != nil {
			t.Fatal(err)
		}
		var drivers [2]Player
		for side := range drivers {
			drivers[side] = NewHeuristic(Config{Side: units.Side(side), Seed: seed})
		}
		for s.Step != game.GameOver && checked < 20 {
			side := s.ToMove()
			if twin, ok := hiddenTwin(s, side); ok {
				v := s.ViewFor(game.ViewerOf(side))
				b := NewBoard(s, side)
				d := b.Determinised(v, rand.New(rand.NewPCG(5, 6)))
				dt := NewBoard(twin, side).Determinised(twin.ViewFor(game.ViewerOf(side)), rand.New(rand.NewPCG(5, 6)))
				if d.Hash() != dt.Hash() {
					t.Fatalf("%s %s: the guesses differ between states the side cannot tell apart", s.Turn, s.Step)
				}
				if d.Hash() == b.Hash() {
					t.Fatalf("%s %s: nothing was filled in although a stack is hidden", s.Turn, s.Step)
				}
				for _, st := range v.Stacks {
					n, de := 0, 0
					for _, c := range d.UnitsAt(st.At, st.Side) {
						n++
						de += c.DE
					}
					if st.Side == side && n != len(b.UnitsAt(st.At, side)) {
						t.Fatalf("%s: own stack changed", st.At)
					}
					if st.Side != side {
						if n < len(st.Units) || n > st.Count {
							t.Fatalf("%s: %d enemy units guessed in a stack of %d (%d seen)", st.At, n, st.Count, len(st.Units))
						}
						if n > len(st.Units) && de > game.StackLimit {
							t.Fatalf("%s: the guess is over the stacking limit (%d DE)", st.At, de)
						}
						if n == st.Count && st.Count > len(st.Units) {
							filled++
						}
					}
				}
				checked++
			}
			tr, err := Turn(s, side, drivers[side])
			if err != nil {
				t.Fatal(err)
			}
			s = tr.State
		}
	}
	if checked < 5 || filled == 0 {
		t.Fatalf("only %d positions checked, %d hidden stacks filled", checked, filled)
	}
	t.Logf("%d positions, %d hidden stacks filled to their count", checked, filled)
}
