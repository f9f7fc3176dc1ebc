package tournament

import (
	"math/rand"
	"testing"
)

// TestLessUnrolled checks the unrolled lessP against math/big on values
// that agree on their top words (as the matcher's slacks do) and differ
// in one word below, or not at all.
func TestLessUnrolled(t *testing.T) {
	rng := rand.New(rand.NewSource(11))
	for it := 0; it < 20000; it++ {
		a := randWide(rng)
		b := a
		switch it % 3 {
		case 0:
			b = randWide(rng)
		case 1:
			// equal above word i, anything from there down
			i := rng.Intn(wideWords)
			c := randWide(rng)
			copy(b[:i+1], c[:i+1])
		}
		want := bigOf(a).Cmp(bigOf(b)) < 0
		if got := lessP(&a, &b); got != want {
			t.Fatalf("lessP(%x, %x) = %v, want %v", a, b, got, want)
		}
		if got := lessP(&b, &a); got != (bigOf(b).Cmp(bigOf(a)) < 0) {
			t.Fatalf("lessP(%x, %x) = %v", b, a, got)
		}
	}
}
