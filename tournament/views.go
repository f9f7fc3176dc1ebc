package tournament

import (
	"context"
	"fmt"
	"strings"
	"time"
)

// The read-only commands: /tournament pairings, standings, export, and
// the organiser's list of missing results.

// Pairings returns a round's tables as text (round 0: the current one);
// with explain, why each pairing was made.
func (s *Service) Pairings(ctx context.Context, guild, name string, round int, explain bool) (string, error) {
	t, err := s.load(ctx, guild, name)
	if err != nil {
		return "", err
	}
	return t.PairingsText(round, explain)
}

// Standings returns the standings, and as text.
func (s *Service) Standings(ctx context.Context, guild, name string) ([]Standing, string, error) {
	t, err := s.load(ctx, guild, name)
	if err != nil {
		return nil, "", err
	}
	return t.Standings(), t.StandingsText(), nil
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
// result, as text for the organiser.
func (s *Service) MissingResults(ctx context.Context, guild, name string) (string, error) {
	t, err := s.load(ctx, guild, name)
	if err != nil {
		return "", err
	}
	m := t.Missing()
	if len(m) == 0 {
		return "every table has its result", nil
	}
	var sb strings.Builder
	for _, g := range m {
		state := "no report"
		switch {
		case g.Disputed:
			state = "disputed: the organiser decides"
		case g.Reported != nil:
			state = "reported by " + t.nameOf(g.ReportBy) + ", awaiting confirmation"
		case g.GameID != 0:
			state = fmt.Sprintf("bot game %d in play", g.GameID)
		}
		fmt.Fprintf(&sb, "table %d: %s – %s: %s\n", g.Table, t.nameOf(g.German), t.nameOf(g.Allied), state)
	}
	return sb.String(), nil
}

// Tiebreaks says the tiebreak order, published before round one.
func (t *Tournament) TiebreakOrder() string {
	var names []string
	for _, tb := range t.Settings.Tiebreaks {
		names = append(names, tb)
	}
	return "points, then " + strings.Join(names, ", then ") + ", then pairing number"
}

// Reminders lists the current round's tables still without a result when
// its deadline is at most `within` away (or past): the players to remind.
func (t *Tournament) Reminders(now time.Time, within time.Duration) []*Game {
	c := t.Current()
	if c == nil || c.Closed || c.Deadline.IsZero() || c.Deadline.Sub(now) > within {
		return nil
	}
	return t.Missing()
}
