package wmatch

import (
	"math/rand"
	"testing"
)

// TestTreeRootsKept: the root each labelled blossom keeps (troot, set as
// it is labelled, formed or expanded) names the same tree as the walk up
// the labels (treeRoot) for every labelled vertex, at every augmentation
// that leaves other trees standing (crossCheck counts those it does not),
// on random graphs from scratch and from warm starts of changed weights.
func TestTreeRootsKept(t *testing.T) {
	rng := rand.New(rand.NewSource(37))
	kept, crossed := 0, 0
	for iter := 0; iter < 300; iter++ {
		n := 6 + rng.Intn(50)
		shift := uint(64 + rng.Intn(300))
		maxw := 2 + rng.Intn(12)
		p := 0.1 + 0.8*rng.Float64()
		var ws *Warm
		for round := 0; round < 3; round++ {
			_, wes := randomGraph(n, shift, func() bool { return rng.Float64() < p }, func() int64 { return int64(1 + rng.Intn(maxw)) })
			m := &wmatcher{nvertex: n, edges: wes, crossCheck: true}
			_, ws = m.runFrom(ws)
			if m.counts.rootBad != 0 {
				t.Fatalf("iter %d round %d n=%d: %d vertices put in other trees", iter, round, n, m.counts.rootBad)
			}
			kept += m.counts.kept
			crossed += m.counts.crossed
		}
	}
	if kept == 0 || crossed == 0 {
		t.Fatalf("no tree was kept standing (%d) or taken down (%d)", kept, crossed)
	}
}
