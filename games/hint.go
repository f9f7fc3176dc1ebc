package games

import (
	"context"

	"rtrbot/actor"
	"rtrbot/ai"
	"rtrbot/engine/game"
	"rtrbot/engine/units"
	"rtrbot/i18n"
)

// HintPosition is what a hint for the side to move may see: that side's
// view and its blindfolded board (ai.NewBoard), never the state, and what
// kind of game it is, for the command to say whether a hint is allowed.
type HintPosition struct {
	Game     int64
	Side     units.Side
	View     game.View
	Board    *ai.Board
	Practice bool // a practice game (a public seed, or a sandbox)
	VsBot    bool // the computer plays the other side
	Imported bool
	// OffLadder is set when this hint was the game's first: a game against
	// the computer is rated (docs/tournaments.md); once its player took a
	// hint (MetaHinted), only a loss of his is.
	OffLadder bool
}

// MetaHinted marks a game against the computer in which its player took
// a hint: the ladder rates it only if he lost.
const MetaHinted = "hinted"

// HintPosition gives the side to move's view and board to a player who
// may give that side's orders now (mayOrder: the game's players of the
// side, or anyone in a hot-seat game); anyone else is refused.
func (t *Service) HintPosition(ctx context.Context, a actor.Actor, at Where) (*HintPosition, error) {
	g, unlock, err := t.acquire(ctx, at)
	if err != nil {
		return nil, err
	}
	defer unlock()
	if g.State.Step == game.GameOver {
		return nil, i18n.Errorf("This game is over: there is no move to hint.", "このゲームは終了しています。ヒントを出す手番はありません。")
	}
	side := g.State.ToMove()
	if err := g.mayOrder(a, side); err != nil {
		return nil, err
	}
	botSide, _, bot := g.Bot()
	pos := &HintPosition{Game: g.ID, Side: side, View: g.State.ViewFor(game.ViewerOf(side)), Board: ai.NewBoard(g.State, side),
		Practice: g.Practice(), VsBot: bot && botSide != side, Imported: g.Imported()}
	if pos.VsBot && !pos.Practice && g.Meta[MetaHinted] == "" {
		if err := t.update(ctx, g, func(tx Tx) error { return tx.SetMeta(MetaHinted, "1") }); err != nil {
			return nil, err
		}
		g.Meta = cloneMeta(g.Meta)
		g.Meta[MetaHinted] = "1"
		pos.OffLadder = true
	}
	return pos, nil
}
