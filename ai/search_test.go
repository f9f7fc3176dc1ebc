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

// TestPlayOutHorizon: the German play-outs stop at the start of the
// side's next player turn after GermanSettings.Horizon enemy player turns (one by
// default, as the Allies'), and a whole-game play-out (choosePlan) plays
// to the end of the game (15.0).
func TestPlayOutHorizon(t *testing.T) {
	s := startOfPlay(t, 3)
	b := NewBoard(s, units.German)
	gs := DefaultGerman()
	p := &Search{cfg: Config{Side: units.German, Seed: 1, German: &gs}, h: NewHeuristic(Config{}), g: newCampaignHeuristic(Config{})}
	var reached [3]int
	for _, h := range []int{1, 2} {
		gs.Horizon = h
		x := p.playOut(b.WithDice(9), units.German)
		if x.Over() || x.s.Player != units.German {
			t.Fatalf("horizon %d: the play-out ends in %v %v, player %v", h, x.s.Turn, x.s.Step, x.s.Player)
		}
		reached[h] = int(x.s.Turn)
	}
	if reached[1] <= int(s.Turn) || reached[2] <= reached[1] {
		t.Fatalf("from turn %d the play-outs reach turns %d (horizon 1) and %d (horizon 2)", s.Turn, reached[1], reached[2])
	}
	if x := p.playOutWith(b.WithDice(9), units.German, p.g, true, nil); !x.Over() {
		t.Fatalf("a whole-game play-out stops in %v %v", x.s.Turn, x.s.Step)
	}
}

// TestChoosePlan: the German plan chosen by whole-game play-outs is one
// of the variants, and the same for the same view (the choice's dice come
// from the player's generator for the request).
func TestChoosePlan(t *testing.T) {
	s := startOfPlay(t, 4)
	gs := DefaultGerman()
	gs.PlanSamples = 1 // four whole games a choice
	var got [2]Weights
	for i := range got {
		p := &Search{cfg: Config{Side: units.German, Seed: 7, German: &gs}, h: NewHeuristic(Config{}), g: newCampaignHeuristic(Config{}), g0: CampaignWeights}
		v, b := s.ViewFor(game.GermanView), NewBoard(s, units.German)
		p.choosePlan(v, b, Rand(p.cfg.Seed, v, b))
		got[i] = p.g.W
		if p.g.campaign == nil {
			t.Fatal("the chosen plan lost the campaign")
		}
	}
	if got[0] != got[1] {
		t.Fatalf("two choices from the same view: %s and %s", FormatWeights(got[0]), FormatWeights(got[1]))
	}
	found := false
	for _, w := range planVariants(CampaignWeights) {
		found = found || w == got[0]
	}
	if !found {
		t.Fatalf("the choice %s is no variant", FormatWeights(got[0]))
	}
}
