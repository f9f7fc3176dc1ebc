package games

import (
	"context"
	"strconv"
	"strings"
	"time"

	"rtrbot/actor"
	"rtrbot/engine/game"
	"rtrbot/engine/units"
	"rtrbot/i18n"
)

// Vacations: a side's players may pause a game's deadlines for some days
// (/vacation), from a bank of VacationBank days a side a game. While a
// vacation runs no deadline of the game passes and no reminder is sent,
// for either side (the game's clock stops, as a postal game's does); the
// side on vacation may still give orders. When it ends (its last day, or
// /vacation end:true) every deadline moves by the vacation's length, and
// both sides are told. Unused whole days go back to the bank. Only games
// with deadlines have a clock to stop.

// VacationBank is how many days of vacation each side has in a game.
const VacationBank = 14

// metaVacation holds a side's running vacation: "from until", RFC 3339.
func metaVacation(side units.Side) string { return "vacation:" + side.String() }

// metaVacationUsed is how many days of its bank the side has used.
func metaVacationUsed(side units.Side) string { return "vacation-used:" + side.String() }

// Vacation is a side's vacation.
type Vacation struct {
	Side        units.Side
	From, Until time.Time
	// Left is what is left of the side's bank, in days.
	Left int
}

// VacationOf is the side's running (or just ended, not yet closed by the
// clock) vacation.
func (g *Game) VacationOf(side units.Side) (Vacation, bool) {
	from, until, ok := strings.Cut(g.Meta[metaVacation(side)], " ")
	if !ok {
		return Vacation{}, false
	}
	f, err1 := time.Parse(time.RFC3339, from)
	u, err2 := time.Parse(time.RFC3339, until)
	if err1 != nil || err2 != nil {
		return Vacation{}, false
	}
	return Vacation{Side: side, From: f, Until: u, Left: g.VacationLeft(side)}, true
}

// VacationLeft is what is left of the side's bank, in days.
func (g *Game) VacationLeft(side units.Side) int {
	used, _ := strconv.Atoi(g.Meta[metaVacationUsed(side)])
	return max(0, VacationBank-used)
}

// vacationer is the side a of the game may take a vacation for: a person
// seated on it, in a running game with deadlines.
func (g *Game) vacationer(a actor.Actor) (units.Side, error) {
	side, ok := g.SideOf(a.ID)
	switch {
	case !ok || IsBot(a.ID):
		return 0, i18n.Errorf("Only a player seated on a side of this game may take a vacation, for that side.",
			"休暇を取れるのは、このゲームの陣営に着席しているプレイヤーだけです (自陣営の分)。")
	case g.ID == 0:
		return 0, i18n.Errorf("Vacations need a stored game (the bot runs without its database, or this is a sandbox).", "休暇には保存されたゲームが必要です (データベースなし、またはサンドボックス)。")
	case g.Status != Active || g.State.Step == game.GameOver:
		return 0, i18n.Errorf("This game is over: there is no clock to stop.", "このゲームは終了しています。止める時計はありません。")
	case g.SegmentHours <= 0:
		return 0, i18n.Errorf("This game has no deadlines, so there is no clock to stop: take your time. (A referee sets deadlines with /game deadline.)",
			"このゲームには期限がないため、止める時計はありません。ゆっくりどうぞ (期限は審判が /game deadline で設定します)。")
	}
	return side, nil
}

// acquireVacationer locks the game at a and finds the side the asker may
// send on vacation or bring back; unlock is set only when err is nil.
func (t *Service) acquireVacationer(ctx context.Context, a actor.Actor, at Where) (*Game, units.Side, func(), error) {
	g, unlock, err := t.acquire(ctx, at)
	if err != nil {
		return nil, 0, nil, err
	}
	side, err := g.vacationer(a)
	if err != nil {
		unlock()
		return nil, 0, nil, err
	}
	return g, side, unlock, nil
}

// TakeVacation starts a vacation of days for the asker's side.
func (t *Service) TakeVacation(ctx context.Context, a actor.Actor, at Where, days int, now time.Time) (*Game, Vacation, error) {
	g, side, unlock, err := t.acquireVacationer(ctx, a, at)
	if err != nil {
		return nil, Vacation{}, err
	}
	defer unlock()
	if v, on := g.VacationOf(side); on {
		return nil, v, i18n.Errorf("Your side is already on vacation until %s UTC: /vacation end:true ends it first.", "自陣営はすでに %s (UTC) まで休暇中です。先に /vacation end:true で終えてください。",
			v.Until.UTC().Format("2006-01-02 15:04"))
	}
	left := g.VacationLeft(side)
	if days < 1 || days > left {
		return nil, Vacation{}, i18n.Errorf("days:%d is not possible: your side has %d days of vacation left in this game (of %d); give days:1 to days:%d.",
			"days:%d は指定できません。このゲームで自陣営に残る休暇は %d 日です (全 %d 日)。days:1〜days:%d を指定してください。", days, left, VacationBank, left)
	}
	v := Vacation{Side: side, From: now.UTC(), Until: now.UTC().Add(time.Duration(days) * 24 * time.Hour), Left: left - days}
	if err := t.storeVacation(ctx, g, v); err != nil {
		return nil, Vacation{}, err
	}
	return g.copy(), v, nil
}

// EndVacation ends the asker's side's vacation now: the days not begun go
// back to the bank (a day begun counts); the clock closes it at its next
// tick (vacationTick).
func (t *Service) EndVacation(ctx context.Context, a actor.Actor, at Where, now time.Time) (*Game, Vacation, error) {
	g, side, unlock, err := t.acquireVacationer(ctx, a, at)
	if err != nil {
		return nil, Vacation{}, err
	}
	defer unlock()
	v, on := g.VacationOf(side)
	if !on || !now.Before(v.Until) {
		return nil, Vacation{}, i18n.Errorf("Your side is not on vacation.", "自陣営は休暇中ではありません。")
	}
	day := 24 * time.Hour
	taken := int(v.Until.Sub(v.From) / day)
	begun := int((now.Sub(v.From) + day - 1) / day)
	back := max(0, taken-begun)
	v.Until = now.UTC()
	v.Left = g.VacationLeft(side) + back
	if err := t.storeVacation(ctx, g, v); err != nil {
		return nil, Vacation{}, err
	}
	return g.copy(), v, nil
}

// storeVacation keeps a side's vacation and what is left of its bank, in
// the database and in g (locked by the caller).
func (t *Service) storeVacation(ctx context.Context, g *Game, v Vacation) error {
	used := strconv.Itoa(VacationBank - v.Left)
	stored := v.From.Format(time.RFC3339) + " " + v.Until.Format(time.RFC3339)
	if err := t.update(ctx, g, func(tx Tx) error {
		if err := tx.SetMeta(metaVacation(v.Side), stored); err != nil {
			return err
		}
		return tx.SetMeta(metaVacationUsed(v.Side), used)
	}); err != nil {
		return err
	}
	g.Meta = cloneMeta(g.Meta)
	g.Meta[metaVacation(v.Side)], g.Meta[metaVacationUsed(v.Side)] = stored, used
	return nil
}

// VacationOver: a side's vacation ended and the deadline moved by its
// length (Deadline is the new one, Side the side that was away).
const VacationOver = TakenOver + 1

// vacationTick is the clock's view of vacations, with the game locked: on
// vacation (a side's runs): nothing passes (skip true, no notice); a
// vacation over: the deadline moves by its length and the vacation is
// closed (a VacationOver notice).
func (t *Service) vacationTick(ctx context.Context, g *Game, now time.Time, dl time.Time) (n Notice, skip bool) {
	for _, side := range []units.Side{units.German, units.Allied} {
		v, on := g.VacationOf(side)
		if !on {
			continue
		}
		if now.Before(v.Until) {
			return Notice{}, true
		}
		next := dl.Add(v.Until.Sub(v.From))
		if err := t.update(ctx, g, func(tx Tx) error {
			if err := tx.SetMeta(metaVacation(side), ""); err != nil {
				return err
			}
			return tx.SetDeadline(next)
		}); err != nil {
			t.log.Error("deadlines: closing a vacation", "game", g.ID, "err", err)
			return Notice{}, true
		}
		g.Meta = cloneMeta(g.Meta)
		delete(g.Meta, metaVacation(side))
		g.Deadline = next
		return Notice{Kind: VacationOver, Game: g.ID, Channel: g.Channel, Side: side, Step: g.State.Step, Deadline: next,
			Seats: g.PlayersOf(g.State.ToMove())}, true
	}
	return Notice{}, false
}

// clockStopped says whether the game's clock is stopped at now: paused by
// a referee, no longer active, or a side on vacation (vacationTick, whose
// end it reports).
func (t *Service) clockStopped(ctx context.Context, g *Game, now time.Time, dl time.Time) (Notice, bool) {
	if g.Paused() || g.Status != Active {
		return Notice{}, true
	}
	return t.vacationTick(ctx, g, now, dl)
}
