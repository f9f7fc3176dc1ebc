package tournament

import (
	"math/rand"
	"testing"
)

// bruteForce returns the best (cardinality, weight) over all matchings.
func bruteForce(n int, edges []Edge, maxCard bool) (int, int64) {
	w := map[[2]int]int64{}
	for _, e := range edges {
		a, b := e.I, e.J
		if a > b {
			a, b = b, a
		}
		if old, ok := w[[2]int{a, b}]; !ok || e.W > old {
			w[[2]int{a, b}] = e.W
		}
	}
	used := make([]bool, n)
	bestC, bestW := 0, int64(0)
	var rec func(v, c int, s int64)
	rec = func(v, c int, s int64) {
		for v < n && used[v] {
			v++
		}
		if v >= n {
			if maxCard {
				if c > bestC || (c == bestC && s > bestW) {
					bestC, bestW = c, s
				}
			} else if s > bestW || (s == bestW && c > bestC) {
				bestC, bestW = c, s
			}
			return
		}
		used[v] = true
		rec(v+1, c, s)
		for u := v + 1; u < n; u++ {
			if ew, ok := w[[2]int{v, u}]; ok && !used[u] {
				used[u] = true
				rec(v+1, c+1, s+ew)
				used[u] = false
			}
		}
		used[v] = false
	}
	rec(0, 0, 0)
	return bestC, bestW
}

func TestMatchingAgainstBruteForce(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	for iter := 0; iter < 3000; iter++ {
		n := 1 + rng.Intn(10)
		var edges []Edge
		seen := map[[2]int]bool{}
		p := rng.Float64()
		for i := 0; i < n; i++ {
			for j := i + 1; j < n; j++ {
				if rng.Float64() < p && !seen[[2]int{i, j}] {
					seen[[2]int{i, j}] = true
					edges = append(edges, Edge{i, j, int64(rng.Intn(20))})
				}
			}
		}
		for _, maxCard := range []bool{false, true} {
			mate := MaxWeightMatching(n, edges, maxCard)
			// a valid matching over given edges
			wt := map[[2]int]int64{}
			for _, e := range edges {
				wt[[2]int{e.I, e.J}] = e.W
				wt[[2]int{e.J, e.I}] = e.W
			}
			var c int
			var s int64
			for v, u := range mate {
				if u < 0 {
					continue
				}
				if mate[u] != v {
					t.Fatalf("iter %d: mate not symmetric: %v", iter, mate)
				}
				ew, ok := wt[[2]int{v, u}]
				if !ok {
					t.Fatalf("iter %d: matched along a missing edge %d-%d", iter, v, u)
				}
				if v < u {
					c++
					s += ew
				}
			}
			bc, bw := bruteForce(n, edges, maxCard)
			if maxCard && (c != bc || s != bw) || !maxCard && s != bw {
				t.Fatalf("iter %d n=%d maxCard=%v: got (%d,%d), best (%d,%d); edges %v", iter, n, maxCard, c, s, bc, bw, edges)
			}
		}
	}
}
