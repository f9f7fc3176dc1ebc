package commands

import (
	"context"
	"strings"

	"rtrbot/i18n"
)

func (b *Bot) registerHelp(r *Router) {
	r.Add(&Command{
		Name:        "help",
		Description: i18n.T("List the bot's commands", "ボットのコマンド一覧"),
		Handler: func(ctx context.Context, req *Request) *Response {
			var s strings.Builder
			s.WriteString(req.T("Commands (options as name:value):\n", "コマンド一覧 (オプションは 名前:値):\n"))
			var walk func(path string, c *Command)
			walk = func(path string, c *Command) {
				if len(c.Sub) == 0 {
					s.WriteString(Usage(path, c) + " — " + c.Description.In(req.Lang) + "\n")
				}
				for _, sub := range c.Sub {
					walk(path+" "+sub.Name, sub)
				}
			}
			for _, c := range r.Commands() {
				walk(c.Name, c)
			}
			return Private(strings.TrimRight(s.String(), "\n"))
		},
	})
}
