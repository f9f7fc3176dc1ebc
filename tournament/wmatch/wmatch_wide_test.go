package wmatch

import (
	"math/big"
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

// TestSlack2AndSumNeg checks slack2To and sumNeg against math/big, near
// zero where a lost carry flips the sign.
func TestSlack2AndSumNeg(t *testing.T) {
	rng := rand.New(rand.NewSource(13))
	for it := 0; it < 20000; it++ {
		a, b, w := slackCase(rng, it%2 == 0)
		var s, s1 Weight
		c1 := w.Add(w)
		neg1 := slackNegTo(&s1, &a, &b, &c1)
		neg := slack2To(&s, &a, &b, &w)
		want := new(big.Int).Add(bigOf(a), bigOf(b))
		want.Sub(want, bigOf(w))
		want.Sub(want, bigOf(w))
		if bigOf(s).Cmp(want) != 0 || neg != (want.Sign() < 0) {
			t.Fatalf("slack2To(%x, %x, %x) = %x, %v, want %v", a, b, w, s, neg, want)
		}
		// slackNegTo, on a+b-2w with 2w formed first (its sum wraps as
		// the matcher's doubled weights do not: the same bits)
		if s1 != s || neg1 != neg {
			t.Fatalf("slackNegTo(%x, %x, %x) = %x, %v, want %x, %v", a, b, c1, s1, neg1, s, neg)
		}
		c := randWide(rng)
		if it%2 == 1 {
			c = Weight{}.Sub(a).Add(Small(rng.Int63n(3) - 1))
		}
		sum := new(big.Int).Add(bigOf(a), bigOf(c))
		if got := sumNeg(&a, &c); got != (sum.Sign() < 0) {
			t.Fatalf("sumNeg(%x, %x) = %v, want %v", a, c, got, sum)
		}
	}
}

// TestCertInsideAgainstPath: certInside decides every pair as
// certifiesPath does, on the end states of matchings with blossoms, for
// weights at, just above and just below each pair's slack.
func TestCertInsideAgainstPath(t *testing.T) {
	rng := rand.New(rand.NewSource(17))
	blossoms := 0
	for iter := 0; iter < 400; iter++ {
		n := 4 + rng.Intn(20)
		shift := uint(64 + rng.Intn(300))
		_, es := randomGraph(n, shift, func() bool { return rng.Intn(3) > 0 }, func() int64 { return int64(1 + rng.Intn(30)) })
		m := &wmatcher{nvertex: n, edges: es}
		m.run()
		if m.dualvar == nil {
			continue
		}
		bp := m.paths()
		if len(bp.path) > 0 {
			blossoms++
		}
		kp := m.pathsKept()
		for x := 0; x < n; x++ {
			for y := x + 1; y < n; y++ {
				// the weight that makes the slack without blossoms zero,
				// and around it
				base := m.dualvar[x].Add(m.dualvar[y]).half()
				for _, d := range []int64{-3, -1, 0, 1, 2, 5} {
					w := base.Add(At(uint64(rng.Intn(4)), shift)).Add(Small(d))
					if !positive(&w) {
						continue
					}
					if got, want := m.certInside(x, y, &w, kp), m.certifiesPath(x, y, &w, bp); got != want {
						t.Fatalf("iter %d: certInside(%d, %d, %x) = %v, certifiesPath %v", iter, x, y, w, got, want)
					}
				}
			}
		}
	}
	if blossoms < 50 {
		t.Fatalf("only %d end states with blossoms", blossoms)
	}
}

// TestDiffCmp checks diffCmp against math/big: the order of a-b and d,
// and d written with a-b exactly when less.
func TestDiffCmp(t *testing.T) {
	rng := rand.New(rand.NewSource(19))
	for it := 0; it < 30000; it++ {
		a, b, d := randWide(rng), randWide(rng), randWide(rng)
		switch it % 3 {
		case 0:
			// d equal to a-b above some word
			x := a.Sub(b)
			i := rng.Intn(wideWords)
			copy(d[i:], x[i:])
		case 1:
			d = a.Sub(b).Add(Small(rng.Int63n(3) - 1))
		}
		x := new(big.Int).Sub(bigOf(a), bigOf(b))
		want := x.Cmp(bigOf(d))
		d0 := d
		got := diffCmp(&d, &a, &b)
		if got != want {
			t.Fatalf("diffCmp(%x, %x, %x) = %d, want %d", d0, a, b, got, want)
		}
		if got < 0 && bigOf(d).Cmp(x) != 0 || got >= 0 && d != d0 {
			t.Fatalf("diffCmp(%x, %x, %x) left %x", d0, a, b, d)
		}
	}
}
