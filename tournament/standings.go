package tournament

import (
	"fmt"
	"sort"
	"strings"

	"golang.org/x/text/width"

	"rtrbot/i18n"
)

// Standing is one player's line in the standings. Scores are points (a
// half point is 0.5).
type Standing struct {
	Rank      int
	PN        int
	ID, Name  string
	Score     float64
	Tiebreaks []float64 // in the tournament's order
	Games     int       // played over the board
	Dropped   bool
}

// rec is what the standings need of one player.
type rec struct {
	score  int            // half points, every closed or finished game
	perOpp []int          // per round: the opponent's final score, or -1 (no opponent)
	opps   []string       // per round: the opponent, or ""
	res    []int          // per round: the player's half points
	vs     map[string]int // half points scored against each opponent (played)
	margin int
	games  int
}

// records counts the first n rounds (every round: n = len(t.Rounds)).
func (t *Tournament) records(n int) map[string]*rec {
	rs := map[string]*rec{}
	for _, p := range t.Players {
		rs[p.ID] = &rec{vs: map[string]int{}}
	}
	for _, rd := range t.Rounds[:min(max(n, 0), len(t.Rounds))] {
		for _, p := range t.Players {
			r := rs[p.ID]
			opp, pts := "", 0
			if !rd.Closed && !t.hasResultIn(rd, p.ID) {
				// a round in play counts for a player once his game has
				// its result: an empty round is not a 0 for Buchholz cut 1
				continue
			}
			for _, g := range rd.Games {
				if s, ok := t.scoreOf(g, p.ID); ok {
					pts = s
					if g.played() {
						if g.German == p.ID {
							opp = g.Allied
						} else {
							opp = g.German
						}
						r.vs[opp] += s
						r.games++
						side := German
						if g.Allied == p.ID {
							side = Allied
						}
						switch g.Result.Winner {
						case side:
							r.margin += g.Result.Margin
						case Draw:
						default:
							r.margin -= g.Result.Margin
						}
					}
				}
			}
			r.score += pts
			r.opps = append(r.opps, opp)
			r.res = append(r.res, pts)
		}
	}
	return rs
}

// hasResultIn reports whether player id's game of round rd has its result
// (or is a bye).
func (t *Tournament) hasResultIn(rd *Round, id string) bool {
	for _, g := range rd.Games {
		if _, ok := t.scoreOf(g, id); ok {
			return true
		}
	}
	return false
}

// Standings are the standings its title names (StandingsTitle): after
// the last closed round, counting rounds 1 to that round only, so that the
// round being played (its bye, its first results) does not count before
// it closes; the final standings count every round.
func (t *Tournament) Standings() []Standing { return t.StandingsAfter(t.closedRounds()) }

// StandingsAfter ranks the players on rounds 1 to n: score, then the
// tiebreaks in the tournament's order, then the pairing number.
//
//   - Buchholz: the sum of the final scores of the opponents met over the
//     board; a round without one (bye, forfeit, not paired) adds 0.
//   - Buchholz cut 1: the same less its smallest round's contribution.
//   - Sonneborn–Berger: the opponents' scores weighted by the result (a win
//     the whole score, a draw half, a loss nothing).
//   - head-to-head: the points scored in games among the players still
//     tied when it is applied.
//   - VP margin: the sum of the VP margins, positive when won, negative
//     when lost.
func (t *Tournament) StandingsAfter(n int) []Standing {
	return t.standingsOf(t.records(n))
}

func (t *Tournament) standingsOf(rs map[string]*rec) []Standing {
	tbs := t.Settings.Tiebreaks
	var rows []*standingRow
	for i, p := range t.Players {
		r := rs[p.ID]
		rows = append(rows, &standingRow{s: Standing{PN: i + 1, ID: p.ID, Name: p.Name, Score: float64(r.score) / 2, Games: r.games, Dropped: p.Dropped}, id: p.ID})
	}
	sort.SliceStable(rows, func(a, b int) bool {
		if rows[a].s.Score != rows[b].s.Score {
			return rows[a].s.Score > rows[b].s.Score
		}
		return rows[a].s.PN < rows[b].s.PN
	})
	for _, r := range rows {
		r.s.Tiebreaks = make([]float64, len(tbs))
	}
	// groups of players tied so far, refined one tiebreak at a time
	groups := tiedRuns(nil, rows, func(r *standingRow) float64 { return r.s.Score })
	for k, tb := range tbs {
		var next [][]*standingRow
		for _, g := range groups {
			set := map[string]bool{}
			for _, r := range g {
				set[r.id] = true
			}
			for _, r := range g {
				r.s.Tiebreaks[k] = t.tiebreakValue(rs, tb, r.id, set)
			}
			sort.SliceStable(g, func(a, b int) bool { return g[a].s.Tiebreaks[k] > g[b].s.Tiebreaks[k] })
			next = tiedRuns(next, g, func(r *standingRow) float64 { return r.s.Tiebreaks[k] })
		}
		groups = next
	}
	var out []Standing
	for _, g := range groups {
		sort.SliceStable(g, func(a, b int) bool { return g[a].s.PN < g[b].s.PN })
		for _, r := range g {
			r.s.Rank = len(out) + 1
			out = append(out, r.s)
		}
	}
	return out
}

// standingRow is a player's standing while standingsOf ranks them.
type standingRow struct {
	s  Standing
	id string
}

// tiedRuns appends to groups the runs of rows (in their order) that key
// gives the same value.
func tiedRuns(groups [][]*standingRow, rows []*standingRow, key func(*standingRow) float64) [][]*standingRow {
	for i := 0; i < len(rows); {
		j := i
		for j < len(rows) && key(rows[j]) == key(rows[i]) {
			j++
		}
		groups = append(groups, rows[i:j])
		i = j
	}
	return groups
}

// tiebreakValue is player id's value of tiebreak tb, with the records rs;
// head-to-head counts the games among group, the players still tied.
func (t *Tournament) tiebreakValue(rs map[string]*rec, tb string, id string, group map[string]bool) float64 {
	r := rs[id]
	switch tb {
	case TBBuchholz, TBBuchholzCut1:
		sum, low := 0, -1
		for _, o := range r.opps {
			v := 0
			if o != "" {
				v = rs[o].score
			}
			sum += v
			if low < 0 || v < low {
				low = v
			}
		}
		if tb == TBBuchholzCut1 && low > 0 {
			sum -= low
		}
		return float64(sum) / 2
	case TBSonneborn:
		sb := 0.0
		for i, o := range r.opps {
			if o == "" {
				continue
			}
			full := t.maxWin()
			sb += float64(rs[o].score) / 2 * float64(r.res[i]) / float64(full)
		}
		return sb
	case TBHeadToHead:
		h := 0
		for o := range group {
			if o != id {
				h += r.vs[o]
			}
		}
		return float64(h) / 2
	case TBMargin:
		return float64(r.margin)
	}
	return 0
}

// TiebreakName is a tiebreak's short column title.
func TiebreakName(tb string) string {
	switch tb {
	case TBBuchholz:
		return "Bh"
	case TBBuchholzCut1:
		return "Bh-1"
	case TBSonneborn:
		return "SB"
	case TBHeadToHead:
		return "H2H"
	case TBMargin:
		return "VP"
	}
	return tb
}

func num(f float64) string {
	if f == float64(int64(f)) {
		return fmt.Sprintf("%d", int64(f))
	}
	return strings.TrimRight(strings.TrimRight(fmt.Sprintf("%.2f", f), "0"), ".")
}

// StandingsTable returns the standings as a header and rows of text.
func (t *Tournament) StandingsTable() ([]string, [][]string) {
	return t.StandingsTableIn(i18n.EN)
}

// StandingsTableIn is StandingsTable in lang.
func (t *Tournament) StandingsTableIn(lang i18n.Lang) ([]string, [][]string) {
	head := []string{"#", i18n.T("Player", "プレイヤー").In(lang), i18n.T("Pts", "点").In(lang)}
	for _, tb := range t.Settings.Tiebreaks {
		head = append(head, TiebreakName(tb))
	}
	var rows [][]string
	for _, s := range t.Standings() {
		name := s.Name
		if s.Dropped {
			name += i18n.T(" (dropped)", " (棄権)").In(lang)
		}
		row := []string{fmt.Sprint(s.Rank), name, num(s.Score)}
		for _, v := range s.Tiebreaks {
			row = append(row, num(v))
		}
		rows = append(rows, row)
	}
	return head, rows
}

// StandingsText is the standings as aligned text.
func (t *Tournament) StandingsText() string { return t.StandingsTextIn(i18n.EN) }

// StandingsTitle is the standings' title in lang.
func (t *Tournament) StandingsTitle(lang i18n.Lang) string {
	if t.Status == StatusFinished {
		return fmt.Sprintf(i18n.T("%s: final standings", "%s: 最終順位").In(lang), t.Name)
	}
	return fmt.Sprintf(i18n.T("%s: standings after round %d", "%s: 第%dラウンド終了時の順位").In(lang), t.Name, t.closedRounds())
}

// StandingsTextIn is the standings as aligned text in lang.
func (t *Tournament) StandingsTextIn(lang i18n.Lang) string {
	head, rows := t.StandingsTableIn(lang)
	w := make([]int, len(head))
	for i, h := range head {
		w[i] = displayWidth(h)
	}
	for _, r := range rows {
		for i, c := range r {
			w[i] = max(w[i], displayWidth(c))
		}
	}
	var sb strings.Builder
	line := func(r []string) {
		for i, c := range r {
			if i > 0 {
				sb.WriteString("  ")
			}
			pad := strings.Repeat(" ", w[i]-displayWidth(c))
			if i == 1 {
				sb.WriteString(c + pad)
			} else {
				sb.WriteString(pad + c)
			}
		}
		sb.WriteString("\n")
	}
	sb.WriteString(t.StandingsTitle(lang) + "\n")
	line(head)
	for _, r := range rows {
		line(r)
	}
	sb.WriteString(t.adjudicatedLines(lang))
	return sb.String()
}

// displayWidth is how many columns s takes in a monospaced font: wide and
// full-width characters (プレイヤー, 棄権, a Japanese player's name) take two,
// so the columns line up under a Japanese heading too.
func displayWidth(s string) int {
	n := 0
	for _, r := range s {
		switch width.LookupRune(r).Kind() {
		case width.EastAsianWide, width.EastAsianFullwidth:
			n += 2
		default:
			n++
		}
	}
	return n
}

// closedRounds is the round the standings are after: every round once the
// tournament is finished, otherwise the closed rounds from round 1 on.
func (t *Tournament) closedRounds() int {
	if t.Status == StatusFinished {
		return len(t.Rounds)
	}
	n := 0
	for n < len(t.Rounds) && t.Rounds[n].Closed {
		n++
	}
	return n
}

// Match is one elimination match as the bracket picture shows it: the
// two names (empty: not known yet) and the winner (0 or 1; -1 open).
type Match struct {
	A, B   string
	Winner int
}

// Bracket returns the elimination stage, first round first, with the
// rounds still to come as matches of unknown players.
func (t *Tournament) Bracket() [][]Match {
	var out [][]Match
	seed := map[string]int{}
	for i, id := range t.elimSeeds() {
		seed[id] = i + 1
	}
	for _, r := range t.Rounds {
		if r.Stage != string(Elimination) {
			continue
		}
		var ms []Match
		for _, g := range r.Games {
			m := Match{A: t.nameOf(g.German), Winner: -1}
			if !g.Bye() {
				m.B = t.nameOf(g.Allied)
			}
			if w := t.winner(g, seed); w != "" && (g.Result != nil || g.Bye()) {
				m.Winner = 0
				if w == g.Allied {
					m.Winner = 1
				}
			}
			ms = append(ms, m)
		}
		out = append(out, ms)
	}
	for len(out) > 0 && len(out[len(out)-1]) > 1 {
		out = append(out, make([]Match, len(out[len(out)-1])/2))
		for i := range out[len(out)-1] {
			out[len(out)-1][i].Winner = -1
		}
	}
	return out
}
