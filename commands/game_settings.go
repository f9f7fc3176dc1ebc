package commands

import (
	"context"

	"rtrbot/i18n"
)

// /game settings: a table's comfort, not the rules. maps: says how often
// the game's thread gets a public map (notify.go): when the player turn
// passes (turn, the default) or after every segment (segment). takeover:
// is a side's agreement that the computer plays a segment whose deadline
// passes (game_takeover.go).
func (b *Bot) registerSettings(r *Router) {
	r.AddSub("game", &Command{
		Name: "settings", Description: i18n.T("Table settings: public maps; the computer taking over a missed deadline",
			"卓の設定: 公開マップの頻度、期限切れ時のコンピュータ代行"),
		Options: []Option{{Name: "maps", Description: i18n.T("turn: when the player turn passes (default); segment: after every segment",
			"turn: 手番交代時 (既定)、segment: セグメントごと"),
			Type: String, Choices: []Choice{
				{Name: i18n.T("when the turn passes (default)", "手番交代時 (既定)"), Value: "turn"},
				{Name: i18n.T("after every segment", "セグメントごと"), Value: "segment"},
			}}, takeoverOption},
		Handler: func(ctx context.Context, req *Request) *Response {
			if req.Has("takeover") {
				if req.Has("maps") {
					return Private(req.T("Give maps: or takeover:, one at a time.", "maps: と takeover: は一度に一つずつ指定してください。"))
				}
				return b.setTakeover(ctx, req) // game_takeover.go
			}
			if !req.Has("maps") {
				return Private(req.T("Which setting? maps:turn|segment, or takeover:heuristic|search|off.",
					"どの設定ですか? maps:turn|segment か takeover:heuristic|search|off。"))
			}
			g, err := b.games.SetMaps(ctx, req.Actor(), where(req), req.Opt("maps"))
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
