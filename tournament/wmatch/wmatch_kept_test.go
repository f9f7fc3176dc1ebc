package wmatch

import (
	"fmt"
	"math/rand"
	"testing"
)

// TestKeptTreesAgainstBruteForce: the matching that keeps the other
// search trees standing after an augmentation (augmentKeep), with best
// edges checked only when read (lazyDelta) and S-vertices keeping their
// next best edges (keepSS), finds a matching of the best weight (brute
// force) on dense random graphs of up to 12 vertices, weights shifted far
// beyond 64 bits in half of them; and its duals end feasible (every
// edge's slack nonnegative, blossom duals counted: certifies). The counts
// at the end make sure each of those paths was taken: trees kept, best
// edges found stale, next best edges promoted, and S-vertices read again
// when their kept edges ran out.
func TestKeptTreesAgainstBruteForce(t *testing.T) {
	rng := rand.New(rand.NewSource(11))
	var total wcounts
	const iters = 1500
	for iter := 0; iter < iters; iter++ {
		n := 2 + rng.Intn(11)
		shift := oddShift(rng, iter, 380)
		// few distinct weights make ties and blossoms; many make long
		// searches
		maxw := 3 + rng.Intn(40)
		p := 0.5 + 0.5*rng.Float64()
		edges, wes := randomGraph(n, shift, func() bool { return rng.Float64() < p }, func() int64 { return int64(1 + rng.Intn(maxw)) })
		m := &wmatcher{nvertex: n, edges: wes}
		mate := m.run()
		what := fmt.Sprintf("iter %d n=%d shift %d", iter, n, shift)
		s := matchWeight(t, what, mate, edges)
		if _, bw := bruteForce(n, edges, false); s != bw {
			t.Fatalf("%s: weight %d, best %d; edges %v", what, s, bw, edges)
		}
		checkEndSlacks(t, what, m, wes)
		total.kept += m.counts.kept
		total.stale += m.counts.stale
		total.promoted += m.counts.promoted
		total.rescans += m.counts.rescans
		total.fromS += m.counts.fromS
	}
	t.Logf("%+v", total)
	if total.kept == 0 || total.stale == 0 || total.promoted == 0 || total.rescans == 0 {
		t.Fatalf("a path of the matching was never taken: %+v", total)
	}
}
