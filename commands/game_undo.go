package commands

import (
	"context"
	"fmt"

	"rtrbot/db"
	"rtrbot/engine/game"
	"rtrbot/i18n"
)

// Undo (issue 8, point 5): a side takes back its last order of the current
// segment, one at a time, back to the segment's start, but never an order
// that rolled a die or revealed something hidden: the player has seen the
// result, and taking it back would let him try again.

// revealing lists the events after which an order stands: dice, and
// whatever shows what was hidden (combat shows both stacks, 14.1; aerial
// reconnaissance; random events and the Russian Front are rolls).
func revealing(k game.EventKind) bool {
	switch k {
	case game.EvRoll, game.EvCombat, game.EvRecon, game.EvRandom, game.EvRussia, game.EvSiege, game.EvEliminated,
		game.EvRetreatDue, game.EvFortress, game.EvVictory, game.EvSeed, game.EvGameOver:
		return true
	}
	return false
}

func (t *table) undoCommand() *Command {
	return &Command{
		Name: "undo", Description: i18n.T("Take back your side's last order of this segment (not after a die roll or a reveal)", "このセグメントの自軍の最後の命令を取り消す (ダイスや情報公開の後は不可)"),
		Handler: func(ctx context.Context, req *Request) *Response { return t.undo(ctx, req) },
	}
}

func (t *table) undo(ctx context.Context, req *Request) *Response {
	t.mu.Lock()
	defer t.mu.Unlock()
	g, fail := t.find(ctx, req)
	if fail != nil {
		return fail
	}
	side := g.State.ToMove()
	if r := g.mayOrder(req, side); r != nil {
		return r
	}
	if len(g.Seg) == 0 {
		return Private(req.T("There is nothing to take back: undo reaches back only to the start of the current segment.",
			"取り消せる命令はありません。取り消しは現在のセグメントの開始までです。"))
	}
	last := g.Seg[len(g.Seg)-1]
	for _, e := range last.Events {
		if revealing(e.Kind) {
			return Private(fmt.Sprintf(req.T("%s cannot be taken back: it rolled a die or revealed something hidden (%s), and what is seen cannot be unseen.",
				"%s は取り消せません: ダイスを振ったか隠された情報を公開しました (%s)。"), last.Order, e.Kind))
		}
	}
	s := g.SegStart
	for _, so := range g.Seg[:len(g.Seg)-1] {
		n, _, err := game.Apply(s, so.Order)
		if err != nil { // cannot happen: these orders were applied in this order
			return Fail(req, err)
		}
		s = n
	}
	if s.Dice.Rolls != g.State.Dice.Rolls {
		return Private(req.T("This order cannot be taken back: dice were rolled since.", "この命令は取り消せません: その後ダイスが振られています。"))
	}
	if err := t.update(ctx, g, func(tx *db.GameTx) error {
		_, err := tx.Undo(last.Seq, req.User.ID, side.String())
		return err
	}); err != nil {
		return Fail(req, err)
	}
	g.State = s
	g.Orders = g.Orders[:len(g.Orders)-1]
	g.Seg = g.Seg[:len(g.Seg)-1]
	return Private(fmt.Sprintf(req.T("Taken back: %s.\n%s", "取り消しました: %s。\n%s"), last.Order, statusLine(s, req.Lang)))
}
