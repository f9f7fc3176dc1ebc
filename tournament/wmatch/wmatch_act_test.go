package wmatch

import (
	"fmt"
	"math/rand"
	"testing"
)

// TestActiveSetCovers: the bitset of active vertices (act) that the dual
// steps and the trees taken down read instead of every vertex holds, at
// every dual step, each vertex that is labelled or has a best edge
// (checkAct counts those it misses), on random graphs of up to 70
// vertices (several words of bits), from scratch and from warm starts of
// changed weights; and the matchings are of the best weight where brute
// force can tell (up to 12 vertices). With it, the S-vertex of least dual
// kept from step to step (minS) is checked against all of them.
func TestActiveSetCovers(t *testing.T) {
	rng := rand.New(rand.NewSource(23))
	steps := 0
	for iter := 0; iter < 400; iter++ {
		n := 2 + rng.Intn(11)
		if iter%4 == 0 {
			n = 40 + rng.Intn(31)
		}
		shift := uint(64 + rng.Intn(300))
		p := 0.3 + 0.7*rng.Float64()
		maxw := 3 + rng.Intn(30)
		var ws *Warm
		for round := 0; round < 3; round++ {
			edges, wes := randomGraph(n, shift, func() bool { return rng.Float64() < p }, func() int64 { return int64(1 + rng.Intn(maxw)) })
			m := &wmatcher{nvertex: n, edges: wes, checkAct: true}
			var mate []int
			mate, ws = m.runFrom(ws)
			what := fmt.Sprintf("iter %d round %d n=%d", iter, round, n)
			if m.counts.actMiss != 0 {
				t.Fatalf("%s: act missed %d vertices", what, m.counts.actMiss)
			}
			if m.counts.minBad != 0 {
				t.Fatalf("%s: minS wrong at %d dual steps", what, m.counts.minBad)
			}
			s := matchWeight(t, what, mate, edges)
			if n <= 12 {
				if _, bw := bruteForce(n, edges, false); s != bw {
					t.Fatalf("%s: weight %d, best %d", what, s, bw)
				}
			}
			steps += m.counts.kept
		}
	}
	if steps == 0 {
		t.Fatal("no tree was ever kept standing")
	}
}
