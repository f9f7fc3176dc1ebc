package commands

import (
	"context"
	"fmt"
	"strings"

	"rtrbot/i18n"
)

// registerAdmin registers the operator's commands: /admin backup (issue 6).
func (b *Bot) registerAdmin(r *Router) {
	r.Add(&Command{
		Name:        "admin",
		Description: i18n.T("Commands for the bot's operator", "ボット運営者用のコマンド"),
		Sub: []*Command{{
			Name: "backup",
			Description: i18n.T("Write a consistent copy of the whole database next to it and say where",
				"データベース全体の一貫したバックアップを書き出し、その場所を答える"),
			Handler: b.adminBackup,
			Slow:    true,
		}},
	})
}

// isOperator says whether the user runs the bot itself. A backup holds
// every guild's games, with the secret seeds of running ones, so it is the
// operator's, not a guild's: for now that is whoever sits at the console.
// The Discord adapter will name operators by user ID (docs/storage.md).
func isOperator(req *Request) bool {
	return req.Guild == "console" && strings.HasPrefix(req.User.ID, "console:")
}

func (b *Bot) adminBackup(ctx context.Context, req *Request) *Response {
	if !isOperator(req) {
		return Private(req.T(
			"Only the bot's operator can make a backup: it holds every server's games. Ask whoever runs the bot.",
			"バックアップを作れるのはボットの運営者だけです (全サーバーのゲームを含むため)。ボットを動かしている人に依頼してください。"))
	}
	if b.Store == nil {
		return Private(req.T("There is no database to back up.", "バックアップするデータベースがありません。"))
	}
	path, size, err := b.Store.Backup(ctx, "")
	if err != nil {
		b.Log.Error("backup failed", "err", err)
		return Private(i18n.Sprintf(i18n.T("The backup failed: %v. The database itself is unchanged.",
			"バックアップに失敗しました: %v。データベース自体は変更されていません。"), err).In(req.Lang))
	}
	return Private(i18n.Sprintf(i18n.T(
		"Backup written: %s (%s). It is the whole database as it stood at one moment; to restore, stop the bot and put this file in place of %s.",
		"バックアップを書き出しました: %s (%s)。ある瞬間のデータベース全体です。復元するにはボットを止め、このファイルを %s の代わりに置いてください。"),
		path, humanSize(size), b.Store.Path).In(req.Lang))
}

func humanSize(n int64) string {
	switch {
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20))
	case n >= 1<<10:
		return fmt.Sprintf("%.1f KiB", float64(n)/(1<<10))
	}
	return fmt.Sprintf("%d bytes", n)
}
