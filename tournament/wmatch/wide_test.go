package wmatch

import (
	"math/big"
	"math/rand"
	"testing"
)

// bigOf is a Weight as a signed big integer.
func bigOf(a Weight) *big.Int {
	r := new(big.Int)
	for i := wideWords - 1; i >= 0; i-- {
		r.Lsh(r, 64)
		r.Or(r, new(big.Int).SetUint64(a[i]))
	}
	if a.neg() {
		r.Sub(r, new(big.Int).Lsh(big.NewInt(1), 64*wideWords))
	}
	return r
}

// randWide is a random Weight whose words carry into each other often (all
// ones, zero, or random), the top word small (as the matcher's values).
func randWide(rng *rand.Rand) Weight {
	var a Weight
	for i := range a {
		switch rng.Intn(3) {
		case 0:
			a[i] = ^uint64(0)
		case 1:
			a[i] = 0
		default:
			a[i] = rng.Uint64()
		}
	}
	a[wideWords-1] = uint64(rng.Int63n(1 << 40))
	if rng.Intn(4) == 0 {
		a[wideWords-1] = ^a[wideWords-1] // negative
	}
	return a
}

// slackCase is three random weights a, b, c; when near, c is (a+b)/2 give
// or take 2, so that a slack a+b-2c is near zero, where a lost carry
// flips the sign.
func slackCase(rng *rand.Rand, near bool) (a, b, c Weight) {
	a, b, c = randWide(rng), randWide(rng), randWide(rng)
	if near {
		c = a.Add(b).half().Add(Small(rng.Int63n(5) - 2))
	}
	return a, b, c
}

// TestWideUnrolled checks the unrolled addsubTo, addsubTight, addTo, subTo and slackNeg against
// math/big on values whose carries cross every word.
func TestWideUnrolled(t *testing.T) {
	rng := rand.New(rand.NewSource(7))
	for it := 0; it < 20000; it++ {
		a, b, c := slackCase(rng, it%2 == 0)
		var s Weight
		addsubTo(&s, &a, &b, &c)
		want := new(big.Int).Add(bigOf(a), bigOf(b))
		want.Sub(want, bigOf(c))
		if bigOf(s).Cmp(want) != 0 {
			t.Fatalf("addsubTo(%x, %x, %x) = %x, want %v", a, b, c, s, want)
		}
		// addsubTight: the same sum, and whether it is <= 0 (half the
		// time a+b-c is 0 or plus or minus 1 in one word: a word dropped
		// from the zero test shows)
		d := c
		if it%4 < 2 {
			x := At(1, uint(64*rng.Intn(wideWords-1)+rng.Intn(64)))
			switch rng.Intn(3) {
			case 0:
				x = Weight{}
			case 1:
				x = Weight{}.Sub(x)
			}
			d = a.Add(b).Sub(x)
		}
		var u Weight
		tight := addsubTight(&u, &a, &b, &d)
		wantU := new(big.Int).Add(bigOf(a), bigOf(b))
		wantU.Sub(wantU, bigOf(d))
		if bigOf(u).Cmp(wantU) != 0 || tight != (wantU.Sign() <= 0) {
			t.Fatalf("addsubTight(%x, %x, %x) = %x, %v, want %v", a, b, d, u, tight, wantU)
		}
		// addTo and subTo, in place
		e, f := a, a
		addTo(&e, &b)
		subTo(&f, &b)
		if bigOf(e).Cmp(new(big.Int).Add(bigOf(a), bigOf(b))) != 0 {
			t.Fatalf("addTo(%x, %x) = %x", a, b, e)
		}
		if bigOf(f).Cmp(new(big.Int).Sub(bigOf(a), bigOf(b))) != 0 {
			t.Fatalf("subTo(%x, %x) = %x", a, b, f)
		}
		neg := want.Sub(want, bigOf(c)).Sign() < 0 // a+b-2c
		if got := slackNeg(&a, &b, &c); got != neg {
			t.Fatalf("slackNeg(%x, %x, %x) = %v, want %v", a, b, c, got, neg)
		}
	}
}
