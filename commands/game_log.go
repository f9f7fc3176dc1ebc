package commands

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"rtrbot/i18n"
)

// logPage is how many lines a page of /game log holds (well inside a
// Discord message).
const logPage = 25

// registerLog adds /game log: the game's account so far, as the asker may
// read it, paged, in his language; export:true gives it all as a file.
func (b *Bot) registerLog(r *Router) {
	r.AddSub("game", &Command{
		Name: "log", Slow: true,
		Description: i18n.T("The game's account so far, as you may read it (the last page unless page:)", "これまでのゲームの記録 (あなたが読める範囲。page: がなければ最終ページ)"),
		Options: []Option{
			{Name: "page", Description: i18n.T("page number, from 1", "ページ番号 (1 から)"), Type: Integer, MinInt: 1, MaxInt: 100000},
			{Name: "export", Description: i18n.T("the whole account as a text file", "記録全体をテキストファイルで"), Type: Boolean},
		},
		Handler: b.gameLog,
	})
}

func (b *Bot) gameLog(ctx context.Context, req *Request) *Response {
	lines, err := b.games.Log(ctx, req.Actor(), where(req))
	if err != nil {
		return gameFail(req, err)
	}
	if len(lines) == 0 {
		return Private(req.T("Nothing has happened in this game yet.", "このゲームではまだ何も起きていません。"))
	}
	text := func(from, to int) string {
		var sb strings.Builder
		head := ""
		for _, l := range lines[from:to] {
			if h := l.Turn.In(req.Lang) + req.T(", ", "、") + l.Step.In(req.Lang); h != head {
				fmt.Fprintf(&sb, "**%s**\n", h)
				head = h
			}
			sb.WriteString(l.Text.In(req.Lang) + "\n")
		}
		return sb.String()
	}
	if req.Opt("export") == "true" {
		return Private(fmt.Sprintf(req.T("The game's account, %s, as you may read it.", "ゲームの記録 (%s、あなたが読める範囲)。"), i18n.Count(len(lines), "line", "lines", "行").In(req.Lang))).
			WithFile(File{Name: "game-log-" + string(req.Lang) + ".txt", ContentType: "text/plain; charset=utf-8", Data: []byte(text(0, len(lines)))})
	}
	pages := (len(lines) + logPage - 1) / logPage
	page := pages
	if req.Has("page") {
		page, _ = strconv.Atoi(req.Opt("page"))
		if page < 1 || page > pages {
			return Private(fmt.Sprintf(req.T("There are %d pages: give page:1 to page:%d.",
				"ページは %d ページあります: page:1 から page:%d を指定してください。"), pages, pages))
		}
	}
	from := (page - 1) * logPage
	to := min(from+logPage, len(lines))
	return Private(fmt.Sprintf(req.T("Game log, page %d of %d (/game log page:N, or export:true for all):\n",
		"ゲームの記録 %d/%d ページ (/game log page:N、全体は export:true):\n"), page, pages) + text(from, to))
}
