package tournament

import (
	"fmt"

	"rtrbot/i18n"
)

// The Swiss pairing: the FIDE Dutch system (C.04.3, in force since July
// 2025) with German for white. dutch2025.go pairs the brackets top down
// (article 2, 4) with the criteria of article 3 as lexicographic edge
// weights of one maximum weight matching over all players still to pair
// (so that every choice keeps the round completable, C4), and allocates
// sides by article 5.

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

// pref is the side preference of 1.6 (C.04.3): absolute, strong, mild
// or none.
func (h *phist) pref() ColourPref {
	c := h.colour()
	switch {
	case c.pref == "":
		return ColourPref{}
	case c.abs:
		return ColourPref{c.pref, 3}
	case c.strong:
		return ColourPref{c.pref, 2}
	}
	return ColourPref{c.pref, 1}
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
	"絶対基準 (再戦なし・バイは1回まで・陣営) を満たすスイス式の組み合わせがありません。主催者が手で組んでください。")

// String names a preference for Explain.
func (p ColourPref) String() string { return p.text().EN }

func (p ColourPref) text() i18n.Text {
	if p.Side == "" {
		return i18n.T("no side due", "どちらの陣営でもよい")
	}
	side := i18n.T("Germans", "独軍")
	if p.Side == Allied {
		side = i18n.T("Allies", "連合軍")
	}
	// The strengths in a club player's words (C.04.3 A.6): a mild
	// preference alternates from the last game, a strong one evens the
	// sides, an absolute one must be granted.
	switch p.Strength {
	case 1:
		return i18n.Sprintf(i18n.T("%s, for a change from last time", "前回と交代で%s"), side)
	case 2:
		return i18n.Sprintf(i18n.T("%s, to even the sides played", "担当陣営の回数をそろえるため%s"), side)
	case 3:
		return i18n.Sprintf(i18n.T("%s, due without fail", "必ず%s"), side)
	}
	return side
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
	var group i18n.Text
	if a.score == b.score {
		group = i18n.Sprintf(i18n.T("players on the same score (%s)", "同じ得点 (%s 点) のプレイヤー同士"), half2(a.score))
	} else {
		hi, lo := a, b
		if lo.score > hi.score {
			hi, lo = lo, hi
		}
		group = i18n.Sprintf(i18n.T("%s on %s plays %s on %s, a lower score", "%s (%s 点) が得点の低い %s (%s 点) と対戦"),
			hi.name, half2(hi.score), lo.name, half2(lo.score))
	}
	return i18n.Sprintf(i18n.T("%s; sides: %s", "%s。陣営: %s"), group, why)
}
