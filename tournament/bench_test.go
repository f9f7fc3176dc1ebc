package tournament

import (
	"bytes"
	"fmt"
	"math/rand"
	"testing"
)

// benchTournament is n players after `played` random rounds, ready to pair
// the next.
func benchTournament(b testing.TB, n, played int) *Tournament {
	rng := rand.New(rand.NewSource(int64(n)))
	tr := &Tournament{Name: "bench", Status: StatusRunning, Settings: Settings{Format: Swiss, Rounds: played + 1, Points: DefaultPoints()}}
	for i := 1; i <= n; i++ {
		tr.Players = append(tr.Players, &Player{ID: fmt.Sprintf("p%d", i)})
	}
	for r := 1; r <= played; r++ {
		if err := tr.pairNext(t0); err != nil {
			b.Fatal(err)
		}
		for _, g := range tr.Current().Games {
			if !g.Bye() {
				res := randomResult(rng)
				g.Result = &res
			}
		}
		tr.Current().Closed = true
	}
	return tr
}

func benchPair(b *testing.B, n int) {
	tr := benchTournament(b, n, 4)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := tr.pairSwiss(5); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkPairSwiss: pairing round 5 of a Swiss tournament.
func BenchmarkPairSwiss64(b *testing.B)  { benchPair(b, 64) }
func BenchmarkPairSwiss512(b *testing.B) { benchPair(b, 512) }

// TestDeterministic: the same tournament with the same results gives the
// same pairings.
func TestDeterministic(t *testing.T) {
	a := benchTournament(t, 37, 5)
	b := benchTournament(t, 37, 5)
	if !bytes.Equal(a.TRF(), b.TRF()) {
		t.Fatal("two runs of the same tournament paired differently")
	}
	ra, _ := a.pairSwiss(6)
	rb, _ := b.pairSwiss(6)
	for i := range ra.Games {
		if x, y := ra.Games[i], rb.Games[i]; x.German != y.German || x.Allied != y.Allied || x.Explain != y.Explain {
			t.Fatalf("table %d differs", i+1)
		}
	}
}

// BenchmarkFloorPairScan512 is the floor of BenchmarkPairSwiss512: the
// histories of the 512 players and one look at every pair of them (a
// rematch? the same absolute side preference?), the least work any
// pairing that considers every pair does, without the matching. Figures
// are quoted as the ratio of the two, measured in the same run.
func BenchmarkFloorPairScan512(b *testing.B) {
	tr := benchTournament(b, 512, 4)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		hs := tr.histories(5)
		var ps []*phist
		for _, p := range tr.Players {
			ps = append(ps, hs[p.ID])
		}
		allowed := 0
		for x := range ps {
			px := ps[x].pref()
			for y := x + 1; y < len(ps); y++ {
				py := ps[y].pref()
				if !ps[x].opps[ps[y].id] && !(px.Strength == 3 && py.Strength == 3 && px.Side == py.Side) {
					allowed++
				}
			}
		}
		if allowed == 0 {
			b.Fatal("no pair allowed")
		}
	}
}
