package commands

import (
	"context"
	"fmt"
	"strings"
	"time"

	"rtrbot/ai"
	"rtrbot/engine/units"
	"rtrbot/games"
	"rtrbot/i18n"
)

// A game against the computer (docs/ai.md): /game new vs:bot side:german
// seats the asker on his side and the computer player (package ai) on
// the other; the computer then plays whenever its side is to move, after
// each answer to orders that handed it the move, its orders stored and
// reported like a player's.

// botOptions are /game new's options for a game against the computer.
var botOptions = []Option{
	{Name: "vs", Description: i18n.T("bot: play against the computer player", "bot: コンピュータと対戦"), Type: String,
		Choices: []Choice{{Name: i18n.T("bot", "コンピュータ"), Value: "bot"}}},
	{Name: "side", Description: i18n.T("your side against the computer", "コンピュータ対戦での自分の陣営"), Type: String,
		Choices: []Choice{{Name: i18n.T("german", "独軍"), Value: "german"}, {Name: i18n.T("allied", "連合軍"), Value: "allied"}}},
	{Name: "level", Description: i18n.T("the computer's level: random, heuristic (default) or search", "コンピュータの強さ: random、heuristic (既定)、search"), Type: String,
		Choices: []Choice{levelChoice("random"), levelChoice("heuristic"), levelChoice("search")}},
}

// gameNewMaybeBot is /game new, against the computer when vs:bot.
func (b *Bot) gameNewMaybeBot(ctx context.Context, req *Request) *Response {
	if req.Opt("vs") == "" {
		if req.Has("side") || req.Has("level") {
			return Private(req.T("side: and level: are for a game against the computer: add vs:bot.", "side: と level: はコンピュータ対戦用です。vs:bot を付けてください。"))
		}
		return b.gameNew(ctx, req)
	}
	if req.Opt("vs") != "bot" {
		return Private(req.T("This bot cannot seat a computer player.", "このボットではコンピュータプレイヤーを使えません。"))
	}
	side, err := units.ParseSide(req.Opt("side"))
	if err != nil {
		return Private(req.T("Choose your side against the computer: side:german or side:allied.", "コンピュータ対戦での陣営を選んでください: side:german か side:allied。"))
	}
	level := req.Opt("level")
	if level == "" {
		level = "heuristic"
	}
	if _, err := ai.New(level, ai.Config{}); err != nil {
		return Private(fmt.Sprintf(req.T("There is no computer level %q: random, heuristic or search.", "コンピュータのレベル %q はありません: random、heuristic、search。"), level))
	}
	resp := b.gameNew(ctx, req)
	g := b.games.Peek(ctx, req.Channel)
	if g == nil || g.Creator != req.User.ID || len(g.Orders) > 0 || len(g.Players) > 0 {
		return resp // the game was not started: gameNew's answer says why
	}
	// The asker takes his side (a private thread on Discord), the
	// computer the other.
	resp.Messages = append(resp.Messages, b.join(ctx, req).Messages...)
	if _, err := b.games.SeatBot(ctx, req.Actor(), where(req), side.Other(), level, req.Now); err != nil {
		return resp.Add(Message{Text: gameFail(req, err).Messages[0].Text, Ephemeral: true})
	}
	resp.Add(Message{Text: fmt.Sprintf(req.T("The computer (%s) plays the %s side: it moves as soon as its side is to move, and its orders are checked and logged like a player's.",
		"コンピュータ (%s) が%s側を担当します。手番になるとすぐに行動し、その命令はプレイヤーと同じく検査・記録されます。"), levelName(level).In(req.Lang), side.Other().Name().In(req.Lang)), Target: g.Channel})
	if g2 := b.games.Peek(ctx, req.Channel); g2 != nil {
		if m, ok := statusNow(req, g2); ok {
			resp.Add(m) // the dashboard again (it edits the pinned one), now naming both seats
		}
	}
	return b.botMoves(ctx, req, resp)
}

// levelName is a computer level as the reader says it, in the words of
// the level: choices and /stats (levelNames).
func levelName(level string) i18n.Text { return nameOr(levelNames, level) }

// botMoves lets the computer play if the game here has one and its side
// is to move, adding the segment accounts its orders gave (public, as a
// player's are) and the retreats it made the asker owe.
func (b *Bot) botMoves(ctx context.Context, req *Request, resp *Response) *Response {
	g := b.games.Peek(ctx, req.Channel)
	if g == nil {
		return resp
	} else if _, _, has := g.Bot(); !has {
		return resp
	}
	played, err := b.games.BotTurn(ctx, where(req), req.Now)
	applied := 0
	for _, p := range played {
		applied += p.Applied
		for _, r := range p.Reports {
			for _, m := range b.segmentMessages(req.Lang, r) {
				resp.Add(m)
			}
		}
		for _, m := range b.storiesOf(ctx, p.Reports) {
			resp.Add(m)
		}
		if m, ok := explainedPost(p.Explained, p.Game.Channel, req.Lang); ok {
			resp.Add(m) // computer_explain.go
		}
	}
	if m, ok := openSegmentNews(req.Lang, g, played); ok {
		resp.Add(m)
	}
	if len(played) > 0 {
		last := played[len(played)-1]
		line := fmt.Sprintf(req.T("The computer gave %s.", "コンピュータが命令を %s出しました。"), i18n.Count(applied, "order", "orders", "件").In(req.Lang)) + "\n" + statusLine(last.Game.State, req.Lang)
		resp.Add(Message{Text: line, Target: last.Game.Channel})
		if m, ok := owedRetreatsTo(req, last, true); ok {
			resp.Add(m)
		}
	}
	if err != nil {
		resp.Add(Message{Text: req.T("The computer player stopped: ", "コンピュータプレイヤーが停止しました: ") + strings.TrimSpace(err.Error()), Ephemeral: true})
	}
	return resp
}

// botAfterNotice lets the computer play when a deadline ended a segment
// and handed it the move (Tick); its messages are in both languages, as
// the notices' are (nobody asked).
func (b *Bot) botAfterNotice(ctx context.Context, now time.Time, n games.Notice) []Message {
	if n.Kind != games.Ended && n.Kind != games.TakenOver {
		return nil
	}
	g := b.games.Peek(ctx, n.Channel)
	if g == nil {
		return nil
	}
	if _, _, has := g.Bot(); !has {
		return nil
	}
	played, err := b.games.BotTurn(ctx, games.Where{Guild: g.Guild, Channel: n.Channel}, now)
	var out []Message
	applied := 0
	for _, p := range played {
		applied += p.Applied
		out = append(out, b.reportPosts(ctx, p.Reports)...)
		if m, ok := explainedPost(p.Explained, n.Channel, b.postLang()); ok {
			out = append(out, m) // computer_explain.go
		}
	}
	if m, ok := openSegmentNews(b.postLang(), g, played); ok {
		out = append(out, m)
	}
	if len(played) > 0 {
		out = append(out, Message{Target: n.Channel, Text: b.posted("The computer gave %s.", "コンピュータが命令を %s出しました。", i18n.Count(applied, "order", "orders", "件"))})
	}
	if err != nil {
		b.Log.Error("the computer player stopped", "game", g.ID, "err", err)
	}
	return out
}
