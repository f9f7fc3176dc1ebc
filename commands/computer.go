package commands

import "rtrbot/i18n"

// registerComputer registers /computer, the computer as coach and referee;
// its subcommands are added from their own files (AddSub). /game holds the
// 25 subcommands Discord allows a command, so these live here.
func (b *Bot) registerComputer(r *Router) {
	r.Add(&Command{Name: "computer",
		Description: i18n.T("The computer as coach and referee: its explanations, hints, analysis, adjudication",
			"コンピュータ: 手の説明、ヒント、ゲームの分析、判定")})
}
