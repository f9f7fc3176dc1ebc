package games

import (
	"context"
	"fmt"
	"sync"
	"time"

	"rtrbot/actor"
	"rtrbot/engine/game"
	"rtrbot/engine/units"
	"rtrbot/i18n"
)

// Asynchronous play: a game may give each segment a deadline. A reminder
// is due when a quarter of the time is left; when the deadline passes the
// side is reminded again (and the next deadline set), or the segment is
// ended for the side to move with no further orders. Deadlines live in
// the database, so they survive restarts; Tick, driven by a clock the
// caller gives, does the work.

// SetDeadline gives every segment hours (0: none) and what happens when
// one passes (then: remind or end): a referee's.
func (t *Service) SetDeadline(ctx context.Context, a actor.Actor, at Where, hours int, then string, now time.Time) (*Game, error) {
	g, unlock, err := t.acquire(ctx, at)
	if err != nil {
		return nil, err
	}
	defer unlock()
	what := i18n.T("set the deadline", "期限の設定")
	if err := t.refereeOnly(ctx, a, at.Guild, g, what); err != nil {
		if _, plays := g.SideOf(a.ID); !plays {
			return nil, err
		}
	}
	if g.ID == 0 {
		return nil, i18n.Errorf("Deadlines need a stored game (the bot runs without its database, or this is a sandbox).", "期限には保存されたゲームが必要です (データベースなし、またはサンドボックス)。")
	}
	if then == "" {
		then = "remind"
	}
	// A player who referees, against a person, proposes; the other side agrees.
	how := fmt.Sprintf("/game deadline hours:%d then:%s", hours, then)
	curThen := g.DeadlineAction
	if curThen == "" {
		curThen = "remind"
	}
	undo := fmt.Sprintf("/game deadline hours:%d then:%s", g.SegmentHours, curThen)
	if how == undo {
		// asking for what is so withdraws one's own proposal of another deadline
		if err := t.withdrawProposal(ctx, a, g, what, "deadline"); err != nil {
			return nil, err
		}
	}
	if ok, err := t.agreed(ctx, a, at.Guild, g, what, "deadline", fmt.Sprintf("%d %s", hours, then), how, undo); !ok || err != nil {
		return nil, err
	}
	var dl time.Time
	if hours > 0 {
		dl = now.Add(time.Duration(hours) * time.Hour)
	}
	if side, plays := g.SideOf(a.ID); !plays || g.HotSeat() || !personPlays(g, 1-side) {
		// one who decided alone; agreed by both sides, the clock is theirs
		dl = g.deadlineForReferee(a, dl)
	}
	if err := t.update(ctx, g, func(tx Tx) error {
		if err := tx.SetDeadlinePolicy(hours, then); err != nil {
			return err
		}
		if err := tx.SetMeta("reminded", ""); err != nil {
			return err
		}
		return tx.SetDeadline(dl)
	}); err != nil {
		return nil, err
	}
	g.SegmentHours, g.DeadlineAction, g.Deadline = hours, then, dl
	return g.copy(), nil
}

// deadlineForReferee is the current segment's new deadline dl as a
// referee a may set it. A referee who plays in the game cannot shorten the
// clock of a segment the other side is playing (a timeout counts against
// that side's reliability): a running deadline may only move later, and a
// segment without one keeps none; the new hours apply from the next
// segment on. Removing deadlines (dl zero) is always allowed.
func (g *Game) deadlineForReferee(a actor.Actor, dl time.Time) time.Time {
	side, plays := g.SideOf(a.ID)
	if !plays || g.HotSeat() || g.State.ToMove() == side || dl.IsZero() {
		return dl
	}
	if g.Deadline.IsZero() || g.Deadline.After(dl) {
		return g.Deadline
	}
	return dl
}

// NoticeKind is what a deadline did.
type NoticeKind int

const (
	// Reminder: a quarter of the time is left (Deadline is when it ends).
	Reminder NoticeKind = iota
	// Passed: the deadline passed and the side was reminded again
	// (Deadline is the next one).
	Passed
	// Ended: the segment was ended for the side to move (Reports).
	Ended
	// CannotEnd: it passed, but the segment cannot end yet; Why says why
	// (for the side's own Thread only), Deadline is the next one.
	CannotEnd
)

// Notice is one thing a deadline did in a game.
type Notice struct {
	Kind    NoticeKind
	Game    int64
	Channel string // the game's thread or channel
	// Seats are the side to move's players, as stored: a notice names
	// them for its reader (commands' seatsWho), a computer seat by its
	// name in the reader's language, never by the stored name.
	Seats    []Player
	Side     units.Side
	Step     game.Step
	Deadline time.Time
	Reports  []SegmentReport
	Thread   string // the side's private thread ("" if none)
	Why      error
	// Explained is the computer's account of the turn it took over.
	Explained *Explained
}

// Tick does what deadlines demand at now: reminders, and the deadlines
// that passed.
func (t *Service) Tick(ctx context.Context, now time.Time) []Notice {
	if t.store == nil {
		return nil
	}
	games, err := t.store.Records(ctx, Filter{Status: Active})
	if err != nil {
		t.log.Error("deadlines: listing games", "err", err)
		return nil
	}
	var out []Notice
	for _, l := range games {
		if l.Problem != nil || l.Deadline.IsZero() || l.SegmentHours <= 0 {
			continue
		}
		if n, ok := t.safeTick(ctx, now, l.Record); ok {
			out = append(out, n)
		}
	}
	return out
}

// deadlineActor is who ends a segment when its deadline passes.
var deadlineActor = actor.Actor{ID: "deadline", Name: "deadline"}

func (t *Service) tick(ctx context.Context, now time.Time, row *Record) (Notice, bool) {
	// The game's lock is taken and given back through lock and unlock,
	// which know whether it is held, so that a panic (safeTick) never
	// leaves it held nor gives it back twice. Other games go on meanwhile.
	var g *Game
	var lk *sync.Mutex
	held := false
	lock := func() { lk = t.lockOf(g); lk.Lock(); held = true }
	unlock := func() {
		if held {
			held = false
			lk.Unlock()
		}
	}
	defer unlock()
	if tickHook != nil {
		tickHook(row)
	}
	g, release, err := t.acquire(ctx, Where{Guild: row.Guild, Channel: row.Channel})
	if err != nil {
		return Notice{}, false
	}
	unlock = func() { // acquire gave it locked
		if held {
			held = false
			release()
		}
	}
	held = true
	if vn, skip := t.clockStopped(ctx, g, now, row.Deadline); skip { // paused, over, or a vacation (absence.go)
		unlock()
		return vn, vn.Kind == VacationOver
	}
	dl, hours := row.Deadline, row.SegmentHours
	side := g.State.ToMove()
	n := Notice{Game: g.ID, Channel: g.Channel, Seats: g.PlayersOf(side), Side: side, Step: g.State.Step, Thread: g.Thread(side)}
	lead := time.Duration(hours) * time.Hour / 4
	if now.Before(dl) {
		defer unlock()
		if now.Before(dl.Add(-lead)) || g.Meta["reminded"] == dl.UTC().Format(time.RFC3339) {
			return n, false
		}
		if err := t.update(ctx, g, func(tx Tx) error { return tx.SetMeta("reminded", dl.UTC().Format(time.RFC3339)) }); err != nil {
			return n, false
		}
		g.Meta = cloneMeta(g.Meta)
		g.Meta["reminded"] = dl.UTC().Format(time.RFC3339)
		n.Kind, n.Deadline = Reminder, dl
		return n, true
	}
	if level, agreed := g.Takeover(); agreed { // takeover.go: the players agreed that the computer plays the segment
		if bot, _, has := g.Bot(); !has || bot != side {
			where := Where{Guild: g.Guild, Channel: g.Channel}
			unlock()
			if tn, ok := t.takeOver(ctx, now, where, side, level, n); ok {
				return tn, true
			}
			lock()
		}
	}
	if row.DeadlineAction == "end" {
		where := Where{Guild: g.Guild, Channel: g.Channel}
		unlock()
		p, err := t.run(ctx, deadlineActor, where, now, []Pending{{Order: game.End(), Referee: true}}, false)
		if err == nil {
			n.Kind, n.Reports = Ended, p.Reports
			return n, true
		}
		// The segment cannot end yet (e.g. a retreat to choose): remind.
		lock()
		defer unlock()
		next := now.Add(time.Duration(hours) * time.Hour)
		if err := t.update(ctx, g, func(tx Tx) error { return tx.SetDeadline(next) }); err != nil {
			t.log.Error("deadlines: setting the next one", "game", g.ID, "err", err)
			return n, false // tried again at the next tick
		}
		g.Deadline = next
		n.Kind, n.Deadline, n.Why = CannotEnd, next, err
		return n, true
	}
	defer unlock()
	next := now.Add(time.Duration(hours) * time.Hour)
	if err := t.update(ctx, g, func(tx Tx) error {
		if err := tx.SetMeta("reminded", ""); err != nil {
			return err
		}
		return tx.SetDeadline(next)
	}); err != nil {
		return n, false
	}
	g.Deadline = next
	n.Kind, n.Deadline = Passed, next
	return n, true
}

// tickHook, when set (tests), runs at the start of each game's tick: a
// test makes it panic to show that the loop survives.
var tickHook func(*Record)

// safeTick is tick for one game, surviving a panic in its code (the
// engine's, through the orders a deadline gives): the game is marked
// damaged with the fault and dropped from the table, and the loop goes on
// with the others.
func (t *Service) safeTick(ctx context.Context, now time.Time, row *Record) (n Notice, ok bool) {
	defer func() {
		if p := recover(); p != nil {
			t.log.Error("deadlines: checking a game failed; it is marked damaged", "game", row.ID, "panic", p)
			if t.store != nil {
				if err := t.store.MarkDamaged(ctx, row, fmt.Sprintf("the deadline loop failed on it: %v", p)); err != nil {
					t.log.Error("deadlines: marking a game damaged", "game", row.ID, "err", err)
				}
			}
			t.mu.Lock()
			for k, g := range t.games {
				if g.ID == row.ID {
					delete(t.games, k)
					delete(t.locks, g)
				}
			}
			t.mu.Unlock()
			n, ok = Notice{}, false
		}
	}()
	return t.tick(ctx, now, row)
}
