package commands

import (
	"context"
	"fmt"
	"time"

	"rtrbot/engine/game"
	"rtrbot/engine/units"
	"rtrbot/games"
	"rtrbot/i18n"
	"rtrbot/tournament"
)

// /computer adjudicate: a casual game that cannot be finished ends by the
// referee's adjudication (判定; games/adjudicate.go), when both sides ask
// for it at the same position. A tournament game is the organiser's
// clock's to adjudicate (docs/tournaments.md), so it is refused here.

func (b *Bot) registerComputerAdjudicate(r *Router) {
	r.AddSub("computer", &Command{Name: "adjudicate", Slow: true,
		Description: i18n.T("Ask to end this game by adjudication: played out to the end, the median result (both sides ask)",
			"判定によるゲーム終了を求める: 終了までプレイアウトし中央値の結果 (両陣営の同意が必要)"),
		Handler: b.computerAdjudicate})
}

func (b *Bot) computerAdjudicate(ctx context.Context, req *Request) *Response {
	notTournament := func(g *games.Game) error {
		if g.ID != 0 && b.Store != nil {
			if _, _, err := b.tournamentService().ByGame(ctx, g.ID); err == nil {
				return i18n.Errorf("This is a tournament game: it is adjudicated only at its round's time limit, if the organiser's tournament says so (adjudicate:true); the organiser decides the rest with /tournament fix.",
					"これは大会の対局です。判定は大会が adjudicate:true のときにラウンドの期限で行われるだけで、それ以外は主催者が /tournament fix で決めます。")
			}
		}
		return nil
	}
	x, err := b.games.AskAdjudicationTold(ctx, req.Actor(), where(req), notTournament, func(k int) { b.adjudicationStarted(ctx, req, k) })
	if err != nil {
		return gameFail(req, err)
	}
	g := x.Game
	computer := againstComputer(g, x.Other)
	if !x.Agreed && x.Alone {
		var text string
		if computer {
			text = fmt.Sprintf(req.T("%s asks to end game #%d by adjudication: the referee plays the position out to the end several times with dice of its own and takes the median result (15.1: a side wins by a margin over 50 VP). The computer agrees at once. So that one mistyped command ends nothing, the play-outs begin only when you confirm: give /computer adjudicate again (or press the button) and the game ends with their result. Any order cancels the request.",
				"%s がゲーム #%d を判定で終了することを求めています。審判が独自のダイスで局面を終了まで何度もプレイアウトし、その中央値の結果とします (15.1: VP 差が 50 を超えれば勝利)。コンピュータはすぐに同意します。誤操作で終わらないよう、プレイアウトは確認を待って始めます。もう一度 /computer adjudicate を実行するか、ボタンを押すと、その結果でゲームが終了します。命令があると要求は取り消されます。"),
				req.User.Name, g.ID)
		} else {
			text = fmt.Sprintf(req.T("%s asks to end game #%d by adjudication: the referee plays the position out to the end several times with dice of its own and takes the median result (15.1: a side wins by a margin over 50 VP). You play both sides, so your ask is both sides' agreement. So that one mistyped command ends nothing, the play-outs begin only when you confirm: give /computer adjudicate again (or press the button) and the game ends with their result. Any order cancels the request.",
				"%s がゲーム #%d を判定で終了することを求めています。審判が独自のダイスで局面を終了まで何度もプレイアウトし、その中央値の結果とします (15.1: VP 差が 50 を超えれば勝利)。両陣営ともあなたがプレイしているので、この要求で両陣営が同意したことになります。誤操作で終わらないよう、プレイアウトは確認を待って始めます。もう一度 /computer adjudicate を実行するか、ボタンを押すと、その結果でゲームが終了します。命令があると要求は取り消されます。"),
				req.User.Name, g.ID)
		}
		r := Reply(text)
		r.Messages[0].Buttons = []Button{{Label: req.T("End now: adjudicate", "今すぐ判定で終了"), Path: "computer adjudicate", Style: Danger}}
		return announce(req, g, r)
	}
	if !x.Agreed {
		r := Reply(fmt.Sprintf(req.T("%s asks for the %s side to end game #%d by adjudication: the referee plays the position out to the end several times with dice of its own and takes the median result (15.1). %s, to agree, give /computer adjudicate (or press the button) before the next order; any order cancels the request.",
			"%[1]s が%[2]s側として、ゲーム #%[3]d を判定で終了することを求めています。審判が独自のダイスで局面を終了まで何度もプレイアウトし、その中央値の結果 (15.1) とします。%[4]s、同意する場合は次の命令の前に /computer adjudicate を実行するか、ボタンを押してください。命令があると要求は取り消されます。"),
			req.User.Name, x.Side.Name().In(req.Lang), g.ID, mentionIn(g, x.Other, req.Lang)))
		r.Messages[0].Buttons = []Button{{Label: req.T("Agree: adjudicate", "同意して判定"), Path: "computer adjudicate", Style: Primary}}
		return announce(req, g, r)
	}
	how := games.AdjudicationText(x.Result)
	agreed := i18n.T("Both sides asked for it.", "両陣営がこれを求めました。")
	switch {
	case computer:
		agreed = i18n.Sprintf(i18n.T("%s asked for it for the %s side; the computer, playing the %s side, agreed.", "%s が%s側として求め、%s側のコンピュータが同意しました。"),
			req.User.Name, x.Side.Name(), x.Other.Name())
	case x.Alone:
		agreed = i18n.Sprintf(i18n.T("%s, who plays both sides, asked for it.", "両陣営をプレイする %s がこれを求めました。"), req.User.Name)
	}
	r := announce(req, g, Reply(fmt.Sprintf(req.T("Game #%d ends by adjudication. %s %s The game's seed is %s (commitment %s): /game export gives every order and roll.",
		"ゲーム #%d は判定で終了しました。%s%sシードは %s (コミットメント %s)。/game export で全命令とダイスを確認できます。"),
		g.ID, agreed.In(req.Lang), how.In(req.Lang), g.State.KeyText(), g.State.Commitment())))
	return b.withFinalStatus(r, g, i18n.Sprintf(i18n.T("**Game over** by adjudication. %s", "**ゲーム終了** (判定)。%s"), how))
}

// adjudicationStarted tells the asker at once that the play-outs of his
// confirmed adjudication have begun, how many and roughly how long, so
// that the minutes they take are not silence: at the console in his
// language before the answer, on Discord in the game's channel for
// everyone (the command's own answer is deferred meanwhile).
func (b *Bot) adjudicationStarted(ctx context.Context, req *Request, playOuts int) {
	en, ja := "⚖️ The adjudication's %s of the position to the end have begun: about a minute of one core, longer on a busy machine. The result follows here when they are done.",
		"⚖️ 判定のため、局面を終了までプレイアウトする %sの計算を始めました。1コアで1分程度、混んでいるマシンではさらにかかります。終わり次第ここに結果を示します。"
	switch {
	case req.Progress != nil:
		req.Progress(Message{Text: i18n.Sprintf(i18n.T(en, ja), playOutCount(playOuts)).In(req.Lang)})
	case req.Chat != nil:
		if err := req.Chat.Post(ctx, req.Channel, Message{Text: b.posted(en, ja, playOutCount(playOuts))}); err != nil {
			b.Log.Warn("adjudicate: telling that the play-outs began", "err", err)
		}
	}
}

// againstComputer says the computer holds side's seats in g.
func againstComputer(g *games.Game, side units.Side) bool {
	seats := g.PlayersOf(side)
	for _, p := range seats {
		if !games.IsBot(p.UserID) {
			return false
		}
	}
	return len(seats) > 0
}

// adjudicateAtLimit adjudicates the tables of t's current round whose bot
// games are still unfinished at the round's deadline, when t adjudicates
// (adjudicate:true): each game ends adjudicated, its result goes to its
// table marked so, and both the game's thread and the tournament's
// channel are told, in both languages (nobody asked). Run by the round's
// clock (tournament_clock.go) before the forfeit rule. The play-outs run
// on the games service's worker, off the clock: a tick queues a game and
// a later one finds its result in the game's row and records it; pending
// says some are still being played out.
func (b *Bot) adjudicateAtLimit(ctx context.Context, t *tournament.Tournament, now time.Time) (out []Message, pending bool) {
	for _, table := range t.AdjudicationDue(now) {
		if table.Thread == "" {
			continue
		}
		g, res, st, err := b.games.QueueAdjudicationAtLimit(ctx, games.Where{Guild: t.Guild, Channel: table.Thread}, table.GameID)
		if err != nil {
			b.Log.Error("tournament: adjudicating a game at the round's limit", "game", table.GameID, "err", err)
			continue
		}
		if st != games.LimitDone {
			pending = pending || st == games.LimitQueued
			continue
		}
		vp := table.AdjustVP([2]int{max(res.Margin, 0), max(-res.Margin, 0)})
		winner, level, margin := tableOutcome(vp)
		a := tournament.Adjudication{Median: vp[0] - vp[1], Q1: res.Q1 + vp[0] - vp[1] - res.Margin, Q3: res.Q3 + vp[0] - vp[1] - res.Margin,
			Wins: res.Wins, Draws: res.Draws, PlayOuts: res.PlayOuts}
		nt, tb, changed, err := b.tournamentService().RecordAdjudication(ctx, table.GameID, winner, level, margin, a, now)
		ts := b.tstate()
		ts.mu.Lock()
		ts.seen[table.GameID] = true // its end is the adjudication's, not the VP's
		ts.mu.Unlock()
		if err != nil || !changed {
			if err != nil {
				b.Log.Error("tournament: recording an adjudication", "game", table.GameID, "err", err)
			}
			continue
		}
		how := games.AdjudicationText(res)
		text := bilingual("⚖️ %s, round %d, table %d: the round's limit passed with game #%d unfinished, so it is adjudicated; the table's result: %s. %s The organiser may overrule it with /tournament fix.",
			"⚖️ %s 第%dラウンド %d番卓: ゲーム #%d が未終了のままラウンドの期限を過ぎたため判定しました。卓の結果: %s。%s主催者は /tournament fix で変更できます。",
			nt.Name, t.Current().Number, tb.Table, g.ID, tournament.ResultText(tb), how)
		out = append(out, Message{Target: table.Thread, Pin: statusMarker(g.ID), Text: statusMarker(g.ID) + "\n" + text})
		if nt.Channel != "" && nt.Channel != table.Thread {
			out = append(out, Message{Target: nt.Channel, Text: text})
		}
	}
	return out, pending
}

// tableOutcome is a VP pair's result in the tournament's terms (15.1).
func tableOutcome(vp [2]int) (winner, level string, margin int) {
	w, lv, d := game.Outcome(vp)
	if lv == game.Draw {
		return tournament.Draw, "", d
	}
	winner = tournament.German
	if w == units.Allied {
		winner = tournament.Allied
	}
	switch lv {
	case game.Marginal:
		level = tournament.Marginal
	case game.Strategic:
		level = tournament.Strategic
	default:
		level = tournament.Decisive
	}
	return winner, level, d
}

// tournamentAdjudicateOpt is /tournament new's adjudicate option.
var tournamentAdjudicateOpt = Option{Name: "adjudicate", Type: Boolean,
	Description: i18n.T("at a round's deadline, unfinished bot games are adjudicated (played out, median result)",
		"ラウンドの期限で未終了のボット対局を判定する (プレイアウトの中央値の結果)")}

// tournamentAdjudicateNeeds says what adjudicate:true needs.
func tournamentAdjudicateNeeds(req *Request) string {
	return req.T("adjudicate:true needs bot games (play:bot) and a round's deadline (deadline:HOURS): the deadline is the limit at which unfinished games are adjudicated.",
		"adjudicate:true にはボット対局 (play:bot) とラウンドの期限 (deadline:時間) が必要です。期限が未終了の対局を判定する時点です。")
}
