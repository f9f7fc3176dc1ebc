package games

import (
	"context"
	"fmt"

	"rtrbot/actor"
	"rtrbot/engine/game"
	"rtrbot/engine/turn"
	"rtrbot/i18n"
)

// LogLine is one line of a game's account: what happened, in both
// languages, and when.
type LogLine struct {
	Turn i18n.Text // "Aug III" / "8月III"
	Step i18n.Text // the step it happened in
	Text i18n.Text
}

// Log is the game's account so far as a may read it: the events of every
// order, replayed from the game's start, each through the engine's filter
// for a's view (game.EventsFor, 14.1): a player reads his own side's
// events and the public ones; a spectator the public ones; once the game
// is over, or in a hot-seat game, everyone reads everything.
func (t *Service) Log(ctx context.Context, a actor.Actor, at Where) ([]LogLine, error) {
	g, err := t.Latest(ctx, at) // a copy, read below without the lock; a finished game's too
	if err != nil {
		return nil, err
	}
	start, err := t.start(ctx, g)
	if err != nil {
		return nil, err
	}
	viewer := game.PublicView
	switch {
	case g.HotSeat() || g.Over():
		viewer = -1 // everything
	default:
		if side, ok := g.SideOf(a.ID); ok {
			viewer = game.ViewerOf(side)
		}
	}
	// The replay runs outside the lock: other games go on meanwhile.
	var out []LogLine
	s := start
	for i, o := range g.Orders {
		n, evs, err := game.Apply(s, o)
		if err != nil {
			return nil, i18n.Errorf("The game's log could not be replayed at order %d (%v): tell a referee, who can /game export it.",
				"ゲームのログを命令 %d で再生できませんでした (%v)。審判に連絡してください (/game export できます)。", i+1, err)
		}
		if viewer != -1 {
			evs = game.EventsFor(viewer, s, n, evs)
		}
		// Each line is filed under the turn and step it happened in: an
		// order that ends a step goes on into the next (its turn and step
		// events say where), which is not the step the order was given in.
		t, step := s.Turn, s.Phase()
		for k, e := range evs {
			switch e.Kind {
			case game.EvTurn: // the turn begins with the step it enters
				t = turn.Turn(e.N)
				for _, next := range evs[k+1:] {
					if next.Kind == game.EvStep {
						step = game.PhaseName(game.Step(next.N), next.Side)
						break
					}
				}
			case game.EvStep:
				step = game.PhaseName(game.Step(e.N), e.Side)
			}
			switch e.Kind {
			case game.EvRoll, game.EvStep:
				continue // the dice are in the results they decide; steps in the headings
			}
			out = append(out, LogLine{Turn: i18n.T(t.String(), t.Japanese()), Step: step, Text: e.Text})
		}
		s = n
	}
	return out, nil
}

// start is the state a game began from: its scenario's, or the position a
// sandbox game was loaded from.
func (t *Service) start(ctx context.Context, g *Game) (*game.State, error) {
	if !g.Sandbox {
		return game.NewKey(g.State.Rules(), g.Key, g.Options)
	}
	if t.store == nil || g.ID == 0 {
		return nil, i18n.Errorf("This sandbox game is not stored, so its start is not known: /game position shows where it stands.",
			"このサンドボックスゲームは保存されていないため開始局面が分かりません。/game position で現在の局面を表示できます。")
	}
	row, err := t.store.Game(ctx, g.ID)
	if err != nil {
		return nil, err
	}
	s, err := game.ParsePosition(g.State.Rules().Map, row.Position)
	if err != nil {
		return nil, fmt.Errorf("the position game #%d started from: %w", g.ID, err)
	}
	return s, nil
}
