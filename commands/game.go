package commands

import (
	"context"

	"fmt"
	"os"
	"rtrbot/db"
	"rtrbot/db/enginereplay"
	"sort"
	"strconv"
	"strings"

	"rtrbot/engine/game"
	"rtrbot/engine/hex"
	"rtrbot/engine/scenario"
	"rtrbot/engine/units"
	"rtrbot/i18n"
)

var replaceOpt = Option{Name: "replace", Description: i18n.T("replace the game running in this channel", "このチャンネルで進行中のゲームを置き換える"), Type: Boolean}

// busy refuses to start a game over a running one unless replace:true,
// which only a referee of the running game may give (it abandons it).
func busy(t *table, req *Request) *Response {
	g := t.get(req.Channel)
	if g == nil || g.State.Step == game.GameOver {
		return nil
	}
	if req.Chat != nil && g.Channel != req.Channel && g.Meta["thread:parent"] == req.Channel {
		return nil // the running game has a thread of its own: the new one gets another
	}
	if req.Opt("replace") != "true" {
		return Private(fmt.Sprintf(req.T("A game is running in this channel (%s, %d orders); add replace:true to abandon it and start another.",
			"このチャンネルでゲームが進行中です (%s、命令 %d 件)。破棄して新しく始めるには replace:true を付けてください。"), g.State.Turn, len(g.Orders)))
	}
	return t.refereeOnly(req, g, req.T("replace the running game", "進行中のゲームの置き換え"))
}

// retire abandons the channel's running game, if any, once its
// replacement is ready (busy has checked that the asker may).
func retire(t *table, req *Request) *Response {
	t.mu.Lock()
	defer t.mu.Unlock()
	g, _ := t.lookup(context.Background(), req.Guild, req.Channel)
	if g == nil || g.State.Step == game.GameOver || g.Status != db.Active {
		if g != nil {
			t.drop(g)
		}
		return nil
	}
	if g.Channel != req.Channel && g.Meta["thread:parent"] == req.Channel {
		return nil // it goes on in its own thread
	}
	if r := t.setStatus(req, g, db.Abandoned); r.Messages[0].Ephemeral {
		return r
	}
	return nil
}

// registerGame registers /game and the orders (issues 4, 5, 8).
func (b *Bot) registerGame(r *Router) {
	t := newTable(b)
	b.games = t // for /map (mapimage.go)
	unit := func(desc i18n.Text) Option {
		return Option{Name: "unit", Description: desc, Type: String, Required: true, Autocomplete: true}
	}
	hexOpt := func(name string, desc i18n.Text, req bool) Option {
		return Option{Name: name, Description: desc, Type: String, Required: req}
	}
	complete := func(ctx context.Context, req *Request, focused string) []Choice {
		g := t.get(req.Channel)
		if g == nil || !g.canSee(req, g.State.ToMove()) {
			return nil // only the side to move's players are offered its units
		}
		prefix := strings.ToUpper(req.Opt(focused))
		var out []Choice
		if focused == "to" { // the chosen unit's legal destinations, with their cost
			return destinationChoices(g.State, req, prefix)
		}
		for _, c := range g.State.Actors() {
			if strings.HasPrefix(c.ID, prefix) {
				out = append(out, Choice{Name: i18n.T(c.Label(), c.Label()), Value: c.ID})
				if len(out) == 25 {
					break
				}
			}
		}
		return out
	}
	r.Add(&Command{
		Name:        "game",
		Description: i18n.T("Start, load and inspect a game in this channel", "このチャンネルのゲームの開始・読込・確認"),
		Sub: append([]*Command{
			{
				Name: "new", Slow: true, // it may open a thread on Discord
				Description: i18n.T("Start a hot-seat game: setup, Allies first (17.1)", "ホットシートのゲームを開始 (初期配置は連合軍から, 17.1)"),
				Options: []Option{
					{Name: "scenario", Description: i18n.T("standard (Aug II - Sep IV) or extended (Aug II - Nov IV)", "standard (8月II～9月IV) か extended (8月II～11月IV)"), Type: String,
						Choices: []Choice{{Name: i18n.T("standard", "標準"), Value: "standard"}, {Name: i18n.T("extended", "延長"), Value: "extended"}}},
					{Name: "seed", Description: i18n.T("the game's random seed (default: from the clock)", "乱数シード (既定: 時刻から)"), Type: Integer},
					{Name: "options", Description: i18n.T("scenario options, e.g. 18.1(10) 18.2(14)", "シナリオオプション (例: 18.1(10) 18.2(14))"), Type: String},
					replaceOpt,
				},
				Handler: func(ctx context.Context, req *Request) *Response { return b.gameNew(t, req) },
			},
			{
				Name:        "load",
				Description: i18n.T("Start a sandbox game from a position file (docs/positions.md)", "局面ファイルからサンドボックスゲームを開始 (docs/positions.md)"),
				Options: []Option{
					{Name: "file", Description: i18n.T("path of the position file (console only)", "局面ファイルのパス (コンソールのみ)"), Type: String},
					{Name: "attachment", Description: i18n.T("the position file", "局面ファイル"), Type: Attachment},
					replaceOpt,
				},
				Handler: func(ctx context.Context, req *Request) *Response { return b.gameLoad(t, req) },
			},
			{
				Name:        "options",
				Description: i18n.T("The scenario options (18.x) and optional rules (16.x) the engine plays", "使用できるシナリオオプション (18.x) と選択ルール (16.x)"),
				Handler: func(ctx context.Context, req *Request) *Response {
					var codes []string
					for k := range game.Supported {
						codes = append(codes, k)
					}
					sort.Slice(codes, func(i, j int) bool { return naturalLess(codes[i], codes[j]) })
					var b strings.Builder
					b.WriteString(req.T("Options for /game new options:... (several separated by spaces):\n", "/game new options:... に指定できるオプション (空白区切りで複数可):\n"))
					for _, k := range codes {
						fmt.Fprintf(&b, "%s — %s\n", k, game.Supported[k].In(req.Lang))
					}
					return Private(strings.TrimRight(b.String(), "\n"))
				},
			},
			{
				Name:        "status",
				Description: i18n.T("Turn, step, side to move, VP and what to do next", "ターン、手順、手番、VP、次にすること"),
				Handler:     func(ctx context.Context, req *Request) *Response { return gameStatus(t, req) },
			},
			{
				Name:        "setup",
				Description: i18n.T("Complete the side's setup with the default placement", "手番側の初期配置を既定配置で完了"),
				Handler: func(ctx context.Context, req *Request) *Response {
					return order(t, req, game.Order{Verb: game.AutoSetup})
				},
			},
			{
				Name:        "check",
				Description: i18n.T("Would this order be legal now? The engine's answer and its reason", "この命令は今合法か? エンジンの判定と理由"),
				Options:     []Option{{Name: "order", Description: i18n.T("an order in its text form, e.g. german move G-III 3023", "命令の文字列 (例: german move G-III 3023)"), Type: String, Required: true, Text: true}},
				Handler:     func(ctx context.Context, req *Request) *Response { return gameCheck(t, req) },
			},
			{
				Name:        "position",
				Description: i18n.T("The current position in the text format of docs/positions.md", "現局面を docs/positions.md の形式で表示"),
				Handler:     func(ctx context.Context, req *Request) *Response { return gamePosition(t, req) },
			},
			{
				Name:        "orders",
				Description: i18n.T("Every order of this game, in their stored text form", "このゲームの全命令 (保存形式)"),
				Handler:     func(ctx context.Context, req *Request) *Response { return gameOrders(t, req) },
			},
		}, t.playCommands()...),
	})
	r.Add(&Command{
		Name: "place", Description: i18n.T("Setup: place a unit (17.2-17.5)", "初期配置: ユニットを配置 (17.2-17.5)"),
		Options:  []Option{unit(i18n.T("unit to place, e.g. F-XX", "配置するユニット (例: F-XX)")), hexOpt("hex", i18n.T("hex XXYY", "ヘクス XXYY"), true)},
		Complete: complete,
		Handler: func(ctx context.Context, req *Request) *Response {
			return unitOrder(t, req, game.Place, "hex")
		},
	})
	r.Add(&Command{
		Name: "move", Description: i18n.T("Move a unit (8.0): the cheapest path, or via hexes you give", "ユニットを移動 (8.0): 最小コスト経路、または経由ヘクス指定"),
		Options: []Option{unit(i18n.T("unit to move", "移動するユニット")), destOpt(i18n.T("destination hex XXYY", "移動先ヘクス XXYY")),
			hexOpt("via", i18n.T("hexes to pass through, in order, e.g. 3024 3023", "経由ヘクス (順に、例: 3024 3023)"), false)},
		Complete: complete,
		Handler: func(ctx context.Context, req *Request) *Response {
			return unitOrder(t, req, game.Move, "via", "to")
		},
	})
	r.Add(&Command{
		Name: "moves", Description: i18n.T("Where a unit can move now, with the cost of each hex", "ユニットの移動可能先とコスト"),
		Options:  []Option{unit(i18n.T("unit", "ユニット"))},
		Complete: complete,
		Handler:  func(ctx context.Context, req *Request) *Response { return unitMoves(t, req) },
	})
	r.Add(&Command{
		Name: "rail", Description: i18n.T("Rail movement (8.5): first impulse, own territory, 5 German / 4 Allied a turn", "鉄道移動 (8.5): 第1インパルス、自国領内、独5/連合4"),
		Options:  []Option{unit(i18n.T("unit to move by rail", "鉄道移動するユニット")), destOpt(i18n.T("destination hex XXYY", "移動先ヘクス XXYY"))},
		Complete: complete,
		Handler: func(ctx context.Context, req *Request) *Response {
			return unitOrder(t, req, game.Rail, "to")
		},
	})
	reorg := func(name string, verb game.Verb, desc i18n.Text, extra ...Option) *Command {
		return &Command{Name: name, Description: desc, Options: append([]Option{unit(i18n.T("unit", "ユニット"))}, extra...), Complete: complete,
			Handler: func(ctx context.Context, req *Request) *Response { return unitOrder(t, req, verb) }}
	}
	r.Add(&Command{
		Name: "reorg", Description: i18n.T("Reorganisation segment: split, merge, entrench (10.0, 13.0)", "再編成セグ: 分割・統合・塹壕 (10.0, 13.0)"),
		Sub: []*Command{
			reorg("split", game.Split, i18n.T("Break a corps into two divisions (10.0)", "軍団を師団2個に分割 (10.0)")),
			reorg("merge", game.Merge, i18n.T("Combine two divisions in one hex into a corps (10.0)", "同一ヘクスの師団2個を軍団に統合 (10.0)"),
				Option{Name: "with", Description: i18n.T("the other division", "もう一方の師団"), Type: String, Required: true, Autocomplete: true}),
			reorg("entrench", game.Entrench, i18n.T("Flip to the trench side (13.0)", "塹壕面に裏返す (13.0)")),
			reorg("mobile", game.Unentrench, i18n.T("Flip back to the mobile side (13.0)", "機動面に戻す (13.0)")),
		},
	})
	r.Add(&Command{
		Name: "reinforce", Description: i18n.T("Bring on a reinforcement (11.1); with no unit, all of them by default", "増援を登場させる (11.1)。unit 省略で全て自動"),
		Options: []Option{
			{Name: "unit", Description: i18n.T("reinforcement unit", "増援ユニット"), Type: String, Autocomplete: true},
			hexOpt("hex", i18n.T("entry hex XXYY", "登場ヘクス XXYY"), false),
		},
		Complete: complete,
		Handler: func(ctx context.Context, req *Request) *Response {
			if !req.Has("unit") {
				return order(t, req, game.Order{Verb: game.AutoReinforce})
			}
			return unitOrder(t, req, game.Reinforce, "hex")
		},
	})
	r.Add(&Command{
		Name: "remove", Description: i18n.T("Remove an own unit from an over-stacked hex (7.0)", "スタック超過ヘクスから自軍ユニットを除去 (7.0)"),
		Options: []Option{unit(i18n.T("unit to remove", "除去するユニット"))}, Complete: complete,
		Handler: func(ctx context.Context, req *Request) *Response { return unitOrder(t, req, game.Remove) },
	})
	r.Add(&Command{
		Name: "withdraw", Description: i18n.T("Send a unit to the Russian Front (11.7)", "ユニットをロシア戦線へ転進 (11.7)"),
		Options: []Option{unit(i18n.T("unit to withdraw", "転進するユニット"))}, Complete: complete,
		Handler: func(ctx context.Context, req *Request) *Response { return unitOrder(t, req, game.Withdraw) },
	})
	t.addCombatCommands(r, complete) // game_combat.go: /attack /retreat /bombard /abandon /recon
	r.Add(t.ordersCommand())         // orders_batch.go
	r.Add(t.undoCommand())           // game_undo.go
	var stepChoices []Choice
	for st := game.EventStep; st < game.GameOver; st++ {
		stepChoices = append(stepChoices, Choice{Name: st.Name(), Value: st.String()})
	}
	r.Add(&Command{
		Name: "end", Slow: true, Description: i18n.T("End the current phase or segment (3.0); until: ends each step in turn up to the one named", "現在のフェイズ/セグメントを終了 (3.0)。until: で指定の手順まで順に終了"),
		Options: []Option{{Name: "until", Description: i18n.T("stop when this step begins (each step is still ended by its own order)", "この手順が始まるまで終了を繰り返す (各手順ごとに終了命令を記録)"), Type: String, Choices: stepChoices}},
		Handler: func(ctx context.Context, req *Request) *Response {
			if !req.Has("until") {
				return order(t, req, game.Order{Verb: game.End})
			}
			return endUntil(t, req, req.Opt("until"))
		},
	})
	r.Add(&Command{
		Name: "units", Description: i18n.T("List units: the side to move's by default", "ユニット一覧 (既定: 手番側)"),
		Options: []Option{
			{Name: "side", Description: i18n.T("german or allied", "german か allied"), Type: String,
				Choices: []Choice{{Name: i18n.T("German", "独軍"), Value: "german"}, {Name: i18n.T("Allied", "連合軍"), Value: "allied"}}},
			hexOpt("hex", i18n.T("only this hex", "このヘクスのみ"), false),
		},
		Handler: func(ctx context.Context, req *Request) *Response { return listUnits(t, req) },
	})
}

func noGame(req *Request) *Response {
	return Private(req.T("There is no game in this channel: start one with /game new scenario:standard (or /game load file:PATH).",
		"このチャンネルにゲームはありません。/game new scenario:standard (または /game load file:PATH) で開始してください。"))
}

func (b *Bot) rules(req *Request, name string) (*game.Rules, *Response) {
	if b.Map == nil {
		return nil, Private(req.T("The map is not loaded, so no game can be played.", "マップが読み込まれていないため、ゲームはできません。"))
	}
	r, err := game.NewRules(b.Map, name)
	if err != nil {
		return nil, Fail(req, err)
	}
	return r, nil
}

func (b *Bot) gameNew(t *table, req *Request) *Response {
	if r := busy(t, req); r != nil {
		return r
	}
	name := req.Opt("scenario")
	if name == "" {
		name = "standard"
	}
	r, fail := b.rules(req, name)
	if fail != nil {
		return fail
	}
	seed := newSeed() // secret: only its commitment is shown (dice, 14.x)
	if req.Has("seed") {
		x, _ := strconv.ParseInt(req.Opt("seed"), 10, 64)
		seed = uint64(x)
	}
	opts := strings.Fields(req.Opt("options"))
	s, err := game.New(r, seed, opts)
	if err != nil {
		return Fail(req, err)
	}
	g := &running{State: s, Seed: seed, Options: opts, Guild: req.Guild, Channel: req.Channel, Creator: req.User.ID,
		Status: db.Active, SegStart: s, Meta: map[string]string{}}
	ctx := context.Background()
	// Threads hang under a channel, never under another thread: a game
	// started in a game's thread opens its thread beside it.
	parent := req.Channel
	if old := t.get(req.Channel); old != nil && req.Chat != nil {
		switch {
		case old.Meta["thread:german"] == req.Channel || old.Meta["thread:allied"] == req.Channel:
			return Private(req.T("This is a side's private thread: start a game in the channel or in a game's thread.", "ここは陣営の非公開スレッドです。ゲームはチャンネルかゲームのスレッドで開始してください。"))
		case old.Channel == req.Channel && old.Meta["thread:parent"] != "":
			parent = old.Meta["thread:parent"]
		}
	}
	if r := retire(t, req); r != nil {
		return r
	}
	if b.Store != nil {
		// On Discord each game gets a thread of its own under the channel.
		if req.Chat != nil {
			th, err := req.Chat.CreateThread(ctx, parent, fmt.Sprintf("%s — %s", i18n.T("Reinforce the Right!", "Reinforce the Right!").In(req.Lang), name), false, nil)
			if err != nil {
				b.Log.Error("creating a game thread", "channel", req.Channel, "err", err)
				return Private(fmt.Sprintf(req.T("The game's thread could not be opened (%v): check that the bot may create threads here.",
					"ゲーム用スレッドを作成できませんでした (%v)。ボットにスレッド作成権限があるか確認してください。"), err))
			}
			g.Channel, g.Meta["thread:parent"] = th, parent
		}
		row, err := b.Store.CreateGame(ctx, db.NewGame{Guild: req.Guild, Channel: g.Channel, Scenario: name,
			Options: enginereplay.Options(opts), Seed: enginereplay.SeedBytes(seed), CreatedBy: req.User.ID})
		if err != nil {
			return Fail(req, err)
		}
		g.ID = row.ID
		for k, v := range g.Meta {
			if err := b.Store.SetMeta(ctx, g.ID, k, v); err != nil {
				return Fail(req, err)
			}
		}
	}
	t.put(req.Channel, g)
	sc, _ := scenario.Get(name)
	msg := sc.Title.In(req.Lang) + "\n"
	if g.ID != 0 {
		msg += fmt.Sprintf(req.T("Game #%d. Dice commitment (SHA-256 of the secret seed, revealed at the end): %s\n",
			"ゲーム #%d。ダイスのコミットメント (秘密のシードの SHA-256、終了時に公開): %s\n"), g.ID, s.Commitment())
	}
	msg += req.T("Players: /game join side:german or side:allied (until someone joins, whoever types plays both sides). Options may be chosen secretly: /game choose, then /game confirm.\n",
		"プレイヤー: /game join side:german または side:allied (誰も参加していない間は入力した人が両軍を担当)。オプションは /game choose で秘密に選び、/game confirm で確定。\n")
	msg += req.T(
		"Setup (17.1): the Allies place first. /place unit:ID hex:XXYY for each unit, or /game setup to place all by the default; then /end. /units lists the units to place.",
		"初期配置 (17.1): 連合軍から。/place unit:ID hex:XXYY で1個ずつ、または /game setup で全て既定配置し、/end。/units で配置するユニットを一覧できます。")
	msg += "\n" + statusLine(s, req.Lang)
	if g.Channel != req.Channel {
		return Reply(fmt.Sprintf(req.T("%s: game #%d opened in <#%s>; play it there (commands given here go to the newest game opened here).", "%s: ゲーム #%d を <#%s> で開始しました。そちらでプレイしてください (ここでのコマンドは、ここで最後に開始したゲームに届きます)。"),
			sc.Title.In(req.Lang), g.ID, g.Channel)).Add(Message{Text: msg, Target: g.Channel})
	}
	return Reply(msg)
}

func (b *Bot) gameLoad(t *table, req *Request) *Response {
	if r := busy(t, req); r != nil {
		return r
	}
	var text []byte
	switch {
	case len(req.Files["attachment"]) > 0:
		text = req.Files["attachment"]
	case req.Has("file"):
		if req.Guild != "console" {
			return Private(req.T("file: reads a file on the bot's own machine and works only in the local console; attach the position file instead.",
				"file: はボットのマシン上のファイルを読むため、ローカルコンソール専用です。局面ファイルを添付してください。"))
		}
		data, err := os.ReadFile(req.Opt("file"))
		if err != nil {
			return Private(fmt.Sprintf(req.T("Cannot read %s: %v. Give the path of a position file (docs/positions.md).", "%s を読めません: %v。局面ファイル (docs/positions.md) のパスを指定してください。"), req.Opt("file"), err))
		}
		text = data
	default:
		return Private(req.T("Give the position: /game load file:PATH (console) or attach the file.", "局面を指定してください: /game load file:PATH (コンソール) またはファイルを添付。"))
	}
	if b.Map == nil {
		return Private(req.T("The map is not loaded, so no game can be played.", "マップが読み込まれていないため、ゲームはできません。"))
	}
	s, err := game.ParsePosition(b.Map, string(text))
	if err != nil {
		return Fail(req, err)
	}
	if r := retire(t, req); r != nil {
		return r
	}
	g := &running{State: s, Seed: s.Seed, Options: s.Options, Sandbox: true, Guild: req.Guild, Channel: req.Channel,
		Creator: req.User.ID, Status: db.Active, SegStart: s, Meta: map[string]string{}}
	if b.Store != nil {
		// Stored like a scenario game, its start being the position as
		// loaded (and a snapshot of it at seq 0), so that it survives a
		// restart.
		row, err := b.Store.CreateGame(context.Background(), db.NewGame{Guild: req.Guild, Channel: req.Channel,
			Scenario: s.Rules().Scenario.Name, Options: enginereplay.Options(s.Options), Seed: enginereplay.SeedBytes(s.Seed),
			CreatedBy: req.User.ID, Position: string(text),
			Start: &db.Snapshot{Label: enginereplay.Label(s), Hash: s.Hash(), State: []byte(s.Position())}})
		if err != nil {
			return Fail(req, err)
		}
		g.ID = row.ID
	}
	t.put(req.Channel, g)
	msg := req.T("Sandbox game loaded from the position.", "局面からサンドボックスゲームを読み込みました。")
	if g.ID != 0 {
		msg += " " + fmt.Sprintf(req.T("Game #%d, stored: it survives a restart.", "ゲーム #%d として保存しました (再起動後も続けられます)。"), g.ID)
	}
	return Reply(msg + "\n" + statusLine(s, req.Lang))
}

// unitOrder builds an order from the unit option, an optional "with" unit
// and hex options in the order given.
func unitOrder(t *table, req *Request, verb game.Verb, hexOpts ...string) *Response {
	o := game.Order{Verb: verb, Units: []string{strings.ToUpper(strings.TrimSpace(req.Opt("unit")))}}
	if req.Has("with") {
		o.Units = append(o.Units, strings.ToUpper(strings.TrimSpace(req.Opt("with"))))
	}
	for _, name := range hexOpts {
		for _, f := range strings.Fields(strings.ReplaceAll(req.Opt(name), ",", " ")) {
			h, err := hex.Parse(f)
			if err != nil {
				return Private(fmt.Sprintf("%s: %v", name, err))
			}
			o.Hexes = append(o.Hexes, h)
		}
	}
	return order(t, req, o)
}

func unitMoves(t *table, req *Request) *Response {
	g, fail := t.read(req)
	if fail != nil {
		return fail
	}
	s := g.State
	c, ok := s.Lookup(req.Opt("unit"))
	if !ok {
		return Private(fmt.Sprintf(req.T("There is no unit %q; /units lists them.", "ユニット %q はありません。/units で一覧できます。"), req.Opt("unit")))
	}
	if !g.canSee(req, c.Side()) {
		return Private(fmt.Sprintf(req.T("%s is not a unit of your side: you may ask only where your own units can go.", "%s は自軍のユニットではありません。移動先を調べられるのは自軍ユニットだけです。"), c.ID))
	}
	ds, err := s.Destinations(c)
	if err != nil {
		return Fail(req, err)
	}
	var b strings.Builder
	fmt.Fprintf(&b, req.T("%s can move to %d hexes (allowance %d MP):\n", "%s の移動可能先 %d ヘクス (移動力 %d MP):\n"), c.ID, len(ds), s.Allowance(c))
	byCost := map[int][]string{}
	var costs []int
	for _, d := range ds {
		if len(byCost[d.Cost]) == 0 {
			costs = append(costs, d.Cost)
		}
		byCost[d.Cost] = append(byCost[d.Cost], d.To.String())
	}
	sort.Ints(costs)
	for _, k := range costs {
		fmt.Fprintf(&b, "%d MP: %s\n", k, strings.Join(byCost[k], " "))
	}
	if rails, err := s.RailDestinations(c); err == nil && len(rails) > 0 {
		fmt.Fprintf(&b, req.T("By rail (8.5): %d hexes, e.g. %s\n", "鉄道 (8.5): %d ヘクス (例: %s)\n"), len(rails), joinHexes(rails, 12))
	}
	return Private(strings.TrimRight(b.String(), "\n"))
}

func joinHexes(hs []hex.Hex, max int) string {
	var s []string
	for i, h := range hs {
		if i == max {
			s = append(s, "…")
			break
		}
		s = append(s, h.String())
	}
	return strings.Join(s, " ")
}

func statusLine(s *game.State, l i18n.Lang) string {
	if s.Step == game.GameOver {
		w, lv, d := s.Result() // 15.1
		if lv == game.Draw {
			return i18n.T(fmt.Sprintf("Game over. VP: German %d, Allied %d: a draw (difference %d, 15.1).", s.VP[0], s.VP[1], d), fmt.Sprintf("ゲーム終了。VP: 独軍 %d、連合軍 %d: 引分け (差 %d, 15.1)。", s.VP[0], s.VP[1], d)).In(l)
		}
		return i18n.T(fmt.Sprintf("Game over. VP: German %d, Allied %d: %s %s (difference %d, 15.1).", s.VP[0], s.VP[1], w.Name().EN, lv.Name().EN, d), fmt.Sprintf("ゲーム終了。VP: 独軍 %d、連合軍 %d: %sの%s (差 %d, 15.1)。", s.VP[0], s.VP[1], w.Name().JA, lv.Name().JA, d)).In(l)
	}
	side := s.ToMove().Name()
	st := s.Step.Name()
	hint := stepHint(s)
	return i18n.T(fmt.Sprintf("▶ %s, %s: %s player to act. %s", s.Turn, st.EN, side.EN, hint.EN),
		fmt.Sprintf("▶ %s %s: %sの手番。%s", s.Turn.Japanese(), st.JA, side.JA, hint.JA)).In(l)
}

// stepHint says what the side to act can do in this step.
func stepHint(s *game.State) i18n.Text {
	switch {
	case s.Step == game.SetupStep:
		return i18n.T("(/place unit: hex:, or /game setup; then /end)", "(/place unit: hex: または /game setup、その後 /end)")
	case s.Step == game.Reinforcement && len(s.Dues) > 0:
		return i18n.T("(/reinforce, then /end)", "(/reinforce、その後 /end)")
	case s.Step.IsReorg():
		return i18n.T("(/reorg split|merge|entrench|mobile, then /end)", "(/reorg split|merge|entrench|mobile、その後 /end)")
	case s.Step.IsMovement():
		return i18n.T("(/moves unit:, /move, /rail, then /end)", "(/moves unit:、/move、/rail、その後 /end)")
	case s.Step.IsCombat():
		if len(s.PendingRetreats()) > 0 {
			return i18n.T("(/retreat unit: hex: for each unit that must retreat, 9.4)", "(退却するユニットごとに /retreat unit: hex:、9.4)")
		}
		return i18n.T("(/attack table: units: hex:, /bombard, then /end)", "(/attack table: units: hex:、/bombard、その後 /end)")
	}
	return i18n.T("(/end)", "(/end)")
}

func gameStatus(t *table, req *Request) *Response {
	g, fail := t.read(req)
	if fail != nil {
		return fail
	}
	s := g.State
	sc := s.Rules().Scenario
	var b strings.Builder
	fmt.Fprintf(&b, "%s\n%s\n", sc.Title.In(req.Lang), statusLine(s, req.Lang))
	fmt.Fprintf(&b, req.T("VP: German %d, Allied %d. Rail used this turn: German %d/5, Allied %d/4.\n", "VP: 独軍 %d、連合軍 %d。今ターン鉄道輸送: 独 %d/5、連合 %d/4。\n"), s.VP[0], s.VP[1], s.RailUsed[0], s.RailUsed[1])
	if s.Entrenching {
		b.WriteString(req.T("Entrenchment is allowed (13.0).\n", "塹壕構築可 (13.0)。\n"))
	}
	if len(s.Dues) > 0 {
		var d []string
		for _, x := range s.Dues {
			d = append(d, fmt.Sprintf("%s %s x%d", x.Nation, x.Type, x.DE))
		}
		fmt.Fprintf(&b, req.T("Reinforcements to place: %s (/reinforce).\n", "未登場の増援: %s (/reinforce)。\n"), strings.Join(d, ", "))
	}
	if actors := s.Actors(); len(actors) > 0 {
		fmt.Fprintf(&b, req.T("%d units may still act in this step (/units).\n", "このステップで行動可能なユニット: %d 個 (/units)。\n"), len(actors))
	}
	if !g.hotSeat() {
		for _, side := range []units.Side{units.German, units.Allied} {
			var names []string
			for _, p := range g.playersOf(side) {
				names = append(names, p.Name)
			}
			fmt.Fprintf(&b, req.T("%s: %s\n", "%s: %s\n"), side.Name().In(req.Lang), strings.Join(names, ", "))
		}
	} else {
		b.WriteString(req.T("Hot seat: nobody has joined a side yet (/game join).\n", "ホットシート: まだ誰も参加していません (/game join)。\n"))
	}
	if g.Meta["paused"] != "" {
		b.WriteString(req.T("Paused by a referee (/game resume).\n", "審判により一時停止中 (/game resume)。\n"))
	}
	if p := g.pendingChoice(); p.EN != "" {
		b.WriteString(p.In(req.Lang) + "\n")
	}
	if !g.Deadline.IsZero() {
		fmt.Fprintf(&b, req.T("Deadline of this segment: <t:%d:f> (then: %s).\n", "このセグメントの期限: <t:%d:f> (期限後: %s)。\n"), g.Deadline.Unix(), g.DeadlineAction)
	}
	if g.ID != 0 {
		fmt.Fprintf(&b, req.T("Game #%d; dice commitment %s.\n", "ゲーム #%d、ダイスのコミットメント %s。\n"), g.ID, g.State.Commitment())
	}
	fmt.Fprintf(&b, req.T("Orders so far: %d.", "これまでの命令: %d。"), len(g.Orders))
	if g.Sandbox {
		b.WriteString(req.T(" (sandbox from a position)", " (局面からのサンドボックス)"))
	}
	return Reply(b.String())
}

func gamePosition(t *table, req *Request) *Response {
	g, fail := t.read(req)
	if fail != nil {
		return fail
	}
	if !g.canSee(req, units.German) || !g.canSee(req, units.Allied) {
		return Private(req.T("The whole position shows both sides' hidden units: it is given in a hot-seat game or once the game is over. /units lists your own side; /map shows the public view.",
			"局面全体には両軍の隠れたユニットが含まれるため、ホットシートか終了後のゲームでのみ表示します。/units で自軍、/map で公開情報を見られます。"))
	}
	p := g.State.Position()
	return Private("```\n" + p + "```").WithFile(File{Name: "position.txt", ContentType: "text/plain; charset=utf-8", Data: []byte(p)})
}

func gameOrders(t *table, req *Request) *Response {
	g, fail := t.read(req)
	if fail != nil {
		return fail
	}
	if !g.canSee(req, units.German) || !g.canSee(req, units.Allied) {
		return Private(req.T("The orders show both sides' moves: they are given in a hot-seat game or once the game is over (a referee has /game export).",
			"命令一覧には両軍の移動が含まれるため、ホットシートか終了後のゲームでのみ表示します (審判は /game export)。"))
	}
	var b strings.Builder
	if g.State.Step == game.GameOver || g.Sandbox {
		fmt.Fprintf(&b, "seed %d\n", g.Seed)
	} else { // the seed predicts every die: it is revealed at the end
		fmt.Fprintf(&b, "commitment %s\n", g.State.Commitment())
	}
	fmt.Fprintf(&b, "options %s\n", strings.Join(g.Options, " "))
	for _, o := range g.Orders {
		b.WriteString(o.String() + "\n")
	}
	return Private(fmt.Sprintf(req.T("%d orders.", "命令 %d 件。"), len(g.Orders))).WithFile(File{Name: "orders.txt", ContentType: "text/plain; charset=utf-8", Data: []byte(b.String())})
}

// listUnits lists a side's units: on the map by hex, with markers; and
// those still to place or to enter. Units that may act now carry a *.
func listUnits(t *table, req *Request) *Response {
	g, fail := t.read(req)
	if fail != nil {
		return fail
	}
	s := g.State
	side := s.ToMove()
	if mine, ok := g.sideOf(req.User.ID); ok {
		side = mine
	}
	if req.Has("side") {
		side, _ = units.ParseSide(req.Opt("side"))
	}
	if !g.canSee(req, side) {
		return Private(fmt.Sprintf(req.T("The %s side's units are hidden from you (14.1): /units lists your own side's; /map shows the enemy as the public sees him.",
			"%s側のユニットはあなたには見えません (14.1)。/units は自軍のユニットを表示します。敵は /map で公開情報として見られます。"), side.Name().In(req.Lang)))
	}
	var only hex.Hex
	if req.Has("hex") {
		h, err := hex.Parse(req.Opt("hex"))
		if err != nil {
			return Private(err.Error())
		}
		only = h
	}
	acts := map[string]bool{}
	if side == s.ToMove() {
		for _, c := range s.Actors() {
			acts[c.ID] = true
		}
	}
	byHex := map[hex.Hex][]string{}
	var unplaced, elim, russia []string
	for _, c := range s.Rules().Counters.All() {
		if c.Side() != side {
			continue
		}
		u := s.Unit(c)
		label := c.ID
		if acts[c.ID] {
			label = "*" + label
		}
		switch u.Box {
		case game.OnMap:
			if u.Trench {
				label += req.T("[trench]", "[塹壕]")
			}
			if u.OutOfCommand {
				label += req.T("[out of command]", "[指揮不通]")
			}
			if u.Moved {
				label += req.T("[moved]", "[移動済]")
			}
			byHex[u.At] = append(byHex[u.At], label)
		case game.Unplaced:
			place, _ := c.SetupWhere()
			unplaced = append(unplaced, label+" ("+place+")")
		case game.Eliminated:
			elim = append(elim, c.ID)
		case game.Russia:
			russia = append(russia, c.ID)
		}
	}
	var b strings.Builder
	fmt.Fprintf(&b, req.T("%s units", "%sユニット"), side.Name().In(req.Lang))
	if len(acts) > 0 {
		b.WriteString(req.T(" (* may act now)", " (* は行動可能)"))
	}
	b.WriteString(":\n")
	var hs []hex.Hex
	for h := range byHex {
		if only == hex.None || h == only {
			hs = append(hs, h)
		}
	}
	sort.Slice(hs, func(i, j int) bool { return hex.Less(hs[i], hs[j]) })
	for _, h := range hs {
		fmt.Fprintf(&b, "%s: %s\n", h, strings.Join(byHex[h], " "))
	}
	if only == hex.None {
		if len(unplaced) > 0 {
			fmt.Fprintf(&b, req.T("To set up: %s\n", "未配置: %s\n"), strings.Join(unplaced, ", "))
		}
		if s.Step == game.Reinforcement && side == s.ToMove() && len(acts) > 0 {
			var r []string // best candidates first, as /reinforce would take them
			for _, c := range s.Actors() {
				r = append(r, c.ID)
			}
			fmt.Fprintf(&b, req.T("May enter as reinforcements: %s\n", "増援として登場可能: %s\n"), joinMax(r, 30))
		}
		if len(elim) > 0 {
			fmt.Fprintf(&b, req.T("Eliminated: %s\n", "除去済: %s\n"), strings.Join(elim, " "))
		}
		if len(russia) > 0 {
			fmt.Fprintf(&b, req.T("Russian Front: %s\n", "ロシア戦線: %s\n"), strings.Join(russia, " "))
		}
	}
	return Private(strings.TrimRight(b.String(), "\n"))
}

func joinMax(s []string, max int) string {
	if len(s) > max {
		return strings.Join(s[:max], " ") + fmt.Sprintf(" … (+%d)", len(s)-max)
	}
	return strings.Join(s, " ")
}

// endUntil ends steps one by one, each by its own End order of the side to
// act, until the named step begins, a step refuses to end (the reason is
// shown), or a new turn's event phase is reached.
func endUntil(t *table, req *Request, until string) *Response {
	target, _ := game.ParseStep(until)
	out := &Response{}
	var text []string
	for i := 0; i < 40; i++ {
		g, fail := t.read(req)
		if fail != nil {
			return fail
		}
		before := len(g.Orders)
		r := order(t, req, game.Order{Verb: game.End})
		for k, m := range r.Messages {
			if k == 0 {
				text = append(text, m.Text)
				continue
			}
			out.Add(m)
		}
		g = t.get(req.Channel)
		if g == nil || len(g.Orders) == before {
			break // refused: the reason is the last line
		}
		if g.State.Step == target || g.State.Step == game.EventStep || g.State.Step == game.GameOver {
			break
		}
	}
	out.Messages = append([]Message{{Text: strings.Join(text, "\n"), Ephemeral: true}}, out.Messages...)
	return out
}

// destOpt is a destination hex whose autocomplete offers the unit's legal
// destinations.
func destOpt(desc i18n.Text) Option {
	return Option{Name: "to", Description: desc, Type: String, Required: true, Autocomplete: true}
}

// destinationChoices are where the unit chosen in the command may go now
// (by rail for /rail), nearest first, within Discord's 25 choices. It
// answers from the engine's movement search, fast enough for autocomplete.
func destinationChoices(s *game.State, req *Request, prefix string) []Choice {
	c, ok := s.Lookup(strings.ToUpper(strings.TrimSpace(req.Opt("unit"))))
	if !ok || c.Side() != s.ToMove() {
		return nil
	}
	var out []Choice
	if req.Path == "rail" {
		hs, err := s.RailDestinations(c)
		if err != nil {
			return nil
		}
		for _, h := range hs {
			if strings.HasPrefix(h.String(), prefix) && len(out) < 25 {
				out = append(out, Choice{Name: i18n.T(h.String()+" (rail)", h.String()+" (鉄道)"), Value: h.String()})
			}
		}
		return out
	}
	ds, err := s.Destinations(c)
	if err != nil {
		return nil
	}
	sort.SliceStable(ds, func(i, j int) bool { return ds[i].Cost < ds[j].Cost })
	for _, d := range ds {
		if h := d.To.String(); strings.HasPrefix(h, prefix) && len(out) < 25 {
			out = append(out, Choice{Name: i18n.Sprintf(i18n.T("%s (%d MP)", "%s (%d MP)"), h, d.Cost), Value: h})
		}
	}
	return out
}

// naturalLess orders "18.1(2)" before "18.1(10)": digit runs compare as numbers.
func naturalLess(a, b string) bool {
	for a != "" && b != "" {
		da, db := digits(a), digits(b)
		if da > 0 && db > 0 {
			na, _ := strconv.Atoi(a[:da])
			nb, _ := strconv.Atoi(b[:db])
			if na != nb {
				return na < nb
			}
			a, b = a[da:], b[db:]
			continue
		}
		if a[0] != b[0] {
			return a[0] < b[0]
		}
		a, b = a[1:], b[1:]
	}
	return len(a) < len(b)
}

func digits(s string) int {
	n := 0
	for n < len(s) && s[n] >= '0' && s[n] <= '9' {
		n++
	}
	return n
}

// gameCheck answers "why is this order illegal?" without applying it.
func gameCheck(t *table, req *Request) *Response {
	g, fail := t.read(req)
	if fail != nil {
		return fail
	}
	o, err := game.ParseOrder(req.Opt("order"))
	if err != nil {
		return Fail(req, err)
	}
	if !g.canSee(req, o.Side) {
		return Private(req.T("You may check only your own side's orders.", "確認できるのは自軍の命令だけです。"))
	}
	if err := game.Check(g.State, o); err != nil {
		return Private(req.T("Not legal now: ", "現在は不可: ") + i18n.Message(err, req.Lang))
	}
	return Private(fmt.Sprintf(req.T("%s is legal now.", "%s は現在可能です。"), o))
}
