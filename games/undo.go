package games

import (
	"context"

	"rtrbot/actor"
	"rtrbot/engine/game"
	"rtrbot/engine/units"
	"rtrbot/i18n"
)

// Undo: a side takes back its last order of the current segment, one at
// a time, back to the segment's start, but never an order that rolled a
// die or revealed something hidden: the player has seen the result, and
// taking it back would let him try again.

// revealing lists the events after which an order stands: dice, and
// whatever shows what was hidden (combat shows both stacks, 14.1; aerial
// reconnaissance; random events and the Russian Front are rolls).
func revealing(k game.EventKind) bool {
	switch k {
	case game.EvRoll, game.EvCombat, game.EvRecon, game.EvRandom, game.EvRussia, game.EvSiege, game.EvEliminated,
		game.EvRetreatDue, game.EvFortress, game.EvVictory, game.EvSeed, game.EvRekey, game.EvGameOver:
		return true
	}
	return false
}

// Undone is an order taken back and the game after it.
type Undone struct {
	Order game.Order
	Game  *Game
}

// Undo takes back the last order of the current segment.
func (t *Service) Undo(ctx context.Context, a actor.Actor, at Where) (*Undone, error) {
	g, unlock, err := t.acquire(ctx, at)
	if err != nil {
		return nil, err
	}
	defer unlock()
	if len(g.Seg) == 0 {
		if err := g.mayOrder(a, g.State.ToMove()); err != nil {
			return nil, err
		}
		return nil, i18n.Errorf("There is nothing to take back: undo reaches back only to the start of the current segment.",
			"取り消せる命令はありません。取り消しは現在のセグメントの開始までです。")
	}
	last := g.Seg[len(g.Seg)-1]
	// A side takes back its own orders only: the last order may be the
	// other side's (a retreat it chose in this segment, 9.4).
	side := last.Order.Side
	if mine, ok := g.SideOf(a.ID); ok && mine != side && !g.HotSeat() {
		return nil, i18n.Errorf("The last order of this segment is the %s player's (%s): you may take back only your own side's orders.",
			"このセグメントの最後の命令は%sのもの (%s) です。取り消せるのは自軍の命令だけです。", side.Name(), last.Order.Text())
	}
	if err := g.mayOrder(a, side); err != nil {
		return nil, err
	}
	for _, e := range last.Events {
		if revealing(e.Kind) {
			return nil, i18n.Errorf("“%s” cannot be taken back: it rolled a die or revealed something hidden (%s), and what is seen cannot be unseen.",
				"「%s」は取り消せません。ダイスを振ったか、隠された情報を公開しました (%s)。", last.Order.Text(), e.Kind)
		}
	}
	s := g.SegStart
	for _, so := range g.Seg[:len(g.Seg)-1] {
		n, _, err := game.Apply(s, so.Order)
		if err != nil { // cannot happen: these orders were applied in this order
			return nil, err
		}
		s = n
	}
	if s.Dice.Rolls != g.State.Dice.Rolls {
		return nil, i18n.Errorf("This order cannot be taken back: dice were rolled since.", "この命令は取り消せません: その後ダイスが振られています。")
	}
	// An adjudication asked before the order stays cancelled: taking the
	// order back returns to the position, not to the request.
	var asked []string
	for _, sd := range []units.Side{units.German, units.Allied} {
		if g.Meta[metaAdjudicateAsk(sd)] != "" {
			asked = append(asked, metaAdjudicateAsk(sd))
		}
	}
	if err := t.update(ctx, g, func(tx Tx) error {
		if _, err := tx.Undo(last.Seq, a.ID, side.String()); err != nil {
			return err
		}
		for _, k := range asked {
			if err := tx.SetMeta(k, ""); err != nil {
				return err
			}
		}
		return nil
	}); err != nil {
		return nil, err
	}
	if len(asked) > 0 {
		g.Meta = cloneMeta(g.Meta)
		for _, k := range asked {
			delete(g.Meta, k)
		}
	}
	g.State = s
	g.Orders = g.Orders[:len(g.Orders)-1]
	g.Seg = g.Seg[:len(g.Seg)-1]
	return &Undone{Order: last.Order, Game: g.copy()}, nil
}
