package render

import (
	"math/rand/v2"
	"testing"
)

// The pruned nearest-colour search gives exactly what trying every
// palette entry gives (the lowest index among equals).
func TestNearestIsExhaustive(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for round := 0; round < 20; round++ {
		pal := make([]uint32, 1+rng.IntN(256))
		for i := range pal {
			pal[i] = rng.Uint32()
			if i > 0 && rng.IntN(8) == 0 {
				pal[i] = pal[rng.IntN(i)] // duplicates: ties
			}
		}
		n := newNearest(pal)
		for j := 0; j < 2000; j++ {
			c := rng.Uint32()
			want, wantD := 0, int(^uint(0)>>1)
			for i, p := range pal {
				if d := dist2(p, c); d < wantD {
					want, wantD = i, d
				}
			}
			if got := n.find(c); int(got) != want {
				t.Fatalf("palette of %d: nearest to %08x is %d (d=%d), found %d (d=%d)", len(pal), c, want, wantD, got, dist2(pal[got], c))
			}
		}
	}
}
