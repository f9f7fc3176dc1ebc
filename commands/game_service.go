package commands

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"rtrbot/db"
	"rtrbot/engine/game"
	"rtrbot/engine/hex"
	"rtrbot/engine/units"
	"rtrbot/games"
	"rtrbot/i18n"
)

// The game commands call the games service (package games): a request
// becomes an Actor (who asks) and a Where (the place), the service does the
// work and decides who may, and the handler formats its answer.

// actor is who asks, as the service knows him.
func actor(req *Request) games.Actor {
	return games.Actor{ID: req.User.ID, Name: req.User.Name, Lang: req.Lang, Roles: req.Roles,
		Manager: req.Manager, Operator: req.Operator, Console: req.Guild == "console"}
}

// where is the place of a request.
func where(req *Request) games.Where { return games.Where{Guild: req.Guild, Channel: req.Channel} }

// read is the game played where the request is given (a copy), or the
// answer to give instead (no game here, or the database's message for a
// damaged one).
func (b *Bot) read(ctx context.Context, req *Request) (*games.Game, *Response) {
	g, err := b.games.Status(ctx, actor(req), where(req))
	if err != nil {
		return nil, gameFail(req, err)
	}
	return g, nil
}

// gameFail answers a service's error: no game here, a game that cannot be
// loaded, or a refusal in the asker's language.
func gameFail(req *Request, err error) *Response {
	var le *games.LoadError
	switch {
	case errors.Is(err, games.ErrNoGame):
		return noGame(req)
	case errors.As(err, &le):
		return Private(loadError(le.Err, req.Lang))
	}
	return Fail(req, err)
}

func noGame(req *Request) *Response {
	return Private(req.T("There is no game in this channel: start one with /game new scenario:standard (or /game load file:PATH).",
		"このチャンネルにゲームはありません。/game new scenario:standard (または /game load file:PATH) で開始してください。"))
}

func loadError(err error, l i18n.Lang) string {
	var de *db.DamageError
	if errors.As(err, &de) {
		return de.In(l)
	}
	return i18n.Sprintf(i18n.T("The game could not be loaded (%v); other games are not affected.", "ゲームを読み込めませんでした (%v)。他のゲームには影響ありません。"), err).In(l)
}

// order applies one order of the side to move and answers with its events.
func (b *Bot) order(req *Request, o game.Order) *Response {
	return b.play(req, []games.Pending{{Order: o}}, false)
}

// play gives orders to the service and answers: privately to their author
// (what an order did is the side's own business, 14.1), with the accounts
// of the segments they ended for the game's thread.
func (b *Bot) play(req *Request, orders []games.Pending, batch bool) *Response {
	p, err := b.games.Orders(context.Background(), actor(req), where(req), req.Now, orders, batch)
	return b.played(req, p, err, batch)
}

// played formats what orders did.
func (b *Bot) played(req *Request, p *games.Played, err error, batch bool) *Response {
	if err != nil {
		return gameFail(req, err)
	}
	var sb strings.Builder
	if batch {
		fmt.Fprintf(&sb, req.T("%d of %d orders applied.", "%d/%d 件の命令を適用しました。"), p.Applied, p.Given)
		if len(p.Refused) > 0 {
			sb.WriteString(req.T(" Refused (it changed nothing):\n", " 却下 (何も変わっていません):\n"))
			var lines []string
			for _, r := range p.Refused {
				lines = append(lines, r.In(req.Lang))
			}
			sb.WriteString(strings.Join(lines, "\n"))
			if p.NotRun > 0 {
				fmt.Fprintf(&sb, req.T("\nThe batch stopped there: the %d line(s) after it were not run. Mend the line and send the rest again.",
					"\nバッチはそこで止まりました: 後の %d 行は実行していません。その行を直して残りを送り直してください。"), p.NotRun)
			}
		}
		sb.WriteString("\n")
	}
	if lines := eventLines(p.Events, req.Lang); len(lines) > 0 {
		sb.WriteString(strings.Join(lines, "\n") + "\n")
	}
	sb.WriteString(statusLine(p.Game.State, req.Lang))
	resp := Private(sb.String())
	for _, r := range p.Reports {
		for _, m := range b.segmentMessages(req.Lang, r) {
			resp.Add(m)
		}
	}
	if m, ok := owedRetreats(req, p); ok {
		resp.Add(m)
	}
	return b.botMoves(context.Background(), req, resp) // game_bot.go: the computer's turn, if it has one
}

// eventLines are the sentences of events, setup placements summed up.
func eventLines(evs []game.Event, l i18n.Lang) []string {
	var lines []string
	for i, e := range evs {
		if e.Kind == game.EvPlaced && len(evs) > 12 && i >= 10 {
			if i == 10 {
				lines = append(lines, fmt.Sprintf(i18n.T("… and %d more units placed.", "… ほか %d 個を配置。").In(l), len(evs)-10))
			}
			continue
		}
		lines = append(lines, e.Text.In(l))
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

// owedRetreats tells the players who owe retreats (9.4), at once and
// where they read their side's news (its private thread, else the game's
// channel), what they owe and where each unit may go. A retreat owed is
// public (a combat result), and so are the hexes it may reach.
func owedRetreats(req *Request, p *games.Played) (Message, bool) {
	g := p.Game
	if g == nil || g.State == nil || g.Channel == "" && g.Thread(units.German) == "" {
		return Message{}, false
	}
	owed := g.State.ViewFor(game.PublicView).Retreats
	if len(owed) == 0 {
		return Message{}, false
	}
	side := g.State.ToMove()
	if s, ok := g.SideOf(req.User.ID); ok && s == side {
		return Message{}, false // the asker owes them: his own answer says so
	}
	var lines []string
	for _, id := range owed {
		c, ok := g.State.Lookup(id)
		if !ok || c.Side() != side {
			continue
		}
		u := g.State.Unit(c)
		var to []string
		for _, nb := range u.At.Neighbors() {
			if game.Check(g.State, game.Order{Side: side, Verb: game.Retreat, Units: []string{id}, Hexes: []hex.Hex{nb}}) == nil {
				to = append(to, nb.String())
			}
		}
		if len(to) == 0 {
			to = []string{i18n.T("none: it is eliminated if it must retreat (9.4)", "なし: 退却できなければ除去 (9.4)").In(req.Lang)}
		}
		lines = append(lines, fmt.Sprintf(req.T("%s from %s: /retreat unit:%s hex: one of %s", "%s (%s から): /retreat unit:%s hex: %s のいずれか"), id, u.At, id, strings.Join(to, " ")))
	}
	if len(lines) == 0 {
		return Message{}, false
	}
	target := g.Thread(side)
	if target == "" {
		target = g.Channel
	}
	who := g.Mention(side)
	if who == "" {
		who = side.Name().In(req.Lang)
	}
	return Message{Target: target, Text: fmt.Sprintf(req.T("%s: you owe a retreat (9.4); the game waits for it.\n%s", "%s: 退却が必要です (9.4)。ゲームはその指示を待っています。\n%s"), who, strings.Join(lines, "\n"))}, true
}
