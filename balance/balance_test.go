package balance

import (
	"math"
	"sort"
	"testing"
)

func near(t *testing.T, what string, got, want, tol float64) {
	t.Helper()
	if math.Abs(got-want) > tol {
		t.Errorf("%s = %.4f, want %.4f", what, got, want)
	}
}

// Wilson's interval, against values worked by hand from its formula.
func TestWilson(t *testing.T) {
	lo, hi := Wilson(5, 10)
	near(t, "5 of 10, low", lo, 0.2366, 0.0001)
	near(t, "5 of 10, high", hi, 0.7634, 0.0001)
	lo, hi = Wilson(0, 10)
	near(t, "0 of 10, low", lo, 0, 1e-9)
	near(t, "0 of 10, high", hi, 0.2775, 0.0001)
	if lo, hi := Wilson(95, 100); lo < 0.88 || lo > 0.90 || hi < 0.97 || hi > 0.985 {
		t.Fatalf("Wilson(95,100) = %.3f-%.3f, want about 0.888-0.978", lo, hi)
	}
}

// The results by 15.1: over 50 a German victory, under −50 an Allied
// one, between a draw; the mean margin and its interval.
func TestSummarise(t *testing.T) {
	s := Summarise([]Game{{200, 100}, {151, 100}, {150, 100}, {100, 150}, {100, 151}, {100, 300}})
	if s.N != 6 || s.GermanWins != 2 || s.Draws != 2 || s.AlliedWins != 2 {
		t.Fatalf("%+v", s)
	}
	near(t, "mean margin", s.MeanMargin, (100+51+50-50-51-200)/6.0, 1e-9)
	if !(s.Low < s.MeanMargin && s.MeanMargin < s.High) {
		t.Errorf("interval %v to %v", s.Low, s.High)
	}
}

// The even bid balances the victories of the games it is found on, and
// moves with the games' lean.
func TestEvenBid(t *testing.T) {
	var games []Game
	for m := -100; m <= 100; m += 10 {
		games = append(games, Game{German: 100 + m, Allied: 100})
	}
	if b := EvenBid(games); b != 0 {
		t.Errorf("symmetric margins: bid %d, want 0", b)
	}
	var leaning []Game
	for _, g := range games {
		leaning = append(leaning, Game{g.German + 30, g.Allied})
	}
	if b := EvenBid(leaning); b != 30 {
		t.Errorf("margins 30 VP to the Germans: bid %d, want 30", b)
	}
	ms := margins(leaning)
	if g, a := Tallies(ms, 30); g != a {
		t.Errorf("after the bid: %d German and %d Allied victories", g, a)
	}
}

// Glicko's expected score; equal players bid the even bid; the stronger
// German player gives more.
func TestSuggest(t *testing.T) {
	near(t, "equal ratings", ExpectedScore(Rating{1500, 0}, Rating{1500, 0}), 0.5, 1e-12)
	near(t, "200 points up, no deviation", ExpectedScore(Rating{1700, 0}, Rating{1500, 0}), 1/(1+math.Pow(10, -0.5)), 1e-9)
	var games []Game
	for m := -150; m <= 150; m += 5 {
		games = append(games, Game{German: 150 + m, Allied: 150})
	}
	even := Suggest(games, Rating{1500, 100}, Rating{1500, 100})
	if even.VP != even.Even || even.Shift != 0 {
		t.Errorf("equal players: %+v", even)
	}
	strong := Suggest(games, Rating{1800, 60}, Rating{1500, 60})
	weak := Suggest(games, Rating{1300, 60}, Rating{1500, 60})
	if !(strong.VP > even.VP && weak.VP < even.VP) || strong.Expected <= 0.5 {
		t.Errorf("strong %+v, weak %+v", strong, weak)
	}
	// The shift makes the model's expected score the ratings' one.
	near(t, "score at the shift", scoreAt(float64(strong.Shift), strong.Spread), strong.Expected, 0.01)
}

func margins(games []Game) []int {
	ms := make([]int, len(games))
	for i, g := range games {
		ms[i] = g.Margin()
	}
	sort.Ints(ms)
	return ms
}
