package wmatch

import (
	"fmt"
	"math/rand"
	"testing"
)

// smallEdge is an edge of a test graph with a small weight, the brute force's
// and the wide matching's common input.
type smallEdge struct {
	I, J int
	W    int64
}

// zeroWeights is an n×n weight matrix of zeros (no edge), for a test to
// fill above the diagonal.
func zeroWeights(n int) [][]Weight {
	w := make([][]Weight, n)
	for i := range w {
		w[i] = make([]Weight, n)
	}
	return w
}

// oddShift is how far a random graph's weights are shifted: not at all
// on even iterations, 64 bits or more (less than 64+spread) on odd ones,
// so that half the graphs weigh far beyond 64 bits.
func oddShift(rng *rand.Rand, iter, spread int) uint {
	if iter%2 == 0 {
		return 0
	}
	return uint(64 + rng.Intn(spread))
}

// checkEndSlacks fails the test if the duals m ends with leave an edge of
// es with a negative slack (their optimality certificate); a matcher that
// kept no duals is not checked.
func checkEndSlacks(t *testing.T, what string, m *wmatcher, es []edge) {
	t.Helper()
	if m.dualvar == nil {
		return
	}
	for _, e := range es {
		if !m.certifies(e.I, e.J, e.W) {
			t.Fatalf("%s: edge %d-%d has a negative slack at the end", what, e.I, e.J)
		}
	}
}

// randomGraph is a graph of n vertices in which each pair, in order, is an
// edge if keep says so, of weight w: as small weights, and as wide ones
// shifted left by shift.
func randomGraph(n int, shift uint, keep func() bool, w func() int64) ([]smallEdge, []edge) {
	var edges []smallEdge
	var wes []edge
	for i := 0; i < n; i++ {
		for j := i + 1; j < n; j++ {
			if keep() {
				e := smallEdge{i, j, w()}
				edges = append(edges, e)
				wes = append(wes, edge{i, j, At(uint64(e.W), shift)})
			}
		}
	}
	return edges, wes
}

// bruteForce returns the best (cardinality, weight) over all matchings.
func bruteForce(n int, edges []smallEdge, maxCard bool) (int, int64) {
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

// TestMatchingAgainstBruteForce: the wide-weight matching finds a
// matching of the best total weight, over random graphs of up to 10
// vertices, with the weights shifted far beyond 64 bits (the shift
// changes no optimum).
func TestMatchingAgainstBruteForce(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	for iter := 0; iter < 3000; iter++ {
		n := 1 + rng.Intn(10)
		shift := oddShift(rng, iter, 300)
		p := rng.Float64()
		edges, wes := randomGraph(n, shift, func() bool { return rng.Float64() < p }, func() int64 { return int64(1 + rng.Intn(20)) })
		mate := maxWeightMatchingW(n, wes)
		s := matchWeight(t, fmt.Sprintf("iter %d", iter), mate, edges)
		if _, bw := bruteForce(n, edges, false); s != bw {
			t.Fatalf("iter %d n=%d shift %d: weight %d, best %d; edges %v", iter, n, shift, s, bw, edges)
		}
	}
}

// TestCertifiedAgainstBruteForce: solving a sparse part of a graph and
// adding the edges the duals do not certify gives a matching of the best
// weight over the whole graph (the wide matching the Dutch pairing runs),
// with weights far above 64 bits.
func TestCertifiedAgainstBruteForce(t *testing.T) {
	rng := rand.New(rand.NewSource(3))
	firstHeld := 0
	for iter := 0; iter < 3000; iter++ {
		n := 2 + rng.Intn(9)
		var all []smallEdge
		ws := zeroWeights(n)
		p := 0.3 + 0.7*rng.Float64()
		for i := 0; i < n; i++ {
			for j := i + 1; j < n; j++ {
				if rng.Float64() < p {
					e := smallEdge{i, j, int64(1 + rng.Intn(30))}
					all = append(all, e)
					ws[i][j] = At(uint64(e.W), 200)
				}
			}
		}
		window := 1 + rng.Intn(3)
		keep := func(x, y int) bool { return y-x <= window }
		mate, _ := matchCertified(Graph{N: n, W: ws, Window: window}, nil, nil)
		_, bw := bruteForce(n, all, false)
		var s int64
		for v, u := range mate {
			if u < 0 {
				continue
			}
			if mate[u] != v {
				t.Fatalf("iter %d: not a matching", iter)
			}
			if v < u {
				if ws[v][u].IsZero() {
					t.Fatalf("iter %d: a missing edge", iter)
				}
				for _, e := range all {
					if e.I == v && e.J == u {
						s += e.W
					}
				}
			}
		}
		if s != bw {
			t.Fatalf("iter %d: weight %d, best %d", iter, s, bw)
		}
		var sparse []edge
		for _, e := range all {
			if keep(e.I, e.J) {
				sparse = append(sparse, edge{e.I, e.J, ws[e.I][e.J]})
			}
		}
		m := &wmatcher{nvertex: n, edges: sparse}
		m.run()
		held := true
		for _, e := range all {
			if !keep(e.I, e.J) && !m.certifies(e.I, e.J, ws[e.I][e.J]) {
				held = false
			}
		}
		if held {
			firstHeld++
		}
	}
	if firstHeld == 0 || firstHeld == 3000 {
		t.Fatalf("the certificate held first time in %d of 3000: the test does not test both ways", firstHeld)
	}
	t.Logf("%d of 3000 certified on the sparse part at once", firstHeld)
}
