package tournament

import (
	"context"
	"fmt"
	"math"
	"sort"
	"strings"
	"time"

	"rtrbot/i18n"
)

// The club ladder: a server-wide Glicko-2 rating from the rated games,
// which are every game of a tournament played over the board (a bye or a
// forfeit is not rated) and the casual games both players marked rated.
// One rating period is one tournament round (its games rated together)
// or one casual game; periods are taken in time order, so that the same
// games always give the same ladder.

// CasualGame is a casual game both players marked rated: A's score
// against B (1, ½, 0), when it ended.
type CasualGame struct {
	At     time.Time
	A, B   string
	ScoreA float64
}

// LadderLine is one player's line of the ladder.
type LadderLine struct {
	Rank   int
	ID     string
	Name   string
	Rating Rating
	Games  int
}

type period struct {
	at    time.Time
	order int // tie-break for equal times: the order found
	games []RatedGame
}

// BuildLadder rates the games of the tournaments and the casual games.
// names maps user IDs to names (the tournaments' own names are used
// first).
func BuildLadder(ts []*Tournament, casual []CasualGame, names map[string]string) []LadderLine {
	var ps []period
	name := map[string]string{}
	for id, n := range names {
		name[id] = n
	}
	for _, t := range ts {
		for _, p := range t.Players {
			if p.Name != "" {
				name[p.ID] = p.Name
			}
		}
		for i, r := range t.Rounds {
			at := r.ClosedAt
			if at.IsZero() {
				at = t.Created.Add(time.Duration(i) * time.Minute)
			}
			sub := *t
			sub.Rounds = []*Round{r}
			if gs := sub.RatedGames(); len(gs) > 0 {
				ps = append(ps, period{at: at, order: len(ps), games: gs})
			}
		}
	}
	for _, c := range casual {
		ps = append(ps, period{at: c.At, order: len(ps), games: []RatedGame{{c.A, c.B, c.ScoreA}}})
	}
	sort.SliceStable(ps, func(i, j int) bool {
		if !ps[i].at.Equal(ps[j].at) {
			return ps[i].at.Before(ps[j].at)
		}
		return ps[i].order < ps[j].order
	})
	var l Ladder
	count := map[string]int{}
	for _, p := range ps {
		l.Period(p.games)
		for _, g := range p.games {
			count[g.A]++
			count[g.B]++
		}
	}
	var out []LadderLine
	for id, r := range l.Ratings {
		n := name[id]
		if n == "" {
			n = id
		}
		out = append(out, LadderLine{ID: id, Name: n, Rating: r, Games: count[id]})
	}
	sort.Slice(out, func(i, j int) bool {
		ri, rj := math.Round(out[i].Rating.R), math.Round(out[j].Rating.R)
		if ri != rj {
			return ri > rj
		}
		if out[i].Rating.RD != out[j].Rating.RD {
			return out[i].Rating.RD < out[j].Rating.RD
		}
		return out[i].ID < out[j].ID
	})
	for i := range out {
		out[i].Rank = i + 1
	}
	return out
}

// Ladder is the guild's ladder from its tournaments and the casual games
// given.
func (s *Service) Ladder(ctx context.Context, guild string, casual []CasualGame, names map[string]string) ([]LadderLine, error) {
	ts, err := s.guildTournaments(ctx, guild)
	if err != nil {
		return nil, err
	}
	return BuildLadder(ts, casual, names), nil
}

// LadderOf is one player's ladder line and the rated games behind it
// (PlayerGames).
func (s *Service) LadderOf(ctx context.Context, guild string, casual []CasualGame, who string) (LadderLine, []LadderGame, bool, error) {
	ts, err := s.guildTournaments(ctx, guild)
	if err != nil {
		return LadderLine{}, nil, false, err
	}
	me, games, ok := PlayerGames(ts, casual, nil, who)
	return me, games, ok, nil
}

func (s *Service) guildTournaments(ctx context.Context, guild string) ([]*Tournament, error) {
	l, ok := s.Store.(Lister)
	if !ok {
		return nil, i18n.Errorf("This store cannot list tournaments.", "この保存先は大会を一覧できません")
	}
	return l.AllTournaments(ctx, guild)
}

// LadderGame is one rated game behind a player's rating.
type LadderGame struct {
	At       time.Time
	What     i18n.Text // the tournament, round and table, or a casual game
	Opponent string
	Score    float64 // the player's: 1, ½, 0
}

// PlayerGames are the rated games of the player whose ID or name (as
// people read it, NameKey) is who, in time order, with his ladder line;
// ok false if he has no rated game.
func PlayerGames(ts []*Tournament, casual []CasualGame, names map[string]string, who string) (LadderLine, []LadderGame, bool) {
	lines := BuildLadder(ts, casual, names)
	var me LadderLine
	found := false
	for _, ln := range lines {
		if ln.ID == who || NameKey(ln.Name) == NameKey(who) {
			me, found = ln, true
			break
		}
	}
	if !found {
		return LadderLine{}, nil, false
	}
	name := map[string]string{}
	for _, ln := range lines {
		name[ln.ID] = ln.Name
	}
	var out []LadderGame
	add := func(at time.Time, what i18n.Text, a, b string, scoreA float64) {
		switch me.ID {
		case a:
			out = append(out, LadderGame{At: at, What: what, Opponent: name[b], Score: scoreA})
		case b:
			out = append(out, LadderGame{At: at, What: what, Opponent: name[a], Score: 1 - scoreA})
		}
	}
	for _, t := range ts {
		for i, r := range t.Rounds {
			at := r.ClosedAt
			if at.IsZero() {
				at = t.Created.Add(time.Duration(i) * time.Minute)
			}
			for _, g := range r.Games {
				if !g.Rated() {
					continue
				}
				s := g.Result.germanScore()
				how := i18n.T("game played through the bot", "ボットで対局")
				if g.Source == SourceConfirmed {
					how = i18n.T("reported and confirmed by both players", "両対局者が報告・確認")
				}
				add(at, i18n.Sprintf(i18n.T("%s round %d table %d (%s)", "%s 第%dラウンド 第%d卓 (%s)"), t.Name, r.Number, g.Table, how), g.German, g.Allied, s)
			}
		}
	}
	for _, c := range casual {
		add(c.At, i18n.T("casual game marked rated by both players", "両者が指定した通常対局"), c.A, c.B, c.ScoreA)
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].At.Before(out[j].At) })
	return me, out, true
}

// PlayerGamesText is a player's rating and the games behind it, in lang.
func PlayerGamesText(me LadderLine, games []LadderGame, lang i18n.Lang) string {
	var sb strings.Builder
	fmt.Fprintf(&sb, i18n.T("%s: rank %d, rating %.0f ± %.0f, from %d rated games:\n", "%s: %d位、レーティング %.0f ± %.0f、対象対局 %d 局:\n").In(lang),
		me.Name, me.Rank, me.Rating.R, 2*me.Rating.RD, len(games))
	for _, g := range games {
		score := map[float64]string{1: "1", 0.5: "½", 0: "0"}[g.Score]
		fmt.Fprintf(&sb, i18n.T("%s  %s against %s: %s\n", "%s  %s 対 %s: %s\n").In(lang), g.At.UTC().Format("2006-01-02"), g.What.In(lang), g.Opponent, score)
	}
	return sb.String()
}

// LadderText is the ladder as text, in l.
func LadderText(lines []LadderLine, lang i18n.Lang) string {
	if len(lines) == 0 {
		return i18n.T("The ladder is empty: no rated game yet (tournament games, and casual games both players mark with /ladder rate).",
			"ラダーは空です。レーティング対象の対局がまだありません (大会の対局と、両者が /ladder rate で指定した通常対局)。").In(lang)
	}
	var sb strings.Builder
	sb.WriteString(i18n.T("Club ladder (Glicko-2): rank, player, rating ± deviation, rated games\n", "クラブラダー (Glicko-2): 順位、プレイヤー、レーティング ± 偏差、対象対局数\n").In(lang))
	for _, ln := range lines {
		fmt.Fprintf(&sb, "%d. %s  %.0f ± %.0f  (%d)\n", ln.Rank, ln.Name, ln.Rating.R, 2*ln.Rating.RD, ln.Games)
	}
	return sb.String()
}
