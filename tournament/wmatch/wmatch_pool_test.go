package wmatch

import (
	"fmt"
	"math/rand"
	"slices"
	"sync"
	"testing"
)

// TestPooledMatcherAsFresh: matchCertified with the matcher it takes from
// wmPool holding the arrays of earlier, larger and smaller graphs (and
// their stale contents) ends exactly as with a matcher new from a pool of
// its own: the same mates, the same end state (warmOut) and the same
// pairs added by certification, over a run of random graphs of changing
// sizes, warm-started from one to the next.
func TestPooledMatcherAsFresh(t *testing.T) {
	rng := rand.New(rand.NewSource(29))
	var wsA, wsB *Warm
	for iter := 0; iter < 300; iter++ {
		n := 2 + rng.Intn(40)
		if iter%10 == 0 {
			n = 100 + rng.Intn(60)
		}
		w := zeroWeights(n)
		p := 0.2 + 0.8*rng.Float64()
		for i := 0; i < n; i++ {
			for j := i + 1; j < n; j++ {
				if rng.Float64() < p {
					w[i][j] = At(uint64(1+rng.Intn(40)), uint(64+rng.Intn(300)))
				}
			}
		}
		g := Graph{N: n, W: w, Window: 1 + rng.Intn(3)}
		if wsA == nil || !wsA.usable(n) {
			wsA, wsB = &Warm{}, &Warm{}
		}
		mateA, addA := matchCertified(g, nil, wsA)
		saved := wmPool
		wmPool = &sync.Pool{New: func() any { return new(wmatcher) }}
		mateB, addB := matchCertified(g, nil, wsB)
		wmPool = saved
		what := fmt.Sprintf("iter %d n=%d", iter, n)
		if !slices.Equal(mateA, mateB) {
			t.Fatalf("%s: mates differ: %v and %v", what, mateA, mateB)
		}
		if !slices.Equal(wsA.Mate, wsB.Mate) || !slices.Equal(wsA.Dual, wsB.Dual) {
			t.Fatalf("%s: end states differ", what)
		}
		if len(addA) != len(addB) {
			t.Fatalf("%s: certification added %d and %d pairs", what, len(addA), len(addB))
		}
	}
}

// TestPathsKeptAsPaths: pathsKept, in arrays a matcher keeps from graph
// to graph, lists the same blossom paths and sums as paths.
func TestPathsKeptAsPaths(t *testing.T) {
	rng := rand.New(rand.NewSource(31))
	m := new(wmatcher)
	withBlossoms := 0
	for iter := 0; iter < 300; iter++ {
		n := 4 + rng.Intn(30)
		shift := uint(64 + rng.Intn(300))
		_, es := randomGraph(n, shift, func() bool { return rng.Intn(3) > 0 }, func() int64 { return int64(1 + rng.Intn(30)) })
		keep := m.arrays
		*m = wmatcher{nvertex: n, edges: es, arrays: keep}
		m.fromArrays()
		m.run()
		want, got := m.paths(), m.pathsKept()
		if want == nil || got == nil {
			if want != got {
				t.Fatalf("iter %d: paths %v, pathsKept %v", iter, want, got)
			}
			m.release()
			m = wmPool.Get().(*wmatcher)
			continue
		}
		if len(want.path) > 0 {
			withBlossoms++
		}
		if !slices.Equal(want.off, got.off) || !slices.Equal(want.path, got.path) {
			t.Fatalf("iter %d: paths differ", iter)
		}
		for _, b := range want.path {
			if want.cum[b] != got.cum[b] {
				t.Fatalf("iter %d: blossom %d: sum %x, want %x", iter, b, got.cum[b], want.cum[b])
			}
		}
		m.release()
		m = wmPool.Get().(*wmatcher)
	}
	if withBlossoms < 30 {
		t.Fatalf("only %d graphs with blossoms", withBlossoms)
	}
}
