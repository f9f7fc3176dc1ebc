package tournament

import (
	"context"
	"time"
)

// The round's clock: reminders to the players of late tables, and the
// forfeit rule when a round's deadline passes. The caller passes the time
// (the bot's timer, or a test's clock); nothing here reads a clock.

// Lister is a Store that can list tournaments: the clock and the ladder
// need it. guild "" lists every guild's.
type Lister interface {
	AllTournaments(ctx context.Context, guild string) ([]*Tournament, error)
}

// Notice kinds.
const (
	NoticeReminder = "reminder" // a round's deadline is near: late tables are reminded
	NoticeForfeit  = "forfeit"  // a round's deadline passed: the forfeit rule was applied
)

// Notice is what the clock did to one tournament's round.
type Notice struct {
	Kind      string
	Guild     string
	Channel   string // the tournament's channel
	Name      string
	Organiser string
	Round     int
	Deadline  time.Time
	// Tables are copies of the tables concerned: the late ones
	// (reminder), the ones the forfeit rule decided (forfeit).
	Tables []Game
	// Waiting are tables the forfeit rule left to the organiser (disputed,
	// or a bot game still in play).
	Waiting []Game
	// Names maps the players of the tables to their names.
	Names map[string]string
}

// RemindBefore is how long before a round's deadline the players of the
// tables without a result are reminded: a quarter of the round, at most a
// day.
func RemindBefore(roundHours int) time.Duration {
	d := time.Duration(roundHours) * time.Hour / 4
	if d > 24*time.Hour {
		d = 24 * time.Hour
	}
	return d
}

// tick applies the clock to t at now and says what it did (nil: nothing).
func (t *Tournament) tick(now time.Time) *Notice {
	c := t.Current()
	if t.Status != StatusRunning || c == nil || c.Closed || c.Deadline.IsZero() {
		return nil
	}
	n := &Notice{Guild: t.Guild, Channel: t.Channel, Name: t.Name, Organiser: t.Organiser, Round: c.Number, Deadline: c.Deadline, Names: map[string]string{}}
	for _, p := range t.Players {
		n.Names[p.ID] = p.Name
	}
	switch {
	case !now.Before(c.Deadline) && !c.Forfeited:
		decided := map[int]bool{}
		for _, tb := range t.applyDeadline(now) {
			decided[tb] = true
		}
		c.Forfeited, c.Reminded = true, true
		for _, g := range c.Games {
			switch {
			case decided[g.Table]:
				n.Tables = append(n.Tables, *g)
			case !g.Bye() && g.Result == nil:
				n.Waiting = append(n.Waiting, *g)
			}
		}
		n.Kind = NoticeForfeit
		return n
	case !c.Reminded && c.Deadline.Sub(now) <= RemindBefore(t.Settings.DeadlineHours):
		c.Reminded = true
		for _, g := range t.Missing() {
			n.Tables = append(n.Tables, *g)
		}
		if len(n.Tables) == 0 {
			return nil
		}
		n.Kind = NoticeReminder
		return n
	}
	return nil
}

// Tick runs the clock over every running tournament of the store at now:
// a reminder once, when the deadline is near, to the players of the
// tables still without a confirmed result; when the deadline passes, the
// forfeit rule (applyDeadline). Each notice is saved before it is
// returned, so that a restart neither repeats nor loses one.
func (s *Service) Tick(ctx context.Context, now time.Time) ([]Notice, error) {
	return s.TickHolding(ctx, now, nil)
}

// TickHolding is Tick leaving alone the tournaments hold names (nil:
// none): those whose round's limit is still being adjudicated, whose
// forfeit rule waits for the adjudications.
func (s *Service) TickHolding(ctx context.Context, now time.Time, hold func(*Tournament) bool) ([]Notice, error) {
	l, ok := s.Store.(Lister)
	if !ok {
		return nil, nil
	}
	ts, err := l.AllTournaments(ctx, "")
	if err != nil {
		return nil, err
	}
	var out []Notice
	for _, t := range ts {
		if t.Status != StatusRunning || hold != nil && hold(t) {
			continue
		}
		var n *Notice
		_, err := s.update(ctx, t.Guild, t.Name, func(t *Tournament) error {
			n = t.tick(now)
			return nil
		})
		if err != nil {
			return out, err
		}
		if n != nil {
			out = append(out, *n)
		}
	}
	return out, nil
}
