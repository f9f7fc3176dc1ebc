package tournament

import (
	"slices"
	"sort"
)

// A maximum weight matching (Edmonds' blossom algorithm with dual
// variables, written for this bot) on wide weights (wint), for the Dutch
// pairing's lexicographic edge weights. Weights must be
// positive (an edge of weight zero is no edge) and the matching is of
// maximum weight, not of maximum cardinality: the pairing puts the
// completion criterion in the highest bits instead.

type wedge struct {
	I, J int
	W    wint
}

// maxWeightMatchingW returns mate[v] (or -1) of a maximum weight matching.
func maxWeightMatchingW(n int, edges []wedge) []int {
	m := &wmatcher{nvertex: n, edges: edges}
	return m.run()
}

type wmatcher struct {
	nvertex int
	edges   []wedge
	warm    *warmState // where to start from, if not nil (warmInit)
	flips   int        // vertices freed at dual zero (after a warm start)
	mark    []int      // certifies' marks of blossoms, by stamp
	cum     []wint     // certifies' sums of blossom duals (cumOK: computed)
	cumOK   []bool
	stamp   int
	w2      []wint // 2 × each edge's weight

	endpoint         []int
	neighbend        [][]int
	mate             []int
	label            []int
	labelend         []int
	inblossom        []int
	blossomparent    []int
	blossomchilds    [][]int
	blossombase      []int
	blossomendps     [][]int
	bestedge         []int
	blossombestedges [][]int
	hasBestEdges     []bool
	unused           []int
	dualvar          []wint
	allowedge        []bool
	queue            []int
	epoch            int    // vertex duals change: cached slacks are stale
	bsl              []wint // the slack of bestedge[x], as of epoch bep[x]
	bek, bep         []int
	adjOff           []int      // the edges of vertex v are adj[adjOff[v]:adjOff[v+1]]
	adj              []adjEntry // the edges of each vertex, in the order the scan reads them
	bt               []int      // addBlossom's buffers
	bts              []wint
	lv               []int
}

func (m *wmatcher) slack(k int) wint {
	var s wint
	m.slackTo(k, &s)
	return s
}

// slackTo writes the slack of edge k to s, through pointers: the hot loop
// of the matching, kept free of wide copies.
func (m *wmatcher) slackTo(k int, s *wint) {
	addsubTo(s, &m.dualvar[m.endpoint[2*k]], &m.dualvar[m.endpoint[2*k+1]], &m.w2[k])
}

// adjEntry is one edge seen from one end: the far vertex w, the endpoint
// index p (as in neighbend) and twice the weight, side by side so that the
// scan reads memory in order.
type adjEntry struct {
	w, p int32
	w2   wint
}

// bestSlack is the slack of bestedge[x], cached until the duals change.
func (m *wmatcher) bestSlack(x int) wint { return *m.bestSlackP(x) }

// bestSlackP is bestSlack without the copy.
func (m *wmatcher) bestSlackP(x int) *wint {
	k := m.bestedge[x]
	if m.bek[x] != k || m.bep[x] != m.epoch {
		m.slackTo(k, &m.bsl[x])
		m.bek[x], m.bep[x] = k, m.epoch
	}
	return &m.bsl[x]
}

func (m *wmatcher) leaves(b int, out []int) []int {
	if b < m.nvertex {
		return append(out, b)
	}
	for _, t := range m.blossomchilds[b] {
		if t < m.nvertex {
			out = append(out, t)
		} else {
			out = m.leaves(t, out)
		}
	}
	return out
}

func (m *wmatcher) assignLabel(w, t, p int) {
	for {
		b := m.inblossom[w]
		m.label[w], m.label[b] = t, t
		m.labelend[w], m.labelend[b] = p, p
		m.bestedge[w], m.bestedge[b] = -1, -1
		if t == 1 {
			m.queue = m.leaves(b, m.queue)
			return
		}
		base := m.blossombase[b]
		mb := m.mate[base]
		w, t, p = m.endpoint[mb], 1, mb^1
	}
}

func (m *wmatcher) scanBlossom(v, w int) int {
	var path []int
	base := -1
	for v != -1 || w != -1 {
		b := m.inblossom[v]
		if m.label[b]&4 != 0 {
			base = m.blossombase[b]
			break
		}
		path = append(path, b)
		m.label[b] = 5
		if m.labelend[b] == -1 {
			v = -1
		} else {
			v = m.endpoint[m.labelend[b]]
			b = m.inblossom[v]
			v = m.endpoint[m.labelend[b]]
		}
		if w != -1 {
			v, w = w, v
		}
	}
	for _, b := range path {
		m.label[b] = 1
	}
	return base
}

func (m *wmatcher) addBlossom(base, k int) {
	v, w := m.edges[k].I, m.edges[k].J
	bb := m.inblossom[base]
	bv := m.inblossom[v]
	bw := m.inblossom[w]
	b := m.unused[len(m.unused)-1]
	m.unused = m.unused[:len(m.unused)-1]
	m.blossombase[b] = base
	m.blossomparent[b] = -1
	m.blossomparent[bb] = b
	var path, endps []int
	for bv != bb {
		m.blossomparent[bv] = b
		path = append(path, bv)
		endps = append(endps, m.labelend[bv])
		v = m.endpoint[m.labelend[bv]]
		bv = m.inblossom[v]
	}
	path = append(path, bb)
	slices.Reverse(path)
	slices.Reverse(endps)
	endps = append(endps, 2*k)
	for bw != bb {
		m.blossomparent[bw] = b
		path = append(path, bw)
		endps = append(endps, m.labelend[bw]^1)
		w = m.endpoint[m.labelend[bw]]
		bw = m.inblossom[w]
	}
	m.blossomchilds[b] = path
	m.blossomendps[b] = endps
	m.label[b] = 1
	m.labelend[b] = m.labelend[bb]
	m.dualvar[b] = wint{}
	for _, v := range m.leaves(b, nil) {
		if m.label[m.inblossom[v]] == 2 {
			m.queue = append(m.queue, v)
		}
		m.inblossom[v] = b
	}
	// the least-slack edge from the new blossom to each S-blossom, in
	// buffers kept between blossoms (bt is all -1 between uses)
	if m.bt == nil {
		m.bt = make([]int, 2*m.nvertex)
		m.bts = make([]wint, 2*m.nvertex)
		for i := range m.bt {
			m.bt[i] = -1
		}
	}
	var touched []int
	consider := func(k int) {
		j := m.edges[k].J
		if m.inblossom[j] == b {
			j = m.edges[k].I
		}
		bj := m.inblossom[j]
		if bj == b || m.label[bj] != 1 {
			return
		}
		sk := m.slack(k)
		if m.bt[bj] == -1 {
			touched = append(touched, bj)
			m.bt[bj], m.bts[bj] = k, sk
		} else if sk.less(m.bts[bj]) {
			m.bt[bj], m.bts[bj] = k, sk
		}
	}
	for _, bv := range path {
		if !m.hasBestEdges[bv] {
			m.lv = m.leaves(bv, m.lv[:0])
			var sk wint
			for _, v := range m.lv {
				for x := m.adjOff[v]; x < m.adjOff[v+1]; x++ {
					a := &m.adj[x]
					bj := m.inblossom[a.w]
					if bj == b || m.label[bj] != 1 {
						continue
					}
					addsubTo(&sk, &m.dualvar[v], &m.dualvar[a.w], &a.w2)
					if m.bt[bj] == -1 {
						touched = append(touched, bj)
						m.bt[bj], m.bts[bj] = int(a.p)/2, sk
					} else if lessP(&sk, &m.bts[bj]) {
						m.bt[bj], m.bts[bj] = int(a.p)/2, sk
					}
				}
			}
		} else {
			for _, k := range m.blossombestedges[bv] {
				consider(k)
			}
		}
		m.blossombestedges[bv] = nil
		m.hasBestEdges[bv] = false
		m.bestedge[bv] = -1
	}
	sort.Ints(touched)
	best := make([]int, 0, len(touched))
	m.bestedge[b] = -1
	var bs wint
	for _, bj := range touched {
		k := m.bt[bj]
		best = append(best, k)
		if m.bestedge[b] == -1 || m.bts[bj].less(bs) {
			m.bestedge[b], bs = k, m.bts[bj]
		}
		m.bt[bj] = -1
	}
	m.blossombestedges[b] = best
	m.hasBestEdges[b] = true
}

func (m *wmatcher) expandBlossom(b int, endstage bool) {
	for _, s := range m.blossomchilds[b] {
		m.blossomparent[s] = -1
		if s < m.nvertex {
			m.inblossom[s] = s
		} else if endstage && m.dualvar[s].zero() {
			m.expandBlossom(s, endstage)
		} else {
			for _, v := range m.leaves(s, nil) {
				m.inblossom[v] = s
			}
		}
	}
	if !endstage && m.label[b] == 2 {
		childs := m.blossomchilds[b]
		endps := m.blossomendps[b]
		n := len(childs)
		at := func(j int) int { return ((j % n) + n) % n }
		entrychild := m.inblossom[m.endpoint[m.labelend[b]^1]]
		j, jstep, endptrick := walkFrom(slices.Index(childs, entrychild), n)
		p := m.labelend[b]
		for j != 0 {
			m.label[m.endpoint[p^1]] = 0
			m.label[m.endpoint[endps[at(j-endptrick)]^endptrick^1]] = 0
			m.assignLabel(m.endpoint[p^1], 2, p)
			m.allowedge[endps[at(j-endptrick)]/2] = true
			j += jstep
			p = endps[at(j-endptrick)] ^ endptrick
			m.allowedge[p/2] = true
			j += jstep
		}
		bv := childs[at(j)]
		m.label[m.endpoint[p^1]], m.label[bv] = 2, 2
		m.labelend[m.endpoint[p^1]], m.labelend[bv] = p, p
		m.bestedge[bv] = -1
		j += jstep
		for childs[at(j)] != entrychild {
			bv := childs[at(j)]
			if m.label[bv] == 1 {
				j += jstep
				continue
			}
			found := -1
			for _, v := range m.leaves(bv, nil) {
				if m.label[v] != 0 {
					found = v
					break
				}
			}
			if found >= 0 {
				v := found
				m.label[v] = 0
				m.label[m.endpoint[m.mate[m.blossombase[bv]]]] = 0
				m.assignLabel(v, 2, m.labelend[v])
			}
			j += jstep
		}
	}
	m.label[b], m.labelend[b] = -1, -1
	m.blossomchilds[b], m.blossomendps[b] = nil, nil
	m.blossombase[b] = -1
	m.blossombestedges[b] = nil
	m.hasBestEdges[b] = false
	m.bestedge[b] = -1
	m.unused = append(m.unused, b)
}

func (m *wmatcher) augmentBlossom(b, v int) {
	t := v
	for m.blossomparent[t] != b {
		t = m.blossomparent[t]
	}
	if t >= m.nvertex {
		m.augmentBlossom(t, v)
	}
	childs := m.blossomchilds[b]
	endps := m.blossomendps[b]
	n := len(childs)
	at := func(j int) int { return ((j % n) + n) % n }
	i := slices.Index(childs, t)
	j, jstep, endptrick := walkFrom(i, n)
	for j != 0 {
		j += jstep
		t = childs[at(j)]
		p := endps[at(j-endptrick)] ^ endptrick
		if t >= m.nvertex {
			m.augmentBlossom(t, m.endpoint[p])
		}
		j += jstep
		t = childs[at(j)]
		if t >= m.nvertex {
			m.augmentBlossom(t, m.endpoint[p^1])
		}
		m.mate[m.endpoint[p]] = p ^ 1
		m.mate[m.endpoint[p^1]] = p
	}
	m.blossomchilds[b] = append(append([]int{}, childs[i:]...), childs[:i]...)
	m.blossomendps[b] = append(append([]int{}, endps[i:]...), endps[:i]...)
	m.blossombase[b] = m.blossombase[m.blossomchilds[b][0]]
}

func (m *wmatcher) augmentMatching(k int) {
	v, w := m.edges[k].I, m.edges[k].J
	m.augmentFrom(v, 2*k+1)
	m.augmentFrom(w, 2*k)
}

// augmentFrom matches s to the endpoint p (or leaves it free, p == -1)
// and flips the alternating path from s up to the root of its tree.
func (m *wmatcher) augmentFrom(s, p int) {
	for {
		bs := m.inblossom[s]
		if bs >= m.nvertex {
			m.augmentBlossom(bs, s)
		}
		m.mate[s] = p
		if m.labelend[bs] == -1 {
			break
		}
		t := m.endpoint[m.labelend[bs]]
		bt := m.inblossom[t]
		s = m.endpoint[m.labelend[bt]]
		j := m.endpoint[m.labelend[bt]^1]
		if bt >= m.nvertex {
			m.augmentBlossom(bt, j)
		}
		m.mate[j] = m.labelend[bt]
		p = m.labelend[bt] ^ 1
	}
}

func (m *wmatcher) run() []int {
	n := m.nvertex
	mate := make([]int, n)
	for i := range mate {
		mate[i] = -1
	}
	if n == 0 || len(m.edges) == 0 {
		return mate
	}
	var maxweight wint
	for _, e := range m.edges {
		if maxweight.less(e.W) {
			maxweight = e.W
		}
	}
	m.endpoint = make([]int, 2*len(m.edges))
	m.w2 = make([]wint, len(m.edges))
	for k, e := range m.edges {
		m.w2[k] = e.W.double()
	}
	m.neighbend = make([][]int, n)
	for k, e := range m.edges {
		m.endpoint[2*k] = e.I
		m.endpoint[2*k+1] = e.J
		m.neighbend[e.I] = append(m.neighbend[e.I], 2*k+1)
		m.neighbend[e.J] = append(m.neighbend[e.J], 2*k)
	}
	m.adjOff = make([]int, n+1)
	for v := 0; v < n; v++ {
		m.adjOff[v+1] = m.adjOff[v] + len(m.neighbend[v])
	}
	m.adj = make([]adjEntry, 2*len(m.edges))
	for v := 0; v < n; v++ {
		for x, p := range m.neighbend[v] {
			m.adj[m.adjOff[v]+x] = adjEntry{w: int32(m.endpoint[p]), p: int32(p), w2: m.w2[p/2]}
		}
	}
	m.mate = make([]int, n)
	m.label = make([]int, 2*n)
	m.labelend = make([]int, 2*n)
	m.inblossom = make([]int, n)
	m.blossomparent = make([]int, 2*n)
	m.blossomchilds = make([][]int, 2*n)
	m.blossombase = make([]int, 2*n)
	m.blossomendps = make([][]int, 2*n)
	m.bestedge = make([]int, 2*n)
	m.blossombestedges = make([][]int, 2*n)
	m.hasBestEdges = make([]bool, 2*n)
	m.dualvar = make([]wint, 2*n)
	m.bsl = make([]wint, 2*n)
	m.bek = make([]int, 2*n)
	m.bep = make([]int, 2*n)
	for i := range m.bek {
		m.bek[i] = -1
	}
	m.allowedge = make([]bool, len(m.edges))
	for v := 0; v < n; v++ {
		m.mate[v] = -1
		m.inblossom[v] = v
		m.dualvar[v] = maxweight
	}
	if m.warm != nil {
		m.warmInit()
	}
	for b := 0; b < 2*n; b++ {
		m.labelend[b] = -1
		m.blossomparent[b] = -1
		m.bestedge[b] = -1
		if b < n {
			m.blossombase[b] = b
		} else {
			m.blossombase[b] = -1
		}
	}
	for b := 2*n - 1; b >= n; b-- {
		m.unused = append(m.unused, b)
	}

	// from scratch a stage augments or ends the run (at most n/2+1);
	// from a warm start a stage may also free a vertex whose dual reached
	// zero (at most n more)
	for stage := 0; stage < 4*n+4; stage++ {
		for i := range m.label {
			m.label[i] = 0
			m.bestedge[i] = -1
			if m.warm != nil {
				m.labelend[i] = -1
			}
		}
		for b := n; b < 2*n; b++ {
			m.blossombestedges[b] = nil
			m.hasBestEdges[b] = false
		}
		for i := range m.allowedge {
			m.allowedge[i] = false
		}
		m.queue = m.queue[:0]
		roots := false
		for v := 0; v < n; v++ {
			// a free vertex whose dual is zero is done (only after a warm
			// start: from scratch, free vertices reach zero together, at
			// the end)
			if m.mate[v] == -1 && m.label[m.inblossom[v]] == 0 && !m.dualvar[v].nonposP() {
				m.assignLabel(v, 1, -1)
				roots = true
			}
		}
		if !roots {
			break
		}
		augmented := false
		for {
			for len(m.queue) > 0 && !augmented {
				v := m.queue[len(m.queue)-1]
				m.queue = m.queue[:len(m.queue)-1]
				var kslack wint
				dv := &m.dualvar[v]
				for x := m.adjOff[v]; x < m.adjOff[v+1]; x++ {
					a := &m.adj[x]
					w := int(a.w)
					bw := m.inblossom[w]
					if m.inblossom[v] == bw {
						continue
					}
					if m.label[bw] == 2 && m.label[w] != 0 {
						// a T-vertex already labelled: the edge would
						// change nothing (neither a label nor a best
						// edge), tight or not
						continue
					}
					p := int(a.p)
					k := p / 2
					if !m.allowedge[k] {
						addsubTo(&kslack, dv, &m.dualvar[w], &a.w2)
						if kslack.nonposP() {
							m.allowedge[k] = true
						}
					}
					if m.allowedge[k] {
						switch {
						case m.label[m.inblossom[w]] == 0 && m.mate[m.blossombase[m.inblossom[w]]] == -1:
							// a free vertex done (dual zero, after a warm
							// start): an augmenting path
							m.augmentMatching(k)
							augmented = true
						case m.label[m.inblossom[w]] == 0:
							m.assignLabel(w, 2, p^1)
						case m.label[m.inblossom[w]] == 1:
							base := m.scanBlossom(v, w)
							if base >= 0 {
								m.addBlossom(base, k)
							} else {
								m.augmentMatching(k)
								augmented = true
							}
						case m.label[w] == 0:
							m.label[w] = 2
							m.labelend[w] = p ^ 1
						}
						if augmented {
							break
						}
					} else if m.label[m.inblossom[w]] == 1 {
						b := m.inblossom[v]
						if m.bestedge[b] == -1 || lessP(&kslack, m.bestSlackP(b)) {
							m.bestedge[b] = k
						}
					} else if m.label[w] == 0 {
						if m.bestedge[w] == -1 || lessP(&kslack, m.bestSlackP(w)) {
							m.bestedge[w] = k
						}
					}
				}
			}
			if augmented {
				break
			}
			deltatype := -1
			var delta wint
			deltaedge, deltablossom := -1, -1
			// type 1: the least dual of an S-vertex (from scratch the free
			// vertices hold the least dual of all vertices, so the same)
			deltatype = 1
			zeroed := -1
			for v := 0; v < n; v++ {
				if m.label[m.inblossom[v]] == 1 && (zeroed == -1 || lessP(&m.dualvar[v], &delta)) {
					delta, zeroed = m.dualvar[v], v
				}
			}
			for v := 0; v < n; v++ {
				if m.label[m.inblossom[v]] == 0 && m.bestedge[v] != -1 {
					d := m.bestSlack(v)
					if deltatype == -1 || d.less(delta) {
						delta, deltatype, deltaedge = d, 2, m.bestedge[v]
					}
				}
			}
			for b := 0; b < 2*n; b++ {
				if m.blossomparent[b] == -1 && m.label[b] == 1 && m.bestedge[b] != -1 {
					d := m.bestSlack(b).half()
					if deltatype == -1 || d.less(delta) {
						delta, deltatype, deltaedge = d, 3, m.bestedge[b]
					}
				}
			}
			for b := n; b < 2*n; b++ {
				if m.blossombase[b] >= 0 && m.blossomparent[b] == -1 && m.label[b] == 2 && (deltatype == -1 || m.dualvar[b].less(delta)) {
					delta, deltatype, deltablossom = m.dualvar[b], 4, b
				}
			}
			m.epoch++
			for v := 0; v < n; v++ {
				switch m.label[m.inblossom[v]] {
				case 1:
					m.dualvar[v] = m.dualvar[v].sub(delta)
				case 2:
					m.dualvar[v] = m.dualvar[v].add(delta)
				}
			}
			for b := n; b < 2*n; b++ {
				if m.blossombase[b] >= 0 && m.blossomparent[b] == -1 {
					switch m.label[b] {
					case 1:
						m.dualvar[b] = m.dualvar[b].add(delta)
					case 2:
						m.dualvar[b] = m.dualvar[b].sub(delta)
					}
				}
			}
			if deltatype == 1 {
				// the roots' duals are zero: optimal. Otherwise (only
				// after a warm start) a matched S-vertex's dual is: it
				// gives its mate up, the path to its root flips, and it
				// stays free.
				done := zeroed == -1
				for v := 0; v < n && !done; v++ {
					done = m.mate[v] == -1 && m.label[m.inblossom[v]] == 1 && m.dualvar[v].zero()
				}
				if !done {
					m.flips++
					m.augmentFrom(zeroed, -1)
					augmented = true
				}
				break
			}
			switch deltatype {
			case 2:
				m.allowedge[deltaedge] = true
				i, j := m.edges[deltaedge].I, m.edges[deltaedge].J
				if m.label[m.inblossom[i]] == 0 {
					i, j = j, i
				}
				_ = j
				m.queue = append(m.queue, i)
			case 3:
				m.allowedge[deltaedge] = true
				m.queue = append(m.queue, m.edges[deltaedge].I)
			case 4:
				m.expandBlossom(deltablossom, false)
			}
		}
		if !augmented {
			break
		}
		for b := n; b < 2*n; b++ {
			if m.blossomparent[b] == -1 && m.blossombase[b] >= 0 && m.label[b] == 1 && m.dualvar[b].zero() {
				m.expandBlossom(b, true)
			}
		}
	}
	for v := 0; v < n; v++ {
		if m.mate[v] >= 0 {
			mate[v] = m.endpoint[m.mate[v]]
		}
	}
	return mate
}

// certifies reports whether the edge (i, j) of weight w has a nonnegative
// slack under the duals the matching ended with, counting the duals of the
// blossoms that hold both ends: if every edge left out of the graph
// does, the matching is of maximum weight on the graph with them too (LP
// duality: matched edges are tight, unmatched vertices have dual zero,
// blossoms with a positive dual are full).
func (m *wmatcher) certifies(i, j int, w wint) bool { return m.certifiesP(i, j, &w) }

// certifiesP is certifies through a pointer.
func (m *wmatcher) certifiesP(i, j int, w *wint) bool {
	if m.dualvar == nil {
		return w.nonposP()
	}
	if !slackNeg(&m.dualvar[i], &m.dualvar[j], w) {
		return true
	}
	var s wint
	w2 := w.double()
	addsubTo(&s, &m.dualvar[i], &m.dualvar[j], &w2)
	if m.blossomparent[i] == -1 || m.blossomparent[j] == -1 || m.inblossom[i] != m.inblossom[j] {
		return false // no blossom holds both
	}
	// the blossoms holding both: the lowest common one and those above
	if m.mark == nil {
		m.mark = make([]int, len(m.blossomparent))
	}
	m.stamp++
	for b := m.blossomparent[i]; b != -1; b = m.blossomparent[b] {
		m.mark[b] = m.stamp
	}
	b := m.blossomparent[j]
	for b != -1 && m.mark[b] != m.stamp {
		b = m.blossomparent[b]
	}
	if m.cum == nil {
		// twice the duals of each blossom and those above it
		m.cum = make([]wint, len(m.blossomparent))
		m.cumOK = make([]bool, len(m.blossomparent))
	}
	var chain []int
	for c := b; c != -1 && !m.cumOK[c]; c = m.blossomparent[c] {
		chain = append(chain, c)
	}
	for x := len(chain) - 1; x >= 0; x-- {
		c := chain[x]
		m.cum[c] = m.dualvar[c].double()
		if p := m.blossomparent[c]; p != -1 {
			m.cum[c] = m.cum[c].add(m.cum[p])
		}
		m.cumOK[c] = true
	}
	s = s.add(m.cum[b])
	return !s.neg()
}

// certGraph is the graph matchCertified matches: vertex x is row id[x]
// of the weight matrix w (x itself if id is nil), the pairs of positive
// weight are its edges, and the first matching takes those at most window
// apart, and all those between two rows that whole marks. With sep, the
// weights of the pairs not both inside sep.in are sep's, not w's.
type certGraph struct {
	n      int
	w      [][]wint
	id     []int
	window int
	whole  []bool
	sep    *sepWeights
	// with pos, the weight of rows r and s is bw[pos[s]][pos[r]] (the
	// larger position first) instead of w[r][s]
	pos []int
	bw  [][]wint
}

// sepWeights are weights given by their rows alone: a compatible pair
// weighs one plus each row's part, another nothing. The Dutch pairing's
// pairs outside the bracket are such (completion and C9 only), so that
// they are neither written for each bracket nor certified one by one.
type sepWeights struct {
	in     []bool // by row: the pairs of two rows in are read from w
	one    wint
	part   []wint // by row
	compat []bool // by row*stride + row
	stride int
}

func (g *certGraph) row(x int) int {
	if g.id == nil {
		return x
	}
	return g.id[x]
}

// weight is the weight of rows r < s: in w, or else written to tmp.
func (g *certGraph) weight(r, s int, tmp *wint) *wint {
	if p := g.sep; p != nil && !(p.in[r] && p.in[s]) {
		if !p.compat[r*p.stride+s] {
			*tmp = wint{}
		} else {
			add3To(tmp, &p.one, &p.part[r], &p.part[s])
		}
		return tmp
	}
	if g.pos != nil {
		p, q := g.pos[r], g.pos[s]
		if p > q {
			p, q = q, p
		}
		return &g.bw[q][p]
	}
	return &g.w[r][s]
}

// matchCertified returns a maximum weight matching of g. It solves the
// graph of the edges kept first, then adds every edge left out that the
// duals do not certify (certifies) and solves again, until all are: the
// result is then optimal on the whole graph. buf is reused for the edge
// list, and returned.
//
// With ws, the first matching starts from ws if it is usable (warmInit),
// each next one from the last, and ws ends with the last one's state.
func matchCertified(g certGraph, buf []wedge, ws *warmState) ([]int, []wedge) {
	n := g.n
	rows := make([]int, n)
	var whole []int // the positions of the rows whole marks
	for x := range rows {
		rows[x] = g.row(x)
		if g.whole != nil && g.whole[rows[x]] {
			whole = append(whole, x)
		}
	}
	isWhole := func(x int) bool { return g.whole != nil && g.whole[rows[x]] }
	var tmp wint
	es := buf[:0]
	wi := 0 // whole[wi:] are the whole positions beyond x's window
	for x := 0; x < n; x++ {
		lim := min(n, x+1+g.window)
		for y := x + 1; y < lim; y++ {
			if wt := g.weight(rows[x], rows[y], &tmp); !wt.nonposP() {
				es = append(es, wedge{x, y, *wt})
			}
		}
		if !isWhole(x) {
			continue
		}
		for wi < len(whole) && whole[wi] < lim {
			wi++
		}
		for _, y := range whole[wi:] {
			if wt := g.weight(rows[x], rows[y], &tmp); !wt.nonposP() {
				es = append(es, wedge{x, y, *wt})
			}
		}
	}
	// the pairs read from w (all without sep): certified one by one
	var inside []int
	for x := 0; x < n; x++ {
		if g.sep == nil || g.sep.in[rows[x]] {
			inside = append(inside, x)
		}
	}
	var added []bool // by x*n+y
	kept := func(x, y int) bool {
		return y-x <= g.window || isWhole(x) && isWhole(y) || added != nil && added[x*n+y]
	}
	var bad []xy
	for {
		m := &wmatcher{nvertex: n, edges: es}
		if ws.usable(n) {
			m.warm = ws
		}
		mate := m.run()
		if ws != nil {
			m.warmOut(ws)
		}
		bad = bad[:0]
		top := m.topDuals()
		for a, x := range inside {
			for _, y := range inside[a+1:] {
				if kept(x, y) {
					continue
				}
				if wt := g.weight(rows[x], rows[y], &tmp); !wt.nonposP() && !m.certifiesTop(x, y, wt, top) {
					bad = append(bad, xy{x, y})
				}
			}
		}
		if g.sep != nil {
			bad = m.certifySep(&g, rows, kept, top, bad)
		}
		if len(bad) == 0 {
			return mate, es
		}
		// in the order of the pairs, as a scan of every pair adds them
		sort.Slice(bad, func(a, b int) bool {
			if bad[a].x != bad[b].x {
				return bad[a].x < bad[b].x
			}
			return bad[a].y < bad[b].y
		})
		if added == nil {
			added = make([]bool, n*n)
		}
		for _, p := range bad {
			added[p.x*n+p.y] = true
			es = append(es, wedge{p.x, p.y, *g.weight(rows[p.x], rows[p.y], &tmp)})
		}
	}
}

// warmState is where a matching starts from and what it ends with: the
// vertex duals (each with the duals of the blossoms holding it added) and
// the mates (vertex or -1).
type warmState struct {
	dual []wint
	mate []int
}

// warmTop: a warm start is refused when a dual has reached this (the
// weights' own bits stay far below it).
var warmTop = at(1, wideBits-8)

// usable reports whether ws holds a start for n vertices.
func (ws *warmState) usable(n int) bool {
	if ws == nil || len(ws.dual) != n || len(ws.mate) != n {
		return false
	}
	for v := range ws.dual {
		if ws.dual[v].neg() || !ws.dual[v].less(warmTop) {
			return false
		}
	}
	return true
}

// warmInit starts the matching from m.warm instead of from nothing. The
// state it sets up is one the algorithm keeps at the start of every stage:
// every slack nonnegative (an edge whose slack is negative under the new
// weights raises the dual of one end, which then gives up its mate),
// every matched edge tight (the others are unmatched), no blossom, and the
// free vertices of positive dual (the roots) sharing one dual, the
// largest of theirs (raising a dual only raises slacks). A free vertex of
// dual zero is done: it is no root, and a tree reaching it augments.
// Roots sharing their dual keeps the slacks between trees even, so that
// halving them stays exact.
func (m *wmatcher) warmInit() {
	n := m.nvertex
	ws := m.warm
	copy(m.dualvar[:n], ws.dual)
	for v := 0; v < n; v++ {
		w := ws.mate[v]
		if w <= v || w >= n || ws.mate[w] != v {
			continue
		}
		for _, p := range m.neighbend[v] {
			if m.endpoint[p] != w {
				continue
			}
			if m.slack(p / 2).zero() {
				m.mate[v], m.mate[w] = p, p^1
			}
			break
		}
	}
	unmatch := func(v int) {
		if p := m.mate[v]; p >= 0 {
			m.mate[m.endpoint[p]] = -1
			m.mate[v] = -1
		}
	}
	for k := range m.edges {
		sk := m.slack(k)
		if !sk.neg() {
			continue
		}
		i, j := m.edges[k].I, m.edges[k].J
		if m.mate[i] != -1 && m.mate[j] == -1 {
			i = j
		}
		m.dualvar[i] = m.dualvar[i].sub(sk)
		unmatch(i)
	}
	var top wint
	for v := 0; v < n; v++ {
		if m.mate[v] == -1 && top.less(m.dualvar[v]) {
			top = m.dualvar[v]
		}
	}
	for v := 0; v < n; v++ {
		if m.mate[v] == -1 && !m.dualvar[v].nonpos() {
			m.dualvar[v] = top
		}
	}
}

// warmOut is the state the matching ended with, for the next one.
func (m *wmatcher) warmOut(ws *warmState) {
	n := m.nvertex
	ws.dual = append(ws.dual[:0], make([]wint, n)...)
	ws.mate = append(ws.mate[:0], make([]int, n)...)
	for v := 0; v < n; v++ {
		ws.mate[v] = -1
		if m.dualvar == nil {
			continue
		}
		d := m.dualvar[v]
		for b := m.blossomparent[v]; b != -1; b = m.blossomparent[b] {
			d = d.add(m.dualvar[b])
		}
		ws.dual[v] = d
		if p := m.mate[v]; p >= 0 {
			ws.mate[v] = m.endpoint[p]
		}
	}
}

// walkFrom is where a walk round a blossom's children starts from child
// j of n, and its direction: from an odd child forwards (j-n counting up
// to 0), from an even one backwards; endptrick picks the edge's endpoint
// the walk crosses.
func walkFrom(j, n int) (start, jstep, endptrick int) {
	if j&1 != 0 {
		return j - n, 1, 0
	}
	return j, -1, 1
}
