package tournament

import (
	"fmt"
	"math/bits"
	"sort"
	"strings"

	"rtrbot/i18n"
)

// The Swiss pairing: the FIDE Dutch system (C.04.3, in force since July
// 2025) with German for white. One round is one maximum weight matching
// (maximum cardinality first) over the players to pair plus, when their
// number is odd, a bye vertex:
//
//   - absolute criteria are edges left out: no rematch (C1), no bye for a
//     player who had one or won by forfeit (C2), no pair of
//     non-topscorers with the same absolute side preference (C3);
//   - the completion criterion (C4: everyone paired but the bye) is the
//     maximum cardinality;
//   - the quality criteria are the edge weight, most important first: the
//     score difference of the pair (squared: fewer and smaller floats,
//     C6–C7), then the side preferences granted (C10–C13), then floats in
//     the previous two rounds avoided (C14–C21), then the order inside a
//     score group (S1 against S2, downfloaters from the bottom of their
//     group, upfloaters from the top of theirs, the bye to the lowest).
//
// Sides are then allocated by the rules of E (E.1–E.5), with German as the
// initial colour.

// ColourPref is a side preference.
type ColourPref struct {
	Side     string // German, Allied or ""
	Strength int    // 0 none, 1 mild, 2 strong, 3 absolute
}

// phist is a player's history as the pairing sees it.
type phist struct {
	id      string
	name    string // for Explain
	pn      int
	score   int
	colours []string // sides of played games, in order
	opps    map[string]bool
	hadBye  bool  // a pairing-allocated bye, or a win by forfeit
	floats  []int // per earlier round: +1 up, -1 down, 0
	unplay  int   // earlier rounds without a game played over the board
	top     bool  // topscorer (final round only)
}

func (h *phist) cd() int {
	d := 0
	for _, c := range h.colours {
		if c == German {
			d++
		} else {
			d--
		}
	}
	return d
}

func other(side string) string {
	if side == German {
		return Allied
	}
	return German
}

func (h *phist) pref() ColourPref {
	n := len(h.colours)
	if n == 0 {
		return ColourPref{}
	}
	d := h.cd()
	last := h.colours[n-1]
	switch {
	case d > 1:
		return ColourPref{Allied, 3}
	case d < -1:
		return ColourPref{German, 3}
	case n >= 2 && h.colours[n-2] == last:
		return ColourPref{other(last), 3}
	case d == 1:
		return ColourPref{Allied, 2}
	case d == -1:
		return ColourPref{German, 2}
	}
	return ColourPref{other(last), 1}
}

func (h *phist) floated(back, dir int) bool {
	i := len(h.floats) - back
	return i >= 0 && i < len(h.floats) && h.floats[i] == dir
}

// pairing is one proposed table: a and b index the players (b == -1: bye).
type pairing struct {
	a, b    int
	explain i18n.Text
}

var errNoPairing = i18n.Errorf(
	"no Swiss pairing satisfies the absolute criteria (no rematch, one bye each, sides): the organiser pairs this round by hand",
	"絶対基準（再戦なし・バイは1回まで・陣営）を満たすスイス式の組み合わせがありません：主催者が手で組んでください")

// String names a preference for Explain.
func (p ColourPref) String() string { return p.text().EN }

func (p ColourPref) text() i18n.Text {
	if p.Side == "" {
		return i18n.T("no preference", "希望なし")
	}
	en := []string{"none", "mild", "strong", "absolute"}
	ja := []string{"なし", "弱い", "強い", "絶対の"}
	side := i18n.T("German", "独軍")
	if p.Side == Allied {
		side = i18n.T("Allied", "連合軍")
	}
	return i18n.T(fmt.Sprintf("%s %s", en[p.Strength], strings.ToLower(side.EN)), fmt.Sprintf("%s%s希望", ja[p.Strength], side.JA))
}

// nearFloat: a float between adjacent score groups is tried first between
// the lowest nearFloat players of the upper group and the highest of the
// lower one.
const nearFloat = 8

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
	// score groups
	group := make([]int, n)
	pos := make([]int, n)
	size := map[int]int{}
	g := 0
	for i := range ps {
		if i > 0 && ps[i].score != ps[i-1].score {
			g++
		}
		group[i] = g
		pos[i] = size[g]
		size[g]++
	}
	G := g + 1
	prefs := make([]ColourPref, n)
	for i, p := range ps {
		prefs[i] = p.pref()
	}
	bye := -1
	nv := n
	if n%2 == 1 {
		bye = n
		nv = n + 1
	}
	half := int64(nv/2 + 1)
	mE := int64(n+1)*half + 1
	mD := mE * (6*half + 1)
	kC := half + 1 // C.10 (a preference not granted) dominates C.11 (a strong one)
	mC := mD * ((kC+1)*half + 1)
	maxA := int64(G+1) * int64(G+1)
	if hi, _ := bits.Mul64(uint64(mC), uint64(maxA*half+1)); hi != 0 || mC*(maxA*half+1) > 1<<59 {
		return nil, i18n.Errorf("too many players or score groups to pair (%d players, %d groups)", "組み合わせるには人数かスコアグループが多すぎます（%d人、%dグループ）", n, G)
	}
	// Pairs more than one score group apart, and floats from the middle
	// of a group, are rarely wanted: the matching is solved without them
	// and its optimality certified against them (perfectWithCertificate),
	// or solved again with them.
	var edges, far []Edge
	for i := 0; i < n; i++ {
		for j := i + 1; j < n; j++ {
			if ps[i].opps[ps[j].id] {
				continue
			}
			pi, pj := prefs[i], prefs[j]
			if pi.Strength == 3 && pj.Strength == 3 && pi.Side == pj.Side && !(ps[i].top && ps[j].top) {
				continue
			}
			d := int64(group[j] - group[i])
			A := maxA - d*d
			C := kC + 1
			if pi.Side != "" && pi.Side == pj.Side {
				// one of the two does not get his preference (C.10); if
				// both are strong (or absolute), a strong one (C.11)
				C = 1
				if min(pi.Strength, pj.Strength) >= 2 {
					C = 0
				}
			}
			D := int64(6)
			var E int64
			if d > 0 {
				if ps[i].floated(1, -1) {
					D -= 2
				}
				if ps[j].floated(1, +1) {
					D -= 2
				}
				if ps[i].floated(2, -1) {
					D--
				}
				if ps[j].floated(2, +1) {
					D--
				}
				E = int64(n) - int64(size[group[i]]-1-pos[i]) - int64(pos[j])
			} else {
				m := size[group[i]]
				off := pos[j] - pos[i] - m/2
				if off < 0 {
					off = -off
				}
				E = int64(n) - int64(off)
			}
			if E < 0 {
				E = 0
			}
			e := Edge{i, j, A*mC + C*mD + D*mE + E}
			if d > 1 || d == 1 && size[group[i]]-1-pos[i] >= nearFloat && pos[j] >= nearFloat {
				far = append(far, e)
			} else {
				edges = append(edges, e)
			}
		}
	}
	if bye >= 0 {
		for i := 0; i < n; i++ {
			if ps[i].hadBye {
				continue
			}
			d := int64(G - group[i])
			D := int64(6)
			if ps[i].floated(1, -1) {
				D -= 2
			}
			if ps[i].floated(2, -1) {
				D--
			}
			D -= int64(min(ps[i].unplay, 3)) // the fewest unplayed games first
			E := int64(i + 1)                // the lowest ranked first
			edges = append(edges, Edge{i, bye, (maxA-d*d)*mC + (kC+1)*mD + D*mE + E})
		}
	}
	mate, ok := perfectWithCertificate(nv, edges, far)
	if !ok {
		return nil, errNoPairing
	}
	var out []pairing
	for i := 0; i < n; i++ {
		j := mate[i]
		if j < i && j != bye {
			continue
		}
		if j == bye {
			out = append(out, pairing{a: i, b: -1, explain: i18n.T(fmt.Sprintf("bye: lowest eligible in score group %s (no bye before)", half2(ps[i].score)),
				fmt.Sprintf("バイ：スコアグループ %s で資格のある最下位（バイは初めて）", half2(ps[i].score)))})
			continue
		}
		out = append(out, pairing{a: i, b: j})
	}
	// tables: by the higher score of the pair, then its rank (byes last)
	sort.SliceStable(out, func(x, y int) bool {
		if (out[x].b < 0) != (out[y].b < 0) {
			return out[y].b < 0
		}
		return out[x].a < out[y].a
	})
	return out, nil
}

// allocate returns (german, allied) for a pair a (ranked higher) and b,
// by the rules E.1–E.5, and why.
func allocate(a, b *phist) (*phist, *phist, i18n.Text) {
	pa, pb := a.pref(), b.pref()
	give := func(sideA string, why i18n.Text) (*phist, *phist, i18n.Text) {
		if sideA == German {
			return a, b, why
		}
		return b, a, why
	}
	ta, tb := pa.text(), pb.text()
	switch {
	case pa.Side != "" && pb.Side != "" && pa.Side != pb.Side:
		return give(pa.Side, i18n.T(fmt.Sprintf("both preferences granted (%s; %s)", ta.EN, tb.EN), fmt.Sprintf("両者の希望どおり（%s、%s）", ta.JA, tb.JA)))
	case pa.Side != "" && pb.Side == "":
		return give(pa.Side, i18n.T(fmt.Sprintf("preference of %s granted (%s)", a.name, ta.EN), fmt.Sprintf("%sの希望どおり（%s）", a.name, ta.JA)))
	case pa.Side == "" && pb.Side != "":
		return give(other(pb.Side), i18n.T(fmt.Sprintf("preference of %s granted (%s)", b.name, tb.EN), fmt.Sprintf("%sの希望どおり（%s）", b.name, tb.JA)))
	case pa.Side == "" && pb.Side == "":
		if a.pn%2 == 1 {
			return give(German, i18n.T("no preferences: the higher ranked has an odd pairing number, so the initial side (German)", "希望なし：上位者の組合せ番号が奇数なので初期陣営（独軍）"))
		}
		return give(Allied, i18n.T("no preferences: the higher ranked has an even pairing number, so the side opposite the initial one", "希望なし：上位者の組合せ番号が偶数なので初期陣営の反対"))
	}
	// the same preference
	if pa.Strength != pb.Strength {
		if pa.Strength > pb.Strength {
			return give(pa.Side, i18n.T(fmt.Sprintf("the stronger preference granted (%s over %s)", ta.EN, tb.EN), fmt.Sprintf("強い方の希望どおり（%s ＞ %s）", ta.JA, tb.JA)))
		}
		return give(other(pb.Side), i18n.T(fmt.Sprintf("the stronger preference granted (%s over %s)", tb.EN, ta.EN), fmt.Sprintf("強い方の希望どおり（%s ＞ %s）", tb.JA, ta.JA)))
	}
	if pa.Strength == 3 {
		da, db := abs(a.cd()), abs(b.cd())
		wider := i18n.T("both absolute: the wider side difference granted", "両者とも絶対：陣営差の大きい方の希望どおり")
		if da != db {
			if da > db {
				return give(pa.Side, wider)
			}
			return give(other(pb.Side), wider)
		}
	}
	for k := 1; k <= len(a.colours) && k <= len(b.colours); k++ {
		ca, cb := a.colours[len(a.colours)-k], b.colours[len(b.colours)-k]
		if ca != cb {
			return give(other(ca), i18n.T(fmt.Sprintf("equal preferences: sides alternated from %d games ago", k), fmt.Sprintf("同じ希望：%d局前の陣営から交互に", k)))
		}
	}
	return give(pa.Side, i18n.T(fmt.Sprintf("equal preferences: the higher ranked's granted (%s)", ta.EN), fmt.Sprintf("同じ希望：上位者の希望どおり（%s）", ta.JA)))
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// half2 writes half points as points: 5 -> "2.5".
func half2(h int) string {
	s := fmt.Sprintf("%d", h/2)
	if h < 0 && h%2 != 0 && h/2 == 0 {
		s = "-0"
	}
	if h%2 != 0 {
		s += ".5"
	}
	return s
}

func explainPair(a, b *phist, why i18n.Text) i18n.Text {
	var en, ja string
	if a.score == b.score {
		en = fmt.Sprintf("score group %s", half2(a.score))
		ja = fmt.Sprintf("スコアグループ %s", half2(a.score))
	} else {
		hi, lo := a, b
		if lo.score > hi.score {
			hi, lo = lo, hi
		}
		en = fmt.Sprintf("%s floats down from %s, %s up from %s", hi.name, half2(hi.score), lo.name, half2(lo.score))
		ja = fmt.Sprintf("%sが %s から下へ、%sが %s から上へフロート", hi.name, half2(hi.score), lo.name, half2(lo.score))
	}
	return i18n.T(en+"; sides: "+why.EN, ja+"。陣営："+why.JA)
}
