package commands

import (
	"context"
	"fmt"

	"rtrbot/games"
	"rtrbot/i18n"
)

// /game settings takeover:heuristic|search|off: the players of a game agree
// that the computer player (package ai) plays the segment of a side whose
// player lets its deadline pass (docs/ai.md). Each side agrees for itself;
// it holds once both sides have agreed to the same level. The computer
// plays only the segment whose deadline passed: the player takes his side
// back by giving orders before the next deadline.

// takeoverOption is /game settings' takeover: (game_settings.go).
var takeoverOption = Option{Name: "takeover", Description: i18n.T("your side agrees that the computer plays a segment whose deadline passes (off: withdraw)", "期限切れのセグメントをコンピュータが代行することに自陣営が同意 (off で取り消し)"),
	Type: String, Choices: []Choice{
		levelChoice("heuristic"),
		levelChoice("search"),
		{Name: i18n.T("off", "オフ"), Value: "off"},
	}}

func (b *Bot) setTakeover(ctx context.Context, req *Request) *Response {
	g, err := b.games.SetTakeover(ctx, req.Actor(), where(req), req.Opt("takeover"))
	if err != nil {
		return gameFail(req, err)
	}
	var text string
	if level, agreed := g.Takeover(); agreed {
		text = fmt.Sprintf(req.T("Both sides agree: when a segment's deadline passes, the computer (%s) plays that segment for the side that missed it, its orders logged as bot:%s. The player takes his side back by giving orders before the next deadline.",
			"両陣営が同意しました: セグメントの期限が過ぎると、その陣営のセグメントをコンピュータ (%s) が代行します (命令は bot:%s として記録)。次の期限までに命令を出せば、プレイヤーが陣営を取り戻します。"), level, level)
	} else if req.Opt("takeover") == "off" {
		text = req.T("Your side no longer agrees: a missed deadline does what /game deadline says (a reminder, or the segment ended).",
			"自陣営の同意を取り消しました: 期限切れ時は /game deadline の設定どおり (再通知またはセグメント終了) になります。")
	} else {
		text = fmt.Sprintf(req.T("Your side agrees that the computer (%s) plays a segment whose deadline passes. It applies once the other side agrees to the same level (/game settings takeover:%s).",
			"期限切れのセグメントをコンピュータ (%s) が代行することに自陣営が同意しました。相手陣営が同じ強さに同意すると有効になります (/game settings takeover:%s)。"), req.Opt("takeover"), req.Opt("takeover"))
	}
	return announce(req, g, Reply(text))
}

// takeoverMessages say, in both languages, that the computer played a
// segment for a side whose deadline passed, then the segment's accounts.
func (b *Bot) takeoverMessages(ctx context.Context, n games.Notice) []Message {
	level := "?"
	if g := b.games.Peek(ctx, n.Channel); g != nil {
		if l, ok := g.Takeover(); ok {
			level = l
		}
	}
	out := []Message{{Target: n.Channel, Text: b.posted("⌛ %s: the deadline for the %s segment passed, so the computer (%s) played it, as the players agreed (/game settings takeover:). Your side is yours again from the next segment.",
		"⌛ %s: %s の期限が過ぎたため、合意どおりコンピュータ (%s) が代行しました (/game settings takeover:)。次のセグメントからは再びプレイヤーの手番です。", seatsWho(n.Seats, n.Side), n.Step.Name(), levelName(level))}}
	out = append(out, b.reportPosts(ctx, n.Reports)...)
	if m, ok := explainedPost(n.Explained, n.Channel, b.postLang()); ok {
		out = append(out, m) // computer_explain.go
	}
	if m, ok := statusMessage("", n.Reports); ok {
		out = append(out, m)
	}
	return out
}
