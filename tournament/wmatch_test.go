package tournament

import (
	"math/rand"
	"testing"
)

// TestWideMatchingAgrees: the wide-weight matching finds matchings of the
// same total weight as the int64 one, on random graphs, also when the
// weights are shifted far beyond 64 bits.
func TestWideMatchingAgrees(t *testing.T) {
	rng := rand.New(rand.NewSource(5))
	for it := 0; it < 300; it++ {
		n := 2 + rng.Intn(14)
		var es []Edge
		var ws []wedge
		for i := 0; i < n; i++ {
			for j := i + 1; j < n; j++ {
				if rng.Intn(3) == 0 {
					continue
				}
				w := int64(1 + rng.Intn(20))
				es = append(es, Edge{i, j, w})
				ws = append(ws, wedge{i, j, at(uint64(w), uint(100+it%150))})
			}
		}
		a := MaxWeightMatching(n, es, false)
		b := maxWeightMatchingW(n, ws)
		total := func(mate []int) int64 {
			var s int64
			for _, e := range es {
				if mate[e.I] == e.J {
					s += e.W
				}
			}
			return s
		}
		for v, u := range b {
			if u >= 0 && b[u] != v {
				t.Fatalf("graph %d: not a matching", it)
			}
		}
		if total(a) != total(b) {
			t.Fatalf("graph %d: weights %d and %d", it, total(a), total(b))
		}
	}
}
