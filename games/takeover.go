package games

import (
	"context"
	"fmt"
	"time"

	"rtrbot/actor"
	"rtrbot/engine/units"
	"rtrbot/i18n"
)

// Takeover (docs/ai.md, docs/playing.md): the players of a game may agree
// that, when a segment's deadline passes, the computer player plays that
// segment for the side that missed it. Each side agrees for itself
// (/game settings takeover:heuristic); the agreement holds when both sides
// have agreed to the same level (a side the computer plays agrees by
// itself). The computer then plays only the segment whose deadline passed
// (and the retreats the side owes in it), logged as bot:<level>; the next
// segment has its own deadline, so the absent player takes the side back
// simply by giving orders before it passes.

// TakenOver: the deadline passed and the computer played the segment for
// the side to move (Reports), as the players had agreed (Game.Takeover).
const TakenOver NoticeKind = CannotEnd + 1

// metaTakeover is the game setting that holds a side's agreement: the
// level its players agreed to, or "" (none).
func metaTakeover(side units.Side) string { return "takeover:" + side.String() }

// TakeoverLevels are the levels a side may agree to.
var TakeoverLevels = []string{"heuristic", "search"}

// TakeoverAgreed is the level a side has agreed to ("" if none); a side
// the computer plays agrees to any.
func (g *Game) TakeoverAgreed(side units.Side) string {
	return g.Meta[metaTakeover(side)]
}

// Takeover is the level at which the computer takes a side whose player
// misses a deadline: both sides agreed to it (a computer's side needs no
// asking). ok is false when they have not.
func (g *Game) Takeover() (level string, ok bool) {
	bot, _, hasBot := g.Bot()
	var levels []string
	for _, side := range []units.Side{units.German, units.Allied} {
		if hasBot && side == bot {
			continue
		}
		l := g.TakeoverAgreed(side)
		if l == "" {
			return "", false
		}
		levels = append(levels, l)
	}
	if len(levels) == 0 || len(levels) == 2 && levels[0] != levels[1] {
		return "", false
	}
	return levels[0], true
}

// SetTakeover records that the asker's side agrees (or no longer agrees,
// level "off") that the computer plays its segment when its deadline
// passes. Only a player of the game may agree, for his own side (in a
// hot-seat game, where one person plays both, for both); a referee who
// does not play may not agree for the players.
func (t *Service) SetTakeover(ctx context.Context, a actor.Actor, at Where, level string) (*Game, error) {
	valid := level == "off"
	for _, l := range TakeoverLevels {
		valid = valid || l == level
	}
	if !valid {
		return nil, i18n.Errorf("takeover: is heuristic, search or off, not %q.", "takeover: は heuristic、search、off のいずれかです (%q ではありません)。", level)
	}
	g, unlock, err := t.acquire(ctx, at)
	if err != nil {
		return nil, err
	}
	defer unlock()
	if g.Status != "" && g.Status != Active {
		st := g.Status.Text()
		return nil, i18n.Errorf("This game is %s: its settings no longer change.", "このゲームは%sのため、設定は変更できません。", st)
	}
	var sides []units.Side
	if g.HotSeat() {
		sides = []units.Side{units.German, units.Allied}
	} else if side, ok := g.SideOf(a.ID); ok && !IsBot(a.ID) {
		sides = []units.Side{side}
	} else {
		return nil, i18n.Errorf("Only the game's players may agree that the computer plays a side whose player misses a deadline, each for his own side (a referee may not agree for them).",
			"期限切れの陣営をコンピュータが代行することに同意できるのはゲームのプレイヤーだけです (各自の陣営について。審判は代わりに同意できません)。")
	}
	stored := level
	if level == "off" {
		stored = ""
	}
	if err := t.update(ctx, g, func(tx Tx) error {
		for _, side := range sides {
			if err := tx.SetMeta(metaTakeover(side), stored); err != nil {
				return err
			}
		}
		return nil
	}); err != nil {
		return nil, fmt.Errorf("storing the setting: %w", err)
	}
	g.Meta = cloneMeta(g.Meta)
	for _, side := range sides {
		g.Meta[metaTakeover(side)] = stored
	}
	return g.copy(), nil
}

// takeOver plays, for side, the segment whose deadline passed, with the
// computer player of level (called by tick without the game's lock). It
// reports false when the computer gave no order, so that the deadline
// does what it would have done without the agreement.
func (t *Service) takeOver(ctx context.Context, now time.Time, at Where, side units.Side, level string, n Notice) (Notice, bool) {
	g, unlock, err := t.acquire(ctx, at)
	if err != nil {
		return n, false
	}
	s := g.State
	unlock()
	seg := [3]int{int(s.Turn), int(s.Step), int(s.Player)}
	played, err := t.botPlay(ctx, at, now, func(g *Game) (units.Side, string, bool) {
		c := g.State
		return side, level, [3]int{int(c.Turn), int(c.Step), int(c.Player)} == seg
	}, true)
	if err != nil {
		t.log.Error("deadlines: the computer could not take over", "game", n.Game, "err", err)
	}
	applied := 0
	for _, p := range played {
		applied += p.Applied
		n.Reports = append(n.Reports, p.Reports...)
		if p.Explained != nil {
			n.Explained = p.Explained
		}
	}
	if applied == 0 {
		return n, false
	}
	n.Kind = TakenOver
	return n, true
}
