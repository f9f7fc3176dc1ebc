package games

import (
	"context"
	"encoding/json"

	"rtrbot/ai"
	"rtrbot/engine/board"
	"rtrbot/engine/game"
	"rtrbot/i18n"
)

// The computer's account of its player turn (docs/ai.md, "What the
// computer says"): after the computer player (a bot seat, or a takeover)
// has played, what its player recorded of its decisions (ai.Explainer)
// is kept with the game, cut to what the opponent's view after the turn
// shows (ai.Account.Shown, 14.1), so that /computer explain gives it
// after a restart too; when the player turn is over it goes with the
// turn's reports to the game's channel.

// metaExplain is the game's metadata key of the last account (JSON).
const metaExplain = "explain"

// Explained is the computer's last account as the game's channel may
// read it: the account, cut to the opponent's view after its turn, and
// the public view of the game now, which the formatter cuts it to again
// (the channel's spectators read it too).
type Explained struct {
	Account ai.Account
	View    game.View
	Map     *board.Map // the map, for the places' names
}

// lastAccount is the account kept with g, if any.
func (g *Game) lastAccount() (ai.Account, bool) {
	var acc ai.Account
	raw := g.Meta[metaExplain]
	if raw == "" || json.Unmarshal([]byte(raw), &acc) != nil || acc.Empty() {
		return ai.Account{}, false
	}
	return acc, true
}

// keepAccount keeps what player recorded of its player turn with the
// game at, merged with the account kept of the same player turn; it
// returns the account for the game's channel once that player turn is
// over (nil before, or when the player keeps none). A takeover (segment)
// plays one segment only, whoever plays the rest of the turn: what it
// did in that segment is returned at once.
func (t *Service) keepAccount(ctx context.Context, at Where, player ai.Computer, segment bool) *Explained {
	ex, ok := player.(ai.Explainer)
	if !ok {
		return nil
	}
	acc := ex.Account()
	if acc.Empty() {
		return nil
	}
	g, unlock, err := t.acquire(ctx, at)
	if err != nil {
		return nil
	}
	defer unlock()
	s := g.State
	acc = acc.Shown(s.ViewFor(game.ViewerOf(acc.Side.Other())))
	played := acc
	if old, ok := g.lastAccount(); ok {
		acc = old.Merge(acc)
	}
	data, err := json.Marshal(acc)
	if err != nil {
		return nil
	}
	if err := t.update(ctx, g, func(tx Tx) error { return tx.SetMeta(metaExplain, string(data)) }); err != nil {
		t.log.Error("keeping the computer's account", "game", g.ID, "err", err)
		return nil
	}
	g.Meta = cloneMeta(g.Meta)
	g.Meta[metaExplain] = string(data)
	if segment {
		return &Explained{Account: played, View: s.ViewFor(game.PublicView), Map: s.Rules().Map}
	}
	if s.Step != game.GameOver && int(s.Turn) == acc.Turn && s.Player == acc.Side {
		return nil // its player turn goes on (a retreat of the enemy's)
	}
	return &Explained{Account: acc, View: s.ViewFor(game.PublicView), Map: s.Rules().Map}
}

// Explain is the computer's account of its last player turn in the game
// at, for anyone who may read the game's channel, as Status is: the
// account holds only what the channel may see. It is refused where the
// game has no computer player (no bot seat, no takeover agreed) or the
// computer has not yet played a player turn.
func (t *Service) Explain(ctx context.Context, at Where) (*Explained, error) {
	g, unlock, err := t.acquire(ctx, at)
	if err != nil {
		return nil, err
	}
	defer unlock()
	acc, kept := g.lastAccount()
	_, _, bot := g.Bot()
	_, takeover := g.Takeover()
	switch {
	case kept:
		return &Explained{Account: acc, View: g.State.ViewFor(game.PublicView), Map: g.State.Rules().Map}, nil
	case !bot && !takeover:
		return nil, i18n.Errorf("No computer plays in this game, so there is nothing to explain: the computer explains its own turns in a game against it (/game new vs:bot) or when it takes over a side (/game settings takeover:).",
			"このゲームではコンピュータが指していないため、説明するものはありません。コンピュータが説明するのは自分の手番です (/game new vs:bot の対戦、または /game settings takeover: で代行したとき)。")
	}
	return nil, i18n.Errorf("The computer has not played a player turn of this game yet: ask again after its turn.",
		"コンピュータはこのゲームでまだ自分のプレイヤーターンを指していません。その手番の後にもう一度試してください。")
}
