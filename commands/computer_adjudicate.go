package commands

import (
	"context"
	"fmt"

	"rtrbot/games"
	"rtrbot/i18n"
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
	x, err := b.games.AskAdjudication(ctx, req.Actor(), where(req), notTournament)
	if err != nil {
		return gameFail(req, err)
	}
	g := x.Game
	if !x.Agreed {
		r := Reply(fmt.Sprintf(req.T("%s asks for the %s side to end game #%d by adjudication: the referee plays the position out to the end several times with dice of its own and takes the median result (15.1). %s, to agree, give /computer adjudicate (or press the button) before the next order; any order cancels the request.",
			"%[1]s が%[2]s側として、ゲーム #%[3]d を判定で終了することを求めています。審判が独自のダイスで局面を終了まで何度もプレイアウトし、その中央値の結果 (15.1) とします。%[4]s、同意するなら次の命令の前に /computer adjudicate を実行する (またはボタンを押す) してください。命令があると要求は取り消されます。"),
			req.User.Name, x.Side.Name().In(req.Lang), g.ID, g.Mention(x.Other)))
		r.Messages[0].Buttons = []Button{{Label: req.T("Agree: adjudicate", "同意して判定"), Path: "computer adjudicate", Style: Primary}}
		return announce(req, g, r)
	}
	how := games.AdjudicationText(x.Result)
	r := announce(req, g, Reply(fmt.Sprintf(req.T("Game #%d ends by adjudication, as both sides asked. %s The game's seed is %s (commitment %s): /game export gives every order and roll.",
		"両陣営の求めにより、ゲーム #%d は判定で終了しました。%s シードは %s (コミットメント %s)。/game export で全命令とダイスを確認できます。"),
		g.ID, how.In(req.Lang), g.State.KeyText(), g.State.Commitment())))
	return b.withFinalStatus(r, g, i18n.Sprintf(i18n.T("**Game over** by adjudication. %s", "**ゲーム終了** (判定)。%s"), how))
}
