package tournament

import (
	"math/bits"
	"sort"
)

// xy is a pair of vertices, x < y.
type xy struct{ x, y int }

// certifySep appends to bad the pairs of weights given by g.sep (not both
// rows inside) that are neither kept nor certified by m's duals.
//
// Such a pair's slack without blossoms is dual(x)+dual(y)-2(one+part(x)+
// part(y)) = a(x)+a(y)-2·one with a(v) = dual(v)-2·part(v): negative only
// for the pairs whose a sum below 2·one. With the vertices sorted by a,
// those are, for each vertex, a prefix of the ones before it, so the scan
// looks only at pairs that may fail, not at all n²/2 (blossoms only add
// to a slack, and certifiesP then decides).
func (m *wmatcher) certifySep(g *certGraph, rows []int, kept func(x, y int) bool, top []wint, bad []xy) []xy {
	n, p := len(rows), g.sep
	var tmp wint
	check := func(x, y int) {
		if x > y {
			x, y = y, x
		}
		rx, ry := rows[x], rows[y]
		if p.in[rx] && p.in[ry] || kept(x, y) || !p.compat[rx*p.stride+ry] {
			return
		}
		if wt := g.weight(rx, ry, &tmp); !wt.nonposP() && !m.certifiesTop(x, y, wt, top) {
			bad = append(bad, xy{x, y})
		}
	}
	if m.dualvar == nil {
		for x := 0; x < n; x++ {
			for y := x + 1; y < n; y++ {
				check(x, y)
			}
		}
		return bad
	}
	a := make([]wint, n)
	order := make([]int, n)
	for v := range a {
		d := p.part[rows[v]].double()
		a[v] = m.dualvar[v].sub(d)
		order[v] = v
	}
	sort.Slice(order, func(i, j int) bool {
		if lessP(&a[order[i]], &a[order[j]]) {
			return true
		}
		if lessP(&a[order[j]], &a[order[i]]) {
			return false
		}
		return order[i] < order[j]
	})
	thr := p.one.double()
	var s, s2 wint
	for i := 1; i < n; i++ {
		x := order[i]
		for _, y := range order[:i] {
			// a(y) <= a(x): the sums grow along the prefix
			addsubTo(&s, &a[x], &a[y], &thr)
			if !s.neg() {
				break
			}
			if b := m.inblossom[x]; b != x && b == m.inblossom[y] {
				if sumTo(&s2, &s, &top[x]); !s2.neg() {
					continue
				}
			}
			check(x, y)
		}
	}
	return bad
}

// sumTo sets s to a+b.
func sumTo(s, a, b *wint) {
	var c uint64
	for i := 0; i < wideWords; i++ {
		s[i], c = bits.Add64(a[i], b[i], c)
	}
}

// addAt adds v<<off to a, in place: the words below off are untouched and
// the carry goes up only as far as it must.
func (a *wint) addAt(v uint64, off uint) {
	w, s := int(off/64), off%64
	if w >= wideWords || v == 0 {
		return
	}
	hi := uint64(0)
	if s != 0 {
		hi = v >> (64 - s)
	}
	var c uint64
	a[w], c = bits.Add64(a[w], v<<s, 0)
	for i := w + 1; i < wideWords; i++ {
		if c == 0 && hi == 0 {
			return
		}
		a[i], c = bits.Add64(a[i], hi, c)
		hi = 0
	}
}

// topDuals is twice the dual of each vertex's outermost blossom (zero
// for a vertex in none): a pair in one outermost blossom has at least
// that much more slack than its vertices' duals give.
func (m *wmatcher) topDuals() []wint {
	if m.dualvar == nil {
		return nil
	}
	top := make([]wint, m.nvertex)
	for v := range top {
		if b := m.inblossom[v]; b != v && b >= 0 {
			top[v] = m.dualvar[b].double()
		}
	}
	return top
}

// certifiesTop is certifiesP, first trying the bound of topDuals (most
// pairs in a blossom are certified by its outermost dual alone).
func (m *wmatcher) certifiesTop(x, y int, w *wint, top []wint) bool {
	if m.dualvar == nil || !slackNeg(&m.dualvar[x], &m.dualvar[y], w) {
		return m.dualvar != nil || w.nonposP()
	}
	if b := m.inblossom[x]; b != x && b == m.inblossom[y] {
		var s wint
		w2 := w.double()
		addsubTo(&s, &m.dualvar[x], &m.dualvar[y], &w2)
		if sumTo(&s, &s, &top[x]); !s.neg() {
			return true
		}
	}
	return m.certifiesP(x, y, w)
}
