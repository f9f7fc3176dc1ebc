package wmatch

import (
	"math/big"
	"math/rand"
	"testing"
)

// TestAddAtAndSumTo: addAt and sumTo against math/big, with carries that
// run across several words and off at every word boundary.
func TestAddAtAndSumTo(t *testing.T) {
	rng := rand.New(rand.NewSource(3))
	mod := new(big.Int).Lsh(big.NewInt(1), 64*wideWords)
	toBig := func(a Weight) *big.Int {
		r := new(big.Int)
		for i := wideWords - 1; i >= 0; i-- {
			r.Lsh(r, 64).Or(r, new(big.Int).SetUint64(a[i]))
		}
		return r
	}
	word := func() uint64 {
		switch rng.Intn(3) {
		case 0:
			return ^uint64(0) // a carry runs through it
		case 1:
			return 0
		}
		return rng.Uint64()
	}
	for iter := 0; iter < 20000; iter++ {
		var a, b Weight
		for i := range a {
			a[i], b[i] = word(), word()
		}
		v := rng.Uint64() >> uint(rng.Intn(64))
		off := uint(rng.Intn(64 * wideWords))
		if iter%7 == 0 {
			off = uint(64 * rng.Intn(wideWords))
		}
		got := a
		got.AddAt(v, off)
		want := new(big.Int).Add(toBig(a), new(big.Int).Lsh(new(big.Int).SetUint64(v), off))
		want.Mod(want, mod)
		if toBig(got).Cmp(want) != 0 {
			t.Fatalf("addAt(%#x, %d) of %x: %x, want %x", v, off, a, toBig(got), want)
		}
		if got, want := positive(&a), !a.nonpos(); got != want {
			t.Fatalf("positive(%x) = %v", a, got)
		}
		var s Weight
		sumTo(&s, &a, &b)
		want = new(big.Int).Add(toBig(a), toBig(b))
		want.Mod(want, mod)
		if toBig(s).Cmp(want) != 0 {
			t.Fatalf("sumTo of %x and %x: %x, want %x", a, b, toBig(s), want)
		}
	}
}

// sepCase is a random graph whose pairs not both inside weigh one plus
// each end's part (when compatible), as the Dutch pairing's pairs outside
// the bracket do, and the same graph written out whole.
func sepCase(rng *rand.Rand, n int) (sparse, whole Graph, edges []smallEdge) {
	const scale = 200 // the weights sit high, as the criteria's fields do
	one := int64(500 + rng.Intn(500))
	part := make([]int64, n)
	in := make([]bool, n)
	compat := make([]bool, n*n)
	w := make([][]Weight, n)
	full := make([][]Weight, n)
	for i := range w {
		w[i] = make([]Weight, n)
		full[i] = make([]Weight, n)
		part[i] = int64(rng.Intn(40))
		in[i] = rng.Intn(3) == 0
	}
	pc := 0.4 + 0.6*rng.Float64()
	for i := 0; i < n; i++ {
		for j := i + 1; j < n; j++ {
			c := rng.Float64() < pc
			compat[i*n+j], compat[j*n+i] = c, c
			if !c {
				continue
			}
			W := one + part[i] + part[j]
			if in[i] && in[j] {
				W = 1 + int64(rng.Intn(int(3*one)))
				w[i][j] = At(uint64(W), scale)
			}
			full[i][j] = At(uint64(W), scale)
			edges = append(edges, smallEdge{i, j, W})
		}
	}
	sp := &Sep{In: in, One: At(uint64(one), scale), Part: make([]Weight, n), Compat: compat, Stride: n}
	for i := range part {
		sp.Part[i] = At(uint64(part[i]), scale)
	}
	var wh []bool
	if rng.Intn(2) == 0 {
		wh = make([]bool, n)
		for i := range wh {
			wh[i] = in[i] && rng.Intn(2) == 0
		}
	}
	window := 1 + rng.Intn(3)
	return Graph{N: n, W: w, Window: window, Whole: wh, Sep: sp}, Graph{N: n, W: full, Window: n}, edges
}

// TestCertifiedSep: a matching of a graph with weights given by rows
// (Sep), solved sparse and certified by certifySep, weighs as much
// as the best one (brute force on small graphs, the whole graph matched
// at once on larger ones), from scratch and warm.
func TestCertifiedSep(t *testing.T) {
	rng := rand.New(rand.NewSource(11))
	for iter := 0; iter < 1500; iter++ {
		n := 2 + rng.Intn(10)
		if iter%3 == 0 {
			n = 12 + rng.Intn(50)
		}
		ws := &Warm{}
		for round := 0; round < 2; round++ {
			g, whole, edges := sepCase(rng, n)
			mate, _ := matchCertified(g, nil, ws)
			got := matchWeight(t, "sep", mate, edges)
			var want int64
			if n <= 11 {
				_, want = bruteForce(n, edges, false)
			} else {
				m, _ := matchCertified(whole, nil, nil)
				want = matchWeight(t, "whole", m, edges)
			}
			if got != want {
				t.Fatalf("iter %d round %d (n %d): weight %d, the best is %d", iter, round, n, got, want)
			}
		}
	}
}

// TestCertifiesPath: certifiesPath answers as the definition (slowCertifies) for every pair
// and many weights, on the end states of matchings with nested blossoms
// (odd cycles of heavy edges).
func TestCertifiesPath(t *testing.T) {
	rng := rand.New(rand.NewSource(17))
	nested, decided := 0, 0
	for iter := 0; iter < 400; iter++ {
		n := 3 + rng.Intn(30)
		var es []edge
		for i := 0; i < n; i++ {
			for j := i + 1; j < n; j++ {
				if rng.Intn(3) == 0 || j == i+1 {
					es = append(es, edge{i, j, At(uint64(1+rng.Intn(20)), 100)})
				}
			}
		}
		m := &wmatcher{nvertex: n, edges: es}
		m.run()
		bp := m.paths()
		if bp == nil {
			continue
		}
		for v := 0; v < n; v++ {
			if bp.off[v+1]-bp.off[v] > 1 {
				nested++
			}
		}
		for x := 0; x < n; x++ {
			for y := x + 1; y < n; y++ {
				for k := 0; k < 4; k++ {
					w := At(uint64(rng.Intn(45)), 100)
					if k < 2 {
						// the zone where the vertices' duals do not certify
						// the pair and its blossoms' duals may
						w = m.dualvar[x].Add(m.dualvar[y]).half().Add(At(uint64(rng.Intn(40)), 98))
					}
					if got, want := m.certifiesPath(x, y, &w, bp), slowCertifies(m, x, y, &w); got != want {
						t.Fatalf("iter %d pair %d-%d: certifiesPath %v, the definition %v", iter, x, y, got, want)
					} else if got && slackNeg(&m.dualvar[x], &m.dualvar[y], &w) {
						decided++ // certified by blossoms alone
					}
				}
			}
		}
	}
	if nested == 0 || decided == 0 {
		t.Fatalf("%d vertices in nested blossoms, %d pairs certified by blossoms: the test proves nothing", nested, decided)
	}
}

// slowCertifies is the definition certifiesPath answers: the slack of
// (i, j) with twice the dual of every blossom that holds both, found by
// walking up from each end.
func slowCertifies(m *wmatcher, i, j int, w *Weight) bool {
	if m.dualvar == nil {
		return w.NonPos()
	}
	var s Weight
	w2 := w.double()
	addsubTo(&s, &m.dualvar[i], &m.dualvar[j], &w2)
	holdsI := map[int]bool{}
	for b := m.blossomparent[i]; b != -1; b = m.blossomparent[b] {
		holdsI[b] = true
	}
	for b := m.blossomparent[j]; b != -1; b = m.blossomparent[b] {
		if holdsI[b] {
			s = s.Add(m.dualvar[b].double())
		}
	}
	return !s.neg()
}
