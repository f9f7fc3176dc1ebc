package tournament

import (
	"sort"

	"rtrbot/i18n"
)

// explained sets g's explanation in both languages.
func explained(g *Game, x i18n.Text) *Game {
	g.Explain, g.ExplainJA = x.EN, x.JA
	return g
}

// active reports whether p is to be paired in round r.
func (p *Player) active(r int) bool {
	if p.Dropped && p.DroppedAt < r {
		return false
	}
	return p.FromRound <= r
}

// pn is the pairing number (1-based), 0 if unknown.
func (t *Tournament) pn(id string) int {
	for i, p := range t.Players {
		if p.ID == id {
			return i + 1
		}
	}
	return 0
}

// played reports whether a game was played over the board (not a bye, not
// a forfeit).
func (g *Game) played() bool {
	return !g.Bye() && g.Result != nil && !g.Result.Forfeit && !g.Result.Double
}

// histories builds every player's history before round r (rounds 1..r-1).
func (t *Tournament) histories(r int) map[string]*phist {
	hs := map[string]*phist{}
	for i, p := range t.Players {
		name := p.Name
		if name == "" {
			name = p.ID
		}
		hs[p.ID] = &phist{id: p.ID, name: name, pn: i + 1, opps: map[string]bool{}}
	}
	for _, rd := range t.Rounds {
		if rd.Number >= r {
			break
		}
		before := map[string]int{}
		for id, h := range hs {
			before[id] = h.score
		}
		seen := map[string]bool{}
		for _, g := range rd.Games {
			if g.Bye() {
				if h := hs[g.German]; h != nil {
					h.hadBye = true
					s, _ := t.scoreOf(g, g.German)
					// scoring without playing more than a loss is a
					// downfloat (C.04.3 1.4.3): not a zero-point bye
					f := 0
					if s > 0 {
						f = -1
					}
					h.floats = append(h.floats, f)
					seen[g.German] = true
					h.score += s
				}
				continue
			}
			a, b := hs[g.German], hs[g.Allied]
			if a == nil || b == nil {
				continue
			}
			seen[a.id], seen[b.id] = true, true
			sa, _ := t.scoreOf(g, a.id)
			sb, _ := t.scoreOf(g, b.id)
			a.score += sa
			b.score += sb
			if g.played() {
				a.opps[b.id], b.opps[a.id] = true, true
				a.colours = append(a.colours, German)
				b.colours = append(b.colours, Allied)
			}
			// a win without playing bars the bye (C2); a double forfeit is
			// nobody's win
			if g.Result != nil && g.Result.Forfeit && !g.Result.Double && g.Result.Winner != Draw {
				if g.Result.Winner == German {
					a.hadBye = true
				} else {
					b.hadBye = true
				}
			}
			// floats: a game played between different scores; a win
			// without playing is a downfloat (C.04.3 1.4.2–1.4.3)
			fa, fb := 0, 0
			switch {
			case g.played() && before[a.id] > before[b.id]:
				fa, fb = -1, 1
			case g.played() && before[a.id] < before[b.id]:
				fa, fb = 1, -1
			case !g.played() && g.Result != nil && g.Result.Forfeit && !g.Result.Double:
				if g.Result.Winner == German {
					fa = -1
				} else if g.Result.Winner == Allied {
					fb = -1
				}
			}
			a.floats = append(a.floats, fa)
			b.floats = append(b.floats, fb)
		}
		for id, h := range hs {
			if !seen[id] {
				h.floats = append(h.floats, 0)
			}
		}
		for _, g := range rd.Games {
			if g.played() && hs[g.German] != nil && hs[g.Allied] != nil {
				hs[g.German].unplay--
				hs[g.Allied].unplay--
			}
		}
		for _, h := range hs {
			h.unplay++
		}
	}
	return hs
}

// maxWin is the most half points one game gives.
func (t *Tournament) maxWin() int {
	m := t.Settings.Points.Draw
	for _, w := range t.Settings.Points.Win {
		m = max(m, w[0])
	}
	return m
}

// pairSwiss pairs Swiss round r.
func (t *Tournament) pairSwiss(r int) (*Round, error) {
	hs := t.histories(r)
	var ps []*phist
	final := r == t.Settings.Rounds
	for _, p := range t.Players {
		if p.active(r) {
			h := hs[p.ID]
			h.top = final && 2*h.score > t.maxWin()*(r-1)
			ps = append(ps, h)
		}
	}
	if len(ps) < 2 {
		return nil, i18n.Errorf("Round %d needs at least two players; %d remain.", "第%dラウンドには2人以上必要です (残り%d人)", r, len(ps))
	}
	prs, err := pairDutch(ps)
	if err != nil {
		return nil, err
	}
	rd := &Round{Number: r, Stage: string(Swiss)}
	for i, pr := range prs {
		a := ps[pr.a]
		if pr.b < 0 {
			rd.Games = append(rd.Games, explained(&Game{Table: i + 1, German: a.id}, pr.explain))
			continue
		}
		b := ps[pr.b]
		ger, all, why := allocate(a, b)
		x := explainPair(a, b, why)
		if pr.explain.EN != "" {
			x = i18n.Sprintf(i18n.T("%s; pairing: %s", "%s。組み合わせ: %s"), x, pr.explain)
		}
		rd.Games = append(rd.Games, explained(&Game{Table: i + 1, German: ger.id, Allied: all.id}, x))
	}
	return rd, nil
}

// rrRounds is the number of rounds of a single round robin of n players.
func rrRounds(n int) int {
	if n%2 == 0 {
		return n - 1
	}
	return n
}

// pairRoundRobin gives round r of the Berger tables: players i and j (not
// the last) meet in the round r ≡ i+j-1 (mod n-1), the lower number has
// German when i+j is odd; the last player meets i in the round r ≡ 2i-1,
// and i has German when i ≤ n/2. With an odd number of players a dummy is
// the last, and its opponent sits the round out.
func (t *Tournament) pairRoundRobin(r int) *Round {
	n := len(t.Players)
	m := n
	if m%2 == 1 {
		m++
	}
	rd := &Round{Number: r, Stage: string(RoundRobin)}
	mod := func(x int) int { return ((x-1)%(m-1)+(m-1))%(m-1) + 1 }
	var games []*Game
	for i := 1; i <= m; i++ {
		for j := i + 1; j <= m; j++ {
			var ger, all int
			if j < m {
				if mod(i+j-1) != r {
					continue
				}
				if (i+j)%2 == 1 {
					ger, all = i, j
				} else {
					ger, all = j, i
				}
			} else {
				if mod(2*i-1) != r {
					continue
				}
				if i <= m/2 {
					ger, all = i, j
				} else {
					ger, all = j, i
				}
			}
			if ger > n || all > n {
				continue // the dummy: a rest round
			}
			games = append(games, explained(&Game{German: t.Players[ger-1].ID, Allied: t.Players[all-1].ID},
				i18n.Sprintf(i18n.T("Berger table, round %d", "バーガー表の第%dラウンド"), r)))
		}
	}
	sort.SliceStable(games, func(a, b int) bool {
		return min(t.pn(games[a].German), t.pn(games[a].Allied)) < min(t.pn(games[b].German), t.pn(games[b].Allied))
	})
	for i, g := range games {
		g.Table = i + 1
	}
	rd.Games = games
	return rd
}

// bracketOrder lists seeds 1..n (n a power of two) in bracket order, so
// that seeds 1 and 2 can meet only in the final: 1 8 4 5 2 7 3 6.
func bracketOrder(n int) []int {
	order := []int{1}
	for len(order) < n {
		k := 2 * len(order)
		var next []int
		for _, s := range order {
			next = append(next, s, k+1-s)
		}
		order = next
	}
	return order
}

// winner of a finished elimination game (a draw advances the higher seed,
// the one listed first in seeds).
func (t *Tournament) winner(g *Game, seed map[string]int) string {
	if g.Bye() {
		return g.German
	}
	if g.Result == nil {
		return ""
	}
	switch {
	case g.Result.Double:
		if seed[g.German] < seed[g.Allied] {
			return g.German
		}
		return g.Allied
	case g.Result.Winner == German:
		return g.German
	case g.Result.Winner == Allied:
		return g.Allied
	}
	if seed[g.German] < seed[g.Allied] {
		return g.German
	}
	return g.Allied
}

// elimSeeds returns the seeds of the elimination stage, best first: the
// pairing numbers, or after Swiss rounds the top Cut of the standings.
func (t *Tournament) elimSeeds() []string {
	var ids []string
	if t.Settings.Format == Swiss {
		sw := *t
		sw.Rounds = nil
		for _, r := range t.Rounds {
			if r.Stage == string(Swiss) {
				sw.Rounds = append(sw.Rounds, r)
			}
		}
		for _, s := range sw.Standings() {
			if p := t.Player(s.ID); p != nil && !p.Dropped && len(ids) < t.Settings.Cut {
				ids = append(ids, s.ID)
			}
		}
		return ids
	}
	for _, p := range t.Players {
		if !p.Dropped {
			ids = append(ids, p.ID)
		}
	}
	return ids
}

// pairElimination pairs elimination round r: the first from the seeds in
// bracket order (top seeds have byes when the number is not a power of
// two), the others from the winners of the round before.
func (t *Tournament) pairElimination(r int) (*Round, error) {
	rd := &Round{Number: r, Stage: string(Elimination)}
	var prev *Round
	if len(t.Rounds) > 0 && t.Rounds[len(t.Rounds)-1].Stage == string(Elimination) {
		prev = t.Rounds[len(t.Rounds)-1]
	}
	var slots []string
	seed := map[string]int{}
	if prev == nil {
		ids := t.elimSeeds()
		if len(ids) < 2 {
			return nil, i18n.Errorf("An elimination needs at least two players; there are %d.", "ノックアウトには2人以上必要です (%d人)", len(ids))
		}
		size := 1
		for size < len(ids) {
			size *= 2
		}
		for _, s := range bracketOrder(size) {
			if s <= len(ids) {
				slots = append(slots, ids[s-1])
			} else {
				slots = append(slots, "")
			}
		}
	} else {
		for i, id := range t.elimSeeds() {
			seed[id] = i + 1
		}
		for _, g := range prev.Games {
			slots = append(slots, t.winner(g, seed))
		}
	}
	for i, id := range t.elimSeeds() {
		seed[id] = i + 1
	}
	hs := t.histories(r)
	for i := 0; i+1 < len(slots); i += 2 {
		a, b := slots[i], slots[i+1]
		if a == "" || (b != "" && seed[b] < seed[a]) {
			a, b = b, a
		}
		tb := len(rd.Games) + 1
		if b == "" {
			rd.Games = append(rd.Games, explained(&Game{Table: tb, German: a}, i18n.Sprintf(i18n.T("seed %d advances without a game", "シード%dは対局なしで勝ち上がり"), seed[a])))
			continue
		}
		ger, all, why := allocate(hs[a], hs[b])
		rd.Games = append(rd.Games, explained(&Game{Table: tb, German: ger.id, Allied: all.id},
			i18n.Sprintf(i18n.T("seed %d against seed %d; sides: %s", "シード%d 対 シード%d。陣営: %s"), seed[a], seed[b], why)))
	}
	return rd, nil
}
