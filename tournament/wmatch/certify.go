package wmatch

import (
	"math/bits"
	"sort"
)

// xy is a pair of vertices, x < y.
type xy struct{ x, y int }

// certifySep appends to bad the pairs of weights given by g.Sep (not both
// rows inside) that are neither kept nor certified by m's duals.
//
// Such a pair's slack without blossoms is dual(x)+dual(y)-2(one+part(x)+
// part(y)) = a(x)+a(y)-2·one with a(v) = dual(v)-2·part(v): negative only
// for the pairs whose a sum below 2·one. With the vertices sorted by a,
// those are, for each vertex, a prefix of the ones before it, so the scan
// looks only at pairs that may fail, not at all n²/2 (blossoms only add
// to a slack, and certifiesPath then decides).
func (m *wmatcher) certifySep(g *Graph, rows []int, kept func(x, y int) bool, bp *blossomPaths, bad []xy) []xy {
	n, p := len(rows), g.Sep
	var tmp Weight
	check := func(x, y int) {
		if x > y {
			x, y = y, x
		}
		rx, ry := rows[x], rows[y]
		if p.In[rx] && p.In[ry] || kept(x, y) || !p.Compat[rx*p.Stride+ry] {
			return
		}
		if wt := g.Weight(rx, ry, &tmp); positive(wt) && !m.certifiesPath(x, y, wt, bp) {
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
	a := make([]Weight, n)
	order := make([]int, n)
	for v := range a {
		d := p.Part[rows[v]].double()
		a[v] = m.dualvar[v].Sub(d)
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
	thr := p.One.double()
	var s, t Weight
	for i := 1; i < n; i++ {
		x := order[i]
		rx := rows[x]
		for _, y := range order[:i] {
			// a(y) <= a(x): the sums grow along the prefix
			addsubTo(&s, &a[x], &a[y], &thr)
			if !s.neg() {
				break
			}
			// s is the pair's slack without blossoms (its weight, one and
			// the two parts, is positive): certified only by the
			// blossoms holding both (certifiesPath, with s known)
			ry := rows[y]
			if p.In[rx] && p.In[ry] || !p.Compat[rx*p.Stride+ry] || kept(min(x, y), max(x, y)) {
				continue
			}
			if b := bp.common(x, y); b >= 0 {
				if sumTo(&t, &s, &bp.cum[b]); !t.neg() {
					continue
				}
			}
			bad = append(bad, xy{min(x, y), max(x, y)})
		}
	}
	return bad
}

// sumTo sets s to a+b.
func sumTo(s, a, b *Weight) {
	var c uint64
	for i := 0; i < wideWords; i++ {
		s[i], c = bits.Add64(a[i], b[i], c)
	}
}

// AddAt adds v<<off to a, in place: the words below off are untouched and
// the carry goes up only as far as it must.
func (a *Weight) AddAt(v uint64, off uint) {
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

// blossomPaths are, for each vertex, the blossoms holding it from the
// outermost in, and for each blossom twice the duals of it and of the
// blossoms around it: what a pair's slack gains from the blossoms holding
// both (certifies), found without walking up from each pair.
type blossomPaths struct {
	off  []int // vertex v's blossoms are path[off[v]:off[v+1]]
	path []int
	cum  []Weight // by blossom
}

func (m *wmatcher) paths() *blossomPaths {
	if m.dualvar == nil {
		return nil
	}
	n := m.nvertex
	p := &blossomPaths{off: make([]int, n+1), cum: make([]Weight, len(m.blossomparent))}
	done := make([]bool, len(m.blossomparent))
	var chain []int
	for v := 0; v < n; v++ {
		chain = chain[:0]
		for b := m.blossomparent[v]; b != -1; b = m.blossomparent[b] {
			chain = append(chain, b)
		}
		for i := len(chain) - 1; i >= 0; i-- {
			b := chain[i]
			p.path = append(p.path, b)
			if done[b] {
				continue
			}
			done[b] = true
			p.cum[b] = m.dualvar[b].double()
			if i+1 < len(chain) {
				p.cum[b] = p.cum[b].Add(p.cum[chain[i+1]])
			}
		}
		p.off[v+1] = len(p.path)
	}
	return p
}

// certifiesPath is certifies with the blossoms' paths and sums of p.
func (m *wmatcher) certifiesPath(x, y int, w *Weight, p *blossomPaths) bool {
	if m.dualvar == nil || !slackNeg(&m.dualvar[x], &m.dualvar[y], w) {
		return m.dualvar != nil || w.NonPos()
	}
	b := p.common(x, y)
	if b < 0 {
		return false // no blossom holds both
	}
	var s Weight
	w2 := w.double()
	addsubTo(&s, &m.dualvar[x], &m.dualvar[y], &w2)
	sumTo(&s, &s, &p.cum[b])
	return !s.neg()
}

// common is the innermost blossom holding both x and y, or -1. Blossoms
// nest as a tree, so the two paths agree up to some depth and differ
// below it: a binary search for that depth (the paths are 25 deep on
// average in round 5 of 512, and a walk read them whole).
func (p *blossomPaths) common(x, y int) int {
	px, py := p.path[p.off[x]:p.off[x+1]], p.path[p.off[y]:p.off[y+1]]
	if len(px) == 0 || len(py) == 0 || px[0] != py[0] {
		return -1
	}
	// px[:lo] == py[:lo], and px[hi] != py[hi] if hi < both lengths
	lo, hi := 1, min(len(px), len(py))
	for lo < hi {
		mid := int(uint(lo+hi+1) >> 1)
		if px[mid-1] == py[mid-1] {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	return px[lo-1]
}

// positive reports *a > 0, looking from the top word down: a weight's
// highest fields are set, so it usually stops at the first word it reads.
func positive(a *Weight) bool {
	if int64(a[wideWords-1]) < 0 {
		return false
	}
	for i := wideWords - 1; i >= 0; i-- {
		if a[i] != 0 {
			return true
		}
	}
	return false
}
