package ai

import (
	"testing"

	"rtrbot/engine/game"
	"rtrbot/engine/turn"
	"rtrbot/engine/units"
)

// heuristicUntil plays a game of seed by the heuristic on both sides
// until turn t starts (or the game ends).
func heuristicUntil(t *testing.T, seed uint64, until turn.Turn) *game.State {
	t.Helper()
	s := newGame(t, rules(t), seed)
	players := [2]Computer{NewHeuristic(Config{Side: units.German, Seed: 1}), NewHeuristic(Config{Side: units.Allied, Seed: 2})}
	for s.Step != game.GameOver && s.Turn < until {
		tr, err := Turn(s, s.ToMove(), players[s.ToMove()])
		if err != nil {
			t.Fatal(err)
		}
		s = tr.State
	}
	return s
}

// An adjudication is a function of the position and the game's dice key:
// the same twice, the position and its dice key unchanged, the play-outs'
// dice none of the game's; another key gives other play-outs.
func TestAdjudicateDeterministicOwnDice(t *testing.T) {
	s := heuristicUntil(t, 21, 7)
	if s.Step == game.GameOver {
		t.Fatal("the game ended before turn 7")
	}
	before, key := s.Hash(), string(s.Key())
	cfg := AdjudicateConfig{PlayOuts: 2, Iterations: 1}
	a, err := Adjudicate(s, cfg)
	if err != nil {
		t.Fatal(err)
	}
	b, err := Adjudicate(s, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if a.PlayOuts != 2 || len(a.Margins) != 2 {
		t.Fatalf("play-outs %d, margins %v: want 2", a.PlayOuts, a.Margins)
	}
	for i := range a.Margins {
		if a.Margins[i] != b.Margins[i] {
			t.Fatalf("two adjudications of one position: %v and %v", a.Margins, b.Margins)
		}
	}
	if s.Hash() != before || string(s.Key()) != key {
		t.Fatal("adjudication changed the position or its dice key")
	}
	seen := map[uint64]bool{s.Seed: true}
	for i := 0; i < 3; i++ {
		d := PlayOutSeed(s.Key(), i)
		if seen[d] {
			t.Fatalf("play-out %d rolls the game's seed or another play-out's", i)
		}
		seen[d] = true
		if string(s.WithPlayOutDice(d).Key()) == key {
			t.Fatalf("play-out %d rolls with the game's dice key", i)
		}
	}
	// The same position with another dice key: the referee's play-outs
	// roll other dice (the key decides them, nothing else).
	other := s.WithPlayOutDice(99)
	if PlayOutSeed(other.Key(), 0) == PlayOutSeed(s.Key(), 0) {
		t.Fatal("two dice keys give one play-out seed")
	}
}

// A position already over is adjudicated as its own result, without a
// play-out.
func TestAdjudicateFinishedGame(t *testing.T) {
	s := heuristicUntil(t, 5, turn.Last+1)
	if s.Step != game.GameOver {
		t.Fatal("the game did not end")
	}
	a, err := Adjudicate(s, AdjudicateConfig{})
	if err != nil {
		t.Fatal(err)
	}
	w, l, d := s.Result()
	m := s.VP[units.German] - s.VP[units.Allied]
	if a.PlayOuts != 0 || a.Margin != m || a.Level != l || (l != game.Draw && a.Winner != w) {
		t.Fatalf("adjudicated %+v; the game ended %s %s by %d (margin %d)", a, w, l, d, m)
	}
}

// The median and quartiles of the margins decide the result by 15.1;
// each play-out is counted by its own result.
func TestAdjudicationSummary(t *testing.T) {
	a := summarize([]int{-120, 40, 60, 200, 55}, 5, 1)
	if a.Margin != 55 || a.Q1 != 40 || a.Q3 != 60 {
		t.Fatalf("median %d quartiles %d..%d: want 55, 40..60", a.Margin, a.Q1, a.Q3)
	}
	if a.Winner != units.German || a.Level != game.Marginal {
		t.Fatalf("median 55 gives %s %s: want german limited", a.Winner, a.Level)
	}
	if a.Wins != [2]int{3, 1} || a.Draws != 1 {
		t.Fatalf("wins %v draws %d: want [3 1] and 1", a.Wins, a.Draws)
	}
	b := summarize([]int{-151, -160, 10}, 3, 1)
	if b.Winner != units.Allied || b.Level != game.Decisive || b.Margin != -151 {
		t.Fatalf("median -151 gives %s %s (%d): want allied decisive", b.Winner, b.Level, b.Margin)
	}
	c := summarize([]int{50, -50}, 2, 1)
	if c.Level != game.Draw || c.Margin != 0 {
		t.Fatalf("median of 50 and -50 gives %s (%d): want a draw at 0", c.Level, c.Margin)
	}
}
