package wmatch

import (
	"fmt"
	"math/rand"
	"testing"
)

// TestBestFromSAgainstBestToS: when two trees are taken down
// (augmentKeep), the best edges of their vertices to the S-vertices left,
// read from the S-vertices' side (bestFromS), are the ones read from
// their own edges (bestToSFree): the same edge (the least slack, on a tie
// the lowest edge number) and slack. On random graphs of 10 to 60
// vertices with few distinct weights (ties), shifted far beyond 64 bits
// in half of them, every tree taken down is read both ways (crossCheck);
// the matchings are also checked optimal by their duals (every slack
// nonnegative at the end), and both sides must have been the cheaper one
// some of the time.
func TestBestFromSAgainstBestToS(t *testing.T) {
	rng := rand.New(rand.NewSource(31))
	var total wcounts
	for iter := 0; iter < 400; iter++ {
		n := 10 + rng.Intn(51)
		shift := oddShift(rng, iter, 380)
		maxw := 2 + rng.Intn(12)
		p := 0.1 + 0.8*rng.Float64()
		_, wes := randomGraph(n, shift, func() bool { return rng.Float64() < p }, func() int64 { return int64(1 + rng.Intn(maxw)) })
		m := &wmatcher{nvertex: n, edges: wes, crossCheck: true}
		mate := m.run()
		for v, u := range mate {
			if u >= 0 && mate[u] != v {
				t.Fatalf("iter %d: not a matching", iter)
			}
		}
		checkEndSlacks(t, fmt.Sprintf("iter %d n=%d", iter, n), m, wes)
		total.crossed += m.counts.crossed
		total.crossBad += m.counts.crossBad
		total.fromS += m.counts.fromS
	}
	t.Log(fmt.Sprintf("%d trees taken down, %d read from the S-vertices", total.crossed, total.fromS))
	if total.crossBad > 0 {
		t.Fatalf("%d of %d trees taken down got other best edges from the S-vertices' side", total.crossBad, total.crossed)
	}
	if total.fromS == 0 || total.fromS == total.crossed {
		t.Fatalf("one side was always read: %d of %d from the S-vertices", total.fromS, total.crossed)
	}
}
