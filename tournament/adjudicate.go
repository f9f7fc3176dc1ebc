package tournament

import (
	"context"
	"fmt"
	"strings"
	"time"

	"rtrbot/i18n"
)

// Adjudication (判定) at a round's hard limit: with Settings.Adjudicate,
// every bot game of the round still unfinished when the round's deadline
// passes is played out by the referee (games.Service.AdjudicateAtLimit,
// ai.Adjudicate) and its median result is the table's, marked adjudicated
// with its spread (SourceAdjudicated, Game.Adjudication). It counts for
// the standings like any result but is not a rated game; the organiser may
// overrule it with /tournament fix, which makes it the organiser's.

// SourceAdjudicated: the round's limit adjudicated the table's unfinished
// bot game (Game.Adjudication holds the spread).
const SourceAdjudicated = "adjudicated"

// Adjudication is the spread of a table's adjudication: the median VP
// margin (German minus Allied, after the table's bid) and its quartiles,
// the play-outs each side won and the draws, out of PlayOuts.
type Adjudication struct {
	Median   int    `json:"median"`
	Q1       int    `json:"q1"`
	Q3       int    `json:"q3"`
	Wins     [2]int `json:"wins"` // German, Allied
	Draws    int    `json:"draws"`
	PlayOuts int    `json:"playouts"`
}

// Adjudicated says whether the table's result is the round limit's
// adjudication (an organiser's fix since makes it his).
func (g *Game) Adjudicated() bool { return g.Source == SourceAdjudicated && g.Adjudication != nil }

// AdjudicationDue lists the tables of the current round that the round's
// limit must adjudicate at now: the tournament adjudicates, the deadline
// has passed, the forfeit rule has not yet run, and the table's bot game
// has no result.
func (t *Tournament) AdjudicationDue(now time.Time) []Game {
	c := t.Current()
	if !t.Settings.Adjudicate || t.Status != StatusRunning || c == nil || c.Closed || c.Forfeited || c.Deadline.IsZero() || now.Before(c.Deadline) {
		return nil
	}
	var out []Game
	for _, g := range c.Games {
		if !g.Bye() && g.GameID != 0 && g.Result == nil {
			out = append(out, *g)
		}
	}
	return out
}

// RecordAdjudication gives a table the adjudicated result of its bot game
// (the clock's, at the round's limit): only a table of the current round
// still without a result, past the round's deadline, of a tournament that
// adjudicates. changed is false if the table had a result already.
func (s *Service) RecordAdjudication(ctx context.Context, gameID int64, winner, level string, margin int, a Adjudication, now time.Time) (t *Tournament, table *Game, changed bool, err error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	t, r, err := s.gameAndResult(ctx, gameID, winner, level, margin)
	if err != nil {
		return nil, nil, false, err
	}
	due := false
	for _, g := range t.AdjudicationDue(now) {
		due = due || g.GameID == gameID
	}
	if !due {
		return t, nil, false, nil
	}
	for _, g := range t.Current().Games {
		if g.GameID == gameID {
			g.Result, g.Reported, g.Disputed = &r, nil, false
			g.Source, g.Adjudication = SourceAdjudicated, &a
			table = g
		}
	}
	return t, table, true, s.Store.SaveTournament(ctx, t)
}

// AdjudicationNoteIn is the mark and spread of an adjudicated table's
// result in lang ("" for a table that was not adjudicated).
func AdjudicationNoteIn(g *Game, lang i18n.Lang) string {
	if !g.Adjudicated() {
		return ""
	}
	a := g.Adjudication
	return i18n.Sprintf(i18n.T(" (adjudicated: median of %s %+d VP, middle half %+d to %+d; Germans won %d, Allies %d, draws %d)",
		" (判定: プレイアウト %sの中央値 %+d VP、中央の半数 %+d ～ %+d。独軍勝利 %d、連合軍勝利 %d、引分け %d)"),
		i18n.Count(a.PlayOuts, "play-out", "play-outs", "回"), a.Median, a.Q1, a.Q3, a.Wins[0], a.Wins[1], a.Draws).In(lang)
}

// adjudicatedLines are the adjudicated tables of every round, one line
// each, for the standings ("" when none).
func (t *Tournament) adjudicatedLines(lang i18n.Lang) string {
	var sb strings.Builder
	for _, rd := range t.Rounds {
		for _, g := range rd.Games {
			if g.Adjudicated() {
				fmt.Fprintf(&sb, i18n.T("round %d, table %d: %s%s\n", "第%dラウンド %d番卓: %s%s\n").In(lang), rd.Number, g.Table, resultTextIn(g, lang), AdjudicationNoteIn(g, lang))
			}
		}
	}
	if sb.Len() == 0 {
		return ""
	}
	return i18n.T("Adjudicated at a round's limit (the organiser may overrule with /tournament fix):\n", "ラウンドの期限で判定した卓 (主催者は /tournament fix で変更可):\n").In(lang) + sb.String()
}

// ResultText is a table's result as the round's table shows it, in both
// languages.
func ResultText(g *Game) i18n.Text {
	return i18n.Text{EN: resultTextIn(g, i18n.EN), JA: resultTextIn(g, i18n.JA)}
}
