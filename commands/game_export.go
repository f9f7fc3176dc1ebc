package commands

import (
	"context"
	"fmt"
	"os"

	"rtrbot/db"
	"rtrbot/db/enginereplay"
	"rtrbot/engine/game"
	"rtrbot/i18n"
)

// /game export and /game import (issue 6, 8): a game as a readable file
// (db/gamefile: scenario, options, seed, every order with author and time,
// hash checks) and back. The seed predicts every die, so while a game runs
// its export goes only to a referee, privately; after the game ends anyone
// may have it and check every roll.

func (t *table) exportCommand() *Command {
	return &Command{
		Name: "export", Slow: true,
		Description: i18n.T("The game as a readable file (orders, options, seed: to the referee only while it runs)", "ゲームを読めるファイルで出力 (命令、オプション、シード: 進行中は審判のみ)"),
		Handler: func(ctx context.Context, req *Request) *Response {
			t.mu.Lock()
			g, fail := t.find(ctx, req)
			var d *running
			if fail != nil {
				d = t.damaged(ctx, req)
			}
			t.mu.Unlock()
			if d != nil { // a damaged game: its referee exports it to mend it
				if r := t.refereeOnly(req, d, req.T("export a damaged game", "破損したゲームのエクスポート")); r != nil {
					return r
				}
				data, err := t.b.Store.Export(ctx, d.ID)
				if err != nil {
					return Fail(req, err)
				}
				return Private(fmt.Sprintf(req.T("Damaged game #%d as a file (its fault is noted in the comments): mend it, /game abandon this one, and /game import the mended file.",
					"破損したゲーム #%d のファイル (不具合はコメントに記載)。修正し、このゲームを /game abandon して、修正したファイルを /game import してください。"), d.ID)).
					WithFile(File{Name: fmt.Sprintf("rtrbot-game-%d.txt", d.ID), ContentType: "text/plain; charset=utf-8", Data: data})
			}
			if fail != nil {
				return t.exportFinished(ctx, req, fail)
			}
			return t.export(ctx, req, g)
		},
	}
}

func (t *table) export(ctx context.Context, req *Request, g *running) *Response {
	if g.ID == 0 {
		return Private(req.T("This game is not stored (the bot runs without a database): /game orders and /game position give what it has.",
			"このゲームは保存されていません (ボットがデータベースなしで動作中)。/game orders と /game position を使ってください。"))
	}
	if g.State.Step != game.GameOver && g.Status == db.Active {
		if r := t.refereeOnly(req, g, req.T("export a running game (its file holds the seed, which predicts every die)", "進行中のゲームのエクスポート (ファイルには全ダイスを予言できるシードが含まれます)")); r != nil {
			return r
		}
		if _, plays := g.sideOf(req.User.ID); plays {
			return Private(req.T("You play in this game, and its file holds the seed, which would tell you every die to come: a running game is exported by a referee who does not play, and by anyone once it is over.",
				"あなたはこのゲームのプレイヤーです。ファイルには今後の全ダイスがわかるシードが含まれるため、進行中のゲームをエクスポートできるのはプレイしていない審判だけです (終了後は誰でも可)。"))
		}
	}
	data, err := t.b.Store.Export(ctx, g.ID)
	if err != nil {
		return Fail(req, err)
	}
	return Private(fmt.Sprintf(req.T("Game #%d as a file: import it elsewhere with /game import.", "ゲーム #%d のファイル。/game import で他の場所に取り込めます。"), g.ID)).
		WithFile(File{Name: fmt.Sprintf("rtrbot-game-%d.txt", g.ID), ContentType: "text/plain; charset=utf-8", Data: data})
}

// exportFinished exports the newest finished game of the channel, which
// anyone may have (the seed no longer predicts anything).
func (t *table) exportFinished(ctx context.Context, req *Request, fail *Response) *Response {
	if t.b.Store == nil {
		return fail
	}
	list, err := t.b.Store.ListGames(ctx, db.Filter{Guild: req.Guild})
	if err != nil {
		return fail
	}
	for _, l := range list {
		if l.Problem == nil && l.Channel == req.Channel && (l.Status == db.Finished || l.Status == db.Abandoned) {
			data, err := t.b.Store.Export(ctx, l.ID)
			if err != nil {
				return Fail(req, err)
			}
			return Private(fmt.Sprintf(req.T("Game #%d (%s) as a file.", "ゲーム #%d (%s) のファイル。"), l.ID, l.Status.Text().In(req.Lang))).
				WithFile(File{Name: fmt.Sprintf("rtrbot-game-%d.txt", l.ID), ContentType: "text/plain; charset=utf-8", Data: data})
		}
	}
	return fail
}

func (t *table) importCommand() *Command {
	return &Command{
		Name: "import", Slow: true,
		Description: i18n.T("Restore a game from an export file here: it is replayed to the same state", "エクスポートファイルからゲームをここに復元 (同じ状態まで再生)"),
		Options: []Option{
			{Name: "attachment", Description: i18n.T("the export file", "エクスポートファイル"), Type: Attachment},
			{Name: "file", Description: i18n.T("path of the file (console only)", "ファイルのパス (コンソールのみ)"), Type: String},
		},
		Handler: func(ctx context.Context, req *Request) *Response { return t.importGame(ctx, req) },
	}
}

func (t *table) importGame(ctx context.Context, req *Request) *Response {
	if t.b.Store == nil || t.b.Map == nil {
		return Private(req.T("Importing needs the database and the map.", "取り込みにはデータベースとマップが必要です。"))
	}
	var data []byte
	switch {
	case len(req.Files["attachment"]) > 0:
		data = req.Files["attachment"]
	case req.Has("file") && req.Guild == "console":
		b, err := os.ReadFile(req.Opt("file"))
		if err != nil {
			return Private(fmt.Sprintf(req.T("Cannot read %s: %v.", "%s を読めません: %v。"), req.Opt("file"), err))
		}
		data = b
	case req.Has("file"):
		return Private(req.T("file: works only in the local console; attach the export file instead.", "file: はローカルコンソール専用です。エクスポートファイルを添付してください。"))
	default:
		return Private(req.T("Attach the export file (attachment:), or in the console give file:PATH.", "エクスポートファイルを添付するか (attachment:)、コンソールでは file:PATH を指定してください。"))
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	if g, _ := t.lookup(ctx, req.Guild, req.Channel); g != nil {
		return Private(req.T("A game is running in this channel: import into another channel or thread, or abandon it first.",
			"このチャンネルではゲームが進行中です。別のチャンネルかスレッドに取り込むか、先に放棄してください。"))
	}
	row, err := t.b.Store.Import(ctx, enginereplay.Replayer{Map: t.b.Map}, data, db.ImportTo{Guild: req.Guild, Channel: req.Channel, By: req.User.ID})
	if err != nil {
		return Fail(req, err)
	}
	g, err := t.load(ctx, row.ID)
	if err != nil {
		return Private(loadError(err, req.Lang))
	}
	t.cache(req.Channel, g)
	return Reply(fmt.Sprintf(req.T("Game imported as #%d: %d orders replayed to the same state (hash %s).\n%s", "ゲーム #%d として取り込みました: 命令 %d 件を同じ状態まで再生 (ハッシュ %s)。\n%s"),
		row.ID, len(g.Orders), g.State.Hash(), statusLine(g.State, req.Lang)))
}
