package wmatch

import "math/bits"

// wideWords is the number of 64-bit words of a Weight.
const wideWords = 8

// Weight is a signed integer of wideWords×64 bits (512; two's complement,
// least significant word first): the edge weights of the Dutch pairing are
// many criteria side by side, each in its own bit field, more than an
// int64 holds.
type Weight [wideWords]uint64

// Bits is the number of bits of a Weight that a weight may use: the
// matching doubles weights and needs a sign bit.
const Bits = 64*wideWords - 4

// Add is a + b.
func (a Weight) Add(b Weight) Weight {
	var c uint64
	for i := range a {
		a[i], c = bits.Add64(a[i], b[i], c)
	}
	return a
}

// Sub is a - b.
func (a Weight) Sub(b Weight) Weight {
	var c uint64
	for i := range a {
		a[i], c = bits.Sub64(a[i], b[i], c)
	}
	return a
}

// less compares as signed numbers.
func (a Weight) less(b Weight) bool { return lessP(&a, &b) }

// IsZero reports a == 0.
func (a Weight) IsZero() bool {
	var o uint64
	for _, x := range a {
		o |= x
	}
	return o == 0
}

func (a Weight) neg() bool { return int64(a[wideWords-1]) < 0 }

// half is an arithmetic shift right by one.
func (a Weight) half() Weight {
	for i := 0; i < wideWords-1; i++ {
		a[i] = a[i]>>1 | a[i+1]<<63
	}
	a[wideWords-1] = uint64(int64(a[wideWords-1]) >> 1)
	return a
}

func (a Weight) double() Weight { return a.Add(a) }

// At is v<<off.
func At(v uint64, off uint) Weight {
	var r Weight
	w, s := off/64, off%64
	if w < wideWords {
		r[w] = v << s
		if s != 0 && w+1 < wideWords {
			r[w+1] = v >> (64 - s)
		}
	}
	return r
}

// Small is a (possibly negative) int64 as a Weight.
func Small(v int64) Weight {
	var r Weight
	r[0] = uint64(v)
	if v < 0 {
		for i := 1; i < wideWords; i++ {
			r[i] = ^uint64(0)
		}
	}
	return r
}

// addsub is a+b-c in one pass.
func (a Weight) addsub(b, c Weight) Weight {
	var c1, c2 uint64
	for i := range a {
		a[i], c1 = bits.Add64(a[i], b[i], c1)
		a[i], c2 = bits.Sub64(a[i], c[i], c2)
	}
	return a
}

// nonpos reports a <= 0.
func (a Weight) nonpos() bool { return a.neg() || a.IsZero() }

// addsubTo sets s to a+b-c (the matching's slack), without copying wide
// values: unrolled, so that each carry chain stays in the flags (one chain
// for the sum, then one for the difference).
func addsubTo(s, a, b, c *Weight) {
	var k uint64
	x0, k := bits.Add64(a[0], b[0], 0)
	x1, k := bits.Add64(a[1], b[1], k)
	x2, k := bits.Add64(a[2], b[2], k)
	x3, k := bits.Add64(a[3], b[3], k)
	x4, k := bits.Add64(a[4], b[4], k)
	x5, k := bits.Add64(a[5], b[5], k)
	x6, k := bits.Add64(a[6], b[6], k)
	x7, _ := bits.Add64(a[7], b[7], k)
	s[0], k = bits.Sub64(x0, c[0], 0)
	s[1], k = bits.Sub64(x1, c[1], k)
	s[2], k = bits.Sub64(x2, c[2], k)
	s[3], k = bits.Sub64(x3, c[3], k)
	s[4], k = bits.Sub64(x4, c[4], k)
	s[5], k = bits.Sub64(x5, c[5], k)
	s[6], k = bits.Sub64(x6, c[6], k)
	s[7], _ = bits.Sub64(x7, c[7], k)
}

// addsubTo's unrolling assumes 8 words.
var _ = [1]int{}[wideWords-8]

// NonPos reports *a <= 0.
func (a *Weight) NonPos() bool {
	if int64(a[wideWords-1]) < 0 {
		return true
	}
	var o uint64
	for i := 0; i < wideWords; i++ {
		o |= a[i]
	}
	return o == 0
}

// lessP is a.less(b) through pointers.
func lessP(a, b *Weight) bool {
	if a[7] != b[7] {
		return int64(a[7]) < int64(b[7])
	}
	if a[6] != b[6] {
		return a[6] < b[6]
	}
	if a[5] != b[5] {
		return a[5] < b[5]
	}
	if a[4] != b[4] {
		return a[4] < b[4]
	}
	if a[3] != b[3] {
		return a[3] < b[3]
	}
	if a[2] != b[2] {
		return a[2] < b[2]
	}
	if a[1] != b[1] {
		return a[1] < b[1]
	}
	return a[0] < b[0]
}

// slackNeg reports a+b-2w < 0.
func slackNeg(a, b, w *Weight) bool {
	var s Weight
	return slack2To(&s, a, b, w)
}

// add3To sets s to a+b+c.
func add3To(s, a, b, c *Weight) {
	var c1, c2 uint64
	for i := 0; i < wideWords; i++ {
		x, y := bits.Add64(a[i], b[i], c1)
		s[i], c2 = bits.Add64(x, c[i], c2)
		c1 = y
	}
}

// addsubTight sets s to a+b-c, as addsubTo, and reports s <= 0 (an edge's
// slack: tight), without reading s back.
func addsubTight(s, a, b, c *Weight) bool {
	var k uint64
	x0, k := bits.Add64(a[0], b[0], 0)
	x1, k := bits.Add64(a[1], b[1], k)
	x2, k := bits.Add64(a[2], b[2], k)
	x3, k := bits.Add64(a[3], b[3], k)
	x4, k := bits.Add64(a[4], b[4], k)
	x5, k := bits.Add64(a[5], b[5], k)
	x6, k := bits.Add64(a[6], b[6], k)
	x7, _ := bits.Add64(a[7], b[7], k)
	x0, k = bits.Sub64(x0, c[0], 0)
	x1, k = bits.Sub64(x1, c[1], k)
	x2, k = bits.Sub64(x2, c[2], k)
	x3, k = bits.Sub64(x3, c[3], k)
	x4, k = bits.Sub64(x4, c[4], k)
	x5, k = bits.Sub64(x5, c[5], k)
	x6, k = bits.Sub64(x6, c[6], k)
	x7, _ = bits.Sub64(x7, c[7], k)
	s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7] = x0, x1, x2, x3, x4, x5, x6, x7
	return int64(x7) < 0 || x0|x1|x2|x3|x4|x5|x6|x7 == 0
}

// addTo adds b to *a in place (the dual steps: no wide copies).
func addTo(a, b *Weight) {
	var k uint64
	a[0], k = bits.Add64(a[0], b[0], 0)
	a[1], k = bits.Add64(a[1], b[1], k)
	a[2], k = bits.Add64(a[2], b[2], k)
	a[3], k = bits.Add64(a[3], b[3], k)
	a[4], k = bits.Add64(a[4], b[4], k)
	a[5], k = bits.Add64(a[5], b[5], k)
	a[6], k = bits.Add64(a[6], b[6], k)
	a[7], _ = bits.Add64(a[7], b[7], k)
}

// subTo subtracts b from *a in place.
func subTo(a, b *Weight) {
	var k uint64
	a[0], k = bits.Sub64(a[0], b[0], 0)
	a[1], k = bits.Sub64(a[1], b[1], k)
	a[2], k = bits.Sub64(a[2], b[2], k)
	a[3], k = bits.Sub64(a[3], b[3], k)
	a[4], k = bits.Sub64(a[4], b[4], k)
	a[5], k = bits.Sub64(a[5], b[5], k)
	a[6], k = bits.Sub64(a[6], b[6], k)
	a[7], _ = bits.Sub64(a[7], b[7], k)
}

// diffTo sets s to a-b.
func diffTo(s, a, b *Weight) {
	var k uint64
	s[0], k = bits.Sub64(a[0], b[0], 0)
	s[1], k = bits.Sub64(a[1], b[1], k)
	s[2], k = bits.Sub64(a[2], b[2], k)
	s[3], k = bits.Sub64(a[3], b[3], k)
	s[4], k = bits.Sub64(a[4], b[4], k)
	s[5], k = bits.Sub64(a[5], b[5], k)
	s[6], k = bits.Sub64(a[6], b[6], k)
	s[7], _ = bits.Sub64(a[7], b[7], k)
}

// sumTo2 sets s to a+b.
func sumTo2(s, a, b *Weight) {
	var k uint64
	s[0], k = bits.Add64(a[0], b[0], 0)
	s[1], k = bits.Add64(a[1], b[1], k)
	s[2], k = bits.Add64(a[2], b[2], k)
	s[3], k = bits.Add64(a[3], b[3], k)
	s[4], k = bits.Add64(a[4], b[4], k)
	s[5], k = bits.Add64(a[5], b[5], k)
	s[6], k = bits.Add64(a[6], b[6], k)
	s[7], _ = bits.Add64(a[7], b[7], k)
}

// slack2To sets s to a+b-2w (an edge's slack) and reports s < 0, in one
// pass with the words held in locals.
func slack2To(s, a, b, w *Weight) bool {
	var k uint64
	x0, k := bits.Add64(a[0], b[0], 0)
	x1, k := bits.Add64(a[1], b[1], k)
	x2, k := bits.Add64(a[2], b[2], k)
	x3, k := bits.Add64(a[3], b[3], k)
	x4, k := bits.Add64(a[4], b[4], k)
	x5, k := bits.Add64(a[5], b[5], k)
	x6, k := bits.Add64(a[6], b[6], k)
	x7, _ := bits.Add64(a[7], b[7], k)
	x0, k = bits.Sub64(x0, w[0], 0)
	x1, k = bits.Sub64(x1, w[1], k)
	x2, k = bits.Sub64(x2, w[2], k)
	x3, k = bits.Sub64(x3, w[3], k)
	x4, k = bits.Sub64(x4, w[4], k)
	x5, k = bits.Sub64(x5, w[5], k)
	x6, k = bits.Sub64(x6, w[6], k)
	x7, _ = bits.Sub64(x7, w[7], k)
	x0, k = bits.Sub64(x0, w[0], 0)
	x1, k = bits.Sub64(x1, w[1], k)
	x2, k = bits.Sub64(x2, w[2], k)
	x3, k = bits.Sub64(x3, w[3], k)
	x4, k = bits.Sub64(x4, w[4], k)
	x5, k = bits.Sub64(x5, w[5], k)
	x6, k = bits.Sub64(x6, w[6], k)
	x7, _ = bits.Sub64(x7, w[7], k)
	s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7] = x0, x1, x2, x3, x4, x5, x6, x7
	return int64(x7) < 0
}

// sumNeg reports a+b < 0, without writing the sum.
func sumNeg(a, b *Weight) bool {
	var k uint64
	_, k = bits.Add64(a[0], b[0], 0)
	_, k = bits.Add64(a[1], b[1], k)
	_, k = bits.Add64(a[2], b[2], k)
	_, k = bits.Add64(a[3], b[3], k)
	_, k = bits.Add64(a[4], b[4], k)
	_, k = bits.Add64(a[5], b[5], k)
	_, k = bits.Add64(a[6], b[6], k)
	x7, _ := bits.Add64(a[7], b[7], k)
	return int64(x7) < 0
}

// diffCmp compares a-b with *d: -1 if less (and then writes it to *d), 0
// if equal, 1 if greater; the difference is held in locals, not written
// and read back (the best-edge scans' inner step).
func diffCmp(d, a, b *Weight) int {
	var k uint64
	x0, k := bits.Sub64(a[0], b[0], 0)
	x1, k := bits.Sub64(a[1], b[1], k)
	x2, k := bits.Sub64(a[2], b[2], k)
	x3, k := bits.Sub64(a[3], b[3], k)
	x4, k := bits.Sub64(a[4], b[4], k)
	x5, k := bits.Sub64(a[5], b[5], k)
	x6, k := bits.Sub64(a[6], b[6], k)
	x7, _ := bits.Sub64(a[7], b[7], k)
	switch {
	case x7 != d[7]:
		if int64(x7) > int64(d[7]) {
			return 1
		}
	case x6 != d[6]:
		if x6 > d[6] {
			return 1
		}
	case x5 != d[5]:
		if x5 > d[5] {
			return 1
		}
	case x4 != d[4]:
		if x4 > d[4] {
			return 1
		}
	case x3 != d[3]:
		if x3 > d[3] {
			return 1
		}
	case x2 != d[2]:
		if x2 > d[2] {
			return 1
		}
	case x1 != d[1]:
		if x1 > d[1] {
			return 1
		}
	case x0 != d[0]:
		if x0 > d[0] {
			return 1
		}
	default:
		return 0
	}
	d[0], d[1], d[2], d[3], d[4], d[5], d[6], d[7] = x0, x1, x2, x3, x4, x5, x6, x7
	return -1
}

// slackNegTo sets s to a+b-c, as addsubTo, and reports s < 0.
func slackNegTo(s, a, b, c *Weight) bool {
	var k uint64
	x0, k := bits.Add64(a[0], b[0], 0)
	x1, k := bits.Add64(a[1], b[1], k)
	x2, k := bits.Add64(a[2], b[2], k)
	x3, k := bits.Add64(a[3], b[3], k)
	x4, k := bits.Add64(a[4], b[4], k)
	x5, k := bits.Add64(a[5], b[5], k)
	x6, k := bits.Add64(a[6], b[6], k)
	x7, _ := bits.Add64(a[7], b[7], k)
	x0, k = bits.Sub64(x0, c[0], 0)
	x1, k = bits.Sub64(x1, c[1], k)
	x2, k = bits.Sub64(x2, c[2], k)
	x3, k = bits.Sub64(x3, c[3], k)
	x4, k = bits.Sub64(x4, c[4], k)
	x5, k = bits.Sub64(x5, c[5], k)
	x6, k = bits.Sub64(x6, c[6], k)
	x7, _ = bits.Sub64(x7, c[7], k)
	s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7] = x0, x1, x2, x3, x4, x5, x6, x7
	return int64(x7) < 0
}
