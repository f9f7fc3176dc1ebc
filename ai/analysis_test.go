package ai

import (
	"math"
	"testing"

	"rtrbot/engine/game"
	"rtrbot/engine/units"
)

// shortGame plays a game of the heuristic on both sides from seed and
// stops it after turns game turns by its last orders; it returns the
// start, the orders and the state they reach.
func playedGame(t testing.TB, seed uint64) (*game.State, []game.Order, *game.State) {
	t.Helper()
	r := rules(t)
	start := newGame(t, r, seed)
	res, err := PlayGame(r, seed, nil, AnalysisPlayers(seed))
	if err != nil {
		t.Fatal(err)
	}
	return start, res.Log, res.Final
}

// The analysis' last point is the game's actual final margin (a play-out
// of a finished game is the game itself), every point comes from
// play-outs of its position, and the swings are the segments with the
// largest changes of the curve.
func TestAnalysisCurveAndSwings(t *testing.T) {
	start, orders, final := playedGame(t, 5)
	// Analyse the game's last turns only: from a position some segments
	// before its end (the play-outs are what the test checks, not length).
	s := start
	cut := 0
	ends := 0
	for i := len(orders) - 1; i >= 0 && ends < 30; i-- {
		if orders[i].Verb == game.VerbEnd {
			ends++
		}
		cut = i
	}
	for _, o := range orders[:cut] {
		n, _, err := game.Apply(s, o)
		if err != nil {
			t.Fatal(err)
		}
		s = n
	}
	key := []byte("analysis test key")
	a, err := Analyse(s, orders[cut:], key, 2, AnalysisPlayers)
	if err != nil {
		t.Fatal(err)
	}
	want := final.VP[units.German] - final.VP[units.Allied]
	last := a.Points[len(a.Points)-1]
	if last.Margin != float64(want) || a.Final != want {
		t.Fatalf("the last point is %.1f (final %d), the game ended with margin %d", last.Margin, a.Final, want)
	}
	if len(a.Points) != ends+1 {
		t.Fatalf("%d points for %d segments and the start", len(a.Points), ends)
	}
	// The first point is the mean of its play-outs, recomputed here.
	var sum float64
	for i := 0; i < 2; i++ {
		seed := AnalysisSeed(key, 0, i)
		r, err := PlayOut(s, seed, AnalysisPlayers(seed))
		if err != nil {
			t.Fatal(err)
		}
		sum += float64(r.Final.VP[units.German] - r.Final.VP[units.Allied])
	}
	if math.Abs(a.Points[0].Margin-sum/2) > 1e-9 {
		t.Fatalf("the first point is %.2f, its play-outs' mean %.2f", a.Points[0].Margin, sum/2)
	}
	// The swings: the three largest changes, in order, of the segments
	// in which an order besides the end was given or a die rolled; a
	// segment of its end alone, whatever the curve did there, is none.
	var changes []float64
	decided := decidingSegments(t, s, orders[cut:])
	noise := 0.0
	for i := 1; i < len(a.Points); i++ {
		c := math.Abs(a.Points[i].Margin - a.Points[i-1].Margin)
		if decided[i] {
			changes = append(changes, c)
		} else {
			noise = math.Max(noise, c)
		}
	}
	for _, sw := range a.Swings {
		if !decided[sw.Point] {
			t.Errorf("the swing at point %d (%+.1f) is a segment of its end alone, without a die", sw.Point, sw.Change)
		}
	}
	if noise <= math.Abs(a.Swings[len(a.Swings)-1].Change) {
		t.Fatalf("no segment of its end alone moved the curve more than the swings: the test proves nothing")
	}
	if len(a.Swings) != 3 {
		t.Fatalf("%d swings", len(a.Swings))
	}
	for k, sw := range a.Swings {
		if got := a.Points[sw.Point].Margin - a.Points[sw.Point-1].Margin; got != sw.Change {
			t.Fatalf("swing %d: change %.2f, the curve moved %.2f there", k, sw.Change, got)
		}
		bigger := 0
		for _, c := range changes {
			if c > math.Abs(sw.Change) {
				bigger++
			}
		}
		if bigger > k {
			t.Fatalf("swing %d (%.2f) is not among the %d largest changes: %v", k, sw.Change, k+1, changes)
		}
	}
}

// decidingSegments marks, by analysis point (1: the first segment), the
// segments of orders from s in which an order other than the end was
// given or a die rolled (a combat, a siege, the Russian Front, a random
// event).
func decidingSegments(t *testing.T, s *game.State, orders []game.Order) map[int]bool {
	t.Helper()
	out := map[int]bool{}
	point := 1
	for i, o := range orders {
		n, evs, err := game.Apply(s, o)
		if err != nil {
			t.Fatal(err)
		}
		if o.Verb != game.VerbEnd {
			out[point] = true
		}
		for _, e := range evs {
			switch e.Kind {
			case game.EvCombat, game.EvSiege, game.EvRussia, game.EvRandom:
				out[point] = true
			}
		}
		if o.Verb == game.VerbEnd || i == len(orders)-1 {
			point++
		}
		s = n
	}
	return out
}

// BenchmarkAnalyseGame analyses a whole game of the campaign against the
// heuristic at AnalysisPlayOuts play-outs a segment: the cost of one
// /computer analysis (docs/ai.md).
func BenchmarkAnalyseGame(b *testing.B) {
	start, orders, _ := playedGame(b, 7)
	ends := 0
	for _, o := range orders {
		if o.Verb == game.VerbEnd {
			ends++
		}
	}
	b.ReportMetric(float64(ends), "segments")
	for i := 0; i < b.N; i++ {
		if _, err := Analyse(start, orders, []byte("bench"), AnalysisPlayOuts, AnalysisPlayers); err != nil {
			b.Fatal(err)
		}
	}
}
