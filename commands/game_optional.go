package commands

import (
	"context"
	"fmt"

	"rtrbot/engine/game"
	"rtrbot/games"
	"rtrbot/i18n"
)

// The orders of the optional rules: 16.2's answer to an attack on cavalry
// (delay or stand) and 16.3's sea transport and assault landing.
func (b *Bot) registerOptional(r *Router) {
	r.Add(&Command{
		Name: "delay", Description: i18n.T("Answer an attack on your cavalry with a delaying action: the recon table (16.2)", "騎兵への攻撃に遅滞行動で応じる: 威力偵察 CRT (16.2)"),
		Handler: func(ctx context.Context, req *Request) *Response {
			return b.order(ctx, req, game.Delay())
		},
	})
	r.Add(&Command{
		Name: "stand", Description: i18n.T("Answer an attack on your cavalry without delaying: the attacker's table (16.2)", "騎兵への攻撃に遅滞行動なしで応じる: 攻撃側の CRT (16.2)"),
		Handler: func(ctx context.Context, req *Request) *Response {
			return b.order(ctx, req, game.Stand())
		},
	})
	r.Add(&Command{
		Name: "sea", Description: i18n.T("Move an Allied unit by sea, or land marines by assault (16.3)", "連合軍ユニットの海上輸送、海兵の強襲上陸 (16.3)"),
		Options: []Option{
			{Name: "unit", Description: i18n.T("unit to carry by sea", "海上輸送するユニット"), Type: String, Required: true, Autocomplete: true},
			{Name: "hex", Description: i18n.T("port or coastal hex XXYY", "港湾または沿岸ヘクス XXYY"), Type: String, Required: true, Autocomplete: true},
		},
		Complete: b.completeUnit,
		Handler:  func(ctx context.Context, req *Request) *Response { return b.unitOrder(ctx, req, game.VerbSea, "hex") },
	})
}

// owedDelay tells the defender at once, where he reads his side's news,
// that an attack on his cavalry waits for his answer (16.2), with a button
// for each answer. The waiting attack is public (its hex and table).
func owedDelay(req *Request, p *games.Played) (Message, bool) {
	g := p.Game
	if g == nil || g.State == nil || g.State.Combat.Delaying.Verb == "" {
		return Message{}, false
	}
	side := g.State.ToMove()
	if s, ok := g.SideOf(req.User.ID); (ok && s == side) || g.HotSeat() {
		return Message{}, false // the asker answers: his own answer says so
	}
	target := g.Thread(side)
	if target == "" {
		target = g.Channel
	}
	if target == "" {
		return Message{}, false
	}
	who := mentionIn(g, side, req.Lang)
	if who == "" {
		who = side.Name().In(req.Lang)
	}
	where := "?"
	if at := g.State.Combat.Delaying.Hexes; len(at) > 0 {
		where = at[0].String() // the attacked hex
	}
	bind := games.BindingFor(g, &side, true).String()
	return Message{Target: target, Text: fmt.Sprintf(req.T(
		"%s: the attack on %s waits for your answer (16.2): /delay (the reconnaissance-in-force table) or /stand (the attacker's table).",
		"%s: %s への攻撃があなたの回答を待っています (16.2): /delay (威力偵察 CRT) または /stand (攻撃側の CRT)。"), who, where),
		Buttons: []Button{
			{Label: req.T("Delay (16.2)", "遅滞行動 (16.2)"), Path: "delay", Style: Primary, Bound: bind},
			{Label: req.T("Stand", "遅滞しない"), Path: "stand", Bound: bind},
		}}, true
}
