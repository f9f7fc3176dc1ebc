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
// is kept with the game, each attack marked fought once the game's
// events show it resolved (ai.Account.Witness: its combat showed every
// attacker to both players, 14.1), so that /computer explain gives it
// after a restart too; when the player turn is over it goes with the
// turn's reports to the game's channel. What a reader gets is cut to
// what the channel may see (ai.Account.Shown, the public view) while
// the game runs; once it has ended nothing is hidden any more (anyone
// may export its file, which holds every order and the dice key) and
// the account names every attacker.

// metaExplain is the game's metadata key of the last account (JSON).
const metaExplain = "explain"

// Explained is the computer's last account as the game's channel may
// read it: the account, cut to what the channel sees while the game runs
// (every attacker of a fought attack, the others the public view shows),
// whole once the game has ended.
type Explained struct {
	Account ai.Account
	Map     *board.Map // the map, for the places' names
	// Game is the game's number; Over says it has ended (the account is
	// its last).
	Game int64
	Over bool
}

// explained is g's account acc as the channel may read it.
func explained(g *Game, acc ai.Account) *Explained {
	ex := &Explained{Account: acc, Map: g.State.Rules().Map, Game: g.ID, Over: !g.Running()}
	if !ex.Over {
		ex.Account = acc.Shown(g.State.ViewFor(game.PublicView))
	}
	return ex
}

// witnessed are the events of the attacks fought while the computer
// played, each with the step of the orders that caused it.
type witnessed []stepEvents

type stepEvents struct {
	step game.Step
	evs  []game.Event
}

// add keeps the attacks among evs, the events of orders given at step.
func (w *witnessed) add(step game.Step, evs []game.Event) {
	var keep []game.Event
	for _, e := range evs {
		if e.Kind == game.EvCombat || e.Kind == game.EvSiege || e.Kind == game.EvStep {
			keep = append(keep, e)
		}
	}
	if len(keep) > 0 {
		*w = append(*w, stepEvents{step, keep})
	}
}

// segment keeps the attacks fought in g's current segment, by either
// side's orders: an attack on cavalry waits for the defender's answer
// (16.2) and is fought by it.
func (w *witnessed) segment(g *Game) {
	if g.SegStart == nil {
		return
	}
	var evs []game.Event
	for _, so := range g.Seg {
		evs = append(evs, so.Events...)
	}
	w.add(g.SegStart.Step, evs)
}

// witness marks the attacks of acc that w shows fought.
func (w witnessed) witness(acc ai.Account) ai.Account {
	for _, x := range w {
		acc = acc.Witness(x.step, x.evs)
	}
	return acc
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
// game at, merged with the account kept of the same player turn, its
// attacks marked fought by the events the computer's play witnessed
// (fought); it returns the account for the game's channel once that
// player turn is over (nil before, or when the player keeps none). A
// takeover (segment) plays one segment only, whoever plays the rest of
// the turn: what it did in that segment is returned at once. The account
// is stored whole: the game's metadata is the bot's own, and a reader
// gets it cut (explained).
func (t *Service) keepAccount(ctx context.Context, at Where, player ai.Computer, segment bool, fought witnessed) *Explained {
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
	played := acc
	if old, ok := g.lastAccount(); ok {
		acc = old.Merge(acc)
	}
	acc = fought.witness(acc)
	played.Attacks = acc.Attacks[len(acc.Attacks)-len(played.Attacks):]
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
		return explained(g, played)
	}
	if s.Step != game.GameOver && int(s.Turn) == acc.Turn && s.Player == acc.Side {
		return nil // its player turn goes on (a retreat of the enemy's)
	}
	return explained(g, acc)
}

// Explain is the computer's account of its last player turn in the game
// at (the place's running game, else the newest that ended there:
// Latest), for anyone who may read the game's channel, as
// Status is: the account holds only what the channel may see. It is
// refused where the game has no computer player (no bot seat, no
// takeover agreed) or the computer has not yet played a player turn.
func (t *Service) Explain(ctx context.Context, at Where) (*Explained, error) {
	g, err := t.Latest(ctx, at)
	if err != nil {
		return nil, err
	}
	acc, kept := g.lastAccount()
	_, _, bot := g.Bot()
	_, takeover := g.Takeover()
	switch {
	case kept:
		return explained(g, acc), nil
	case !g.Running() && (bot || takeover):
		return nil, i18n.Errorf("Game #%d ended before the computer played a player turn of it: it has nothing to explain.",
			"ゲーム #%d はコンピュータが自分のプレイヤーターンを指す前に終了したため、説明するものはありません。", g.ID)
	case !bot && !takeover:
		return nil, i18n.Errorf("No computer plays in this game, so there is nothing to explain: the computer explains its own turns in a game against it (/game new vs:bot) or when it takes over a side (/game settings takeover:).",
			"このゲームではコンピュータが指していないため、説明するものはありません。コンピュータが説明するのは自分の手番です (/game new vs:bot の対戦、または /game settings takeover: で代行したとき)。")
	}
	return nil, i18n.Errorf("The computer has not played a player turn of this game yet: ask again after its turn.",
		"コンピュータはこのゲームでまだ自分のプレイヤーターンを指していません。その手番の後にもう一度試してください。")
}
