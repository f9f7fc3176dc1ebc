package commands

import (
	"context"

	"rtrbot/i18n"
)

// /game settings: a table's comfort, not the rules. maps: says how often
// the game's thread gets a public map (notify.go): when the player turn
// passes (turn, the default) or after every segment (segment).
func (b *Bot) registerSettings(r *Router) {
	r.AddSub("game", &Command{
		Name: "settings", Description: i18n.T("Table settings: how often the game's thread gets a public map", "卓の設定: ゲームのスレッドに公開マップを投稿する頻度"),
		Options: []Option{{Name: "maps", Description: i18n.T("turn: when the player turn passes (default); segment: after every segment", "turn: 手番交代時 (既定)、segment: セグメントごと"),
			Type: String, Required: true, Choices: []Choice{
				{Name: i18n.T("when the turn passes (default)", "手番交代時 (既定)"), Value: "turn"},
				{Name: i18n.T("after every segment", "セグメントごと"), Value: "segment"},
			}}},
		Handler: func(ctx context.Context, req *Request) *Response {
			g, err := b.games.SetMaps(ctx, actor(req), where(req), req.Opt("maps"))
			if err != nil {
				return gameFail(req, err)
			}
			text := req.T("The game's thread now gets a public map when the player turn passes and at the end of each game turn, a crop of each combat, and a short account of segments in which something public happened.",
				"ゲームのスレッドには、手番交代時とゲームターン終了時に公開マップ、戦闘ごとに切り抜き図、公開の出来事があったセグメントの短い記録が投稿されます。")
			if req.Opt("maps") == "segment" {
				text = req.T("The game's thread now gets a public map after every segment, and each side's thread its own map after every segment.",
					"ゲームのスレッドにはセグメントごとに公開マップ、各陣営のスレッドにはセグメントごとに自軍マップが投稿されます。")
			}
			return announce(req, g, Reply(text))
		},
	})
}
