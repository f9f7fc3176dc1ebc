package wmatch

import (
	"math/bits"
	"slices"
	"sort"
	"sync"
)

// Match returns a maximum weight matching of g: mate[x] is the vertex x
// is matched with, or -1. With ws, the matching starts from ws where it
// is usable (the end of a matching of the same vertices on other
// weights), and ws ends with this one's duals and mates, for the next.
func Match(g Graph, ws *Warm) []int {
	mate, _ := matchCertified(g, nil, ws)
	return mate
}

// edge is an edge of the graph a wmatcher matches.
type edge struct {
	I, J int
	W    Weight
}

// maxWeightMatchingW returns mate[v] (or -1) of a maximum weight matching.
func maxWeightMatchingW(n int, edges []edge) []int {
	m := &wmatcher{nvertex: n, edges: edges}
	return m.run()
}

// wcounts counts what the matching did, for the tests.
type wcounts struct {
	kept     int // augmentations that left other trees standing
	stale    int // best edges found stale by lazyDelta
	promoted int // of those, replaced by a next best edge that held
	rescans  int // S-vertices whose edges were read again (rescanSS)
	fromS    int // trees taken down whose best edges were read from the S-vertices (bestFromS)
	crossed  int // of all trees taken down, those whose best edges were read both ways (crossCheck)
	crossBad int // and found different
	rootBad  int // vertices whose tree troot and treeRoot disagree on (crossCheck)
	actMiss  int // vertices labelled or with a best edge but not in act (checkAct)
	minBad   int // dual steps where minS was not the S-vertex of least dual (checkAct)
}

type wmatcher struct {
	nvertex int
	edges   []edge
	warm    *Warm // where to start from, if not nil (warmInit)
	// crossCheck (for the tests): the best edges of the vertices of trees
	// taken down are read both ways (bestFromS, bestToSFree) and compared
	crossCheck bool
	flips      int      // vertices freed at dual zero (after a warm start)
	w2         []Weight // 2 × each edge's weight

	endpoint      []int
	mate          []int
	label         []int
	labelend      []int
	inblossom     []int
	blossomparent []int
	blossomchilds [][]int
	blossombase   []int
	blossomendps  [][]int
	bestedge      []int
	unused        []int
	dualvar       []Weight
	allowAt       []uint32 // edge k is allowed (tight, found so) if allowAt[k] is above afloor and disAt of both ends (allowed)
	disAt         []uint32 // by vertex: when its tree was last taken down (augmentKeep)
	astamp        uint32   // the clock of allowAt and disAt
	afloor        uint32   // when the stage began
	queue         []int
	bsl           []Weight // the slack of bestedge[x], or a lower bound of it (lazyDelta)
	bkE           []int    // by S-vertex v, bkN[v] more best edges (bkE[v*bkK:]) after bestedge[v], by slack
	bkKey         []Weight // their slacks plus dsum2 when found (the slack is bkKey - dsum2 while both ends stay S)
	bkN           []int
	bkMore        []bool // v had more edges to S-vertices than it keeps
	dsum2         Weight // twice the sum of the dual changes so far
	counts        wcounts
	adjOff        []int      // the edges of vertex v are adj[adjOff[v]:adjOff[v+1]]
	adj           []adjEntry // the edges of each vertex, in the order the scan reads them
	lvA, lvE      []int      // addBlossom's and expandBlossom's leaves
	sbuf          Weight     // slackP's
	dis           []int      // augmentKeep's: the vertices of the trees dissolved
	rootOf        []int      // treeRoot's memo, valid where rootStamp is rstamp
	troot         []int      // by labelled top-level blossom: the free vertex at the root of its tree
	rootStamp     []int
	rstamp        int
	lsS, lsT, lsF []int // lazyDelta's vertices by label: S, T, none with a best edge
	lsB           []int // and the labelled top-level blossoms
	bmark         []int // unlabelBlossoms' marks (bm)
	bhi           int   // the blossoms ever used are below this
	bm            int
	fill          []int // run's, while it lists the edges by vertex
	bp            blossomPaths
	bpDone        []bool
	wcum          []Weight // warmOut's
	bpTop, bpIn   []int    // by vertex: its outermost and innermost blossoms, or -1 (pathsKept)
	arrays        wmArrays // kept for the next matcher (wmPool)
	// act holds (a bit by vertex) every vertex that is labelled (its
	// top-level blossom is) or has a best edge, and maybe others: the
	// loops over the trees and the dual steps read it instead of every
	// vertex. A vertex joins when it is labelled or given a best edge and
	// leaves when lazyDelta finds it neither.
	act []uint64
	// checkAct (for the tests): lazyDelta counts the vertices act misses,
	// and checks minS
	checkAct bool
	// minS is the S-vertex of least dual (the first of them), kept from
	// one dual step to the next while minSok: every S-vertex's dual moves
	// alike, a new S-vertex is compared with it as it is labelled
	// (offerS), and one that leaves unsets minSok
	minS   int
	minSok bool
}

// grown is s with length n, every element zero: s's own array when it is
// large enough (a matcher reused, matchCertified), else a new one.
func grown[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	s = s[:n]
	clear(s)
	return s
}

// offerS compares new S-vertex v with minS.
func (m *wmatcher) offerS(v int) {
	if !m.minSok {
		return
	}
	if u := m.minS; u == -1 || lessP(&m.dualvar[v], &m.dualvar[u]) || v < u && m.dualvar[v] == m.dualvar[u] {
		m.minS = v
	}
}

// activate adds vertex v to act.
func (m *wmatcher) activate(v int) { m.act[v>>6] |= 1 << uint(v&63) }

// activateLeaves adds the vertices of blossom b to act.
func (m *wmatcher) activateLeaves(b int) {
	if b < m.nvertex {
		m.activate(b)
		return
	}
	for _, t := range m.blossomchilds[b] {
		m.activateLeaves(t)
	}
}

func (m *wmatcher) slack(k int) Weight {
	var s Weight
	m.slackTo(k, &s)
	return s
}

// slackTo writes the slack of edge k to s, through pointers: the hot loop
// of the matching, kept free of wide copies.
func (m *wmatcher) slackTo(k int, s *Weight) {
	addsubTo(s, &m.dualvar[m.endpoint[2*k]], &m.dualvar[m.endpoint[2*k+1]], &m.w2[k])
}

// adjEntry is one edge seen from one end: the far vertex w and the
// endpoint index p (endpoint[p] is w; the edge is p/2, its doubled
// weight w2[p/2]). Eight bytes, so that the loops that pass most edges
// by on their far end's label read little memory.
type adjEntry struct {
	w, p int32
}

// bestSlackP is the slack kept for bestedge[x] (see bsl).
func (m *wmatcher) bestSlackP(x int) *Weight { return &m.bsl[x] }

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
		if p == -1 {
			m.troot[b] = w // a root
		} else {
			m.troot[b] = m.troot[m.inblossom[m.endpoint[p]]]
		}
		if t == 1 {
			q := len(m.queue)
			m.queue = m.leaves(b, m.queue)
			for _, v := range m.queue[q:] {
				m.activate(v)
				m.offerS(v)
			}
			return
		}
		m.activateLeaves(b)
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
	v, w := m.endpoint[2*k], m.endpoint[2*k+1]
	bb := m.inblossom[base]
	bv := m.inblossom[v]
	bw := m.inblossom[w]
	b := m.unused[len(m.unused)-1]
	m.bhi = max(m.bhi, b+1)
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
	m.troot[b] = m.troot[bb]
	m.labelend[b] = m.labelend[bb]
	m.dualvar[b] = Weight{}
	m.lvA = m.leaves(b, m.lvA[:0])
	for _, v := range m.lvA {
		if m.label[m.inblossom[v]] == 2 {
			m.queue = append(m.queue, v)
			m.inblossom[v] = b
			m.offerS(v) // a T-vertex now S
			continue
		}
		m.inblossom[v] = b
	}
	// no best edges to merge: those of the S-vertices are kept by vertex
	// (see lazyDelta), and those now inside b are found out when read
	for _, bv := range path {
		if bv >= m.nvertex {
			m.bestedge[bv] = -1
		}
	}
	m.bestedge[b] = -1
}

func (m *wmatcher) expandBlossom(b int, endstage bool) {
	for _, s := range m.blossomchilds[b] {
		m.blossomparent[s] = -1
		if s < m.nvertex {
			m.inblossom[s] = s
		} else if endstage && m.dualvar[s].IsZero() {
			m.expandBlossom(s, endstage)
		} else {
			m.lvE = m.leaves(s, m.lvE[:0])
			for _, v := range m.lvE {
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
			m.allow(endps[at(j-endptrick)] / 2)
			j += jstep
			p = endps[at(j-endptrick)] ^ endptrick
			m.allow(p / 2)
			j += jstep
		}
		bv := childs[at(j)]
		m.label[m.endpoint[p^1]], m.label[bv] = 2, 2
		m.troot[bv] = m.troot[b]
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
			m.lvE = m.leaves(bv, m.lvE[:0])
			for _, v := range m.lvE {
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
	v, w := m.endpoint[2*k], m.endpoint[2*k+1]
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

// run matches the graph (the edges listed in m.edges, or those addEdge
// gave it) and returns mate[v], or -1. It leaves the duals and blossoms
// of the end in m, for the certification.
func (m *wmatcher) run() []int {
	n := m.nvertex
	mate := make([]int, n)
	for i := range mate {
		mate[i] = -1
	}
	if m.edges != nil {
		m.listEdges()
	}
	if n == 0 || len(m.w2) == 0 {
		m.dualvar = nil // no duals: nothing to certify with
		return mate
	}
	maxweight := m.maxHalfWeight()
	m.buildAdjacency()
	m.initState(maxweight)

	// a stage grows the trees of every free vertex and augments as it
	// finds paths, taking down only the two trees each path joins
	// (augmentKeep); it ends when the roots' duals reach zero (the end),
	// or, after a warm start, when a vertex is freed at dual zero (at most
	// n times)
	for stage := 0; stage < 4*n+4; stage++ {
		if !m.startStage() {
			break
		}
		augmented, kept := m.growTrees()
		if !augmented && !kept {
			break
		}
		m.expandZeroSBlossoms()
	}
	for v := 0; v < n; v++ {
		if m.mate[v] >= 0 {
			mate[v] = m.endpoint[m.mate[v]]
		}
	}
	return mate
}

// listEdges writes the edges of m.edges (maxWeightMatchingW, the tests)
// as the matcher keeps them: their ends and doubled weights.
func (m *wmatcher) listEdges() {
	m.endpoint = grown(m.endpoint, 2*len(m.edges))
	m.w2 = grown(m.w2, len(m.edges))
	for k := range m.edges {
		e := &m.edges[k]
		sumTo2(&m.w2[k], &e.W, &e.W)
		m.endpoint[2*k] = e.I
		m.endpoint[2*k+1] = e.J
	}
}

// maxHalfWeight is the largest edge weight (half the largest of w2), or
// zero: every vertex's dual from scratch.
func (m *wmatcher) maxHalfWeight() Weight {
	var maxweight Weight
	mk := 0
	for k := range m.w2 {
		if lessP(&m.w2[mk], &m.w2[k]) {
			mk = k
		}
	}
	if !m.w2[mk].neg() {
		maxweight = m.w2[mk].half()
	}
	return maxweight
}

// buildAdjacency lists each vertex's edges (adj, adjOff) in the order of
// the edge list, counted first.
func (m *wmatcher) buildAdjacency() {
	n, ne := m.nvertex, len(m.w2)
	m.adjOff = grown(m.adjOff, n+1)
	for k := 0; k < ne; k++ {
		m.adjOff[m.endpoint[2*k]+1]++
		m.adjOff[m.endpoint[2*k+1]+1]++
	}
	for v := 0; v < n; v++ {
		m.adjOff[v+1] += m.adjOff[v]
	}
	m.adj = grown(m.adj, 2*ne)
	m.fill = grown(m.fill, n)
	fill := m.fill
	copy(fill, m.adjOff[:n])
	for k := 0; k < ne; k++ {
		i, j := m.endpoint[2*k], m.endpoint[2*k+1]
		a := &m.adj[fill[i]]
		a.w, a.p = int32(j), int32(2*k+1)
		fill[i]++
		a = &m.adj[fill[j]]
		a.w, a.p = int32(i), int32(2*k)
		fill[j]++
	}
}

// initState sizes the matcher's arrays for the graph and sets up the
// start: every vertex free with dual maxweight (or the warm start's
// state, warmInit), no blossom.
func (m *wmatcher) initState(maxweight Weight) {
	n, ne := m.nvertex, len(m.w2)
	m.mate = grown(m.mate, n)
	m.label = grown(m.label, 2*n)
	m.labelend = grown(m.labelend, 2*n)
	m.inblossom = grown(m.inblossom, n)
	m.blossomparent = grown(m.blossomparent, 2*n)
	m.blossomchilds = grown(m.blossomchilds, 2*n)
	m.blossombase = grown(m.blossombase, 2*n)
	m.blossomendps = grown(m.blossomendps, 2*n)
	m.bestedge = grown(m.bestedge, 2*n)
	m.dualvar = grown(m.dualvar, 2*n)
	m.bsl = grown(m.bsl, 2*n)
	m.bkE = grown(m.bkE, n*bkK)
	m.bkKey = grown(m.bkKey, n*bkK)
	m.bkN = grown(m.bkN, n)
	m.bkMore = grown(m.bkMore, n)
	m.allowAt = grown(m.allowAt, ne)
	m.act = grown(m.act, (n+63)/64)
	m.disAt = grown(m.disAt, n)
	m.rootOf = grown(m.rootOf, 2*n)
	m.rootStamp = grown(m.rootStamp, 2*n)
	m.troot = grown(m.troot, 2*n)
	m.bmark = grown(m.bmark, 2*n)
	m.astamp, m.afloor, m.rstamp, m.bm, m.bhi = 0, 0, 0, 0, 0
	m.dsum2 = Weight{}
	m.unused, m.queue, m.dis = m.unused[:0], m.queue[:0], m.dis[:0]
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
}

// startStage clears the labels and best edges of the last stage and
// labels S every free vertex of positive dual, the roots of the stage's
// trees; it reports whether there is one.
func (m *wmatcher) startStage() (roots bool) {
	for i := range m.label {
		m.label[i] = 0
		m.bestedge[i] = -1
		if m.warm != nil {
			m.labelend[i] = -1
		}
	}
	clear(m.act)
	m.minSok = false
	m.astamp++
	m.afloor = m.astamp // no edge is allowed
	m.queue = m.queue[:0]
	for v := 0; v < m.nvertex; v++ {
		// a free vertex whose dual is zero is done (only after a warm
		// start: from scratch, free vertices reach zero together, at
		// the end)
		if m.mate[v] == -1 && m.label[m.inblossom[v]] == 0 && !m.dualvar[v].NonPos() {
			m.assignLabel(v, 1, -1)
			roots = true
		}
	}
	return roots
}

// growTrees grows the stage's trees: it scans the S-vertices queued and,
// when none is left, steps the duals by the least slack (lazyDelta) and
// follows the edge or blossom that step made tight, until the duals end
// the stage. augmented reports a vertex freed at dual zero (after a warm
// start), kept an augmentation that left the other trees standing.
func (m *wmatcher) growTrees() (augmented, kept bool) {
	for {
		for len(m.queue) > 0 {
			v := m.queue[len(m.queue)-1]
			m.queue = m.queue[:len(m.queue)-1]
			if m.label[m.inblossom[v]] != 1 {
				continue // its tree was dissolved (augmentKeep)
			}
			if m.scanS(v) {
				kept = true
			}
		}
		deltatype, delta, deltaedge, deltablossom, zeroed := m.lazyDelta()
		if !delta.IsZero() {
			m.dualStep(&delta)
		}
		switch deltatype {
		case 1:
			return m.freeAtZero(zeroed), kept
		case 2:
			m.allow(deltaedge)
			i, j := m.endpoint[2*deltaedge], m.endpoint[2*deltaedge+1]
			if m.label[m.inblossom[i]] == 0 {
				i, j = j, i
			}
			_ = j
			m.queue = append(m.queue, i)
		case 3:
			m.allow(deltaedge)
			m.queue = append(m.queue, m.endpoint[2*deltaedge])
		case 4:
			m.expandBlossom(deltablossom, false)
		}
	}
}

// freeAtZero is the end of a stage's dual steps: if the roots' duals are
// zero, the matching is optimal. Otherwise (only after a warm start) a
// matched S-vertex's dual (zeroed's) is: it gives its mate up, the path
// to its root flips, and it stays free; freeAtZero reports that
// augmentation.
func (m *wmatcher) freeAtZero(zeroed int) (augmented bool) {
	done := zeroed == -1
	for v := 0; v < m.nvertex && !done; v++ {
		done = m.mate[v] == -1 && m.label[m.inblossom[v]] == 1 && m.dualvar[v].IsZero()
	}
	if done {
		return false
	}
	m.flips++
	m.augmentFrom(zeroed, -1)
	return true
}

// expandZeroSBlossoms expands, at the end of a stage, every top-level
// S-blossom whose dual is zero.
func (m *wmatcher) expandZeroSBlossoms() {
	for b := m.nvertex; b < m.bhi; b++ {
		if m.blossomparent[b] == -1 && m.blossombase[b] >= 0 && m.label[b] == 1 && m.dualvar[b].IsZero() {
			m.expandBlossom(b, true)
		}
	}
}

// scanS scans the edges of S-vertex v: a tight edge labels its other end
// T, makes a blossom or augments (augmentKeep, reported); the others keep
// v's best edges to S-vertices (keepSS) and the best edge of each free
// vertex they reach.
func (m *wmatcher) scanS(v int) (augmented bool) {
	var kslack Weight
	dv := &m.dualvar[v]
	// v's best edges to the S-vertices of other blossoms are
	// found again by this scan
	m.bestedge[v], m.bkN[v], m.bkMore[v] = -1, 0, false
	// an edge of v is allowed if marked since the stage
	// began and v's tree was last taken down (allowed), and
	// since w's: the first two are read once
	vfloor := max(m.afloor, m.disAt[v])
	// the arrays in locals (none is reallocated while the
	// matching runs; their contents may change in the calls)
	inblossom, label, allowAt, disAt, dualvar, w2 := m.inblossom, m.label, m.allowAt, m.disAt, m.dualvar, m.w2
	vadj := m.adj[m.adjOff[v]:m.adjOff[v+1]]
	// v's blossom (it changes only when addBlossom makes a
	// new one), and whether v keeps bkK next edges already
	// (only keepSS adds them), with the slack of the last
	bv := inblossom[v]
	full, last := m.bkN[v] == bkK, &m.bkKey[v*bkK+bkK-1]
	for x := range vadj {
		a := &vadj[x]
		w := int(a.w)
		bw := inblossom[w]
		if bv == bw {
			continue
		}
		if label[bw] == 2 && label[w] != 0 {
			// a T-vertex already labelled: the edge would
			// change nothing (neither a label nor a best
			// edge), tight or not
			continue
		}
		p := int(a.p)
		k := p >> 1
		ak := allowAt[k]
		al := ak > vfloor && ak > disAt[w]
		if !al && addsubTight(&kslack, dv, &dualvar[w], &w2[k]) {
			m.allow(k)
			al = true
		}
		if al {
			switch {
			case m.label[m.inblossom[w]] == 0 && m.mate[m.blossombase[m.inblossom[w]]] == -1:
				// a free vertex done (dual zero, after a warm
				// start): an augmenting path
				m.augmentKeep(k)
				augmented = true
			case m.label[m.inblossom[w]] == 0:
				m.assignLabel(w, 2, p^1)
			case m.label[m.inblossom[w]] == 1:
				base := m.scanBlossom(v, w)
				if base >= 0 {
					m.addBlossom(base, k)
					bv = inblossom[v]
				} else {
					m.augmentKeep(k)
					augmented = true
				}
			case m.label[w] == 0:
				m.label[w] = 2
				m.labelend[w] = p ^ 1
			}
			if augmented {
				break
			}
		} else if label[bw] == 1 {
			// keepSS, its most frequent case spelt out: v
			// keeps bkK next edges already and this one is
			// no better than the last
			if full && !lessP(&kslack, last) {
				m.bkMore[v] = true
			} else {
				m.keepSS(v, k, &kslack)
				full = m.bkN[v] == bkK
			}
		} else if label[w] == 0 {
			if m.bestedge[w] == -1 || lessP(&kslack, m.bestSlackP(w)) {
				m.bestedge[w], m.bsl[w] = k, kslack
				m.activate(w)
			}
		}
	}
	if m.bkN[v] != 0 {
		m.keysSS(v)
	}
	return augmented
}

// certifies reports whether the edge (i, j) of weight w has a nonnegative
// slack under the duals the matching ended with, counting the duals of the
// blossoms that hold both ends: if every edge left out of the graph
// does, the matching is of maximum weight on the graph with them too (LP
// duality: matched edges are tight, unmatched vertices have dual zero,
// blossoms with a positive dual are full).
func (m *wmatcher) certifies(i, j int, w Weight) bool {
	return m.certifiesPath(i, j, &w, m.paths())
}

// certInside is certifiesPath for a pair of positive weight *w, with p
// from m.pathsKept: its slack is computed once, in locals, and the
// blossoms' sum added to it only when it is negative.
func (m *wmatcher) certInside(x, y int, w *Weight, p *blossomPaths) bool {
	if m.dualvar == nil {
		return m.certifiesPath(x, y, w, p)
	}
	var s Weight
	if !slack2To(&s, &m.dualvar[x], &m.dualvar[y], w) {
		return true
	}
	// the blossoms' sums grow inwards (their duals are nonnegative), so
	// the outermost blossom holding both bounds the innermost's from
	// below, and the innermost of either end from above: the search for
	// the innermost one holding both is needed only in between
	top := m.bpTop[x]
	if top < 0 || top != m.bpTop[y] {
		return false // no blossom holds both
	}
	if !sumNeg(&s, &p.cum[top]) {
		return true
	}
	if sumNeg(&s, &p.cum[m.bpIn[x]]) || sumNeg(&s, &p.cum[m.bpIn[y]]) {
		return false
	}
	return !sumNeg(&s, &p.cum[p.common(x, y)])
}

// Graph is the graph Match matches: vertex x is row ID[x] of the weight
// matrix W (x itself if ID is nil), the pairs of positive weight are its
// edges, and the first matching takes those at most Window apart, and all
// those between two rows that Whole marks. With Sep, the weights of the
// pairs not both inside Sep.In are Sep's, not W's.
type Graph struct {
	N      int
	W      [][]Weight
	ID     []int
	Window int
	Whole  []bool
	Sep    *Sep
	// with Pos, the weight of rows r and s is BW[Pos[s]][Pos[r]] (the
	// larger position first) instead of W[r][s]
	Pos []int
	BW  [][]Weight
}

// Sep are weights given by their rows alone: a compatible pair weighs One
// plus each row's Part, another nothing. The Dutch pairing's pairs outside
// the bracket are such (completion and C9 only), so that they are neither
// written for each bracket nor certified one by one.
type Sep struct {
	In     []bool // by row: the pairs of two rows in are read from W
	One    Weight
	Part   []Weight // by row
	Compat []bool   // by row*Stride + row
	Stride int
}

func (g *Graph) row(x int) int {
	if g.ID == nil {
		return x
	}
	return g.ID[x]
}

// Weight is the weight of rows r < s: in W, or else written to tmp.
func (g *Graph) Weight(r, s int, tmp *Weight) *Weight {
	if p := g.Sep; p != nil && !(p.In[r] && p.In[s]) {
		if !p.Compat[r*p.Stride+s] {
			*tmp = Weight{}
		} else {
			add3To(tmp, &p.One, &p.Part[r], &p.Part[s])
		}
		return tmp
	}
	if g.Pos != nil {
		p, q := g.Pos[r], g.Pos[s]
		if p > q {
			p, q = q, p
		}
		return &g.BW[q][p]
	}
	return &g.W[r][s]
}

// matchCertified returns a maximum weight matching of g. It solves the
// graph of the edges kept first, then adds every edge left out that the
// duals do not certify (certifies) and solves again, until all are: the
// result is then optimal on the whole graph. buf is reused for the list
// of the pairs certification added (in the order added), and returned;
// the edges themselves go straight into the matcher.
//
// With ws, the first matching starts from ws if it is usable (warmInit),
// each next one from the last, and ws ends with the last one's state.
func matchCertified(g Graph, buf []edge, ws *Warm) ([]int, []edge) {
	n := g.N
	c := certRun{g: &g, rows: make([]int, n)}
	for x := range c.rows {
		c.rows[x] = g.row(x)
		if c.isWhole(x) {
			c.whole = append(c.whole, x)
		}
	}
	// the matcher and its arrays come from a pool (they are sized by the
	// graph; the matchings of a pairing reuse them); the edges are
	// written straight into it, their ends and doubled weights
	m := wmPool.Get().(*wmatcher)
	defer m.release()
	*m = wmatcher{nvertex: n, endpoint: m.endpoint[:0], w2: m.w2[:0], arrays: m.arrays}
	m.fromArrays()
	c.addSparse(m)
	es := buf[:0] // the pairs certification adds
	// the pairs read from W (all without Sep): certified one by one
	for x := 0; x < n; x++ {
		if g.Sep == nil || g.Sep.In[c.rows[x]] {
			c.inside = append(c.inside, x)
		}
	}
	var bad []xy
	for {
		m.warm = nil
		if ws.usable(n) {
			m.warm = ws
		}
		mate := m.run()
		if ws != nil {
			m.warmOut(ws)
		}
		bp := m.pathsKept()
		bad = c.uncertifiedInside(m, bp, bad[:0])
		if g.Sep != nil {
			bad = m.certifySep(&g, c.rows, c.kept, bp, bad)
		}
		if len(bad) == 0 {
			return mate, es
		}
		es = c.addPairs(m, bad, es)
	}
}

// certRun is what matchCertified knows of its graph while it matches it.
type certRun struct {
	g      *Graph
	rows   []int  // by vertex: its row
	whole  []int  // the vertices whose rows Whole marks
	inside []int  // the vertices whose pairs are read from W
	added  []bool // by x*n+y: the pairs certification added, once there is one
	tmp    Weight
}

func (c *certRun) isWhole(x int) bool { return c.g.Whole != nil && c.g.Whole[c.rows[x]] }

// kept reports whether the pair x < y is in the graph the matcher has:
// near each other, both whole, or added.
func (c *certRun) kept(x, y int) bool {
	return y-x <= c.g.Window || c.isWhole(x) && c.isWhole(y) || c.added != nil && c.added[x*c.g.N+y]
}

// addSparse gives m the edges of the sparse graph matched first: the
// pairs at most Window apart and those between two whole rows.
func (c *certRun) addSparse(m *wmatcher) {
	g, n, rows := c.g, c.g.N, c.rows
	wi := 0 // whole[wi:] are the whole positions beyond x's window
	for x := 0; x < n; x++ {
		lim := min(n, x+1+g.Window)
		for y := x + 1; y < lim; y++ {
			if wt := g.Weight(rows[x], rows[y], &c.tmp); positive(wt) {
				m.addEdge(x, y, wt)
			}
		}
		if !c.isWhole(x) {
			continue
		}
		for wi < len(c.whole) && c.whole[wi] < lim {
			wi++
		}
		for _, y := range c.whole[wi:] {
			if wt := g.Weight(rows[x], rows[y], &c.tmp); positive(wt) {
				m.addEdge(x, y, wt)
			}
		}
	}
}

// uncertifiedInside appends to bad the pairs of inside vertices left out
// of m's graph that its duals do not certify (certInside).
func (c *certRun) uncertifiedInside(m *wmatcher, bp *blossomPaths, bad []xy) []xy {
	g, n, rows := c.g, c.g.N, c.rows
	// by the higher of the pair first: with the weights in a
	// triangle (Pos, BW), the lower ones run along its row
	for b, y := range c.inside {
		ry, wy := rows[y], c.isWhole(y)
		var row []Weight // with Pos, y's row of the triangle
		py := 0
		if g.Pos != nil {
			py = g.Pos[ry]
			row = g.BW[py]
		}
		for _, x := range c.inside[:b] {
			// kept(x, y), spelt out
			if y-x <= g.Window || wy && c.isWhole(x) || c.added != nil && c.added[x*n+y] {
				continue
			}
			// g.Weight, spelt out: both rows are inside
			var wt *Weight
			switch rx := rows[x]; {
			case row == nil:
				wt = g.Weight(rx, ry, &c.tmp)
			case g.Pos[rx] < py:
				wt = &row[g.Pos[rx]]
			default:
				wt = &g.BW[g.Pos[rx]][py]
			}
			if positive(wt) && !m.certInside(x, y, wt, bp) {
				bad = append(bad, xy{x, y})
			}
		}
	}
	return bad
}

// addPairs adds the pairs of bad to m's graph and appends them to es, in
// the order of the pairs, as a scan of every pair adds them.
func (c *certRun) addPairs(m *wmatcher, bad []xy, es []edge) []edge {
	n := c.g.N
	sort.Slice(bad, func(a, b int) bool {
		if bad[a].x != bad[b].x {
			return bad[a].x < bad[b].x
		}
		return bad[a].y < bad[b].y
	})
	if c.added == nil {
		c.added = make([]bool, n*n)
	}
	for _, p := range bad {
		c.added[p.x*n+p.y] = true
		wt := c.g.Weight(c.rows[p.x], c.rows[p.y], &c.tmp)
		m.addEdge(p.x, p.y, wt)
		es = append(es, edge{p.x, p.y, *wt})
	}
	return es
}

// wmPool keeps matchers with their arrays for matchCertified.
var wmPool = &sync.Pool{New: func() any { return new(wmatcher) }}

// wmArrays are a matcher's arrays, kept with it in wmPool.
type wmArrays struct {
	adjOff, fill, mate, label, labelend, inblossom, blossomparent []int
	blossombase, bestedge, bkE, bkN, rootOf, rootStamp, bmark     []int
	troot                                                         []int
	unused, queue, dis, lvA, lvE, lsS, lsT, lsF, lsB              []int
	blossomchilds, blossomendps                                   [][]int
	adj                                                           []adjEntry
	dualvar, bsl, bkKey                                           []Weight
	bkMore                                                        []bool
	allowAt, disAt                                                []uint32
	act                                                           []uint64
	bp                                                            blossomPaths
	bpDone                                                        []bool
	wcum                                                          []Weight
	bpTop, bpIn                                                   []int
}

// swapArrays exchanges m's arrays with those kept in m.arrays: before a
// matching m takes them (fromArrays), after it m.arrays keeps them, grown
// as they may have been (release).
func (m *wmatcher) swapArrays() {
	a := &m.arrays
	m.adjOff, a.adjOff = a.adjOff, m.adjOff
	m.fill, a.fill = a.fill, m.fill
	m.mate, a.mate = a.mate, m.mate
	m.label, a.label = a.label, m.label
	m.labelend, a.labelend = a.labelend, m.labelend
	m.inblossom, a.inblossom = a.inblossom, m.inblossom
	m.blossomparent, a.blossomparent = a.blossomparent, m.blossomparent
	m.blossombase, a.blossombase = a.blossombase, m.blossombase
	m.bestedge, a.bestedge = a.bestedge, m.bestedge
	m.bkE, a.bkE = a.bkE, m.bkE
	m.bkN, a.bkN = a.bkN, m.bkN
	m.rootOf, a.rootOf = a.rootOf, m.rootOf
	m.rootStamp, a.rootStamp = a.rootStamp, m.rootStamp
	m.bmark, a.bmark = a.bmark, m.bmark
	m.unused, a.unused = a.unused, m.unused
	m.queue, a.queue = a.queue, m.queue
	m.dis, a.dis = a.dis, m.dis
	m.lvA, a.lvA = a.lvA, m.lvA
	m.lvE, a.lvE = a.lvE, m.lvE
	m.lsS, a.lsS = a.lsS, m.lsS
	m.lsT, a.lsT = a.lsT, m.lsT
	m.lsF, a.lsF = a.lsF, m.lsF
	m.lsB, a.lsB = a.lsB, m.lsB
	m.blossomchilds, a.blossomchilds = a.blossomchilds, m.blossomchilds
	m.blossomendps, a.blossomendps = a.blossomendps, m.blossomendps
	m.adj, a.adj = a.adj, m.adj
	m.dualvar, a.dualvar = a.dualvar, m.dualvar
	m.bsl, a.bsl = a.bsl, m.bsl
	m.bkKey, a.bkKey = a.bkKey, m.bkKey
	m.bkMore, a.bkMore = a.bkMore, m.bkMore
	m.allowAt, a.allowAt = a.allowAt, m.allowAt
	m.disAt, a.disAt = a.disAt, m.disAt
	m.act, a.act = a.act, m.act
	m.bp, a.bp = a.bp, m.bp
	m.bpDone, a.bpDone = a.bpDone, m.bpDone
	m.wcum, a.wcum = a.wcum, m.wcum
	m.troot, a.troot = a.troot, m.troot
	m.bpTop, a.bpTop = a.bpTop, m.bpTop
	m.bpIn, a.bpIn = a.bpIn, m.bpIn
}

// fromArrays gives m the arrays kept in m.arrays.
func (m *wmatcher) fromArrays() { m.swapArrays() }

// release keeps m's arrays (grown as they may have been) in m.arrays and
// puts m back in wmPool; m must not be used after.
func (m *wmatcher) release() {
	m.swapArrays()
	*m = wmatcher{endpoint: m.endpoint[:0], w2: m.w2[:0], arrays: m.arrays}
	wmPool.Put(m)
}

// pathsKept is paths, in arrays the matcher keeps (m.bp): valid until
// the matcher runs again.
func (m *wmatcher) pathsKept() *blossomPaths {
	if m.dualvar == nil {
		return nil
	}
	n := m.nvertex
	p := &m.bp
	p.off = grown(p.off, n+1)
	p.cum = grown(p.cum, len(m.blossomparent))
	p.path = p.path[:0]
	m.bpDone = grown(m.bpDone, len(m.blossomparent))
	done := m.bpDone
	chain := m.lvA[:0]
	m.bpTop, m.bpIn = grown(m.bpTop, n), grown(m.bpIn, n)
	for v := 0; v < n; v++ {
		chain = chain[:0]
		for b := m.blossomparent[v]; b != -1; b = m.blossomparent[b] {
			chain = append(chain, b)
		}
		m.bpTop[v], m.bpIn[v] = -1, -1
		if len(chain) > 0 {
			m.bpTop[v], m.bpIn[v] = chain[len(chain)-1], chain[0]
		}
		for i := len(chain) - 1; i >= 0; i-- {
			b := chain[i]
			p.path = append(p.path, b)
			if done[b] {
				continue
			}
			done[b] = true
			sumTo2(&p.cum[b], &m.dualvar[b], &m.dualvar[b])
			if i+1 < len(chain) {
				addTo(&p.cum[b], &p.cum[chain[i+1]])
			}
		}
		p.off[v+1] = len(p.path)
	}
	m.lvA = chain
	return p
}

// addEdge adds the edge (i, j) of weight *w to the matcher's edge list
// (with m.edges nil).
func (m *wmatcher) addEdge(i, j int, w *Weight) {
	m.endpoint = append(m.endpoint, i, j)
	m.w2 = append(m.w2, Weight{})
	sumTo2(&m.w2[len(m.w2)-1], w, w)
}

// Warm is where a matching starts from and what it ends with: the
// vertex duals (each with the duals of the blossoms holding it added) and
// the mates (vertex or -1).
type Warm struct {
	Dual []Weight
	Mate []int
}

// warmTop: a warm start is refused when a dual has reached this (the
// weights' own bits stay far below it).
var warmTop = At(1, Bits-8)

// usable reports whether ws holds a start for n vertices.
func (ws *Warm) usable(n int) bool {
	if ws == nil || len(ws.Dual) != n || len(ws.Mate) != n {
		return false
	}
	for v := range ws.Dual {
		if ws.Dual[v].neg() || !ws.Dual[v].less(warmTop) {
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
	copy(m.dualvar[:n], ws.Dual)
	for v := 0; v < n; v++ {
		w := ws.Mate[v]
		if w <= v || w >= n || ws.Mate[w] != v {
			continue
		}
		for x := m.adjOff[v]; x < m.adjOff[v+1]; x++ {
			if int(m.adj[x].w) != w {
				continue
			}
			p := int(m.adj[x].p)
			if m.slack(p / 2).IsZero() {
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
	var sk Weight
	dualvar, endpoint, w2 := m.dualvar, m.endpoint, m.w2
	for k := range w2 {
		if !slackNegTo(&sk, &dualvar[endpoint[2*k]], &dualvar[endpoint[2*k+1]], &w2[k]) {
			continue
		}
		i, j := endpoint[2*k], endpoint[2*k+1]
		if m.mate[i] != -1 && m.mate[j] == -1 {
			i = j
		}
		subTo(&dualvar[i], &sk)
		unmatch(i)
	}
	var top Weight
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
//
// The duals of the blossoms around each blossom are summed once per
// blossom (cum, from the outermost in), not once per vertex it holds.
func (m *wmatcher) warmOut(ws *Warm) {
	n := m.nvertex
	ws.Dual = append(ws.Dual[:0], make([]Weight, n)...)
	ws.Mate = append(ws.Mate[:0], make([]int, n)...)
	if m.dualvar == nil {
		for v := range ws.Mate {
			ws.Mate[v] = -1
		}
		return
	}
	if m.bmark == nil {
		m.bmark = make([]int, 2*n)
	}
	m.bm++
	m.wcum = grown(m.wcum, n)
	cum := m.wcum // by blossom b-n: its dual and those of the blossoms around it
	chain := m.lvA[:0]
	for v := 0; v < n; v++ {
		chain = chain[:0]
		for b := m.blossomparent[v]; b != -1 && m.bmark[b] != m.bm; b = m.blossomparent[b] {
			chain = append(chain, b)
		}
		for i := len(chain) - 1; i >= 0; i-- {
			b := chain[i]
			cum[b-n] = m.dualvar[b]
			if p := m.blossomparent[b]; p != -1 {
				addTo(&cum[b-n], &cum[p-n])
			}
			m.bmark[b] = m.bm
		}
		ws.Dual[v] = m.dualvar[v]
		if b := m.blossomparent[v]; b != -1 {
			addTo(&ws.Dual[v], &cum[b-n])
		}
		ws.Mate[v] = -1
		if p := m.mate[v]; p >= 0 {
			ws.Mate[v] = m.endpoint[p]
		}
	}
	m.lvA = chain
}

// dualStep moves the duals by delta (positive), and the kept slacks with
// them: the vertices and blossoms lazyDelta listed by label (no label has
// changed since).
func (m *wmatcher) dualStep(delta *Weight) {
	delta2 := delta.double()
	addTo(&m.dsum2, &delta2)
	dualvar, bestedge, bsl := m.dualvar, m.bestedge, m.bsl
	for _, v := range m.lsS {
		subTo(&dualvar[v], delta)
		if bestedge[v] != -1 {
			subTo(&bsl[v], &delta2)
		}
	}
	for _, v := range m.lsT {
		addTo(&dualvar[v], delta)
	}
	for _, v := range m.lsF {
		if bestedge[v] != -1 {
			subTo(&bsl[v], delta)
		}
	}
	for _, b := range m.lsB {
		if m.label[b] == 1 {
			addTo(&dualvar[b], delta)
		} else {
			subTo(&dualvar[b], delta)
		}
	}
}

// slackP is the slack of edge k, in a buffer of the matcher's.
func (m *wmatcher) slackP(k int) *Weight {
	m.slackTo(k, &m.sbuf)
	return &m.sbuf
}

// bestToS is the edge of least slack from vertex x to an S-vertex outside
// x's blossom (and outside blossom skip), or -1.
func (m *wmatcher) bestToS(x, skip int, bs *Weight) int {
	best := -1
	var s Weight
	bx := m.inblossom[x]
	for i := m.adjOff[x]; i < m.adjOff[x+1]; i++ {
		a := &m.adj[i]
		by := m.inblossom[a.w]
		if by == bx || by == skip || m.label[by] != 1 {
			continue
		}
		addsubTo(&s, &m.dualvar[x], &m.dualvar[a.w], &m.w2[a.p>>1])
		if best == -1 || lessP(&s, bs) {
			best, *bs = int(a.p)/2, s
		}
	}
	return best
}

// allow marks edge k allowed (tight).
func (m *wmatcher) allow(k int) {
	m.astamp++
	m.allowAt[k] = m.astamp
}

// allowed reports whether edge k, between v and w, is allowed: marked so
// in this stage, and since the trees of v and w were last taken down (a
// tight edge may not stay so, once one end's dual is frozen and the
// other's moves on; it is checked again when scanned).
func (m *wmatcher) allowed(k, v, w int) bool {
	a := m.allowAt[k]
	return a > m.afloor && a > m.disAt[v] && a > m.disAt[w]
}

// bestToSFree is bestToS(x, -1, bs) for a vertex of a tree just taken
// down: the edges are compared by their far end's dual less twice their
// weight (one subtraction), x's own dual, the same in every slack, added
// to the least one only.
func (m *wmatcher) bestToSFree(x int, bs *Weight) int {
	best := -1
	var bt Weight
	inblossom, label, dualvar, w2 := m.inblossom, m.label, m.dualvar, m.w2
	bx := inblossom[x]
	xadj := m.adj[m.adjOff[x]:m.adjOff[x+1]]
	for i := range xadj {
		a := &xadj[i]
		by := inblossom[a.w]
		if by == bx || label[by] != 1 {
			continue
		}
		if best == -1 {
			diffTo(&bt, &dualvar[a.w], &w2[a.p>>1])
			best = int(a.p) >> 1
		} else if diffCmp(&bt, &dualvar[a.w], &w2[a.p>>1]) < 0 {
			best = int(a.p) >> 1
		}
	}
	if best != -1 {
		sumTo2(bs, &m.dualvar[x], &bt)
	}
	return best
}

// bestFromS is bestToSFree for every vertex of m.dis (marked: disAt is
// astamp), read from the other side: the edges of every S-vertex, which
// is cheaper when they are fewer than those of m.dis. Each vertex keeps
// the same edge as bestToSFree's: the least slack, on a tie the first of
// its edges (the lowest edge number, as its edges are listed in order).
func (m *wmatcher) bestFromS() {
	for _, x := range m.dis {
		m.bestedge[x] = -1
	}
	for wi, word := range m.act {
		for ; word != 0; word &= word - 1 {
			y := wi<<6 | bits.TrailingZeros64(word)
			if m.label[m.inblossom[y]] == 1 {
				m.bestFromSOf(y)
			}
		}
	}
	for _, x := range m.dis {
		if m.bestedge[x] != -1 {
			sumTo2(&m.bsl[x], &m.dualvar[x], &m.bsl[x])
		}
	}
}

// bestFromSOf offers the edges of S-vertex y to the vertices of m.dis
// (bestFromS).
func (m *wmatcher) bestFromSOf(y int) {
	dy := &m.dualvar[y]
	disAt, bestedge, bsl, w2, stamp := m.disAt, m.bestedge, m.bsl, m.w2, m.astamp
	yadj := m.adj[m.adjOff[y]:m.adjOff[y+1]]
	for i := range yadj {
		a := &yadj[i]
		x := a.w
		if disAt[x] != stamp {
			continue
		}
		k := int(a.p) >> 1
		if b := bestedge[x]; b == -1 {
			diffTo(&bsl[x], dy, &w2[k])
			bestedge[x] = k
		} else if c := diffCmp(&bsl[x], dy, &w2[k]); c < 0 || c == 0 && k < b {
			bestedge[x] = k
		}
	}
}

// crossBest reads the best edges of m.dis both ways and counts whether
// they differ (crossCheck).
func (m *wmatcher) crossBest() {
	m.bestFromS()
	be := make([]int, len(m.dis))
	bs := make([]Weight, len(m.dis))
	for i, x := range m.dis {
		be[i], bs[i] = m.bestedge[x], m.bsl[x]
	}
	m.counts.crossed++
	for i, x := range m.dis {
		var s Weight
		b := m.bestToSFree(x, &s)
		if b != be[i] || b != -1 && s != bs[i] {
			m.counts.crossBad++
			return
		}
	}
}

// augmentKeep augments along edge k (between two trees, or from a tree to
// a free vertex that is done) and dissolves only the trees it joins: the
// other trees, their labels and duals stay as they are and the stage goes
// on (the stage of the standard algorithm ends here and every tree is
// built again). What the dissolved trees leave: their vertices unlabelled,
// each with its least-slack edge to the S-vertices left; their S-blossoms
// of dual zero expanded (as at the end of a stage); best edges elsewhere
// that pointed into them are left as they are, lower bounds that
// lazyDelta checks when it reads them.
func (m *wmatcher) augmentKeep(k int) {
	// the trees by the free vertex at their root (troot; -1: in none)
	rv, rw := m.treeOf(m.inblossom[m.endpoint[2*k]]), m.treeOf(m.inblossom[m.endpoint[2*k+1]])
	if m.crossCheck {
		m.checkTreeRoots(k, rv, rw)
	}
	m.listTrees(rv, rw)
	m.augmentMatching(k)
	m.minSok = false // S-vertices leave
	m.unlabelDissolved()
	m.bestOfDissolved()
	m.countKept()
	m.unlabelOrphanedT()
}

// checkTreeRoots (crossCheck) compares troot with the walk up the tree
// (treeRoot) on the trees of edge k's ends, rv and rw.
func (m *wmatcher) checkTreeRoots(k, rv, rw int) {
	m.rstamp++
	tv, tw := m.treeRoot(m.inblossom[m.endpoint[2*k]]), m.treeRoot(m.inblossom[m.endpoint[2*k+1]])
	for x := 0; x < m.nvertex; x++ {
		b := m.inblossom[x]
		if m.label[b] == 0 {
			continue
		}
		r := m.treeRoot(b)
		if (r == tv || r == tw) != (m.troot[b] == rv || m.troot[b] == rw) {
			m.counts.rootBad++
		}
	}
}

// listTrees puts the vertices of the trees rooted at rv and rw in m.dis,
// found before the matching changes (labels and labelends do not change
// with it; mates do).
func (m *wmatcher) listTrees(rv, rw int) {
	m.dis = m.dis[:0]
	for wi, word := range m.act {
		for ; word != 0; word &= word - 1 {
			x := wi<<6 | bits.TrailingZeros64(word)
			b := m.inblossom[x]
			if m.label[b] == 0 {
				continue
			}
			if r := m.troot[b]; r == rv || r == rw {
				m.dis = append(m.dis, x)
			}
		}
	}
}

// unlabelDissolved unlabels the vertices of m.dis and their blossoms, and
// expands their S-blossoms of dual zero.
func (m *wmatcher) unlabelDissolved() {
	var tops []int
	for _, x := range m.dis {
		if b := m.inblossom[x]; b >= m.nvertex && m.label[b] == 1 && m.dualvar[b].IsZero() {
			tops = append(tops, b)
		}
	}
	for _, x := range m.dis {
		m.label[x], m.labelend[x], m.bestedge[x] = 0, -1, -1
	}
	m.unlabelBlossoms()
	for _, b := range tops {
		if m.blossombase[b] >= 0 && m.blossomparent[b] == -1 {
			m.label[b] = 1 // expandBlossom reads it as at the end of a stage
			m.expandBlossom(b, true)
		}
	}
	m.unlabelBlossoms()
}

// bestOfDissolved: the edges found tight at the vertices of m.dis are no
// longer allowed (allowed), and each gets its least-slack edge to the
// S-vertices left, from the side with fewer edges to read.
func (m *wmatcher) bestOfDissolved() {
	m.astamp++
	dd, ss := 0, 0
	for _, x := range m.dis {
		m.disAt[x] = m.astamp
		dd += m.adjOff[x+1] - m.adjOff[x]
	}
	for wi, word := range m.act {
		for ; word != 0 && ss < dd; word &= word - 1 {
			y := wi<<6 | bits.TrailingZeros64(word)
			if m.label[m.inblossom[y]] == 1 {
				ss += m.adjOff[y+1] - m.adjOff[y]
			}
		}
	}
	if m.crossCheck {
		m.crossBest()
	}
	if ss < dd {
		m.counts.fromS++
		m.bestFromS()
	} else {
		for _, x := range m.dis {
			m.bestedge[x] = m.bestToSFree(x, &m.bsl[x])
		}
	}
}

// countKept counts (for the tests) an augmentation that left a tree
// standing.
func (m *wmatcher) countKept() {
	for wi, word := range m.act {
		for ; word != 0; word &= word - 1 {
			if x := wi<<6 | bits.TrailingZeros64(word); m.label[m.inblossom[x]] != 0 {
				m.counts.kept++
				return
			}
		}
	}
}

// unlabelOrphanedT: a vertex inside a T-blossom left standing, labelled
// from an S-vertex of a dissolved tree, loses that label (expandBlossom
// would hang its sub-blossom from a vertex in no tree).
func (m *wmatcher) unlabelOrphanedT() {
	for wi, word := range m.act {
		for ; word != 0; word &= word - 1 {
			w := wi<<6 | bits.TrailingZeros64(word)
			if m.label[w] == 2 && m.labelend[w] != -1 && m.label[m.inblossom[m.endpoint[m.labelend[w]]]] != 1 {
				// the S-vertices' scans passed it by while it was labelled
				m.label[w], m.labelend[w] = 0, -1
				m.bestedge[w] = m.bestToS(w, -1, &m.bsl[w])
			}
		}
	}
}

// unlabelBlossoms unlabels the blossoms holding the vertices of m.dis,
// each once: the walk up from a vertex stops at a blossom already done
// (bmark), whose outer blossoms are done too.
func (m *wmatcher) unlabelBlossoms() {
	if m.bmark == nil {
		m.bmark = make([]int, 2*m.nvertex)
	}
	m.bm++
	for _, x := range m.dis {
		for b := m.blossomparent[x]; b != -1 && m.bmark[b] != m.bm; b = m.blossomparent[b] {
			m.bmark[b] = m.bm
			m.label[b], m.labelend[b], m.bestedge[b] = 0, -1, -1
		}
	}
}

// treeOf is the free vertex at the root of the tree holding top-level
// blossom b, or -1 if b is in none.
func (m *wmatcher) treeOf(b int) int {
	if m.label[b] == 0 {
		return -1
	}
	return m.troot[b]
}

// treeRoot is the root blossom of the tree holding top-level blossom b
// (memoized by rstamp).
func (m *wmatcher) treeRoot(b int) int {
	if m.label[b] == 0 {
		return b
	}
	if m.rootStamp[b] == m.rstamp {
		return m.rootOf[b]
	}
	r := b
	if m.labelend[b] != -1 {
		r = m.treeRoot(m.inblossom[m.endpoint[m.labelend[b]]])
	}
	m.rootOf[b], m.rootStamp[b] = r, m.rstamp
	return r
}

// lazyDelta is the dual change of the next step and its kind: 1, the
// least dual of an S-vertex (zeroed); 2, the least slack of an edge from
// an S-vertex to a free vertex (deltaedge); 3, half the least slack of an
// edge between two S-blossoms (deltaedge); 4, the least dual of a
// T-blossom (deltablossom). Ties go to the lower kind, then to the lower
// vertex or blossom.
//
// The best edges are kept by vertex: a free vertex's (or one inside a
// T-blossom) to the S-vertices, an S-vertex's to the S-vertices of other
// blossoms. Their slacks (bsl) move with each step by the labels of their
// holders (a free holder -delta, an S-holder -2 delta, one inside a
// T-blossom not at all) and are lower bounds, not always exact: when a
// tree is dissolved (augmentKeep) or a blossom formed, best edges that
// now point to no S-vertex, or inside their holder's blossom, are left as
// they are, their slacks still moving; every edge the holder still has of
// its kind has a slack at least as large (and an S-S edge is held by one
// of its ends at least). So an entry is checked only when it would be
// the least so far (its far end an S-vertex of another blossom, its
// slack as kept); if it fails, the holder's best edge is found again from
// its edges (bestToS).
//
// It lists the vertices by the label of their blossom first (S, T, and
// the unlabelled ones with a best edge), and the labelled top-level
// blossoms, each list in order, for itself and for the dual step that
// follows (lsS, lsT, lsF, lsB): the labels do not change in between.
func (m *wmatcher) lazyDelta() (deltatype int, delta Weight, deltaedge, deltablossom, zeroed int) {
	n := m.nvertex
	m.lsS, m.lsT, m.lsF, m.lsB = m.lsS[:0], m.lsT[:0], m.lsF[:0], m.lsB[:0]
	if m.checkAct {
		for v := 0; v < n; v++ {
			if (m.label[m.inblossom[v]] != 0 || m.bestedge[v] != -1) && m.act[v>>6]&(1<<uint(v&63)) == 0 {
				m.counts.actMiss++
			}
		}
	}
	for wi, word := range m.act {
		for ; word != 0; word &= word - 1 {
			v := wi<<6 | bits.TrailingZeros64(word)
			switch m.label[m.inblossom[v]] {
			case 0:
				if m.bestedge[v] != -1 {
					m.lsF = append(m.lsF, v)
				} else {
					m.act[wi] &^= 1 << uint(v&63)
				}
			case 1:
				m.lsS = append(m.lsS, v)
			case 2:
				m.lsT = append(m.lsT, v)
			}
		}
	}
	for b := n; b < m.bhi; b++ {
		if m.blossombase[b] >= 0 && m.blossomparent[b] == -1 && (m.label[b] == 1 || m.label[b] == 2) {
			m.lsB = append(m.lsB, b)
		}
	}
	// type 1 (from scratch the free vertices hold the least dual of all
	// vertices, so the same)
	zeroed = -1
	if !m.minSok || m.checkAct {
		for _, v := range m.lsS {
			if zeroed == -1 || lessP(&m.dualvar[v], &delta) {
				delta, zeroed = m.dualvar[v], v
			}
		}
		if m.minSok && zeroed != m.minS {
			m.counts.minBad++
		}
		m.minS, m.minSok = zeroed, true
	} else if zeroed = m.minS; zeroed != -1 {
		delta = m.dualvar[zeroed]
	}
	deltatype, deltaedge, deltablossom = 1, -1, -1
	for _, v := range m.lsF {
		// listed with a best edge, and only bestChecked(v) changes it
		if lessP(&m.bsl[v], &delta) && m.bestChecked(v) && lessP(&m.bsl[v], &delta) {
			delta, deltatype, deltaedge = m.bsl[v], 2, m.bestedge[v]
		}
	}
	d2 := delta.double()
	for _, v := range m.lsS {
		if m.bestedge[v] != -1 && lessP(&m.bsl[v], &d2) && m.bestChecked(v) && lessP(&m.bsl[v], &d2) {
			d2, deltatype, deltaedge = m.bsl[v], 3, m.bestedge[v]
		}
	}
	if deltatype == 3 {
		delta = d2.half() // the slack between two S-vertices is even
	}
	for _, b := range m.lsB {
		if m.label[b] == 2 && lessP(&m.dualvar[b], &delta) {
			delta, deltatype, deltablossom = m.dualvar[b], 4, b
		}
	}
	return
}

// bestChecked makes bestedge[v] exact: its far end an S-vertex of another
// blossom and its slack the one kept, or else found again from v's edges
// (lazyDelta). It reports whether v still has a best edge.
func (m *wmatcher) bestChecked(v int) bool {
	if m.bestHolds(v) {
		return true
	}
	m.counts.stale++
	if m.label[m.inblossom[v]] != 1 {
		m.bestedge[v] = m.bestToS(v, -1, &m.bsl[v])
		return m.bestedge[v] != -1
	}
	// an S-vertex: the next of its kept edges, else its edges again
	for {
		if m.bkN[v] == 0 {
			if !m.bkMore[v] {
				m.bestedge[v] = -1
				return false
			}
			m.rescanSS(v)
			return m.bestedge[v] != -1
		}
		o := v * bkK
		m.bestedge[v] = m.bkE[o]
		m.bsl[v] = m.bkKey[o].Sub(m.dsum2)
		copy(m.bkE[o:o+m.bkN[v]-1], m.bkE[o+1:o+m.bkN[v]])
		copy(m.bkKey[o:o+m.bkN[v]-1], m.bkKey[o+1:o+m.bkN[v]])
		m.bkN[v]--
		if m.bestHolds(v) {
			m.counts.promoted++
			return true
		}
	}
}

// bestHolds reports whether bestedge[v] still leads to an S-vertex of
// another blossom with the slack kept for it.
func (m *wmatcher) bestHolds(v int) bool {
	k := m.bestedge[v]
	y := m.endpoint[2*k]
	if y == v {
		y = m.endpoint[2*k+1]
	}
	by := m.inblossom[y]
	return m.label[by] == 1 && by != m.inblossom[v] && *m.slackP(k) == m.bsl[v]
}

// bkK is how many edges an S-vertex keeps after its best one.
const bkK = 4

// keepSS offers edge k, of slack s, from S-vertex v to an S-vertex of
// another blossom, to v's best edges: bestedge[v] and the bkK next ones,
// in order of slack (all move alike while v and their far ends stay S, so
// their order holds). Those that drop out mark bkMore. During a scan of
// v the next ones hold their slacks; keysSS turns them into keys after.
func (m *wmatcher) keepSS(v, k int, s *Weight) {
	if m.bestedge[v] == -1 {
		m.bestedge[v], m.bsl[v] = k, *s
		return
	}
	o := v * bkK
	n := m.bkN[v]
	if n == bkK && !lessP(s, &m.bkKey[o+n-1]) {
		m.bkMore[v] = true
		return
	}
	var key Weight
	if lessP(s, &m.bsl[v]) {
		// the old best goes first among the next ones
		key = m.bsl[v]
		k, m.bestedge[v], m.bsl[v] = m.bestedge[v], k, *s
	} else {
		key = *s
	}
	// insert (k, key) in order
	i := n
	for i > 0 && lessP(&key, &m.bkKey[o+i-1]) {
		i--
	}
	if i == bkK {
		m.bkMore[v] = true
		return
	}
	if n == bkK {
		m.bkMore[v] = true
		n--
	}
	for j := o + n; j > o+i; j-- { // at most bkK: no copy calls
		m.bkE[j], m.bkKey[j] = m.bkE[j-1], m.bkKey[j-1]
	}
	m.bkE[o+i], m.bkKey[o+i] = k, key
	m.bkN[v] = n + 1
}

// rescanSS finds S-vertex v's best edges to the S-vertices of other
// blossoms again, from all its edges.
func (m *wmatcher) rescanSS(v int) {
	m.counts.rescans++
	m.bestedge[v], m.bkN[v], m.bkMore[v] = -1, 0, false
	var s Weight
	inblossom, label, dualvar, w2 := m.inblossom, m.label, m.dualvar, m.w2
	bv := inblossom[v]
	dv := &dualvar[v]
	last := &m.bkKey[v*bkK+bkK-1]
	vadj := m.adj[m.adjOff[v]:m.adjOff[v+1]]
	for i := range vadj {
		a := &vadj[i]
		by := inblossom[a.w]
		if by == bv || label[by] != 1 {
			continue
		}
		addsubTo(&s, dv, &dualvar[a.w], &w2[a.p>>1])
		// keepSS, its usual rejection spelt out (as in the scan)
		if m.bkN[v] == bkK && !lessP(&s, last) {
			m.bkMore[v] = true
			continue
		}
		m.keepSS(v, int(a.p)/2, &s)
	}
	m.keysSS(v)
}

// keysSS turns the slacks of v's next best edges into keys (plus dsum2),
// at the end of a scan of v.
func (m *wmatcher) keysSS(v int) {
	o := v * bkK
	for i := o; i < o+m.bkN[v]; i++ {
		addTo(&m.bkKey[i], &m.dsum2)
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
