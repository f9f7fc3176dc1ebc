package wmatch

import (
	"fmt"
	"math/rand"
	"testing"
)

// matchWeight checks that mate is a matching of the edges and returns its
// weight.
func matchWeight(t *testing.T, what string, mate []int, edges []smallEdge) int64 {
	t.Helper()
	wt := map[[2]int]int64{}
	for _, e := range edges {
		wt[[2]int{e.I, e.J}] = e.W
		wt[[2]int{e.J, e.I}] = e.W
	}
	var s int64
	for v, u := range mate {
		if u < 0 {
			continue
		}
		if u >= len(mate) || mate[u] != v {
			t.Fatalf("%s: not a matching: %v", what, mate)
		}
		ew, ok := wt[[2]int{v, u}]
		if !ok {
			t.Fatalf("%s: matched along a missing edge %d-%d", what, v, u)
		}
		if v < u {
			s += ew
		}
	}
	return s
}

// TestWarmStartAgainstScratch: a matching started from the end of the
// last one (warmInit), on a graph whose weights, edges and vertices have
// changed since, is of the best weight (brute force), as the matching
// from scratch is; so is one started from any state at all (random duals
// and mates, which warmInit mends); and the duals it ends with certify it
// (every slack nonnegative). Weights are shifted far beyond 64 bits in
// half the graphs. The counts at the end make sure that the warm starts
// happened and that vertices were freed at dual zero (the path a start
// from scratch never takes).
func TestWarmStartAgainstScratch(t *testing.T) {
	rng := rand.New(rand.NewSource(7))
	warmRuns, flips, mended := 0, 0, 0
	for iter := 0; iter < 600; iter++ {
		n := 2 + rng.Intn(9)
		shift := oddShift(rng, iter, 300)
		w := map[[2]int]int64{}
		for i := 0; i < n; i++ {
			for j := i + 1; j < n; j++ {
				if rng.Intn(3) > 0 {
					w[[2]int{i, j}] = int64(1 + rng.Intn(20))
				}
			}
		}
		ws := &Warm{}
		if iter%3 == 2 {
			// any state at all
			for v := 0; v < n; v++ {
				ws.Dual = append(ws.Dual, At(uint64(rng.Intn(50)), shift))
				ws.Mate = append(ws.Mate, -1)
			}
			for v := 0; v+1 < n; v += 2 {
				if rng.Intn(2) == 0 {
					ws.Mate[v], ws.Mate[v+1] = v+1, v
				}
			}
			mended++
		}
		for step := 0; step < 6; step++ {
			var edges []smallEdge
			var wes []edge
			for i := 0; i < n; i++ {
				for j := i + 1; j < n; j++ {
					if x, ok := w[[2]int{i, j}]; ok {
						edges = append(edges, smallEdge{i, j, x})
						wes = append(wes, edge{i, j, At(uint64(x), shift)})
					}
				}
			}
			m := &wmatcher{nvertex: n, edges: wes}
			if ws.usable(n) {
				m.warm = ws
				warmRuns++
			}
			mate := m.run()
			flips += m.flips
			_, best := bruteForce(n, edges, false)
			if got := matchWeight(t, "warm", mate, edges); got != best {
				t.Fatalf("iter %d step %d n=%d: warm start weight %d, best %d", iter, step, n, got, best)
			}
			scratch := maxWeightMatchingW(n, wes)
			if got := matchWeight(t, "scratch", scratch, edges); got != best {
				t.Fatalf("iter %d step %d: from scratch weight %d, best %d", iter, step, got, best)
			}
			checkEndSlacks(t, fmt.Sprintf("iter %d step %d", iter, step), m, wes)
			m.warmOut(ws)
			// change some weights, drop and add edges
			for i := 0; i < n; i++ {
				for j := i + 1; j < n; j++ {
					switch r := rng.Intn(10); {
					case r == 0:
						delete(w, [2]int{i, j})
					case r == 1:
						w[[2]int{i, j}] = int64(1 + rng.Intn(20))
					case r == 2:
						if x, ok := w[[2]int{i, j}]; ok {
							w[[2]int{i, j}] = x + 1
						}
					}
				}
			}
		}
	}
	if warmRuns < 2500 || flips == 0 || mended == 0 {
		t.Fatalf("warm runs %d, vertices freed at dual zero %d, states mended %d: the test missed a path", warmRuns, flips, mended)
	}
	t.Logf("%d warm runs, %d vertices freed at dual zero", warmRuns, flips)
}

// TestWarmCertifiedAgainstScratch: the certified matching of the Dutch
// pairing, started warm from the last one as the pairing does, reaches
// the same total weight as from scratch on the same graph, weights beyond
// 64 bits.
func TestWarmCertifiedAgainstScratch(t *testing.T) {
	rng := rand.New(rand.NewSource(11))
	for iter := 0; iter < 300; iter++ {
		n := 2 + rng.Intn(9)
		wt := make([][]int64, n)
		for i := range wt {
			wt[i] = make([]int64, n)
		}
		ws := &Warm{}
		for step := 0; step < 5; step++ {
			var all []smallEdge
			for i := 0; i < n; i++ {
				for j := i + 1; j < n; j++ {
					if step == 0 || rng.Intn(4) == 0 {
						wt[i][j] = int64(rng.Intn(25))
					}
					if wt[i][j] > 0 {
						all = append(all, smallEdge{i, j, wt[i][j]})
					}
				}
			}
			w := make([][]Weight, n)
			for x := range w {
				w[x] = make([]Weight, n)
				for y := x + 1; y < n; y++ {
					w[x][y] = At(uint64(wt[x][y]), 150)
				}
			}
			mate, _ := matchCertified(Graph{N: n, W: w, Window: 1}, nil, ws)
			_, best := bruteForce(n, all, false)
			if got := matchWeight(t, "warm certified", mate, all); got != best {
				t.Fatalf("iter %d step %d: weight %d, best %d", iter, step, got, best)
			}
		}
	}
}

// runFrom runs m from the warm start ws where ws fits m's vertices (from
// scratch else), and gives the matching and the warm start m hands on to
// the next round of changed weights.
func (m *wmatcher) runFrom(ws *Warm) ([]int, *Warm) {
	if ws.usable(m.nvertex) {
		m.warm = ws
	}
	mate := m.run()
	next := &Warm{}
	m.warmOut(next)
	return mate, next
}
