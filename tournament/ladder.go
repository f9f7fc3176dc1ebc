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
//
// Rating periods are calendar weeks (RatingPeriod, from Monday 00:00 UTC,
// as the game's own turns are weeks): the games that end in a week are
// rated together from the ratings all had when it began, and every week a
// player sits out widens their deviation (Glickman's step 6), so a rating
// that has not been played for months says so. The week in progress is
// rated with the games it has so far; the ladder is always computed anew
// from every rated game, as of a time the caller gives, so the same games
// and the same time always give the same ladder.
//
// Besides the overall rating each player has one as the Germans and one as
// the Allies: a side rating is updated only by games on that side, against
// the opponent's rating on the other side, because in this asymmetric game
// a German win and an Allied win are not the same feat.

// RatingPeriod is the length of a rating period: one week.
const RatingPeriod = 7 * 24 * time.Hour

// periodEpoch is a Monday 00:00 UTC: periods are whole weeks from it.
var periodEpoch = time.Date(2024, time.January, 1, 0, 0, 0, 0, time.UTC)

// InactiveAfter is how many periods (weeks) without a rated game take a
// player off the visible ladder; their ratings are kept, shown by
// /ladder player:, and they come back with their next rated game.
const InactiveAfter = 26

// periodOf is the index of the week holding t.
func periodOf(t time.Time) int64 {
	d := t.Sub(periodEpoch)
	p := int64(d / RatingPeriod)
	if d < 0 && d%RatingPeriod != 0 {
		p--
	}
	return p
}

// CasualGame is a casual game both players marked rated: A (the German
// player) scored ScoreA (1, ½, 0) against B (the Allied player).
type CasualGame struct {
	At     time.Time
	A, B   string
	ScoreA float64
}

// SideRecord is a player's rating and record on one side.
type SideRecord struct {
	Rating              Rating
	Games               int
	Wins, Draws, Losses int
}

// LadderLine is one player's line of the ladder.
type LadderLine struct {
	Rank   int
	ID     string
	Name   string
	Rating Rating
	Games  int
	// German and Allied are the player's ratings and records as each side
	// (Games 0: never played it).
	German, Allied SideRecord
	// LastPlayed is when the player's last rated game ended; Inactive
	// marks a player with none in the last InactiveAfter periods.
	LastPlayed time.Time
	Inactive   bool
	// Reliability is how the player's ended games ended (reliability.go);
	// the caller fills it in from the games database.
	Reliability Reliability
	// Computer marks a computer level rated from its games against people
	// (its ID starts with ComputerPrefix).
	Computer bool
}

// ComputerPrefix starts the ID of a computer level's seat (the games
// service's bot seats): such a player is shown as a computer.
const ComputerPrefix = "bot:"

// datedGame is one rated game and when it ended.
type datedGame struct {
	at    time.Time
	order int // tie-break for equal times: the order found
	RatedGame
}

// ratedGames lists the rated games of the tournaments and the casual
// games with when each ended, in time order, and the players' names.
func ratedGames(ts []*Tournament, casual []CasualGame, names map[string]string) ([]datedGame, map[string]string) {
	var gs []datedGame
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
			for _, g := range sub.RatedGames() {
				gs = append(gs, datedGame{at, len(gs), g})
			}
		}
	}
	for _, c := range casual {
		gs = append(gs, datedGame{c.At, len(gs), RatedGame{c.A, c.B, c.ScoreA}})
	}
	sort.SliceStable(gs, func(i, j int) bool {
		if !gs[i].at.Equal(gs[j].at) {
			return gs[i].at.Before(gs[j].at)
		}
		return gs[i].order < gs[j].order
	})
	return gs, name
}

// sideKey names a player on one side in the side ladder.
func sideKey(id string, german bool) string {
	if german {
		return "G " + id
	}
	return "A " + id
}

// BuildLadder rates the games of the tournaments and the casual games in
// weekly periods up to the week holding asOf (zero: the week of the last
// game). names maps user IDs to names (the tournaments' own names are
// used first). Every player is listed, the inactive ones marked.
func BuildLadder(ts []*Tournament, casual []CasualGame, names map[string]string, asOf time.Time) []LadderLine {
	gs, name := ratedGames(ts, casual, names)
	if len(gs) == 0 {
		return nil
	}
	if asOf.IsZero() || asOf.Before(gs[len(gs)-1].at) {
		asOf = gs[len(gs)-1].at
	}
	var all, sides Ladder
	lines := map[string]*LadderLine{}
	line := func(id string) *LadderLine {
		if lines[id] == nil {
			lines[id] = &LadderLine{ID: id}
		}
		return lines[id]
	}
	record := func(r *SideRecord, score float64) {
		r.Games++
		switch score {
		case 1:
			r.Wins++
		case 0:
			r.Losses++
		default:
			r.Draws++
		}
	}
	next := 0
	for p := periodOf(gs[0].at); p <= periodOf(asOf); p++ {
		var week, weekSides []RatedGame
		for ; next < len(gs) && periodOf(gs[next].at) == p; next++ {
			g := gs[next]
			week = append(week, g.RatedGame)
			weekSides = append(weekSides, RatedGame{sideKey(g.A, true), sideKey(g.B, false), g.ScoreA})
			if g.A == g.B || g.ScoreA < 0 || g.ScoreA > 1 {
				continue
			}
			ger, alli := line(g.A), line(g.B)
			ger.Games++
			alli.Games++
			record(&ger.German, g.ScoreA)
			record(&alli.Allied, 1-g.ScoreA)
			ger.LastPlayed, alli.LastPlayed = g.at, g.at
		}
		all.Period(week)
		sides.Period(weekSides)
	}
	out := make([]LadderLine, 0, len(lines))
	for id, ln := range lines {
		ln.Name = name[id]
		if ln.Name == "" {
			ln.Name = id
		}
		ln.Rating = all.Ratings[id]
		ln.Computer = strings.HasPrefix(id, ComputerPrefix)
		if ln.German.Games > 0 {
			ln.German.Rating = sides.Ratings[sideKey(id, true)]
		}
		if ln.Allied.Games > 0 {
			ln.Allied.Rating = sides.Ratings[sideKey(id, false)]
		}
		ln.Inactive = periodOf(asOf)-periodOf(ln.LastPlayed) >= InactiveAfter
		out = append(out, *ln)
	}
	rank(out, func(l LadderLine) Rating { return l.Rating })
	return out
}

// rank sorts lines by the rating rating gives (rounded, then the smaller
// deviation, then the ID) and numbers them.
func rank(out []LadderLine, rating func(LadderLine) Rating) {
	sort.Slice(out, func(i, j int) bool {
		ri, rj := rating(out[i]), rating(out[j])
		if a, b := math.Round(ri.R), math.Round(rj.R); a != b {
			return a > b
		}
		if ri.RD != rj.RD {
			return ri.RD < rj.RD
		}
		return out[i].ID < out[j].ID
	})
	for i := range out {
		out[i].Rank = i + 1
	}
}

// Visible is the ladder as shown: the active players, ranked overall or,
// with side "german" or "allied", by their rating on that side among those
// who have played it.
func Visible(lines []LadderLine, side string) []LadderLine {
	var out []LadderLine
	for _, l := range lines {
		if l.Inactive || (side == "german" && l.German.Games == 0) || (side == "allied" && l.Allied.Games == 0) {
			continue
		}
		out = append(out, l)
	}
	switch side {
	case "german":
		rank(out, func(l LadderLine) Rating { return l.German.Rating })
	case "allied":
		rank(out, func(l LadderLine) Rating { return l.Allied.Rating })
	default:
		rank(out, func(l LadderLine) Rating { return l.Rating })
	}
	return out
}

// Ladder is the guild's ladder as of asOf from its tournaments and the
// casual games given: every player, the inactive ones marked (Visible
// gives the ladder as shown).
func (s *Service) Ladder(ctx context.Context, guild string, casual []CasualGame, names map[string]string, asOf time.Time) ([]LadderLine, error) {
	ts, err := s.guildTournaments(ctx, guild)
	if err != nil {
		return nil, err
	}
	return BuildLadder(ts, casual, names, asOf), nil
}

// LadderOf is one player's ladder line and the rated games behind it
// (PlayerGames).
func (s *Service) LadderOf(ctx context.Context, guild string, casual []CasualGame, names map[string]string, who string, asOf time.Time) (LadderLine, []LadderGame, bool, error) {
	ts, err := s.guildTournaments(ctx, guild)
	if err != nil {
		return LadderLine{}, nil, false, err
	}
	me, games, ok := PlayerGames(ts, casual, names, who, asOf)
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
func PlayerGames(ts []*Tournament, casual []CasualGame, names map[string]string, who string, asOf time.Time) (LadderLine, []LadderGame, bool) {
	lines := BuildLadder(ts, casual, names, asOf)
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
				add(at, i18n.Sprintf(i18n.T("%s round %d table %d (%s)", "%s 第%dラウンド第%d卓 (%s)"), t.Name, r.Number, g.Table, how), g.German, g.Allied, s)
			}
		}
	}
	for _, c := range casual {
		what := i18n.T("casual game marked rated by both players", "両者が指定した通常対局")
		if strings.HasPrefix(c.A, ComputerPrefix) || strings.HasPrefix(c.B, ComputerPrefix) {
			what = i18n.T("game against the computer (rated by itself)", "コンピュータ戦 (自動で対象)")
		}
		add(c.At, what, c.A, c.B, c.ScoreA)
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].At.Before(out[j].At) })
	return me, out, true
}

// PlayerGamesText is a player's ratings and the games behind them, in lang.
func PlayerGamesText(me LadderLine, games []LadderGame, lang i18n.Lang) string {
	var sb strings.Builder
	fmt.Fprintf(&sb, i18n.T("%s: rank %d, rating %.0f ± %.0f, from %s.\n", "%s: %d位、レーティング %.0f ± %.0f、対象対局 %s。\n").In(lang),
		me.shownName(lang), me.Rank, me.Rating.R, 2*me.Rating.RD, i18n.Count(len(games), "rated game", "rated games", "局").In(lang))
	for _, sr := range []struct {
		side i18n.Text
		r    SideRecord
	}{{i18n.T("As the Germans", "独軍で"), me.German}, {i18n.T("As the Allies", "連合軍で"), me.Allied}} {
		if sr.r.Games == 0 {
			fmt.Fprintf(&sb, i18n.T("%s: no rated game yet.\n", "%s: 対象対局なし。\n").In(lang), sr.side.In(lang))
			continue
		}
		fmt.Fprintf(&sb, i18n.T("%s: %.0f ± %.0f, %d won, %d drawn, %d lost.\n", "%s: %.0f ± %.0f、%d勝 %d分 %d敗。\n").In(lang),
			sr.side.In(lang), sr.r.Rating.R, 2*sr.r.Rating.RD, sr.r.Wins, sr.r.Draws, sr.r.Losses)
	}
	fmt.Fprintf(&sb, i18n.T("Reliability: %s.\n", "完遂率: %s。\n").In(lang), me.Reliability.Text().In(lang))
	if me.Inactive {
		fmt.Fprintf(&sb, i18n.T("Off the ladder for now: no rated game in the last %d weeks; the next one brings them back.\n",
			"直近 %d 週に対象対局がないため、現在はラダーに表示されません。次の対象対局で戻ります。\n").In(lang), InactiveAfter)
	}
	for _, g := range games {
		score := map[float64]string{1: "1", 0.5: "½", 0: "0"}[g.Score]
		fmt.Fprintf(&sb, i18n.T("%s  %s against %s: scored %s\n", "%s  %s 対 %s: 得点 %s\n").In(lang), g.At.UTC().Format("2006-01-02"), g.What.In(lang), g.Opponent, score)
	}
	return sb.String()
}

// shownName is the line's name, a computer's marked as such whatever
// name it was given.
func (ln LadderLine) shownName(lang i18n.Lang) string {
	if ln.Computer {
		return i18n.Sprintf(i18n.T("%s [computer]", "%s [コンピュータ]"), ln.Name).In(lang)
	}
	return ln.Name
}

// LadderText is the visible ladder (Visible) as text, in lang: overall,
// or with side "german" or "allied" that side's.
func LadderText(lines []LadderLine, side string, lang i18n.Lang) string {
	shown := Visible(lines, side)
	if len(shown) == 0 {
		if len(lines) > 0 && side == "" {
			return fmt.Sprintf(i18n.T("Nobody is on the ladder now: no rated game in the last %d weeks (/ladder player:NAME still shows a rating).",
				"現在ラダーに表示されるプレイヤーはいません。直近 %d 週に対象対局がありません (/ladder player:名前 でレーティングは見られます)。").In(lang), InactiveAfter)
		}
		return i18n.T("The ladder is empty: no rated game yet (tournament games, casual games both players mark with /ladder rate, games against the computer).",
			"ラダーは空です。レーティング対象の対局がまだありません (大会の対局、両者が /ladder rate で指定した通常対局、コンピュータとの対局)。").In(lang)
	}
	var sb strings.Builder
	switch side {
	case "german", "allied":
		head := i18n.T("Club ladder as the Germans (Glicko-2 of their games on that side): rank, player, rating ± deviation, games: won-drawn-lost\n",
			"独軍としてのクラブラダー (独軍で指した対局の Glicko-2): 順位、プレイヤー、レーティング ± 偏差、対局数: 勝-分-敗\n")
		if side == "allied" {
			head = i18n.T("Club ladder as the Allies (Glicko-2 of their games on that side): rank, player, rating ± deviation, games: won-drawn-lost\n",
				"連合軍としてのクラブラダー (連合軍で指した対局の Glicko-2): 順位、プレイヤー、レーティング ± 偏差、対局数: 勝-分-敗\n")
		}
		sb.WriteString(head.In(lang))
		for _, ln := range shown {
			r := ln.German
			if side == "allied" {
				r = ln.Allied
			}
			fmt.Fprintf(&sb, "%d. %s  %.0f ± %.0f  (%d: %d-%d-%d)\n", ln.Rank, ln.shownName(lang), r.Rating.R, 2*r.Rating.RD, r.Games, r.Wins, r.Draws, r.Losses)
		}
	default:
		sb.WriteString(i18n.T("Club ladder (Glicko-2): rank, player, rating ± twice the deviation, (rated games), reliability (the share of their ended games they finished; – none yet)\n",
			"クラブラダー (Glicko-2): 順位、プレイヤー、レーティング ± 偏差の2倍、(対象対局数)、完遂率 (終了した対局のうち最後まで指した割合。– はまだなし)\n").In(lang))
		for _, ln := range shown {
			fmt.Fprintf(&sb, "%d. %s  %.0f ± %.0f  (%d)  %s\n", ln.Rank, ln.shownName(lang), ln.Rating.R, 2*ln.Rating.RD, ln.Games, ln.Reliability.Short())
		}
	}
	if hidden := len(lines) - len(Visible(lines, "")); hidden > 0 {
		fmt.Fprintf(&sb, i18n.T("(%d more without a rated game in the last %d weeks: /ladder player:NAME shows them.)\n",
			"(ほかに %d 人が直近 %d 週に対象対局がなく表示されていません: /ladder player:名前 で表示)\n").In(lang), hidden, InactiveAfter)
	}
	return sb.String()
}
