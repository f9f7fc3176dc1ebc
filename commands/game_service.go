package commands

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"strings"

	"rtrbot/engine/game"
	"rtrbot/engine/hex"
	"rtrbot/engine/units"
	"rtrbot/games"
	"rtrbot/i18n"
)

// The game commands call the games service (package games): a request
// gives an actor.Actor (who asks, Request.Actor) and a Where (the
// place), the service does the work and decides who may, and the handler
// formats its answer.

// where is the place of a request.
func where(req *Request) games.Where { return games.Where{Guild: req.Guild, Channel: req.Channel} }

// read is the game played where the request is given (a copy), or the
// answer to give instead (no game here, or the database's message for a
// damaged one).
func (b *Bot) read(ctx context.Context, req *Request) (*games.Game, *Response) {
	g, err := b.games.Status(ctx, req.Actor(), where(req))
	if err != nil {
		return nil, gameFail(req, err)
	}
	return g, nil
}

// gameFail answers a service's error: no game here, a game that cannot be
// loaded, or a refusal in the asker's language.
func gameFail(req *Request, err error) *Response {
	var le *games.LoadError
	var ended *games.EndedError
	var pr *games.Proposal
	switch {
	case errors.As(err, &pr): // a proposal kept: the channel hears it, the other side agrees there
		return proposed(req, pr)
	case errors.As(err, &ended): // the channel's game is over: say so, and how to start anew
		return Private(ended.In(req.Lang))
	case errors.Is(err, games.ErrNoGame):
		return noGame(req)
	case errors.As(err, &le):
		return Private(loadError(le.Err, req.Lang, le.MayMend(req.Actor())))
	}
	if _, ok := games.DamageOf(err); ok { // not through the service: nobody known to mend it
		return Private(loadError(err, req.Lang, false))
	}
	return Fail(req, err)
}

// proposed answers a two-sided decision that waits for the other person
// (games.Proposal): in the game's channel, so that he learns of it, with
// the command he agrees by as a button (the same command and options;
// the service checks who presses it).
func proposed(req *Request, pr *games.Proposal) *Response {
	text := pr.Notice.In(req.Lang)
	seat := req.Path == "game replace" || req.Path == "game join" // a seat offered: the notice names the person
	if m := mentionIn(pr.Game, pr.To, req.Lang); m != "" && !seat {
		text = m + " " + text
	}
	r := Reply(text)
	label := req.T("Agree", "同意する")
	if seat {
		label = req.T("Take the seat", "席を受ける")
	}
	opts := pr.Options // short, so that the button fits Discord's 100 characters
	if opts == nil {
		opts = map[string]string{}
		for k, v := range req.Options {
			opts[k] = v
		}
	}
	// Bound to the game only, so that the service knows a press from a
	// typed command: a press of a proposal that lapsed does nothing.
	r.Messages[0].Buttons = []Button{{Label: label, Path: req.Path, Options: opts, Style: Primary, Bound: games.BindingFor(pr.Game, nil, false).String()}}
	return announce(req, pr.Game, r)
}

func noGame(req *Request) *Response {
	return Private(req.T("There is no game in this channel: start one with /game new scenario:standard (or /game load file:PATH).",
		"このチャンネルにゲームはありません。/game new scenario:standard (または /game load file:PATH) で開始してください。"))
}

// loadError says why a game cannot be loaded. A damaged game's fault may
// name an order or a unit of either side, so it is told only to whoever
// may mend the game (a referee who plays neither side, games.LoadError's
// MayMend); anyone else hears that the game is damaged and who can mend
// it. The operator's log has the fault in every case.
func loadError(err error, l i18n.Lang, mender bool) string {
	if de, ok := games.DamageOf(err); ok {
		if mender {
			return de.In(l) + "\n" + i18n.Sprintf(i18n.T(
				"To mend it: /game export here (the file notes the fault), mend the file, /game abandon, then /game import the mended file. If only its saved states are bad, the bot's operator can bring it back with /admin repair game:%d.",
				"修復するには: ここで /game export し (ファイルに破損内容が記されます)、ファイルを直して /game abandon し、直したファイルを /game import します。保存状態だけが壊れている場合は、ボットの運営者が /admin repair game:%d で復旧できます。"), de.Game).In(l)
		}
		return i18n.Sprintf(i18n.T(
			"Game #%d in this channel is damaged: its stored record no longer replays, so it takes no orders. Nothing of it is lost, and other games go on. A referee who plays neither side (a server manager, a member of the referee role, the bot's operator) can see what is wrong and mend it.",
			"このチャンネルのゲーム #%d は破損しています。保存された記録を再生できないため、命令を受け付けません。記録は失われておらず、他のゲームは続行できます。どちらの陣営もプレイしていない審判 (サーバー管理者、審判ロールのメンバー、ボットの運営者) が原因を確認して修復できます。"), de.Game).In(l)
	}
	return i18n.Sprintf(i18n.T("The game could not be loaded (%v); other games are not affected.", "ゲームを読み込めませんでした (%v)。他のゲームには影響ありません。"), err).In(l)
}

// order applies one order of the side to move and answers with its events.
func (b *Bot) order(ctx context.Context, req *Request, o game.Order) *Response {
	return b.play(ctx, req, []games.Pending{{Order: o}}, false)
}

// play gives orders to the service and answers: privately to their author
// (what an order did is the side's own business, 14.1), with the accounts
// of the segments they ended for the game's thread.
func (b *Bot) play(ctx context.Context, req *Request, orders []games.Pending, batch bool) *Response {
	p, err := b.games.Orders(withBinding(ctx, req), req.Actor(), where(req), req.Now, orders, batch)
	return b.played(ctx, req, p, err, batch)
}

// played formats what orders did.
func (b *Bot) played(ctx context.Context, req *Request, p *games.Played, err error, batch bool) *Response {
	if err != nil {
		return gameFail(req, err)
	}
	var sb strings.Builder
	if batch {
		fmt.Fprintf(&sb, req.T("%d of %s applied.", "命令 %d/%sを適用しました。"), p.Applied, i18n.Count(p.Given, "order", "orders", "件").In(req.Lang))
		if len(p.Refused) > 0 {
			sb.WriteString(req.T(" Refused (it changed nothing):\n", " 却下 (何も変わっていません):\n"))
			var lines []string
			for _, r := range p.Refused {
				lines = append(lines, r.In(req.Lang))
			}
			sb.WriteString(strings.Join(lines, "\n"))
			if p.NotRun > 0 {
				fmt.Fprintf(&sb, req.T("\nThe batch stopped there: the %s after it were not run. Mend the line and send the rest again.",
					"\nバッチはそこで止まりました: 後の %s は実行していません。その行を直して残りを送り直してください。"), i18n.Count(p.NotRun, "line", "lines", "行").In(req.Lang))
			}
		}
		sb.WriteString("\n")
	}
	if lines := eventLines(p.Events, req.Lang); len(lines) > 0 {
		sb.WriteString(strings.Join(lines, "\n") + "\n")
	}
	sb.WriteString(statusLine(p.Game.State, req.Lang))
	resp := Private(sb.String())
	resp.Messages[0].Buttons = orderButtons(req, p.Game)
	for _, r := range p.Reports {
		for _, m := range b.segmentMessages(req.Lang, r) {
			resp.Add(m)
		}
	}
	for _, m := range b.storiesOf(ctx, p.Reports) {
		resp.Add(m)
	}
	if m, ok := statusMessage(req.Lang, p.Reports); ok {
		resp.Add(m)
	}
	if m, ok := owedRetreats(req, p); ok {
		resp.Add(m)
	}
	if m, ok := owedDelay(req, p); ok {
		resp.Add(m)
	}
	return b.botMoves(ctx, req, resp) // game_bot.go: the computer's turn, if it has one
}

// eventLines are the sentences of events; many setup placements (the
// automatic /game setup) are told hex by hex in a few lines, every unit
// and where it went.
func eventLines(evs []game.Event, l i18n.Lang) []string {
	var lines []string
	placed := 0
	for _, e := range evs {
		if e.Kind == game.EvPlaced && len(e.Hexes) > 0 {
			placed++
		}
	}
	if placed <= 12 {
		for _, e := range evs {
			lines = append(lines, e.Text.In(l))
		}
		return lines
	}
	at := map[hex.Hex][]string{}
	var order []hex.Hex
	for _, e := range evs {
		if e.Kind != game.EvPlaced || len(e.Hexes) == 0 {
			lines = append(lines, e.Text.In(l))
			continue
		}
		h := e.Hexes[0]
		if at[h] == nil {
			order = append(order, h)
		}
		at[h] = append(at[h], e.Units...)
	}
	sort.Slice(order, func(i, j int) bool { return hex.Less(order[i], order[j]) })
	lines = append(lines, i18n.Sprintf(i18n.T("Set up %s in %s (17.1):", "%sを %sに配置 (17.1):"), i18n.Count(placed, "unit", "units", "個"), i18n.Count(len(order), "hex", "hexes", "ヘクス")).In(l))
	var row []string
	for _, h := range order {
		row = append(row, h.String()+" "+strings.Join(at[h], " "))
		if len(row) == 6 {
			lines = append(lines, strings.Join(row, " · "))
			row = nil
		}
	}
	if len(row) > 0 {
		lines = append(lines, strings.Join(row, " · "))
	}
	return lines
}

// announce also posts a public answer to the game's thread when the
// command was given elsewhere (the parent channel, a side's thread).
func announce(req *Request, g *games.Game, r *Response) *Response {
	if g.Channel != "" && g.Channel != req.Channel && len(r.Messages) > 0 && !r.Messages[0].Ephemeral {
		r.Add(Message{Target: g.Channel, Text: r.Messages[0].Text})
	}
	return r
}

// retreatOwed is one unit that must retreat (9.4) and where it may go.
type retreatOwed struct {
	ID   string
	From hex.Hex
	To   []hex.Hex
}

// retreatsOwed are the retreats side owes now, with their legal hexes.
func retreatsOwed(g *games.Game, side units.Side) []retreatOwed {
	var out []retreatOwed
	for _, id := range g.State.ViewFor(game.PublicView).Retreats {
		c, ok := g.State.Lookup(id)
		if !ok || c.Side() != side {
			continue
		}
		u := g.State.Unit(c)
		r := retreatOwed{ID: id, From: u.At}
		for _, nb := range u.At.Neighbors() {
			if game.Check(g.State, game.Retreat(id, nb).By(side)) == nil {
				r.To = append(r.To, nb)
			}
		}
		out = append(out, r)
	}
	return out
}

// retreatButtons offer each legal retreat as a button (at most 25).
// Each is bound to g's segment and the side that owes it.
func retreatButtons(g *games.Game, owed []retreatOwed) []Button {
	bind := games.BindingFor(g, sidePtr(g.State.ToMove()), true).String()
	var out []Button
	for _, r := range owed {
		for _, h := range r.To {
			if len(out) == 25 {
				return out
			}
			out = append(out, Button{Label: r.ID + " → " + h.String(), Path: "retreat", Options: map[string]string{"unit": r.ID, "hex": h.String()}, Style: Primary, Bound: bind})
		}
	}
	return out
}

// owedRetreats tells the players who owe retreats (9.4), at once and
// where they read their side's news (its private thread, else the game's
// channel), what they owe and where each unit may go, with a button for
// each legal retreat. A retreat owed is public (a combat result), and so
// are the hexes it may reach.
func owedRetreats(req *Request, p *games.Played) (Message, bool) {
	return owedRetreatsTo(req, p, false)
}

// owedRetreatsTo is owedRetreats; toAsker tells the asker too (the
// computer's orders, not his own, made him owe them).
func owedRetreatsTo(req *Request, p *games.Played, toAsker bool) (Message, bool) {
	g := p.Game
	if g == nil || g.State == nil || g.Channel == "" && g.Thread(units.German) == "" {
		return Message{}, false
	}
	side := g.State.ToMove()
	if s, ok := g.SideOf(req.User.ID); ok && s == side && !toAsker {
		return Message{}, false // the asker owes them: his own answer says so
	}
	owed := retreatsOwed(g, side)
	if len(owed) == 0 {
		return Message{}, false
	}
	var lines []string
	for _, r := range owed {
		to := []string{i18n.T("none: it is eliminated if it must retreat (9.4)", "なし: 退却できなければ除去 (9.4)").In(req.Lang)}
		if len(r.To) > 0 {
			to = nil
			for _, h := range r.To {
				to = append(to, h.String())
			}
		}
		lines = append(lines, fmt.Sprintf(req.T("%s from %s: /retreat unit:%s hex: one of %s", "%s (%s から): /retreat unit:%s hex: %s のいずれか"), r.ID, r.From, r.ID, strings.Join(to, " ")))
	}
	target := g.Thread(side)
	if target == "" {
		target = g.Channel
	}
	who := mentionIn(g, side, req.Lang)
	if who == "" {
		who = side.Name().In(req.Lang)
	}
	return Message{Target: target, Buttons: retreatButtons(g, owed),
		Text: fmt.Sprintf(req.T("%s: you owe a retreat (9.4); the game waits for it.\n%s", "%s: 退却が必要です (9.4)。ゲームはその指示を待っています。\n%s"), who, strings.Join(lines, "\n"))}, true
}

// orderButtons are the buttons under a player's own answer while his side
// is to act: end the segment, undo, and each legal retreat he owes.
// The console shows none: there, typing /end is the button.
func orderButtons(req *Request, g *games.Game) []Button {
	if g == nil || g.State == nil || g.State.Step == game.GameOver || req.Guild == "console" {
		return nil
	}
	side, ok := g.SideOf(req.User.ID)
	if g.HotSeat() {
		side, ok = g.State.ToMove(), true
	}
	if !ok || side != g.State.ToMove() {
		return nil
	}
	if owed := retreatsOwed(g, side); len(owed) > 0 {
		return retreatButtons(g, owed)
	}
	bind := games.BindingFor(g, &side, true).String() // two presses at once end one segment
	return []Button{
		{Label: req.T("End the segment", "セグメント終了"), Path: "end", Style: Primary, Bound: bind},
		{Label: req.T("Undo the last order", "直前の命令を取り消す"), Path: "undo", Bound: bind},
	}
}
