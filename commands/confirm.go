package commands

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"rtrbot/engine/game"
	"rtrbot/engine/units"
	"rtrbot/games"
	"rtrbot/i18n"
)

// Confirmation. A command that ends a game or passes over
// more than one segment asks first: its answer, private, says what it
// would do and offers a button that runs it again with confirm:true (the
// console prints that command to type). Scripts give confirm:true at once.

// confirmOpt is the option that says "yes, I mean it".
var confirmOpt = Option{Name: "confirm", Description: i18n.T("true: do it without asking first", "true: 確認なしで実行"), Type: Boolean}

func confirmed(req *Request) bool { return req.Opt("confirm") == "true" }

// askedFirst is a command that asks first (ask) unless given confirm:true,
// and then does it (do).
func askedFirst(ask, do Handler) Handler {
	return func(ctx context.Context, req *Request) *Response {
		if !confirmed(req) {
			return ask(ctx, req)
		}
		return do(ctx, req)
	}
}

// unconfirmed is the visibility of a command that asks first: the question
// is private, the act itself public.
func unconfirmed(req *Request) bool { return !confirmed(req) }

// askFirst is the private question with its button.
// The button is bound to what the question is about (bind): a Confirm
// left over from another game, seat or segment does nothing.
func askFirst(req *Request, what string, bind games.Binding) *Response {
	opts := map[string]string{"confirm": "true"}
	for k, v := range req.Options {
		if k != "confirm" {
			opts[k] = v
		}
	}
	b := Button{Label: req.T("Confirm", "確認して実行"), Path: req.Path, Options: opts, Style: Danger, Bound: bind.String()}
	text := fmt.Sprintf(req.T("%s\nNothing has been done yet. Press Confirm, or type %s.",
		"%s\nまだ何も実行していません。「確認して実行」を押すか、%s と入力してください。"), what, b.Line())
	r := Private(text)
	r.Messages[0].Buttons = []Button{b}
	return r
}

// confirmResign asks before a side concedes.
func (b *Bot) confirmResign(ctx context.Context, req *Request) *Response {
	g, fail := b.read(ctx, req)
	if fail != nil {
		return fail
	}
	side, ok := g.SideOf(req.User.ID)
	if !ok && !g.HotSeat() {
		return b.resign(ctx, req) // not his to resign: the service says so
	}
	if g.HotSeat() {
		side = g.State.ToMove()
	}
	return askFirst(req, fmt.Sprintf(req.T("Resign? The %s side concedes and the game ends at once: the %s side wins.",
		"投了しますか? %s側が降伏し、ゲームは直ちに終了します: %s側の勝利です。"),
		side.Name().In(req.Lang), (1-side).Name().In(req.Lang)), games.BindingFor(g, &side, false))
}

// confirmAbandon asks before a referee abandons a game.
// A damaged game (one that cannot be loaded) may be abandoned too: the
// question is then asked without its number.
func (b *Bot) confirmAbandon(ctx context.Context, req *Request) *Response {
	g, err := b.games.Status(ctx, req.Actor(), where(req))
	if errors.Is(err, games.ErrNoGame) {
		return noGame(req)
	}
	what := req.T("Abandon this channel's game? It ends without a result; it stays stored and this channel is free for another game.",
		"このチャンネルのゲームを放棄しますか? 結果なしで終了します。記録は残り、このチャンネルは別のゲームに使えます。")
	bind := games.Binding{}
	if err == nil {
		bind = games.BindingFor(g, nil, false)
		what = fmt.Sprintf(req.T("Abandon game #%d? It ends without a result; it stays stored and this channel is free for another game.",
			"ゲーム #%d を放棄しますか? 結果なしで終了します。記録は残り、このチャンネルは別のゲームに使えます。"), g.ID)
		if side, resigns := g.AbandonResigns(req.User.ID); resigns {
			// a player who referees: his abandon is his resignation
			what = i18n.Sprintf(i18n.T("You play the %[2]s side of game #%[1]d against a person, and its setup is over: abandoning it now is your side's resignation (the %[3]s side wins), as /game resign. Only a referee who plays neither side abandons a running game without a result. Resign?",
				"ゲーム #%[1]d であなたは人間を相手に%[2]s側をプレイしており、配置も終わっています。いま放棄すると /game resign と同じく自陣営の投了になります (%[3]s側の勝利)。進行中のゲームを結果なしで放棄できるのは、どちらの陣営もプレイしていない審判だけです。投了しますか?"),
				g.ID, side.Name(), (1 - side).Name()).In(req.Lang)
		} else if countsAsLoss(g, req.User.ID) {
			what += "\n" + req.T("Against the computer, past its setup, the club ladder counts an abandoned game as your loss.",
				"コンピュータ戦では、配置のあとに放棄した対局はクラブのラダーであなたの負けとして数えます。")
		}
	}
	return askFirst(req, what, bind)
}

// countsAsLoss says whether the ladder counts g, abandoned now, as user's
// loss: his game against the computer past its setup
// (ladder_computer.go), unless it is practice.
func countsAsLoss(g *games.Game, user string) bool {
	botSide, _, bot := g.Bot()
	side, plays := g.SideOf(user)
	return bot && plays && side != botSide && !g.Practice() && g.State != nil && g.State.Step != game.SetupStep
}

// replacingGame is a command that starts a game (next), asking first when
// replace:true would end the one running here.
func (b *Bot) replacingGame(next Handler) Handler {
	return func(ctx context.Context, req *Request) *Response {
		if r := b.confirmReplace(ctx, req); r != nil {
			return r
		}
		return next(ctx, req)
	}
}

// confirmReplace asks before replace:true ends the game running here, as
// /game abandon does; nil when nothing would be ended (no game, one over,
// or on Discord one that goes on in a thread of its own).
func (b *Bot) confirmReplace(ctx context.Context, req *Request) *Response {
	if req.Opt("replace") != "true" || confirmed(req) {
		return nil
	}
	g, err := b.games.Status(ctx, req.Actor(), where(req))
	if err != nil || g.State == nil || g.State.Step == game.GameOver || (req.Chat != nil && g.Channel != req.Channel) {
		return nil
	}
	if _, resigns := g.AbandonResigns(req.User.ID); resigns {
		return nil // refused to him by the service, which says why: nothing to confirm
	}
	n := i18n.Count(len(g.Orders), "order", "orders", "件")
	what := i18n.Sprintf(i18n.T(
		"Replace game #%d (%s, %s)? It ends at once without a result (it stays stored), and a new game starts here.",
		"ゲーム #%d (%s、命令 %s) を置き換えますか? 結果なしで直ちに終了し (記録は残ります)、ここで新しいゲームが始まります。"),
		g.ID, turnText(g.State.Turn), n).In(req.Lang)
	if countsAsLoss(g, req.User.ID) {
		what += "\n" + req.T("Against the computer, past its setup, the club ladder counts it as your loss.",
			"コンピュータ戦のため、配置のあとに終えた対局はクラブのラダーであなたの負けとして数えます。")
	}
	return askFirst(req, what, games.BindingFor(g, nil, false))
}

// segmentsUntil counts the ends that /end until:target takes from step s
// of the side to act: 1 when target is the very next step.
func segmentsUntil(s game.Step, target game.Step) int {
	next := func(st game.Step) game.Step {
		if st == game.Combat2 || st == game.SetupStep {
			return game.Reinforcement // the other player turn, or the next game turn (with its event phase)
		}
		return st + 1
	}
	n, st := 1, s
	for k := 0; k < 40; k++ {
		nx := next(st)
		if nx == target || target == game.EventStep && st == game.Combat2 {
			return n
		}
		st, n = nx, n+1
	}
	return n
}

// confirmEndUntil asks before /end until: passes over more than one segment.
func (b *Bot) confirmEndUntil(ctx context.Context, req *Request) *Response {
	g, fail := b.read(ctx, req)
	if fail != nil {
		return fail
	}
	target, ok := game.ParseStep(req.Opt("until"))
	if !ok || g.State == nil || g.State.Step == game.GameOver || segmentsUntil(g.State.Step, target) <= 1 {
		return nil // one step: no question
	}
	var names []string
	for st, k := g.State.Step, 0; k < 20; k++ {
		names = append(names, st.Name().In(req.Lang))
		if st == game.Combat2 || st == game.SetupStep {
			break // the player turn ends here at the latest
		}
		st++
		if st == target {
			break
		}
	}
	return askFirst(req, fmt.Sprintf(req.T(
		"End every step from now until %s begins? That ends: %s (each by its own order; your side's orders not yet given in them are lost).",
		"%sが始まるまで全ての手順を終了しますか? 終了するのは: %s (各手順ごとに終了命令を記録。まだ出していない命令はできなくなります)。"),
		target.Name().In(req.Lang), strings.Join(names, req.T(", ", "、"))), games.BindingFor(g, sidePtr(g.State.ToMove()), true))
}

func sidePtr(s units.Side) *units.Side { return &s }
