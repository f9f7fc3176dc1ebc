package commands

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"rtrbot/i18n"
)

// registerAdmin registers the operator's commands: /admin backup, check,
// repair and games.
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
		}, {
			Name: "check",
			Description: i18n.T("Check that every active game replays to its saved states; mark the ones that do not damaged",
				"進行中の全ゲームが保存された状態まで再生できるか確認し、できないものを破損として記録する"),
			Options: []Option{{
				Name: "full",
				Description: i18n.T("true: replay every game from its start (slow); false: from its last saved state (fast)",
					"true: 最初から全再生 (低速)、false: 最後の保存状態から (高速)"),
				Type: Boolean,
			}},
			Handler: b.adminCheck,
			Slow:    true,
		}, {
			Name: "repair",
			Description: i18n.T("Bring back a damaged game whose orders are sound, rebuilding its saved states",
				"命令が健全な破損ゲームを、保存状態を作り直して復旧する"),
			Options: []Option{{
				Name:        "game",
				Description: i18n.T("The game's number (as /admin check names it)", "ゲーム番号 (/admin check が示すもの)"),
				Type:        Integer,
				Required:    true,
				MinInt:      1,
				MaxInt:      1 << 30,
			}},
			Handler: b.adminRepair,
			Slow:    true,
		}, {
			Name: "delete",
			Description: i18n.T("Remove a game for good, after writing its file beside the backups",
				"ゲームを完全に削除する (先にファイルをバックアップの隣に書き出す)"),
			Options: []Option{{
				Name:        "game",
				Description: i18n.T("The game's number (as /admin games names it)", "ゲーム番号 (/admin games が示すもの)"),
				Type:        Integer,
				Required:    true,
				MinInt:      1,
				MaxInt:      1 << 30,
			}},
			Handler: b.adminDelete,
			Slow:    true,
		}, {
			Name:        "games",
			Description: i18n.T("List the games in the database, newest first", "データベース内のゲーム一覧 (新しい順)"),
			Options: []Option{{
				Name:        "status",
				Description: i18n.T("Only games in this state", "この状態のゲームのみ"),
				Type:        String,
				Choices: []Choice{
					{Name: i18n.T("active", "進行中"), Value: "active"},
					{Name: i18n.T("finished", "終了"), Value: "finished"},
					{Name: i18n.T("damaged", "破損"), Value: "damaged"},
					{Name: i18n.T("abandoned", "放棄"), Value: "abandoned"},
				},
			}, {
				Name:        "guild",
				Description: i18n.T("Only games of this server (its ID)", "このサーバー (ID) のゲームのみ"),
				Type:        String,
			}},
			Handler: b.adminGames,
		}},
	})
}

// isOperator says whether the user runs the bot itself. A backup holds
// every guild's games, with the secret seeds of running ones, so it is the
// operator's, not a guild's: whoever sits at the console, or on Discord a
// user the adapter marks as operator (RTRBOT_OPERATORS, docs/discord.md).
func isOperator(req *Request) bool {
	return req.User.Operator || req.Guild == "console" && strings.HasPrefix(req.User.ID, "console:")
}

func (b *Bot) adminBackup(ctx context.Context, req *Request) *Response {
	if !isOperator(req) {
		return Private(req.T(
			"Only the bot's operator can make a backup: it holds every server's games. Ask whoever runs the bot.",
			"バックアップを作れるのはボットの運営者だけです (全サーバーのゲームを含むため)。ボットを動かしている人に依頼してください。"))
	}
	if b.admin == nil {
		return Private(req.T("There is no database to back up.", "バックアップするデータベースがありません。"))
	}
	path, size, err := b.admin.Backup(ctx)
	if err != nil {
		b.Log.Error("backup failed", "err", err)
		return Private(i18n.Sprintf(i18n.T("The backup failed: %v. The database itself is unchanged.",
			"バックアップに失敗しました: %v。データベース自体は変更されていません。"), err).In(req.Lang))
	}
	return Private(i18n.Sprintf(i18n.T(
		"Backup written: %s (%s). It is the whole database as it stood at one moment; to restore, stop the bot and put this file in place of %s.",
		"バックアップを書き出しました: %s (%s)。ある瞬間のデータベース全体です。復元するにはボットを止め、このファイルを %s の代わりに置いてください。"),
		path, humanSize(size), b.admin.File()).In(req.Lang))
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

func (b *Bot) adminCheck(ctx context.Context, req *Request) *Response {
	if !isOperator(req) {
		return Private(req.T(
			"Only the bot's operator can check every game: it covers every server. Ask whoever runs the bot.",
			"全ゲームの確認ができるのはボットの運営者だけです (全サーバーが対象のため)。ボットを動かしている人に依頼してください。"))
	}
	if b.admin == nil || !b.admin.CanReplay() {
		return Private(req.T("There is no database or no map, so no game can be checked.", "データベースかマップがないため、ゲームを確認できません。"))
	}
	full, _ := strconv.ParseBool(strings.TrimSpace(req.Opt("full")))
	res, err := b.admin.Check(ctx, full)
	if err != nil {
		return Private(i18n.Sprintf(i18n.T("The check stopped: %v.", "確認が中断しました: %v。"), err).In(req.Lang))
	}
	// Every damaged game is named: those this check found, and those
	// marked earlier (at start-up, on loading, by another check), which
	// no longer count as active.
	found := map[int64]string{}
	var failed []string // could not be checked, for another reason
	for _, c := range res {
		switch {
		case c.Damaged:
			found[c.Game] = i18n.Message(c.Err, req.Lang)
		case c.Err != nil:
			failed = append(failed, i18n.Sprintf(i18n.T("- game #%d could not be checked: %v", "- ゲーム #%d は確認できませんでした: %v"), c.Game, c.Err).In(req.Lang))
		}
	}
	damaged, err := b.admin.Damaged(ctx)
	if err != nil {
		return Private(i18n.Sprintf(i18n.T("The check stopped: %v.", "確認が中断しました: %v。"), err).In(req.Lang))
	}
	var lines []string
	for i := len(damaged) - 1; i >= 0; i-- { // oldest first
		g := damaged[i]
		if msg, ok := found[g.ID]; ok {
			lines = append(lines, "- "+msg)
			delete(found, g.ID)
			continue
		}
		note := g.Damage
		if note == "" {
			note = i18n.Sprintf(i18n.T("Game #%d (guild %s, channel %s) is damaged.", "ゲーム #%d (サーバー %s、チャンネル %s) は破損しています。"), g.ID, g.Guild, g.Channel).In(req.Lang)
		}
		lines = append(lines, "- "+note+req.T(" (marked earlier)", " (以前に記録)"))
	}
	for _, msg := range found { // found, but not (or no longer) marked
		lines = append(lines, "- "+msg)
	}
	lines = append(lines, failed...)
	how := i18n.T("from their last saved states", "最後の保存状態から")
	if full {
		how = i18n.T("from their start, every saved state checked", "最初から、全保存状態を照合")
	}
	nFound := 0
	for _, c := range res {
		if c.Err != nil {
			nFound++
		}
	}
	if len(lines) == 0 {
		return Private(i18n.Sprintf(i18n.T("Checked %d active games (%s): every one replays. No game is damaged.",
			"進行中のゲーム %d 件を確認しました (%s)。すべて正常に再生できます。破損したゲームはありません。"),
			len(res), how.In(req.Lang)).In(req.Lang))
	}
	head := i18n.Sprintf(i18n.T("Checked %d active games (%s): %d replay, %d do not (now marked damaged and kept as they are).",
		"進行中のゲーム %d 件を確認しました (%s)。%d 件は正常に再生でき、%d 件はできません (破損として記録し、そのまま保存しました)。"),
		len(res), how.In(req.Lang), len(res)-nFound, nFound).In(req.Lang)
	count := i18n.Sprintf(i18n.T("Damaged games: %d. They take no orders until mended; the other games go on.",
		"破損したゲーム: %d 件。修復するまで命令を受け付けません。他のゲームは続行できます。"), len(damaged)).In(req.Lang)
	mend := req.T("To mend one: /admin repair game:N brings back a game whose orders are sound and only whose saved states are bad. Otherwise a referee who plays neither side gives /game export in its channel (the file notes the fault), mends the file, then /game abandon and /game import the mended file.",
		"修復するには: 命令が健全で保存状態だけが壊れているゲームは /admin repair game:N で復旧できます。それ以外は、どちらの陣営もプレイしていない審判がそのチャンネルで /game export し (ファイルに破損内容が記されます)、ファイルを直してから /game abandon し、直したファイルを /game import します。")
	return Private(head + "\n" + count + "\n" + strings.Join(lines, "\n") + "\n" + mend)
}

func (b *Bot) adminRepair(ctx context.Context, req *Request) *Response {
	if !isOperator(req) {
		return Private(req.T(
			"Only the bot's operator can repair games. Ask whoever runs the bot.",
			"ゲームを修復できるのはボットの運営者だけです。ボットを動かしている人に依頼してください。"))
	}
	if b.admin == nil || !b.admin.CanReplay() {
		return Private(req.T("There is no database or no map, so no game can be repaired.", "データベースかマップがないため、ゲームを修復できません。"))
	}
	id, _ := strconv.ParseInt(strings.TrimSpace(req.Opt("game")), 10, 64)
	n, err := b.admin.Repair(ctx, id, req.User.ID)
	if err != nil {
		return Private(i18n.Sprintf(i18n.T(
			"Game #%d was not repaired: %s\nIf its orders themselves are wrong, export it, mend the file, abandon the game and import the file.",
			"ゲーム #%d は修復されませんでした: %s\n命令自体に誤りがある場合は、エクスポートしてファイルを直し、ゲームを放棄してからファイルを取り込んでください。"),
			id, i18n.Message(err, req.Lang)).In(req.Lang))
	}
	return Private(i18n.Sprintf(i18n.T(
		"Game #%d is active again: its orders replay to every saved state; %s rebuilt from the orders.",
		"ゲーム #%d は再開できます。命令はすべての保存状態まで再生でき、保存状態 %sを命令から作り直しました。"), id, i18n.Count(n, "saved state", "saved states", "件")).In(req.Lang))
}

// adminGamesShown bounds the listing, to stay within one Discord message.
const adminGamesShown = 20

func (b *Bot) adminGames(ctx context.Context, req *Request) *Response {
	if !isOperator(req) {
		return Private(req.T(
			"Only the bot's operator can list every game. Ask whoever runs the bot.",
			"全ゲームの一覧を見られるのはボットの運営者だけです。ボットを動かしている人に依頼してください。"))
	}
	if b.admin == nil {
		return Private(req.T("There is no database.", "データベースがありません。"))
	}
	games, err := b.admin.Games(ctx, strings.TrimSpace(req.Opt("guild")), req.Opt("status"))
	if err != nil {
		return Private(i18n.Sprintf(i18n.T("The games cannot be listed: %v.", "ゲーム一覧を取得できません: %v。"), err).In(req.Lang))
	}
	if len(games) == 0 {
		return Private(req.T("No game matches.", "該当するゲームはありません。"))
	}
	var b2 strings.Builder
	fmt.Fprintf(&b2, "%s\n", i18n.Sprintf(i18n.T("%s, newest first:", "%s (新しい順):"), i18n.Count(len(games), "game", "games", "件")).In(req.Lang))
	for i, g := range games {
		if i == adminGamesShown {
			fmt.Fprintf(&b2, "%s\n", i18n.Sprintf(i18n.T("… and %d more (narrow with status: or guild:).", "…ほか %d 件 (status: か guild: で絞り込めます)。"), len(games)-i).In(req.Lang))
			break
		}
		if g.Problem != nil {
			fmt.Fprintf(&b2, "#%d %s\n", g.ID, i18n.Message(g.Problem, req.Lang))
			continue
		}
		fmt.Fprintf(&b2, "#%d %s · %s/%s · %s · %s · %s\n", g.ID, g.Scenario, g.Guild, g.Channel, g.Status.In(req.Lang),
			i18n.Sprintf(i18n.T("%s", "命令 %s"), i18n.Count(int(g.Orders), "order", "orders", "件")).In(req.Lang), g.Updated.UTC().Format("2006-01-02 15:04Z"))
	}
	return Private(strings.TrimRight(b2.String(), "\n"))
}

func (b *Bot) adminDelete(ctx context.Context, req *Request) *Response {
	if !isOperator(req) {
		return Private(req.T(
			"Only the bot's operator can delete a game. Ask whoever runs the bot; a referee can /game abandon a game instead.",
			"ゲームを削除できるのはボットの運営者だけです。ボットを動かしている人に依頼してください (審判は /game abandon で放棄できます)。"))
	}
	if b.admin == nil {
		return Private(req.T("There is no database, so no game to delete.", "データベースがないため、削除するゲームはありません。"))
	}
	id, _ := strconv.ParseInt(strings.TrimSpace(req.Opt("game")), 10, 64)
	path, err := b.admin.Delete(ctx, id)
	if err != nil {
		return Private(i18n.Sprintf(i18n.T("Game #%d was not deleted: %v", "ゲーム #%d は削除されませんでした: %v"), id, err).In(req.Lang))
	}
	b.Log.Info("game deleted by the operator", "game", id, "by", req.User.ID, "backup", path)
	return Private(i18n.Sprintf(i18n.T("Game #%d is deleted. Its file was written first: %s (/game import brings it back).",
		"ゲーム #%d を削除しました。先にファイルを書き出しています: %s (/game import で戻せます)。"), id, path).In(req.Lang))
}
