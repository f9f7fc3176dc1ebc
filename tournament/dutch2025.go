package tournament

import (
	"fmt"
	"math/bits"
	"sort"

	"rtrbot/i18n"
	"rtrbot/tournament/wmatch"
)

// The Dutch procedure of C.04.3 (2025), bracket by bracket from the top.
//
// Every pair of players still to pair is an edge of one graph. Its weight
// holds the criteria of article 3 in bit fields, most important highest,
// so that a maximum weight matching optimises them lexicographically:
//
//	C4   completion: every edge of a legal pair has weight, the bye only
//	     to an eligible player of the lowest possible score (C2, C9)
//	C5   pairs in the current bracket, C6 the scores of those pairs
//	C7   pairs in the next bracket, C8 their scores
//	C9   the bye to the player with the fewest unplayed games
//	C10  no topscorer's side difference beyond ±2
//	C11  no topscorer with the same side three times
//	C12  side preferences granted, C13 strong ones
//	C14–C17 repeated down and up floats (one and two rounds back)
//	C18–C21 the scores of those floaters
//	and the lowest bits for the order of article 4.
//
// Edges between players below the bracket carry only the completion
// field (and C9), so every optimum keeps the rest of the round pairable
// (C4). Among the optimal pairings of a bracket, article 4 chooses: the
// moved-down players (MDPs) to pair, highest first (4.2), each MDP's
// opponent, highest first; then in the remainder the fewest exchanges
// between S1 and S2, the smallest difference of the exchanged numbers
// (4.3), and each S1 player's opponent, highest in S2 first. Each choice
// is a bonus in the lowest bits on the edges that express it, kept where
// the optimum stays the same: the bonuses of many choices, each worth more
// than all the later ones together, go into one matching (lexicographic,
// so the same as one choice at a time), as many as the bits hold.
//
// Each matching is solved on a sparse graph first, then certified on the
// whole one by its duals (wmatch.Match): exact, and much faster than the
// whole graph. Ties between optimal matchings decide almost nothing: every
// choice is "does some optimal matching do this". The exception is whether
// C9 acts in the next bracket, read (as bbpPairings reads it) from the
// mates the last matching gave the players moving on.

// cinfo is a player's sides as article 1.6 sees them.
type cinfo struct {
	pref   string // German, Allied or ""
	imb    int    // |side difference|
	rep    string // the side played in the last two games or more, or ""
	abs    bool   // absolute preference (1.6.2)
	strong bool   // strong preference (1.6.3)
}

func (h *phist) colour() cinfo {
	w, b, run := 0, 0, 0
	last := ""
	for _, c := range h.colours {
		if c == German {
			w++
		} else {
			b++
		}
		if run == 0 || c != last {
			run = 1
		} else {
			run++
		}
		last = c
	}
	lower, imb := German, b-w
	if w > b {
		lower, imb = Allied, w-b
	}
	c := cinfo{imb: imb}
	switch {
	case imb > 1:
		c.pref = lower
	case run > 1:
		c.pref = other(last)
	case imb > 0:
		c.pref = lower
	case run > 0:
		c.pref = other(last)
	}
	if run > 1 {
		c.rep = last
	}
	c.abs = imb > 1 || c.rep != ""
	c.strong = !c.abs && imb > 0
	return c
}

// layout is where each criterion sits in an edge weight (bit offsets).
type layout struct {
	ordBits, choose                                                                            uint
	ord, c21, c20, c19, c18, c17, c16, c15, c14, c13, c12, c11, c10, c9, f4, f3, f2, f1, compl uint
	shift                                                                                      map[int]uint
}

type dutch struct {
	ps       []*phist
	ci       []cinfo
	n        int
	played   int // rounds before this one
	B        uint
	odd      bool
	byeScore int
	single   bool // C9 acts in the current bracket
	single0  bool // C9 as it was at the start (edges below the bracket)
	ranks    map[int]int
	gone     []bool
	partner  []int
	bw       [][]wmatch.Weight // bw[q][p], p < q: the current weight of the pair at positions p, q of pos
	pos      []int             // by player: its position among those whose weights are written, or -1
	bwBuf    []wmatch.Weight   // the backing of bw, kept from bracket to bracket
	baseBuf  []wmatch.Weight   // the backing of a bracket's base weights
	dead     [][]bool          // pairs the order of article 4 has ruled out
	bump     [][]bool          // MDPs tried and not paired keep a +1 on those edges
	mate     []int             // the last matching (mate[v] == v: unpaired)
	L        layout
	why      map[int]i18n.Text // the procedure's reason, by the higher-ranked player of a pair
	inb      []bool            // joined whole in a first matching: the current bracket (with the next score group when small)
	wdual    []wmatch.Weight   // the last matching's end state, by player (wmatch.Warm)
	wmate    []int
	compat   []bool      // compatible, by i*n+j
	c9v      []uint64    // c9's part of each player
	redual   bool        // the weights are new: wdual does not fit them
	sep      *wmatch.Sep // the weights of the pairs outside the bracket (nil: all in w)
	sh       []uint      // by player of the bracket: L.shift of its score
}

func b2u(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}

func (d *dutch) score(v int) int { return d.ps[v].score }

func (d *dutch) eligible(v int) bool { return !d.ps[v].hadBye }

func (d *dutch) byeCand(v int) bool { return d.eligible(v) && d.score(v) <= d.byeScore }

// compatible: the absolute criteria C1 (no rematch) and C3, as pairDutch
// worked them out for every pair.
func (d *dutch) compatible(i, j int) bool { return d.compat[i*d.n+j] }

// sidesAllow is C3: two non-topscorers with the same absolute preference
// do not meet.
func (d *dutch) sidesAllow(i, j int) bool {
	ca, cb := d.ci[i], d.ci[j]
	return !(ca.abs && cb.abs && ca.pref == cb.pref && !(d.ps[i].top || d.ps[j].top))
}

func (d *dutch) set(i, j int, w wmatch.Weight) {
	p, q := d.pos[i], d.pos[j]
	if p > q {
		p, q = q, p
	}
	d.bw[q][p] = w
}

// explicit makes vs (in rank order) the players whose pairs' weights are
// written (set), all zero, and the others' pairs weigh d.sep's.
func (d *dutch) explicit(vs []int) {
	for v := range d.pos {
		d.pos[v] = -1
	}
	d.bw, d.bwBuf = triangle(len(vs), d.bwBuf)
	for p, v := range vs {
		d.pos[v] = p
	}
}

// triangle is n rows, row q of q weights, in buf (grown if need be;
// returned for the next one). The weights are left as they were: every
// pair of a bracket is written before it is read (brackets,
// byeAndCompletable).
func triangle(n int, buf []wmatch.Weight) ([][]wmatch.Weight, []wmatch.Weight) {
	need := n * (n - 1) / 2
	if cap(buf) < need {
		buf = make([]wmatch.Weight, need)
	}
	all := buf[:need]
	rows := make([][]wmatch.Weight, n)
	for q := range rows {
		rows[q] = all[:q:q]
		all = all[q:]
	}
	return rows, buf
}

// sparseK: outside the bracket, the first matching of a run joins each
// player only to the sparseK players nearest in rank.
const sparseK = 4

// denseBracket: up to this many players, a bracket and the next score
// group are joined whole in a first matching; beyond, the bracket alone.
const denseBracket = 64

// compute runs the matching on the players not yet paired.
func (d *dutch) compute() {
	id := make([]int, 0, d.n) // compact vertex -> player
	for v := 0; v < d.n; v++ {
		if !d.gone[v] {
			id = append(id, v)
		}
	}
	// a sparse graph first: the current bracket whole (with the next score
	// group up to denseBracket players), elsewhere each player with its
	// sparseK nearest in rank (an edge to the next score group or below
	// weighs the same whoever its lower player is, but for the completion
	// field)
	// each matching starts from the last one's duals and mates (of the
	// players still to pair): the result is as optimal, with far fewer
	// stages
	ws := &wmatch.Warm{}
	g := wmatch.Graph{N: len(id), BW: d.bw, Pos: d.pos, ID: id, Window: sparseK, Whole: d.inb, Sep: d.sep}
	var tmp wmatch.Weight
	if d.wdual != nil {
		pos := make([]int, d.n)
		for x, v := range id {
			pos[v] = x
		}
		for _, v := range id {
			dv, mt := d.wdual[v], -1
			if u := d.wmate[v]; u >= 0 && !d.gone[u] {
				mt = pos[u]
			}
			if d.redual {
				// new weights (a new bracket): the last mates, each pair's
				// duals its new weight (tight), the free ones' zero;
				// warmInit mends the rest
				dv = wmatch.Weight{}
				if u := id[max(mt, 0)]; mt >= 0 && !g.Weight(min(v, u), max(v, u), &tmp).NonPos() {
					dv = *g.Weight(min(v, u), max(v, u), &tmp)
				} else {
					mt = -1
				}
			}
			ws.Dual = append(ws.Dual, dv)
			ws.Mate = append(ws.Mate, mt)
		}
		d.redual = false
	}
	var m []int
	m = wmatch.Match(g, ws)
	if d.wdual == nil {
		d.wdual, d.wmate = make([]wmatch.Weight, d.n), make([]int, d.n)
	}
	for x, v := range id {
		d.wdual[v] = ws.Dual[x]
		d.wmate[v] = -1
		if u := ws.Mate[x]; u >= 0 {
			d.wmate[v] = id[u]
		}
	}
	for v := range d.mate {
		if d.gone[v] {
			d.mate[v] = d.partner[v]
		}
	}
	for x, v := range id {
		if m[x] < 0 {
			d.mate[v] = v
		} else {
			d.mate[v] = id[m[x]]
		}
	}
}

func (d *dutch) finalize(a, b int) {
	d.gone[a], d.gone[b] = true, true
	d.partner[a], d.partner[b] = b, a
}

// c9 is the bye criterion's part of an edge: the rank (by games played,
// most first) of its players of the bye's score.
func (d *dutch) c9(i, j int, single bool) uint64 {
	if !single {
		return 0
	}
	if d.c9v == nil {
		// each player's part, once (ranks are settled by then)
		d.c9v = make([]uint64, d.n)
		for v := range d.c9v {
			if d.score(v) == d.byeScore {
				d.c9v[v] = uint64(d.ranks[len(d.ps[v].colours)])
			}
		}
	}
	return d.c9v[i] + d.c9v[j]
}

func (d *dutch) completion(i, j int) uint64 {
	return 1 + b2u(!d.byeCand(i)) + b2u(!d.byeCand(j))
}

// base is the weight of the edge between i (ranked higher) and j in the
// bracket: cur if j is in the current bracket, next if in the next one.
func (d *dutch) base(i, j int, cur, next bool) wmatch.Weight {
	if !d.compatible(i, j) {
		return wmatch.Weight{}
	}
	L := &d.L
	si, sj := d.score(i), d.score(j)
	var w wmatch.Weight
	w.AddAt(d.completion(i, j), L.compl)
	if cur {
		w.AddAt(1, L.f1)
		w.AddAt(1, L.f2+d.sh[i])
	}
	if next {
		w.AddAt(1, L.f3)
		w.AddAt(1, L.f4+d.sh[i])
	}
	w.AddAt(d.c9(i, j, d.single), L.c9)
	if !cur {
		return w
	}
	hi, lo := d.ci[i], d.ci[j]
	same := hi.pref != "" && hi.pref == lo.pref
	// C10: no side difference beyond ±2
	w.AddAt(b2u(!(hi.imb > 1 && lo.imb > 1 && same)), L.c10)
	// C11: no side three times in a row
	c11 := !hi.abs || !lo.abs || !same
	if !c11 {
		if hi.imb == lo.imb {
			c11 = lo.rep == "" || lo.rep != hi.rep
		} else {
			yields := lo
			if lo.imb > hi.imb {
				yields = hi
			}
			c11 = yields.rep != other(lo.pref)
		}
	}
	w.AddAt(b2u(c11), L.c11)
	// C12, C13: preferences granted
	w.AddAt(b2u(!same), L.c12)
	w.AddAt(b2u((!lo.strong && !lo.abs) || (!hi.strong && !hi.abs) || (hi.abs && lo.abs) || !same), L.c13)
	a, b := d.ps[i], d.ps[j]
	type fl struct {
		back             int
		cnt, up, sc, usc *uint
	}
	for _, f := range []fl{{1, &L.c14, &L.c15, &L.c18, &L.c19}, {2, &L.c16, &L.c17, &L.c20, &L.c21}} {
		back := f.back
		if d.played < back {
			continue
		}
		downB, downA, upB := b.floated(back, -1), a.floated(back, -1), b.floated(back, +1)
		w.AddAt(b2u(downB)+b2u(si <= sj && downA), *f.cnt)
		w.AddAt(b2u(!(si > sj && upB)), *f.up)
		w.AddAt(b2u(downB), *f.sc+d.sh[j])
		w.AddAt(b2u(downA), *f.sc+d.sh[i])
		if !(upB && si > sj) {
			w.AddAt(1, *f.usc+d.sh[i])
		}
	}
	return w
}

// plan lays the fields out for a bracket whose players (with the next
// score group) are vs.
func (d *dutch) plan(vs []int) error {
	count := map[int]int{}
	for _, v := range vs {
		count[d.score(v)]++
	}
	var scores []int
	for s := range count {
		scores = append(scores, s)
	}
	sort.Ints(scores)
	L := layout{shift: map[int]uint{}}
	var S uint
	for _, s := range scores {
		L.shift[s] = S
		S += uint(bits.Len(uint(count[s])))
	}
	B := d.B
	// the order of article 4 (the lowest bits): at least what the
	// exchanges need, more (up to ordMax) for choosing many opponents in
	// one matching
	used := 14*B + 6*S + B + 2
	L.choose = 1
	if used+3*B+1 < wmatch.Bits {
		L.choose = max(1, min(ordMax, wmatch.Bits-used-3*B-1))
	}
	L.ordBits = L.choose + 3*B + 1
	off := L.ordBits
	for _, p := range []*uint{&L.c21, &L.c20, &L.c19, &L.c18} {
		*p, off = off, off+S
	}
	for _, p := range []*uint{&L.c17, &L.c16, &L.c15, &L.c14, &L.c13, &L.c12, &L.c11, &L.c10} {
		*p, off = off, off+B
	}
	L.c9, off = off, off+2*B
	L.f4, off = off, off+S
	L.f3, off = off, off+B
	L.f2, off = off, off+S
	L.f1, off = off, off+B
	L.compl = off
	if off+B+2 > wmatch.Bits {
		return i18n.Errorf("Too many players or score groups to pair (%s).", "組み合わせるには人数かスコアグループが多すぎます (%s)", i18n.Count(d.n, "player", "players", "人"))
	}
	d.L = L
	if d.sh == nil {
		d.sh = make([]uint, d.n)
	}
	for _, v := range vs {
		d.sh[v] = L.shift[d.score(v)]
	}
	return nil
}

// maxDutch is the most players a round pairs: its weights take n² wide
// integers.
const maxDutch = 1024

// pairDutch pairs ps (ranked by the caller: score, then pairing number).
func pairDutch(ps []*phist) ([]pairing, error) {
	n := len(ps)
	if n == 0 {
		return nil, nil
	}
	sort.SliceStable(ps, func(i, j int) bool {
		if ps[i].score != ps[j].score {
			return ps[i].score > ps[j].score
		}
		return ps[i].pn < ps[j].pn
	})
	if n > maxDutch {
		return nil, i18n.Errorf("%s are more than the Swiss pairing takes (%d): the organiser pairs this round by hand", "%sはスイス式の組み合わせの上限 (%d人) を超えています。主催者が手で組んでください。", i18n.Count(n, "player", "players", "人"), maxDutch)
	}
	d := &dutch{ps: ps, n: n, odd: n%2 == 1, B: uint(bits.Len(uint(n))), ranks: map[int]int{}, why: map[int]i18n.Text{}}
	d.played = len(ps[0].floats)
	d.ci = make([]cinfo, n)
	for i, p := range ps {
		d.ci[i] = p.colour()
	}
	d.gone = make([]bool, n)
	d.partner = make([]int, n)
	d.mate = make([]int, n)
	d.inb = make([]bool, n)
	d.pos = make([]int, n)
	d.dead = make([][]bool, n)
	d.bump = make([][]bool, n)
	for i := range d.dead {
		d.dead[i] = make([]bool, n)
		d.bump[i] = make([]bool, n)
	}
	// C1 and C3 for every pair: the rematches from each player's
	// opponents (a few each), not a lookup per pair
	d.compat = make([]bool, n*n)
	idx := make(map[string]int, n)
	for i, p := range ps {
		idx[p.id] = i
	}
	for i := 0; i < n; i++ {
		for j := i + 1; j < n; j++ {
			c := d.sidesAllow(i, j)
			d.compat[i*n+j], d.compat[j*n+i] = c, c
		}
	}
	for i, p := range ps {
		for o, met := range p.opps {
			if j, ok := idx[o]; ok && met {
				d.compat[i*n+j], d.compat[j*n+i] = false, false
			}
		}
	}
	if err := d.byeAndCompletable(); err != nil {
		return nil, err
	}
	if err := d.brackets(); err != nil {
		return nil, err
	}
	var out []pairing
	for v := 0; v < n; v++ {
		p := d.partner[v]
		if !d.gone[v] {
			out = append(out, pairing{a: v, b: -1, explain: i18n.Sprintf(i18n.T(
				"bye: a player who has had no bye yet, among the lowest score (%s) that still lets everyone else be paired (FIDE Dutch system)",
				"バイ: まだバイを受けていないプレイヤーに。残り全員を組み合わせられる最も低い得点 (%s 点) の中から (FIDE ダッチ方式)"), half2(ps[v].score))})
			continue
		}
		if p > v {
			out = append(out, pairing{a: v, b: p, explain: d.why[v]})
		}
	}
	sort.SliceStable(out, func(x, y int) bool {
		if (out[x].b < 0) != (out[y].b < 0) {
			return out[y].b < 0
		}
		return out[x].a < out[y].a
	})
	return out, nil
}

// byeAndCompletable checks that a pairing exists (C1–C4) and, with an odd
// number, finds the score of the bye: the lowest for which the others can
// all be paired.
func (d *dutch) byeAndCompletable() error {
	n := d.n
	group := make([]int, n) // score groups counted from the bottom
	g := 0
	for v := n - 1; v >= 0; v-- {
		if v < n-1 && d.score(v) != d.score(v+1) {
			g++
		}
		group[v] = g
	}
	top := d.score(0)
	// with an odd number, a pair weighs 2^64 (completion) and each
	// player's part: 2^64 if it may not have the bye, its score group
	// counted from the bottom at 2^32, so that the one left out is an
	// eligible player of the lowest score possible; a pair of topscorers
	// weighs one more (the bye's score stays below the top when it can)
	sp := &wmatch.Sep{In: make([]bool, n), One: wmatch.At(1, 0), Part: make([]wmatch.Weight, n), Compat: d.compat, Stride: n}
	var tops []int
	if d.odd {
		sp.One = wmatch.At(1, 64)
		for v := 0; v < n; v++ {
			sp.Part[v] = wmatch.At(b2u(!d.eligible(v)), 64).Add(wmatch.At(uint64(group[v]), 32))
			sp.In[v] = d.score(v) >= top
			if sp.In[v] {
				tops = append(tops, v)
			}
		}
		d.explicit(tops)
		for i := 0; i < n && sp.In[i]; i++ {
			for j := i + 1; j < n && sp.In[j]; j++ {
				if d.compatible(i, j) {
					d.set(i, j, sp.One.Add(sp.Part[i]).Add(sp.Part[j]).Add(wmatch.At(1, 0)))
				} else {
					d.set(i, j, wmatch.Weight{})
				}
			}
		}
	}
	if !d.odd {
		d.explicit(nil)
	}
	d.sep = sp
	d.compute()
	unpaired := -1
	for v := 0; v < n; v++ {
		if d.mate[v] == v {
			if unpaired >= 0 || !d.eligible(v) || !d.odd {
				return errNoPairing
			}
			unpaired = v
		}
	}
	if !d.odd {
		return nil
	}
	d.byeScore = d.score(unpaired)
	if d.byeScore >= top {
		d.single = true
		for v := 0; v < n && d.score(v) >= top; v++ {
			if d.score(d.mate[v]) < top {
				d.single = false
				break
			}
		}
	}
	d.single0 = d.single
	var games []int
	for v := 0; v < n; v++ {
		if d.score(v) == d.byeScore {
			games = append(games, len(d.ps[v].colours))
		}
	}
	sort.Sort(sort.Reverse(sort.IntSlice(games)))
	for r, g := range games {
		d.ranks[g] = r
	}
	return nil
}

// brackets pairs the brackets from the top (article 2 and 4): each
// bracket's weights (the criteria of article 3), then its MDPs (4.2),
// then its remainder (4.3); the players left unpaired and the next score
// group make the next bracket.
func (d *dutch) brackets() error {
	n := d.n
	next := 0
	var bracket []int
	for next < n && d.score(next) >= d.score(0) {
		bracket = append(bracket, next)
		next++
	}
	mdp, beginV := 0, 0
	for len(bracket) > 1 || next < n {
		nb := len(bracket)
		nextV := beginV + (nb - mdp)
		groupStart := next
		for next < n && d.score(next) >= d.score(groupStart) {
			bracket = append(bracket, next)
			next++
		}
		b := &bracketPass{d: d, bracket: bracket, nb: nb, mdp: mdp, beginV: beginV, nextV: nextV, matched: map[int]bool{}}
		if err := b.weigh(); err != nil {
			return err
		}
		if err := b.pairMDPs(); err != nil {
			return err
		}
		if err := b.pairRemainder(); err != nil {
			return err
		}
		bracket, mdp = b.nextBracket(groupStart)
		beginV = nextV
	}
	return nil
}

// bracketPass is one bracket being paired: its players in rank order,
// the MDPs (bracket[:mdp]) and the residents (bracket[mdp:nb]) first, the
// next score group after (bracket[nb:]).
type bracketPass struct {
	d       *dutch
	bracket []int
	nb, mdp int
	// the residents are the players beginV to nextV-1
	beginV, nextV int
	base          [][]wmatch.Weight // base[q][p]: the weight of the pair at positions p < q of bracket
	matched       map[int]bool      // the players whose opponent is settled
	// the remainder (4.3): positions in bracket, the first remPairs of
	// them S1, and the exchanges between S1 and S2
	rem       []int
	remPairs  int
	exchanges int
}

// inCur reports whether the last matching pairs v in the current bracket.
func (b *bracketPass) inCur(v int) bool {
	m := b.d.mate[v]
	return m >= b.beginV && m < b.nextV
}

// down reports whether the last matching pairs v with a lower resident.
func (b *bracketPass) down(v int) bool {
	m := b.d.mate[v]
	return m > v && m < b.nextV
}

// weigh writes the weights of the bracket's pairs (article 3) and of the
// pairs outside it (completion and C9).
func (b *bracketPass) weigh() error {
	d, n, bracket := b.d, b.d.n, b.bracket
	if err := d.plan(bracket); err != nil {
		return err
	}
	d.redual = true
	in := make([]int, n) // position in the bracket, or -1
	for v := range in {
		in[v] = -1
	}
	d.inb = make([]bool, n)
	d.explicit(bracket)
	for p, v := range bracket {
		in[v] = p
		d.inb[v] = p < b.nb || len(bracket) <= denseBracket
	}
	b.base, d.baseBuf = triangle(len(bracket), d.baseBuf)
	d.sep = d.outsideWeights(bracket)
	for _, i := range bracket {
		if d.gone[i] {
			continue
		}
		for _, j := range bracket {
			if j <= i || d.gone[j] {
				continue
			}
			pi, pj := in[i], in[j]
			var w wmatch.Weight
			if pj < b.mdp {
				if !d.dead[i][j] {
					w = d.base(i, j, true, false).Add(wmatch.Small(int64(b2u(d.bump[i][j]))))
				}
			} else {
				w = d.base(i, j, pj < b.nb, pj >= b.nb)
				d.dead[i][j], d.dead[j][i] = false, false
				d.bump[i][j], d.bump[j][i] = false, false
			}
			b.base[pj][pi] = w
			d.set(i, j, w)
		}
	}
	return nil
}

// outsideWeights are the weights of the pairs outside bracket: completion
// and C9, one At(1, compl) and each player's part of the two.
func (d *dutch) outsideWeights(bracket []int) *wmatch.Sep {
	n := d.n
	one := wmatch.At(1, d.L.compl)
	part := make([]wmatch.Weight, n)
	d.c9(0, 0, true) // settles c9v
	for v := range part {
		part[v] = wmatch.At(b2u(!d.byeCand(v)), d.L.compl)
		if d.single0 {
			part[v] = part[v].Add(wmatch.At(d.c9v[v], d.L.c9))
		}
	}
	inBr := make([]bool, n)
	for _, v := range bracket {
		inBr[v] = true
	}
	return &wmatch.Sep{In: inBr, One: one, Part: part, Compat: d.compat, Stride: n}
}

// mdpWhy is the reason given for MDP v's pairing (4.2).
func (b *bracketPass) mdpWhy(v int) i18n.Text {
	d := b.d
	return i18n.Sprintf(i18n.T(
		"%s, left over from a higher score, meets the highest ranked player on %s whom the round's best pairing allows (no rematch, one bye each, sides and score differences weighed: FIDE Dutch system)",
		"上の得点から持ち越された%[1]sが、%[2]s 点のプレイヤーのうち、ラウンド全体の最良の組み合わせ (再戦なし、バイは1回まで、陣営と点差を考慮。FIDE ダッチ方式) が許す最上位のプレイヤーと対戦"),
		d.ps[v].name, half2(d.score(b.bracket[b.mdp])))
}

// mdpCands are the residents MDP pi may still meet, highest first.
func (b *bracketPass) mdpCands(pi int) []int {
	var os []int
	for po := b.mdp; po < b.nb; po++ {
		if !b.matched[b.bracket[po]] && !b.base[po][pi].IsZero() {
			os = append(os, po)
		}
	}
	return os
}

// pairMDPs is 4.2: which MDPs are paired (the highest first) and each
// one's opponent (the highest resident first). A bracket without MDPs
// goes straight to its remainder.
func (b *bracketPass) pairMDPs() error {
	var paired []int
	fresh := false // the last matching is optimal with the choices so far
	if room := int(b.d.L.choose) - 1 - b.mdp; b.mdp > 0 && room >= 0 {
		paired = b.mdpsInOneMatching(room)
		fresh = true
	} else if b.mdp > 0 {
		paired = b.mdpsOneAtATime()
	}
	// the opponents of the paired MDPs still to pair, a batch per
	// matching
	return b.d.choose(paired, b.mdpCands, b.bracket, b.base, b.matched, true, b.mdpWhy, fresh)
}

// mdpsInOneMatching: when the order field holds it (room bits), one
// matching chooses the MDPs paired and the opponents of the first k: MDP
// t paired in the bracket is worth 2^(mdp-1-t), above the first k MDPs'
// choices of opponent (lexicographic, as one MDP at a time). The first k
// are settled; it returns the others paired.
func (b *bracketPass) mdpsInOneMatching(room int) []int {
	d, bracket, mdp := b.d, b.bracket, b.mdp
	per := d.per(len(bracket))
	k := min(mdp, room/int(per))
	selOff := 1 + uint(k)*per
	for pi := 0; pi < mdp; pi++ {
		os := b.mdpCands(pi)
		for r, po := range os {
			w := b.base[po][pi].Add(wmatch.At(1, selOff+uint(mdp-1-pi)))
			if pi < k {
				w = w.Add(wmatch.At(uint64(len(os)-r), 1+uint(k-1-pi)*per))
			}
			d.set(bracket[pi], bracket[po], w)
		}
	}
	d.compute()
	var paired []int
	for pi := 0; pi < mdp; pi++ {
		if v := bracket[pi]; b.inCur(v) {
			b.matched[v] = true
			paired = append(paired, pi)
		}
	}
	var rest []int
	for _, pi := range paired {
		if pi >= k {
			rest = append(rest, pi)
			continue
		}
		v := bracket[pi]
		m := d.mate[v]
		b.matched[m] = true
		d.finalize(v, m)
		d.why[v] = b.mdpWhy(v)
	}
	return rest
}

// mdpsOneAtATime chooses the MDPs paired one at a time, the highest
// first within each score, and returns them.
func (b *bracketPass) mdpsOneAtATime() []int {
	d, bracket, mdp, nb := b.d, b.bracket, b.mdp, b.nb
	d.compute()
	mdScore, left, leftPaired := 0, 0, 0
	for pi := 0; pi < mdp; pi++ {
		v := bracket[pi]
		if pi == 0 || d.score(v) < mdScore {
			mdScore, left, leftPaired = d.score(v), 0, 0
			for q := pi; q < mdp && d.score(bracket[q]) >= mdScore; q++ {
				left++
				if b.inCur(bracket[q]) {
					leftPaired++
				}
			}
		}
		if leftPaired == 0 {
			continue
		}
		if left <= leftPaired {
			b.matched[v] = true
			continue
		}
		left--
		if !b.inCur(v) {
			for po := mdp; po < nb; po++ {
				if w := b.base[po][pi]; !w.IsZero() {
					d.set(v, bracket[po], w.Add(wmatch.Small(1)))
					d.bump[v][bracket[po]], d.bump[bracket[po]][v] = true, true
				}
			}
			d.compute()
		}
		if b.inCur(v) {
			b.matched[v] = true
			leftPaired--
			for po := mdp; po < nb; po++ {
				if w := b.base[po][pi]; !w.IsZero() {
					d.set(v, bracket[po], w.Add(wmatch.Small(int64(nb-mdp)+1)))
				}
			}
		}
	}
	var paired []int
	for pi := 0; pi < mdp; pi++ {
		if b.matched[bracket[pi]] {
			paired = append(paired, pi)
		}
	}
	return paired
}

// pairRemainder is 4.3: the remainder, S1 the first remPairs of it, with
// the fewest exchanges between S1 and S2, the smallest difference of the
// numbers exchanged, and each S1 player's opponent, highest in S2 first.
func (b *bracketPass) pairRemainder() error {
	k := b.matchRemainder()
	b.exchanges = 0
	for a := 0; a < b.remPairs; a++ {
		if !b.down(b.bracket[b.rem[a]]) {
			b.exchanges++
		}
	}
	chosen := 0
	if b.exchanges == 0 {
		chosen = b.settleFirstS1(k)
	} else {
		for a := range b.rem {
			for c := a + 1; c < len(b.rem); c++ {
				b.d.set(b.bracket[b.rem[a]], b.bracket[b.rem[c]], b.remWeight(a, c))
			}
		}
	}
	b.exchangeFromS1()
	b.exchangeFromS2()
	b.settleDownwards()
	return b.chooseS1Opponents(chosen)
}

// remainderOf sets rem, the residents still to pair, and remPairs, the
// size of S1. Without MDPs it is every resident and S1 is guessed as half
// of them, checked after the matching (the number of pairs does not
// depend on the order bits).
func (b *bracketPass) remainderOf() {
	d, bracket := b.d, b.bracket
	b.rem, b.remPairs = nil, 0
	for pi := b.mdp; pi < b.nb; pi++ {
		v := bracket[pi]
		if b.mdp > 0 && d.mate[v] < b.beginV {
			continue
		}
		b.rem = append(b.rem, pi)
		if b.mdp > 0 && d.mate[v] < v {
			b.remPairs++
		}
	}
	if b.mdp == 0 {
		b.remPairs = len(b.rem) / 2
	}
}

// remWeight is the weight of the pair of remainder players a < c with
// the order of 4.3: a bonus for a in S1, less the further down a is.
func (b *bracketPass) remWeight(a, c int) wmatch.Weight {
	d := b.d
	w := b.base[b.rem[c]][b.rem[a]]
	if w.IsZero() {
		return w
	}
	return w.Add(wmatch.At(b2u(a < b.remPairs), d.L.choose+2*d.B+1)).Sub(wmatch.At(uint64(2*a), d.L.choose))
}

// matchRemainder runs the matching that counts the exchanges; it also
// chooses the opponents of the first k S1 players (returned), should
// there be no exchange.
func (b *bracketPass) matchRemainder() int {
	d, bracket := b.d, b.bracket
	b.remainderOf()
	rem := b.rem
	var k int
	for {
		k = d.batch(b.remPairs, false, len(bracket))
		for a := range rem {
			for c := a + 1; c < len(rem); c++ {
				w := b.remWeight(a, c)
				if a < k && c >= b.remPairs && !w.IsZero() {
					w = w.Add(wmatch.At(uint64(len(rem)-c), 1+uint(k-1-a)*d.per(len(bracket))))
				}
				d.set(bracket[rem[a]], bracket[rem[c]], w)
			}
		}
		d.compute()
		if b.mdp > 0 {
			return k
		}
		got := 0
		for _, pi := range rem {
			if v := bracket[pi]; d.mate[v] < v && d.mate[v] >= b.beginV {
				got++
			}
		}
		if got == b.remPairs {
			return k
		}
		b.remPairs = got
	}
}

// remWhy is the reason given for S1 player v's pairing (4.3).
func (b *bracketPass) remWhy(v int) i18n.Text {
	why := i18n.Sprintf(i18n.T(
		"%s, in the top half of the players on the same score, meets the highest ranked player of the bottom half whom the round's best pairing allows (no rematch, one bye each, sides and score differences weighed: FIDE Dutch system)",
		"同じ得点のプレイヤーの上位半分にいる%sが、ラウンド全体の最良の組み合わせ (再戦なし、バイは1回まで、陣営と点差を考慮。FIDE ダッチ方式) が許す下位半分の最上位のプレイヤーと対戦"),
		b.d.ps[v].name)
	if b.exchanges == 0 {
		return why
	}
	return i18n.Sprintf(i18n.T("%s, after swapping %s between the top and bottom halves", "%s (上位半分と下位半分の間で %s入れ替えた後)"),
		why, i18n.Count(b.exchanges, "pair of players", "pairs of players", "組"))
}

// settleFirstS1: without exchanges, the matching that counted them chose
// the opponents of the first k S1 players; they are settled. It returns
// k.
func (b *bracketPass) settleFirstS1(k int) int {
	d := b.d
	for _, pi := range b.rem[:k] {
		v := b.bracket[pi]
		m := d.mate[v]
		b.matched[v], b.matched[m] = true, true
		d.finalize(v, m)
		d.why[v] = b.remWhy(v)
	}
	return k
}

// exchangeFromS1 chooses the S1 players to exchange, from the bottom of
// S1: each pairs downwards if some optimal pairing lets it.
func (b *bracketPass) exchangeFromS1() {
	d, bracket, rem := b.d, b.bracket, b.rem
	toGo := b.exchanges
	for a := b.remPairs - 1; a >= 0 && toGo > 0; a-- {
		v := bracket[rem[a]]
		if b.down(v) {
			for c := a + 1; c < len(rem); c++ {
				if w := b.remWeight(a, c); !w.IsZero() {
					d.set(v, bracket[rem[c]], w.Sub(wmatch.Small(1)))
				}
			}
			d.compute()
		}
		ex := !b.down(v)
		if ex {
			toGo--
		}
		for c := a + 1; c < len(rem); c++ {
			if ex {
				b.base[rem[c]][rem[a]] = wmatch.Weight{}
			}
			d.set(v, bracket[rem[c]], b.remWeight(a, c))
		}
	}
}

// exchangeFromS2 chooses the S2 players to exchange, from the top of S2:
// each pairs downwards if some optimal pairing lets it.
func (b *bracketPass) exchangeFromS2() {
	d, bracket, rem := b.d, b.bracket, b.rem
	toGo := b.exchanges
	for a := b.remPairs; a < len(rem) && toGo > 1; a++ {
		v := bracket[rem[a]]
		already := b.down(v)
		if !already {
			for c := a + 1; c < len(rem); c++ {
				if w := b.remWeight(a, c); !w.IsZero() {
					d.set(v, bracket[rem[c]], w.Add(wmatch.Small(1)))
				}
			}
			d.compute()
		}
		if b.down(v) {
			toGo--
			for c := 0; c < a; c++ {
				b.base[rem[a]][rem[c]] = wmatch.Weight{}
				d.set(v, bracket[rem[c]], wmatch.Weight{})
			}
			for po := b.nb; po < len(bracket); po++ {
				b.base[po][rem[a]] = wmatch.Weight{}
				d.set(v, bracket[po], wmatch.Weight{})
			}
		}
		if !already {
			for c := a + 1; c < len(rem); c++ {
				d.set(v, bracket[rem[c]], b.remWeight(a, c))
			}
		}
	}
}

// settleDownwards: who pairs downwards is settled (S1 after the
// exchanges), the other pairs of the remainder ruled out.
func (b *bracketPass) settleDownwards() {
	d, bracket, rem := b.d, b.bracket, b.rem
	for a := range rem {
		v := bracket[rem[a]]
		if d.gone[v] {
			continue
		}
		for c := a + 1; c < len(rem); c++ {
			u := bracket[rem[c]]
			if d.gone[u] {
				continue
			}
			if !b.down(v) || b.down(u) {
				b.base[rem[c]][rem[a]] = wmatch.Weight{}
				d.dead[v][u], d.dead[u][v] = true, true
			}
			d.set(v, u, b.base[rem[c]][rem[a]])
		}
	}
}

// chooseS1Opponents chooses each S1 player's opponent, highest first,
// from the chosen-th remainder player on.
func (b *bracketPass) chooseS1Opponents(chosen int) error {
	d, bracket := b.d, b.bracket
	var s1 []int
	for _, pi := range b.rem[chosen:] {
		if !d.gone[bracket[pi]] && b.down(bracket[pi]) {
			s1 = append(s1, pi)
		}
	}
	cands := func(pi int) []int {
		var os []int
		for _, po := range b.rem {
			if po > pi && !b.matched[bracket[po]] && !b.base[po][pi].IsZero() {
				os = append(os, po)
			}
		}
		return os
	}
	return d.choose(s1, cands, bracket, b.base, b.matched, false, b.remWhy, b.exchanges == 0)
}

// nextBracket is the next bracket: the downfloaters and the next score
// group (from groupStart), with the number of its MDPs. It settles
// whether C9 acts in it.
func (b *bracketPass) nextBracket(groupStart int) (bracket []int, mdp int) {
	d := b.d
	d.single = d.odd && groupStart < d.n && d.byeScore >= d.score(groupStart)
	for pi, v := range b.bracket {
		if pi < b.nb && b.matched[v] {
			continue
		}
		bracket = append(bracket, v)
		if pi < b.nb {
			mdp++
		}
		if d.single && d.score(d.mate[v]) < d.score(groupStart) {
			d.single = false
		}
	}
	return bracket, mdp
}

// ordMax is the most bits of the order field.
const ordMax = 320

// choose pairs each player of ps (positions in bracket, in order) with
// the highest of its candidates (positions, ascending) that keeps the
// matching optimal, the first player's choice first: the candidates get a
// bonus by rank in the order field, the first player's bonuses above all
// the later ones', as many players at a time as the field holds. With
// stay, every player of ps still to pair also gets a bonus above those,
// so that none of them drops out of the bracket. fresh: the last matching
// is optimal with the choices made so far.
func (d *dutch) choose(ps []int, cands func(int) []int, bracket []int, base [][]wmatch.Weight, matched map[int]bool, stay bool, why func(v int) i18n.Text, fresh bool) error {
	for len(ps) > 0 {
		// while the last matching is optimal with the choices made so far,
		// a player it gives its highest candidate has chosen: no matching
		// can give it better
		for fresh && len(ps) > 0 {
			v := bracket[ps[0]]
			os := cands(ps[0])
			if len(os) == 0 || d.mate[v] != bracket[os[0]] {
				break
			}
			m := d.mate[v]
			matched[v], matched[m] = true, true
			d.finalize(v, m)
			d.why[min(v, m)] = why(v)
			ps = ps[1:]
		}
		if len(ps) == 0 {
			break
		}
		per := d.per(len(bracket))
		k := d.batch(len(ps), stay, len(bracket))
		if k < 1 {
			return i18n.Errorf("Too many players to pair (%d).", "組み合わせる人数が多すぎます (%d人)", d.n)
		}
		for t, pi := range ps {
			v := bracket[pi]
			os := cands(pi)
			for r, po := range os {
				w := base[po][pi]
				if stay {
					w = w.Add(wmatch.At(1, 1+uint(k)*per))
				}
				if t < k {
					w = w.Add(wmatch.At(uint64(len(os)-r), 1+uint(k-1-t)*per))
				}
				d.set(v, bracket[po], w)
			}
		}
		d.compute()
		for _, pi := range ps[:k] {
			v := bracket[pi]
			m := d.mate[v]
			if m == v {
				return errNoPairing
			}
			matched[v], matched[m] = true, true
			d.finalize(v, m)
			d.why[min(v, m)] = why(v)
		}
		ps = ps[k:]
		fresh = true
	}
	return nil
}

// per is the bits of one player's choice among size.
func (d *dutch) per(size int) uint { return uint(bits.Len(uint(size) + 1)) }

// batch is how many of n players choose their opponents in one matching:
// as many as the choice field holds (bits 1 to L.choose-1), below a count
// of those staying in the bracket if stay.
func (d *dutch) batch(n int, stay bool, size int) int {
	room := d.L.choose - 1
	if stay {
		room -= uint(bits.Len(uint(n)))
	}
	return min(n, int(room/d.per(size)))
}

// allocate returns (german, allied) for a pair a (ranked higher) and b,
// by article 5 of C.04.3 (German is white), and why.
func allocate(a, b *phist) (*phist, *phist, i18n.Text) {
	ca, cb := a.colour(), b.colour()
	give := func(sideA string, why i18n.Text) (*phist, *phist, i18n.Text) {
		if sideA == German {
			return a, b, why
		}
		return b, a, why
	}
	ta, tb := a.pref().text(), b.pref().text()
	switch {
	case ca.pref == "" && cb.pref == "":
		if a.pn%2 == 1 {
			return give(German, i18n.T("neither is due a side: the higher ranked is odd-numbered in the starting list (1st, 3rd, ...), so takes Germans", "どちらも担当すべき陣営がない: 上位者は開始時の順位表で奇数番 (1番、3番…) なので独軍"))
		}
		return give(Allied, i18n.T("neither is due a side: the higher ranked is even-numbered in the starting list (2nd, 4th, ...), so takes Allies", "どちらも担当すべき陣営がない: 上位者は開始時の順位表で偶数番 (2番、4番…) なので連合軍"))
	case ca.pref != cb.pref && ca.pref != "" && cb.pref != "":
		return give(ca.pref, i18n.Sprintf(i18n.T("both get the side due (%s; %s)", "両者とも担当すべき陣営どおり (%s、%s)"), ta, tb))
	case cb.pref == "":
		return give(ca.pref, i18n.Sprintf(i18n.T("%s gets the side due (%s)", "%sが担当すべき陣営どおり (%s)"), a.name, ta))
	case ca.pref == "":
		return give(other(cb.pref), i18n.Sprintf(i18n.T("%s gets the side due (%s)", "%sが担当すべき陣営どおり (%s)"), b.name, tb))
	}
	// the same preference
	absWhy := i18n.T("the one who must have the side gets it (the wider gap between sides played)", "必ず担当すべき側 (担当陣営の回数差が大きい方) どおり")
	strongWhy := i18n.T("evening the sides played comes before a change from last time", "担当陣営の回数をそろえることを前回との交代より優先")
	switch {
	case ca.abs && (ca.imb > cb.imb || !cb.abs):
		return give(ca.pref, absWhy)
	case cb.abs && (cb.imb > ca.imb || !ca.abs):
		return give(other(cb.pref), absWhy)
	case ca.strong && !cb.strong:
		return give(ca.pref, strongWhy)
	case cb.strong && !ca.strong:
		return give(other(cb.pref), strongWhy)
	}
	for k := 1; k <= len(a.colours) && k <= len(b.colours); k++ {
		xa, xb := a.colours[len(a.colours)-k], b.colours[len(b.colours)-k]
		if xa != xb {
			ago := i18n.T(i18n.Count(k, "game", "games", "").EN, fmt.Sprintf("%d局", k))
			return give(xb, i18n.Sprintf(i18n.T("both due the same side: sides alternated from %s ago", "両者とも同じ陣営が当然: %s前の陣営から交互に"), ago))
		}
	}
	return give(ca.pref, i18n.Sprintf(i18n.T("both due the same side: the higher ranked gets it (%s)", "両者とも同じ陣営が当然: 上位者に (%s)"), ta))
}
