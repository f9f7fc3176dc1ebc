package ai

import (
	"math"
	"testing"
)

// TestTuneEvalDeterministic: a tuning candidate's games are a function of
// the weights and the seeds (the tuning harness compares candidates game
// by game on common seeds), and other weights play other games.
func TestTuneEvalDeterministic(t *testing.T) {
	r := rules(t)
	a, wa, err := TuneEval(r, CampaignWeights, 10000, 2)
	if err != nil {
		t.Fatal(err)
	}
	b, wb, err := TuneEval(r, CampaignWeights, 10000, 2)
	if err != nil {
		t.Fatal(err)
	}
	if len(a) != 2 || wa != wb {
		t.Fatalf("%d games, wins %d and %d", len(a), wa, wb)
	}
	for i := range a {
		if a[i] != b[i] {
			t.Fatalf("game %d: margin %v then %v", i, a[i], b[i])
		}
	}
	w := CampaignWeights
	w.Objective *= 4
	c, _, err := TuneEval(r, w, 10000, 2)
	if err != nil {
		t.Fatal(err)
	}
	if c[0] == a[0] && c[1] == a[1] {
		t.Fatalf("weights four times as objective-bound played the same games: %v", c)
	}
}

// TestPaired: the paired difference is the mean of the differences, its
// standard error that of their spread.
func TestPaired(t *testing.T) {
	a := []float64{10, -20, 30, 0}
	b := []float64{14, -10, 31, 9}
	m, se := Paired(a, b)
	d := []float64{4, 10, 1, 9}
	want := (d[0] + d[1] + d[2] + d[3]) / 4
	v := 0.0
	for _, x := range d {
		v += (x - want) * (x - want)
	}
	if math.Abs(m-want) > 1e-9 || math.Abs(se-math.Sqrt(v/3/4)) > 1e-9 {
		t.Fatalf("paired %v (se %v)", m, se)
	}
	if _, se := Paired(a[:1], b[:1]); !math.IsInf(se, 1) {
		t.Fatal("one game has a finite standard error")
	}
}

// TestParseWeights: the arena's -campaign-weights changes the fields it
// names and no other, and refuses what is not a weight or a number.
func TestParseWeights(t *testing.T) {
	w, err := ParseWeights(CampaignWeights, "Danger=0.75, Guard=10")
	if err != nil {
		t.Fatal(err)
	}
	want := CampaignWeights
	want.Danger, want.Guard = 0.75, 10
	if w != want {
		t.Fatalf("got %s, want %s", FormatWeights(w), FormatWeights(want))
	}
	for _, bad := range []string{"Danger", "Speed=2", "Guard=x", "Guard=NaN"} {
		if _, err := ParseWeights(CampaignWeights, bad); err == nil {
			t.Fatalf("%q accepted", bad)
		}
	}
}
