package tournament

import (
	"context"
	"fmt"
	"strings"
	"time"

	"rtrbot/i18n"
)

// The read-only commands: /tournament pairings, standings, export, and
// the organiser's list of missing results.

// Pairings returns a round's tables as text (round 0: the current one);
// with explain, why each pairing was made.
func (s *Service) Pairings(ctx context.Context, guild, name string, round int, explain bool, lang i18n.Lang) (string, error) {
	t, err := s.load(ctx, guild, name)
	if err != nil {
		return "", err
	}
	return t.PairingsTextIn(round, explain, lang)
}

// Standings returns the standings, and as text.
func (s *Service) Standings(ctx context.Context, guild, name string, lang i18n.Lang) ([]Standing, string, error) {
	t, err := s.load(ctx, guild, name)
	if err != nil {
		return nil, "", err
	}
	return t.Standings(), t.StandingsTextIn(lang), nil
}

// Export writes the tournament as "trf" or "csv".
func (s *Service) Export(ctx context.Context, guild, name, format string) ([]byte, error) {
	t, err := s.load(ctx, guild, name)
	if err != nil {
		return nil, err
	}
	return t.Export(format)
}

// MissingResults lists the current round's tables without a confirmed
// result, as text for the organiser, in lang.
func (s *Service) MissingResults(ctx context.Context, guild, name string, lang i18n.Lang) (string, error) {
	t, err := s.load(ctx, guild, name)
	if err != nil {
		return "", err
	}
	tr := func(en, ja string) string { return i18n.T(en, ja).In(lang) }
	if t.Current() == nil {
		return fmt.Sprintf(tr("%s has not started", "%sはまだ始まっていません。"), t.Name), nil
	}
	m := t.Missing()
	if len(m) == 0 {
		return fmt.Sprintf(tr("Round %d of %s: every table has its result.", "%[2]s 第%[1]dラウンド: すべての卓に結果があります。"), t.Current().Number, t.Name), nil
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, tr("Round %d of %s: %s without a confirmed result\n", "%[2]s 第%[1]dラウンド: 結果が未確定の卓は %[3]s\n"), t.Current().Number, t.Name, i18n.Count(len(m), "table", "tables", "卓").In(lang))
	for _, g := range m {
		state := tr("no report", "報告なし")
		switch {
		case g.Disputed:
			state = tr("disputed: the organiser decides (/tournament fix)", "異議あり: 主催者が決めます (/tournament fix)")
		case g.Reported != nil:
			state = fmt.Sprintf(tr("reported by %s, awaiting confirmation", "%sが報告、確認待ち"), t.nameOf(g.ReportBy))
		case g.GameID != 0:
			state = fmt.Sprintf(tr("bot game #%d in play", "ボット対局 #%d 進行中"), g.GameID)
		}
		fmt.Fprintf(&sb, tr("table %d: %s – %s: %s\n", "卓 %d: %s – %s: %s\n"), g.Table, t.nameOf(g.German), t.nameOf(g.Allied), state)
	}
	return sb.String(), nil
}

// TiebreakOrder says the tiebreak order, published before round one.
func (t *Tournament) TiebreakOrder(lang i18n.Lang) string {
	var names []string
	for _, tb := range t.Settings.Tiebreaks {
		names = append(names, tiebreakLong(tb, lang))
	}
	sep := i18n.T(", then ", "、次に").In(lang)
	return i18n.T("points, then ", "勝点、次に").In(lang) + strings.Join(names, sep) + sep + i18n.T("pairing number", "組合せ番号").In(lang)
}

// tiebreakNames name the tiebreaks in full, for the published order.
var tiebreakNames = map[string]i18n.Text{
	TBBuchholz:     i18n.T("Buchholz", "ブッフホルツ"),
	TBBuchholzCut1: i18n.T("Buchholz cut 1", "ブッフホルツ・カット1"),
	TBSonneborn:    i18n.T("Sonneborn–Berger", "ゾンネボルン・ベルガー"),
	TBHeadToHead:   i18n.T("head-to-head", "直接対決"),
	TBMargin:       i18n.T("cumulative VP margin", "累積VP差"),
}

func tiebreakLong(tb string, lang i18n.Lang) string { return nameIn(tiebreakNames, tb, lang) }

// Reminders lists the current round's tables still without a result when
// its deadline is at most `within` away (or past): the players to remind.
func (t *Tournament) Reminders(now time.Time, within time.Duration) []*Game {
	c := t.Current()
	if c == nil || c.Closed || c.Deadline.IsZero() || c.Deadline.Sub(now) > within {
		return nil
	}
	return t.Missing()
}
