package tournament

// Maximum weight matching in a general graph: Edmonds' blossom algorithm
// with dual variables (the primal-dual method of Galil, "Efficient
// algorithms for finding maximum matching in graphs", 1986), O(n³).
//
// Weights are integers; every weight is doubled internally so that the
// dual variables and slacks stay integers (a slack between two S-blossoms
// is halved).

// Edge is an undirected edge of weight W between vertices I and J.
type Edge struct {
	I, J int
	W    int64
}

// MaxWeightMatching returns mate[v] (the vertex matched to v, or -1) for a
// matching of maximum total weight; with maxCardinality, of maximum total
// weight among the matchings with the most edges. Vertices are 0..n-1.
// Edges with I == J, or a vertex outside 0..n-1, are ignored.
func MaxWeightMatching(n int, in []Edge, maxCardinality bool) []int {
	m := &matcher{nvertex: n, maxCard: maxCardinality}
	for _, e := range in {
		if e.I == e.J || e.I < 0 || e.J < 0 || e.I >= n || e.J >= n {
			continue
		}
		m.edges = append(m.edges, Edge{e.I, e.J, 2 * e.W})
	}
	return m.run()
}

type matcher struct {
	nvertex int
	maxCard bool
	edges   []Edge
	w2      []int64 // 2 × each edge's weight

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
	dualvar          []int64
	allowedge        []bool
	queue            []int
}

func (m *matcher) slack(k int) int64 {
	return m.dualvar[m.endpoint[2*k]] + m.dualvar[m.endpoint[2*k+1]] - m.w2[k]
}

func (m *matcher) leaves(b int, out []int) []int {
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

func (m *matcher) assignLabel(w, t, p int) {
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

func (m *matcher) scanBlossom(v, w int) int {
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

func (m *matcher) addBlossom(base, k int) {
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
	reverse(path)
	reverse(endps)
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
	m.dualvar[b] = 0
	for _, v := range m.leaves(b, nil) {
		if m.label[m.inblossom[v]] == 2 {
			m.queue = append(m.queue, v)
		}
		m.inblossom[v] = b
	}
	bestedgeto := make([]int, 2*m.nvertex)
	for i := range bestedgeto {
		bestedgeto[i] = -1
	}
	for _, bv := range path {
		var lists [][]int
		if !m.hasBestEdges[bv] {
			for _, v := range m.leaves(bv, nil) {
				l := make([]int, len(m.neighbend[v]))
				for i, p := range m.neighbend[v] {
					l[i] = p / 2
				}
				lists = append(lists, l)
			}
		} else {
			lists = [][]int{m.blossombestedges[bv]}
		}
		for _, l := range lists {
			for _, k := range l {
				i, j := m.edges[k].I, m.edges[k].J
				if m.inblossom[j] == b {
					i, j = j, i
				}
				_ = i
				bj := m.inblossom[j]
				if bj != b && m.label[bj] == 1 && (bestedgeto[bj] == -1 || m.slack(k) < m.slack(bestedgeto[bj])) {
					bestedgeto[bj] = k
				}
			}
		}
		m.blossombestedges[bv] = nil
		m.hasBestEdges[bv] = false
		m.bestedge[bv] = -1
	}
	var best []int
	for _, k := range bestedgeto {
		if k != -1 {
			best = append(best, k)
		}
	}
	m.blossombestedges[b] = best
	m.hasBestEdges[b] = true
	m.bestedge[b] = -1
	for _, k := range best {
		if m.bestedge[b] == -1 || m.slack(k) < m.slack(m.bestedge[b]) {
			m.bestedge[b] = k
		}
	}
}

func (m *matcher) expandBlossom(b int, endstage bool) {
	for _, s := range m.blossomchilds[b] {
		m.blossomparent[s] = -1
		if s < m.nvertex {
			m.inblossom[s] = s
		} else if endstage && m.dualvar[s] == 0 {
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
		j := index(childs, entrychild)
		var jstep, endptrick int
		if j&1 != 0 {
			j -= n
			jstep, endptrick = 1, 0
		} else {
			jstep, endptrick = -1, 1
		}
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

func (m *matcher) augmentBlossom(b, v int) {
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
	i := index(childs, t)
	j := i
	var jstep, endptrick int
	if i&1 != 0 {
		j -= n
		jstep, endptrick = 1, 0
	} else {
		jstep, endptrick = -1, 1
	}
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

func (m *matcher) augmentMatching(k int) {
	v, w := m.edges[k].I, m.edges[k].J
	for _, sp := range [2][2]int{{v, 2*k + 1}, {w, 2 * k}} {
		s, p := sp[0], sp[1]
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
}

func (m *matcher) run() []int {
	n := m.nvertex
	mate := make([]int, n)
	for i := range mate {
		mate[i] = -1
	}
	if n == 0 || len(m.edges) == 0 {
		return mate
	}
	var maxweight int64
	for _, e := range m.edges {
		if e.W > maxweight {
			maxweight = e.W
		}
	}
	m.endpoint = make([]int, 2*len(m.edges))
	m.w2 = make([]int64, len(m.edges))
	for k, e := range m.edges {
		m.w2[k] = 2 * e.W
	}
	m.neighbend = make([][]int, n)
	for k, e := range m.edges {
		m.endpoint[2*k] = e.I
		m.endpoint[2*k+1] = e.J
		m.neighbend[e.I] = append(m.neighbend[e.I], 2*k+1)
		m.neighbend[e.J] = append(m.neighbend[e.J], 2*k)
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
	m.dualvar = make([]int64, 2*n)
	m.allowedge = make([]bool, len(m.edges))
	for v := 0; v < n; v++ {
		m.mate[v] = -1
		m.inblossom[v] = v
		m.dualvar[v] = maxweight
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

	for stage := 0; stage < n; stage++ {
		for i := range m.label {
			m.label[i] = 0
			m.bestedge[i] = -1
		}
		for b := n; b < 2*n; b++ {
			m.blossombestedges[b] = nil
			m.hasBestEdges[b] = false
		}
		for i := range m.allowedge {
			m.allowedge[i] = false
		}
		m.queue = m.queue[:0]
		for v := 0; v < n; v++ {
			if m.mate[v] == -1 && m.label[m.inblossom[v]] == 0 {
				m.assignLabel(v, 1, -1)
			}
		}
		augmented := false
		for {
			for len(m.queue) > 0 && !augmented {
				v := m.queue[len(m.queue)-1]
				m.queue = m.queue[:len(m.queue)-1]
				for _, p := range m.neighbend[v] {
					k := p / 2
					w := m.endpoint[p]
					if m.inblossom[v] == m.inblossom[w] {
						continue
					}
					var kslack int64
					if !m.allowedge[k] {
						kslack = m.slack(k)
						if kslack <= 0 {
							m.allowedge[k] = true
						}
					}
					if m.allowedge[k] {
						switch {
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
						if m.bestedge[b] == -1 || kslack < m.slack(m.bestedge[b]) {
							m.bestedge[b] = k
						}
					} else if m.label[w] == 0 {
						if m.bestedge[w] == -1 || kslack < m.slack(m.bestedge[w]) {
							m.bestedge[w] = k
						}
					}
				}
			}
			if augmented {
				break
			}
			deltatype := -1
			var delta int64
			deltaedge, deltablossom := -1, -1
			if !m.maxCard {
				deltatype = 1
				delta = m.dualvar[0]
				for v := 1; v < n; v++ {
					if m.dualvar[v] < delta {
						delta = m.dualvar[v]
					}
				}
			}
			for v := 0; v < n; v++ {
				if m.label[m.inblossom[v]] == 0 && m.bestedge[v] != -1 {
					d := m.slack(m.bestedge[v])
					if deltatype == -1 || d < delta {
						delta, deltatype, deltaedge = d, 2, m.bestedge[v]
					}
				}
			}
			for b := 0; b < 2*n; b++ {
				if m.blossomparent[b] == -1 && m.label[b] == 1 && m.bestedge[b] != -1 {
					d := m.slack(m.bestedge[b]) / 2
					if deltatype == -1 || d < delta {
						delta, deltatype, deltaedge = d, 3, m.bestedge[b]
					}
				}
			}
			for b := n; b < 2*n; b++ {
				if m.blossombase[b] >= 0 && m.blossomparent[b] == -1 && m.label[b] == 2 && (deltatype == -1 || m.dualvar[b] < delta) {
					delta, deltatype, deltablossom = m.dualvar[b], 4, b
				}
			}
			if deltatype == -1 {
				deltatype = 1
				delta = m.dualvar[0]
				for v := 1; v < n; v++ {
					if m.dualvar[v] < delta {
						delta = m.dualvar[v]
					}
				}
				if delta < 0 {
					delta = 0
				}
			}
			for v := 0; v < n; v++ {
				switch m.label[m.inblossom[v]] {
				case 1:
					m.dualvar[v] -= delta
				case 2:
					m.dualvar[v] += delta
				}
			}
			for b := n; b < 2*n; b++ {
				if m.blossombase[b] >= 0 && m.blossomparent[b] == -1 {
					switch m.label[b] {
					case 1:
						m.dualvar[b] += delta
					case 2:
						m.dualvar[b] -= delta
					}
				}
			}
			if deltatype == 1 {
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
			if m.blossomparent[b] == -1 && m.blossombase[b] >= 0 && m.label[b] == 1 && m.dualvar[b] == 0 {
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

func reverse(s []int) {
	for i, j := 0, len(s)-1; i < j; i, j = i+1, j-1 {
		s[i], s[j] = s[j], s[i]
	}
}

func index(s []int, x int) int {
	for i, v := range s {
		if v == x {
			return i
		}
	}
	return -1
}
