package commands

import (
	"context"
	"fmt"
	"strings"

	"rtrbot/engine/game"
	"rtrbot/i18n"
)

// The combat family of game commands: /attack (9.0, 9.7), /retreat (9.4),
// /bombard (12.6), /abandon (12.4), /recon (14.12). Each builds one engine
// order; the engine checks it against the rules.
func (b *Bot) registerCombat(r *Router) {
	complete := b.completeUnit
	r.Add(&Command{
		Name: "attack", Description: i18n.T("Attack one hex (9.0); the table is chosen before the defenders are seen (9.7)",
			"1ヘクスへ攻撃 (9.0)。戦闘結果表は防御側を見る前に選択 (9.7)"),
		Options: []Option{
			{Name: "table", Description: i18n.T("combat results table (9.7)", "戦闘結果表 (9.7)"), Type: String, Required: true, Choices: []Choice{
				{Name: i18n.T("reconnaissance in force", "威力偵察"), Value: "recon"},
				{Name: i18n.T("assault", "突撃"), Value: "assault"},
				{Name: i18n.T("mobile (defender surrounded, no fortress)", "機動 (防御側包囲時、要塞不可)"), Value: "mobile"}}},
			{Name: "units", Description: i18n.T("attacking units, e.g. G-III G-IV", "攻撃ユニット (例: G-III G-IV)"), Type: String, Required: true},
			hexOpt("hex", i18n.T("defending hex XXYY", "防御ヘクス XXYY"), true),
			{Name: "naval", Description: i18n.T("use the British naval gunfire marker (16.4)", "英軍艦砲射撃マーカーを使用 (16.4)"), Type: Boolean},
		},
		Handler: func(ctx context.Context, req *Request) *Response {
			o, bad := b.attackOrder(req)
			if bad != nil {
				return bad
			}
			return b.order(ctx, req, o)
		},
	})
	r.Add(&Command{
		Name: "retreat", Description: i18n.T("Retreat a unit one hex after a combat result (9.4)", "戦闘結果によりユニットを1ヘクス退却 (9.4)"),
		Options: []Option{unitOpt("unit", i18n.T("unit that must retreat", "退却するユニット"), true), hexOpt("hex", i18n.T(
			"hex to retreat into XXYY (left out: where it may go)",
			"退却先ヘクス XXYY (省略時: 退却可能なヘクスを表示)"), false)},
		Complete: complete,
		Handler: func(ctx context.Context, req *Request) *Response {
			if !req.Has("hex") {
				return b.retreatWhere(ctx, req)
			}
			return b.combatOrder(ctx, req, game.VerbRetreat, req.Opt("unit"), req.Opt("hex"))
		},
	})
	r.Add(&Command{
		Name: "bombard", Description: i18n.T("Fire a siege gun at an adjacent enemy fortress on the siege table (12.6)",
			"攻城砲で隣接する敵要塞を攻撃 (攻城砲表, 12.6)"),
		Options:  []Option{unitOpt("unit", i18n.T("siege gun", "攻城砲"), true), hexOpt("hex", i18n.T("fortress hex XXYY", "要塞ヘクス XXYY"), true)},
		Complete: complete,
		Handler: func(ctx context.Context, req *Request) *Response {
			return b.combatOrder(ctx, req, game.VerbSiege, req.Opt("unit"), req.Opt("hex"))
		},
	})
	r.Add(&Command{
		Name: "abandon", Description: i18n.T("Abandon an own fortress in your movement segment (12.4)", "自軍移動セグメントに自軍要塞を放棄 (12.4)"),
		Options: []Option{hexOpt("hex", i18n.T("fortress hex XXYY", "要塞ヘクス XXYY"), true),
			{Name: "unit", Description: i18n.T("the Landwehr division to place (default: any free one)", "配置する後備師団 (既定: 任意)"), Type: String}},
		Handler: func(ctx context.Context, req *Request) *Response {
			return b.combatOrder(ctx, req, game.VerbAbandon, req.Opt("unit"), req.Opt("hex"))
		},
	})
	r.Add(&Command{
		Name: "recon", Description: i18n.T("Aerial reconnaissance: an HQ looks into one hex within 4 (14.12)", "航空偵察: HQから4ヘクス以内の1ヘクスを偵察 (14.12)"),
		Options:  []Option{unitOpt("hq", i18n.T("HQ", "HQ"), true), hexOpt("hex", i18n.T("hex XXYY", "ヘクス XXYY"), true)},
		Complete: complete,
		Handler: func(ctx context.Context, req *Request) *Response {
			resp := b.combatOrder(ctx, req, game.VerbRecon, req.Opt("hq"), req.Opt("hex"))
			return b.reconReport(ctx, req, resp)
		},
	})
}

// attackOrder reads /attack's options into an engine order:
// ATTACK TABLE UNITS... [NAVAL] HEX.
func (b *Bot) attackOrder(req *Request) (game.Order, *Response) {
	var ids []string
	for _, f := range listFields(req.Opt("units")) {
		ids = append(ids, strings.ToUpper(f))
	}
	h, bad := b.hexArg(req, "hex", req.Opt("hex"))
	if bad != nil {
		return game.Order{}, bad
	}
	o := game.Attack(strings.TrimSpace(req.Opt("table")), h, ids...)
	if req.Opt("naval") == "true" {
		o = o.WithNavalGunfire()
	}
	return o, nil
}

// combatOrder builds an order of one (optional) unit and one hex.
func (b *Bot) combatOrder(ctx context.Context, req *Request, verb game.Verb, unit, at string) *Response {
	var ids []string
	if u := strings.TrimSpace(unit); u != "" {
		ids = []string{strings.ToUpper(u)}
	}
	h, bad := b.hexArg(req, "hex", at)
	if bad != nil {
		return bad
	}
	return b.order(ctx, req, game.Written(verb, ids, h))
}

// reconReport adds, privately, what the reconnaissance saw: the stack as
// the looking side's view shows it (14.12), never the whole state.
func (b *Bot) reconReport(ctx context.Context, req *Request, resp *Response) *Response {
	g := b.games.Peek(ctx, req.Channel)
	if g == nil || resp == nil {
		return resp
	}
	h, bad := b.hexArg(req, "hex", req.Opt("hex"))
	if bad != nil {
		return resp
	}
	ids, looked := g.Reconnaissance(h)
	if !looked { // the order was refused; a refused order changes nothing
		return resp
	}
	text := req.T("Reconnaissance of %s: no enemy units.", "%s の偵察: 敵ユニットなし。")
	if len(ids) > 0 {
		text = req.T("Reconnaissance of %s: ", "%s の偵察: ") + strings.Join(ids, " ")
	}
	return resp.Add(Message{Text: fmt.Sprintf(text, h), Ephemeral: true})
}

// retreatWhere answers /retreat without a hex: the hexes the unit may
// retreat into now (9.4), each a /retreat to give.
func (b *Bot) retreatWhere(ctx context.Context, req *Request) *Response {
	g, fail := b.read(ctx, req)
	if fail != nil {
		return fail
	}
	id := strings.ToUpper(strings.TrimSpace(req.Opt("unit")))
	side, _ := g.SideOf(req.User.ID)
	if g.HotSeat() {
		side = g.State.ToMove()
	}
	for _, r := range retreatsOwed(g, side) {
		if r.ID != id {
			continue
		}
		if len(r.To) == 0 {
			break
		}
		var hs []string
		for _, h := range r.To {
			hs = append(hs, h.String())
		}
		return Private(fmt.Sprintf(req.T("%s may retreat from %s into %s (9.4): say which with /retreat unit:%s hex:XXYY.",
			"%s は %s から %s へ退却できます (9.4)。/retreat unit:%s hex:XXYY で退却先を指定してください。"),
			id, r.From, i18n.T(strings.Join(hs, ", "), strings.Join(hs, "、")).In(req.Lang), id))
	}
	return Private(fmt.Sprintf(req.T(
		"%s owes no retreat it can make now (9.4); /retreat unit:%s hex:XXYY retreats a unit a combat result moves back.",
		"%s には今できる退却はありません (9.4)。/retreat unit:%s hex:XXYY は戦闘結果で退却するユニットを動かします。"), id, id))
}
