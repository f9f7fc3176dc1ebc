package commands

import (
	"context"
	"fmt"

	"rtrbot/i18n"
)

// /undo: a side takes back its last order of the current segment, one at
// a time, back to the segment's start, but never an order that rolled a
// die or revealed something hidden (the games service decides, games/undo.go).

func (b *Bot) registerUndo(r *Router) {
	r.Add(&Command{
		Name: "undo", Description: i18n.T("Take back your side's last order of this segment (not after a die roll or a reveal)",
			"このセグメントの自軍の最後の命令を取り消す (ダイスや情報公開の後は不可)"),
		Handler: func(ctx context.Context, req *Request) *Response {
			u, err := b.games.Undo(ctx, req.Actor(), where(req))
			if err != nil {
				return gameFail(req, err)
			}
			return Private(fmt.Sprintf(req.T("Taken back: %s.\n%s", "取り消しました: %s。\n%s"), u.Order.Text().In(req.Lang), statusLine(u.Game.State, req.Lang)))
		},
	})
}
