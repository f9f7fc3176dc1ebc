package games

import (
	"context"
	"fmt"
	"strings"
	"time"

	"rtrbot/actor"
	"rtrbot/ai"
	"rtrbot/engine/game"
	"rtrbot/engine/units"
	"rtrbot/i18n"
)

// The computer player (package ai) takes a seat like a person: a player
// whose user ID is "bot:" and its level. Its orders go through run, the
// path of every player's orders, checked by the engine and stored in the
// log with the bot as their author. It sees what its side may see and no
// more (ai.NewBoard, the side's View): the service hands it nothing else.

// BotPrefix starts the user ID of a computer player's seat.
const BotPrefix = "bot:"

// BotActor is the actor of a computer player of level.
func BotActor(level string) actor.Actor {
	return actor.Actor{ID: BotPrefix + level, Name: "rtrbot (" + level + ")", Lang: i18n.EN}
}

// Bot is the side a computer plays in g and its level.
func (g *Game) Bot() (side units.Side, level string, ok bool) {
	for _, p := range g.Players {
		if l, found := strings.CutPrefix(p.UserID, BotPrefix); found {
			s, err := units.ParseSide(p.Side)
			if err == nil {
				return s, l, true
			}
		}
	}
	return 0, "", false
}

// IsBot says whether a user ID is a computer player's.
func IsBot(user string) bool { return strings.HasPrefix(user, BotPrefix) }

// SeatBot seats the computer player on a side, as Join seats a person
// (the side must be free and not begun); only a referee of the game (its
// creator among them) may.
func (t *Service) SeatBot(ctx context.Context, a actor.Actor, at Where, side units.Side, level string, now time.Time) (*Joined, error) {
	if _, err := ai.New(level, ai.Config{}); err != nil {
		return nil, i18n.Errorf("There is no computer player of level %q: choose random, heuristic or search.",
			"レベル %q のコンピュータプレイヤーはありません: random、heuristic、search から選んでください。", level)
	}
	g, unlock, err := t.acquire(ctx, at)
	if err == nil {
		if _, _, has := g.Bot(); has {
			err = i18n.Errorf("The computer already plays a side of this game.", "このゲームでは既にコンピュータが一方の陣営を担当しています。")
		} else if g.Creator != a.ID {
			err = t.refereeOnly(ctx, a, at.Guild, g, i18n.T("seat the computer player", "コンピュータプレイヤーの着席"))
		}
		unlock()
	}
	if err != nil {
		return nil, err
	}
	return t.Join(ctx, BotActor(level), at, side.String(), now, nil)
}

// BotTurn plays the computer's side while it is to move: it asks the
// player for a batch, gives it to run as a player's /orders batch, and
// ends the step for it when a batch changes nothing. It stops when the
// other side is to move, the game is over, paused or waits for a choice.
func (t *Service) BotTurn(ctx context.Context, at Where, now time.Time) ([]*Played, error) {
	return t.botPlay(ctx, at, now, (*Game).Bot, false)
}

// botPlay is the computer's play for whatever side and level pick names
// while pick says so and that side is to move (BotTurn: its own seat;
// takeOver: a person's side whose deadline passed, its orders given with
// a referee's leave as a deadline's are).
func (t *Service) botPlay(ctx context.Context, at Where, now time.Time, pick func(*Game) (units.Side, string, bool), referee bool) ([]*Played, error) {
	var out []*Played
	var player ai.Computer
	var fought witnessed // the attacks fought meanwhile
	// What the player says of its turn (explain.go).
	defer func() {
		if ex := t.keepAccount(ctx, at, player, referee, fought); ex != nil && len(out) > 0 {
			out[len(out)-1].Explained = ex
		}
	}()
	idle := 0
	for i := 0; i < 2000; i++ {
		g, unlock, err := t.acquire(ctx, at)
		if err != nil {
			return out, err
		}
		side, level, ok := pick(g)
		s := g.State // a state is never changed in place: it may be read after the unlock
		idleGame := !ok || s.Step == game.GameOver || s.ToMove() != side || g.Status != Active || g.Paused() || g.PendingChoice().EN != ""
		id := g.ID
		fought.segment(g) // an attack the enemy's answer resolved (16.2)
		unlock()
		if idleGame {
			return out, nil
		}
		if player == nil {
			if player, err = ai.New(level, ai.Config{Side: side, Seed: uint64(id)*2 + uint64(side)}); err != nil {
				return out, err
			}
		}
		orders, perr := ai.Ask(player, s.ViewFor(game.ViewerOf(side)), ai.NewBoard(s, side))
		if perr != nil {
			t.log.Error("the computer player failed", "game", id, "err", perr)
			idle = max(idle, 1) // its step is ended for it
		}
		switch idle {
		case 1:
			orders = []game.Order{game.End()}
		case 2:
			orders = []game.Order{game.Stand()} // 16.2: the answer it did not give
		}
		var pend []Pending
		for k, o := range orders {
			pend = append(pend, Pending{Order: game.Written(o.Verb, o.Units, o.Hexes...), Line: k + 1, Referee: referee})
		}
		p, err := t.run(ctx, BotActor(level), at, now, pend, true)
		if err != nil {
			return out, err
		}
		out = append(out, p)
		fought.add(s.Step, p.Events)
		switch {
		case p.Applied > 0:
			idle = 0
		case idle > 1:
			return out, fmt.Errorf("the computer player cannot end %s %s: %v", s.Turn, s.Step, p.Refused)
		default:
			idle++
		}
	}
	return out, fmt.Errorf("the computer player did not finish its turn")
}
