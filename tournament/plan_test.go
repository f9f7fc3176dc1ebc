package tournament

import (
	"math/bits"
	"sort"
	"testing"
)

// TestPlanShifts: the score-group offsets plan leaves by player (d.sh,
// which base reads for C6, C8 and C18–C21) are the layout's offsets of
// the player's score, for every player of every bracket plan is given;
// and two score groups never share an offset.
func TestPlanShifts(t *testing.T) {
	tr := benchTournament(t, 64, 3)
	hs := tr.histories(4)
	var ps []*phist
	for _, p := range tr.Players {
		ps = append(ps, hs[p.ID])
	}
	sort.SliceStable(ps, func(i, j int) bool {
		if ps[i].score != ps[j].score {
			return ps[i].score > ps[j].score
		}
		return ps[i].pn < ps[j].pn
	})
	n := len(ps)
	d := &dutch{ps: ps, n: n, B: uint(bits.Len(uint(n)))}
	groups := 0
	for start := 0; start < n; {
		end := start
		for end < n && ps[end].score == ps[start].score {
			end++
		}
		next := end
		for next < n && ps[next].score == ps[end].score {
			next++
		}
		var vs []int // a score group and the next, as brackets plans them
		for v := start; v < next; v++ {
			vs = append(vs, v)
		}
		if err := d.plan(vs); err != nil {
			t.Fatal(err)
		}
		seen := map[uint]int{}
		for _, v := range vs {
			want, ok := d.L.shift[d.score(v)]
			if !ok || d.sh[v] != want {
				t.Fatalf("player %d (score %d): offset %d, the layout's %d", v, d.score(v), d.sh[v], want)
			}
			if s, dup := seen[want]; dup && s != d.score(v) {
				t.Fatalf("scores %d and %d share offset %d", s, d.score(v), want)
			}
			seen[want] = d.score(v)
		}
		groups++
		start = end
	}
	if groups < 3 {
		t.Fatalf("only %d score groups: the test checks nothing across groups", groups)
	}
}
