package wmatch

import (
	"math/rand"
	"testing"
)

// TestWarmOutSums: the duals warmOut hands on are each vertex's dual plus
// those of every blossom holding it, summed here by walking up from the
// vertex, on random graphs with few distinct weights (nested blossoms);
// and the mates are the matching's. Some graphs must end with blossoms
// nested at least two deep, or the sums would be read plainly anyway.
func TestWarmOutSums(t *testing.T) {
	rng := rand.New(rand.NewSource(41))
	deep := 0
	for iter := 0; iter < 500; iter++ {
		n := 4 + rng.Intn(40)
		shift := uint(rng.Intn(400))
		_, wes := randomGraph(n, shift, func() bool { return rng.Intn(3) == 0 }, func() int64 { return int64(1 + rng.Intn(4)) })
		m := &wmatcher{nvertex: n, edges: wes}
		mate := m.run()
		ws := &Warm{}
		m.warmOut(ws)
		for v := 0; v < n; v++ {
			if ws.Mate[v] != mate[v] {
				t.Fatalf("iter %d: vertex %d handed on mate %d, matched to %d", iter, v, ws.Mate[v], mate[v])
			}
			if m.dualvar == nil {
				continue
			}
			d, depth := m.dualvar[v], 0
			for b := m.blossomparent[v]; b != -1; b = m.blossomparent[b] {
				d = d.Add(m.dualvar[b])
				depth++
			}
			if depth >= 2 {
				deep++
			}
			if ws.Dual[v] != d {
				t.Fatalf("iter %d: vertex %d handed on dual %x, its sum is %x", iter, v, ws.Dual[v], d)
			}
		}
	}
	if deep == 0 {
		t.Fatal("no vertex ended inside nested blossoms")
	}
	t.Logf("%d vertices inside nested blossoms", deep)
}
