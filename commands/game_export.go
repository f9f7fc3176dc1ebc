package commands

import (
	"context"
	"fmt"
	"os"
	"strings"

	"rtrbot/engine/game"
	"rtrbot/engine/units"
	"rtrbot/games"
	"rtrbot/i18n"
)

// /game export and /game import: a game as a readable file (db/gamefile:
// scenario, options, seed, every order with author and time, hash checks)
// and back. The seed predicts every die, so while a game runs its export
// goes only to a referee who does not play in it, privately; after the
// game ends anyone may have it and check every roll (games/start.go
// decides).

func (b *Bot) registerExport(r *Router) {
	r.AddSub("game", &Command{
		Name: "export", Slow: true,
		Description: i18n.T("The game as a readable file (orders, options, seed: to the referee only while it runs)",
			"ゲームを読めるファイルで出力 (命令、オプション、シード: 進行中は審判のみ)"),
		Handler: b.export,
	}, &Command{
		Name: "import", Slow: true,
		Description: i18n.T("Restore a game from an export file here: it is replayed to the same state", "エクスポートファイルからゲームをここに復元 (同じ状態まで再生)"),
		Options: []Option{
			{Name: "attachment", Description: i18n.T("the export file", "エクスポートファイル"), Type: Attachment},
			{Name: "file", Description: i18n.T("path of the file (console only)", "ファイルのパス (コンソールのみ)"), Type: String},
		},
		Handler: b.importGame,
	})
}

func (b *Bot) export(ctx context.Context, req *Request) *Response {
	x, err := b.games.Export(ctx, req.Actor(), where(req))
	if err != nil {
		return gameFail(req, err)
	}
	file := File{Name: fmt.Sprintf("rtrbot-game-%d.txt", x.ID), ContentType: "text/plain; charset=utf-8", Data: x.Data}
	switch {
	case x.Damaged:
		return Private(fmt.Sprintf(req.T(
			"Damaged game #%d as a file (its fault is noted in the comments): mend it, /game abandon this one, and /game import the mended file.",
			"破損したゲーム #%d のファイル (不具合はコメントに記載)。修正し、このゲームを /game abandon して、修正したファイルを /game import してください。"), x.ID)).WithFile(file)
	case x.Finished:
		return Private(fmt.Sprintf(req.T("Game #%d (%s) as a file.", "ゲーム #%d (%s) のファイル。"), x.ID, x.Status.Text().In(req.Lang))).WithFile(file)
	}
	r := Private(fmt.Sprintf(req.T("Game #%d as a file: import it elsewhere with /game import.",
		"ゲーム #%d のファイル。/game import で他の場所に取り込めます。"), x.ID)).WithFile(file)
	// A running game's file holds its dice seed: who took it is said in the
	// game's thread (a referee act).
	if g := b.games.Peek(ctx, req.Channel); g != nil && g.ID == x.ID && g.Channel != "" {
		r.Add(Message{Target: g.Channel, Text: fmt.Sprintf(req.T(
			"%s, a referee who plays neither side, exported game #%d (its file holds the dice seed).",
			"両陣営をプレイしていない審判 %s がゲーム #%d をエクスポートしました (ファイルにはダイスのシードが含まれます)。"), req.User.Name, x.ID)})
	}
	return r
}

func (b *Bot) importGame(ctx context.Context, req *Request) *Response {
	g, err := b.games.Import(ctx, req.Actor(), where(req), req.Now, func() ([]byte, error) {
		switch {
		case len(req.Files["attachment"]) > 0:
			return req.Files["attachment"], nil
		case req.Has("file") && req.Guild == "console":
			data, err := os.ReadFile(req.Opt("file"))
			if err != nil {
				return nil, i18n.Errorf("Cannot read %s: %v.", "%s を読めません: %v。", req.Opt("file"), err)
			}
			return data, nil
		case req.Has("file"):
			return nil, i18n.Errorf("file: works only in the local console; attach the export file instead.",
				"file: はローカルコンソール専用です。エクスポートファイルを添付してください。")
		}
		return nil, i18n.Errorf("Attach the export file (attachment:), or in the console give file:PATH.",
			"エクスポートファイルを添付するか (attachment:)、コンソールでは file:PATH を指定してください。")
	})
	if err != nil {
		return gameFail(req, err)
	}
	msg := fmt.Sprintf(req.T("Game imported as #%d: %s replayed to the same state as the file.\n%s",
		"ゲーム #%d として取り込みました: 命令 %sをファイルと同じ状態まで再生しました。\n%s"),
		g.ID, i18n.Count(len(g.Orders), "order", "orders", "件").In(req.Lang), statusLine(g.State, req.Lang))
	switch {
	case g.Practice():
		msg += "\n" + fmt.Sprintf(req.T("Practice game: its seed %s is public and goes on; it is never rated.",
			"練習ゲーム: シード %s は公開済みで、そのまま続きます。レーティングには数えません。"), g.PracticeSeed())
	case g.State.Step != game.GameOver:
		msg += "\n" + fmt.Sprintf(req.T(
			"The file's dice key decides no die again: from roll #%d the dice come from a new secret key, commitment %s (docs/dice.md).",
			"ファイルのダイスの鍵が再びダイスを決めることはありません。ダイス #%d からは新しい秘密の鍵で振ります。コミットメント %s (docs/dice.md)。"), g.State.Dice.Rolls+1, g.State.Commitment())
	}
	var named, computers []string
	for _, side := range []units.Side{units.German, units.Allied} {
		for _, id := range g.Proposals(side) {
			if games.IsBot(id) { // named as the reader names the computer, never by its seat ID
				computers = append(computers, fmt.Sprintf(req.T("the %s side by %s", "%s側を%s"), side.Name().In(req.Lang), seatName(games.Player{UserID: id, Name: id}, req.Lang)))
				continue
			}
			named = append(named, games.MentionOf(id, "")+" ("+side.Name().In(req.Lang)+")")
		}
	}
	if len(named) > 0 {
		msg += "\n" + fmt.Sprintf(req.T(
			"The file seats nobody. It names %s: each confirms his seat with /game join side:SIDE; until then nobody gives orders.",
			"ファイルでは誰も着席しません。ファイルに記載されたプレイヤー %s は、それぞれ /game join side:陣営 で自分の席を確定してください。それまで誰も命令できません。"), strings.Join(named, ", "))
	}
	if len(computers) > 0 {
		msg += "\n" + fmt.Sprintf(req.T(
			"The file's game played %s: an import does not seat the computer again. A person takes that side from a referee who plays neither side (/game replace player:SIDE by:).",
			"ファイルの対局では%s がプレイしていました。取り込みでコンピュータが再び着席することはありません。その陣営は、両陣営をプレイしていない審判から人が受け継ぎます (/game replace player:陣営 by:)。"), strings.Join(computers, req.T("; ", "、")))
	}
	return Reply(msg)
}
