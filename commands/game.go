package commands

import (
	"context"
	"fmt"
	"os"
	"sort"
	"strconv"
	"strings"

	"rtrbot/engine/game"
	"rtrbot/engine/hex"
	"rtrbot/engine/scenario"
	"rtrbot/engine/units"
	"rtrbot/games"
	"rtrbot/i18n"
)

var replaceOpt = Option{Name: "replace", Description: i18n.T("replace the game running in this channel", "このチャンネルで進行中のゲームを置き換える"), Type: Boolean}

// registerGame registers /game with its subcommands of starting and
// reading a game; the other families add theirs (game_players.go,
// deadline.go, game_options.go, game_export.go).
func (b *Bot) registerGame(r *Router) {
	r.Add(&Command{
		Name:        "game",
		Description: i18n.T("Start, load and inspect a game in this channel", "このチャンネルのゲームの開始・読込・確認"),
		Sub: []*Command{
			{
				Name: "new", Slow: true, // it may open a thread on Discord
				Description: i18n.T("Start a game: players join by side, or vs:bot against the computer; Allies set up first (17.1)", "ゲームを開始: 陣営ごとに参加、または vs:bot でコンピュータ戦。初期配置は連合軍から (17.1)"),
				Options: []Option{
					{Name: "scenario", Description: i18n.T("standard (Aug II - Sep IV) or extended (Aug II - Nov IV)",
						"standard (8月II～9月IV) か extended (8月II～11月IV)"), Type: String,
						Choices: []Choice{{Name: i18n.T("standard", "標準"), Value: "standard"}, {Name: i18n.T("extended", "延長"), Value: "extended"}}},
					{Name: "seed", Description: i18n.T(
						"a dice seed of your choice: makes a public practice game, never rated (default: a 256-bit secret)",
						"任意のダイスシード: 公開の練習ゲームになり、レーティング対象外 (既定: 256 ビットの秘密シード)"), Type: Integer},
					{Name: "options", Description: i18n.T("scenario options, e.g. 18.1(10) 18.2(14)", "シナリオオプション (例: 18.1(10) 18.2(14))"), Type: String},
					replaceOpt, confirmOpt,
					botOptions[0], botOptions[1], botOptions[2], // game_bot.go: vs:bot side: level:
				},
				Handler: b.replacingGame(b.gameNewMaybeBot),
			},
			{
				Name:        "load",
				Description: i18n.T("Start a sandbox game from a position file (docs/positions.md)", "局面ファイルからサンドボックスゲームを開始 (docs/positions.md)"),
				Options: []Option{
					{Name: "file", Description: i18n.T("path of the position file (console only)", "局面ファイルのパス (コンソールのみ)"), Type: String},
					{Name: "attachment", Description: i18n.T("the position file", "局面ファイル"), Type: Attachment},
					replaceOpt, confirmOpt,
				},
				Handler: b.replacingGame(b.gameLoad),
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
					var sb strings.Builder
					sb.WriteString(req.T("Options for /game new options:... (several separated by spaces):\n",
						"/game new options:... に指定できるオプション (空白区切りで複数可):\n"))
					for _, k := range codes {
						fmt.Fprintf(&sb, "%s — %s\n", k, game.Supported[k].In(req.Lang))
					}
					for _, d := range game.OptionDefs() { // presets (engine/game/options.txt)
						if d.Preset {
							fmt.Fprintf(&sb, "%s — %s: %s\n", d.Code, d.Text.In(req.Lang), strings.Join(game.ExpandOptions([]string{string(d.Code)}), " "))
						}
					}
					return Private(strings.TrimRight(sb.String(), "\n"))
				},
			},
			{
				Name:        "status",
				Description: i18n.T("Turn, step, side to move, VP and what to do next", "ターン、手順、手番、VP、次にすること"),
				Handler:     func(ctx context.Context, req *Request) *Response { return b.gameStatus(ctx, req) },
			},
			{
				Name:        "setup",
				Description: i18n.T("Complete the side's setup with the default placement", "手番側の初期配置を既定配置で完了"),
				Handler: func(ctx context.Context, req *Request) *Response {
					return b.order(ctx, req, game.AutoSetup())
				},
			},
			{
				Name:        "check",
				Description: i18n.T("Would this order be legal now? The engine's answer and its reason", "この命令は今合法か? エンジンの判定と理由"),
				Options: []Option{{Name: "order", Description: i18n.T(
					"one order as /orders reads it, e.g. move G-III 3023 (your side; german or allied first names one)",
					"/orders と同じ書き方の命令1つ (例: move G-III 3023。自軍の命令。先頭の german か allied で陣営を指定)"), Type: String, Required: true, Text: true}},
				Handler: func(ctx context.Context, req *Request) *Response { return b.gameCheck(ctx, req) },
			},
			{
				Name:        "position",
				Description: i18n.T("The current position in the text format of docs/positions.md", "現局面を docs/positions.md の形式で表示"),
				Handler:     func(ctx context.Context, req *Request) *Response { return b.gamePosition(ctx, req) },
			},
			{
				Name:        "orders",
				Description: i18n.T("Every order of this game, in their stored text form", "このゲームの全命令 (保存形式)"),
				Handler:     func(ctx context.Context, req *Request) *Response { return b.gameOrders(ctx, req) },
			},
		},
	})
}

func (b *Bot) gameNew(ctx context.Context, req *Request) *Response {
	n := games.NewGame{Scenario: req.Opt("scenario"), Options: listFields(req.Opt("options")), Replace: req.Opt("replace") == "true"}
	if req.Has("seed") {
		x, _ := strconv.ParseInt(req.Opt("seed"), 10, 64)
		n.Seed, n.SeedGiven = uint64(x), true
	}
	if req.Chat != nil {
		// On Discord each game gets a thread of its own under the channel.
		name := n.Scenario
		if name == "" {
			name = "standard"
		}
		n.Open = func(ctx context.Context, parent string, _ int64) (string, error) {
			return req.Chat.CreateThread(ctx, parent, fmt.Sprintf("%s — %s", i18n.T("Reinforce the Right!", "Reinforce the Right!").In(req.Lang), name), false, nil)
		}
	}
	st, err := b.games.NewGame(ctx, req.Actor(), where(req), n)
	if err != nil {
		return gameFail(req, err)
	}
	g, s := st.Game, st.Game.State
	sc, _ := scenario.Get(st.Scenario)
	msg := sc.Title.In(req.Lang) + "\n"
	if g.ID != 0 {
		msg += fmt.Sprintf(req.T("Game #%d. Dice commitment (the seed is revealed at the end; docs/dice.md): %s\n",
			"ゲーム #%d。ダイスのコミットメント (シードは終了時に公開。docs/dice.md): %s\n"), g.ID, s.Commitment())
	}
	if g.Practice() {
		msg += practiceNote(g.PracticeSeed()).In(req.Lang) + "\n"
	}
	if req.Opt("vs") != "bot" { // against the computer, both seats are taken (game_bot.go)
		msg += req.T("Players: /game join side:german or side:allied (until someone joins, whoever types plays both sides). Options may be chosen secretly: /game choose, then /game confirm.\n",
			"プレイヤー: /game join side:german または side:allied (誰も参加していない間は入力した人が両軍を担当)。オプションは /game choose で秘密に選び、/game confirm で確定。\n")
	}
	msg += req.T(
		"Setup (17.1): the Allies place first. /place unit:ID hex:XXYY for each unit, or /game setup to place all by the default; then /end. /units lists the units to place.",
		"初期配置 (17.1): 連合軍から。/place unit:ID hex:XXYY で1個ずつ、または /game setup で全て既定配置し、/end。/units で配置するユニットを一覧できます。")
	msg += "\n" + statusLine(s, req.Lang)
	if g.Channel != req.Channel {
		r := Reply(fmt.Sprintf(req.T("%s: game #%d opened in <#%s>; play it there (commands given here go to the newest game opened here).",
			"%s: ゲーム #%d を <#%s> で開始しました。そちらでプレイしてください (ここでのコマンドは、ここで最後に開始したゲームに届きます)。"),
			sc.Title.In(req.Lang), g.ID, g.Channel)).Add(Message{Text: msg, Target: g.Channel})
		if m, ok := statusNow(req, g); ok {
			r.Add(m) // the game's dashboard, pinned at the top of its thread
		}
		return r
	}
	return Reply(msg)
}

func (b *Bot) gameLoad(ctx context.Context, req *Request) *Response {
	g, err := b.games.LoadPosition(ctx, req.Actor(), where(req), req.Opt("replace") == "true", req.Chat != nil, func() ([]byte, error) {
		switch {
		case len(req.Files["attachment"]) > 0:
			return req.Files["attachment"], nil
		case req.Has("file"):
			if req.Guild != "console" {
				return nil, i18n.Errorf(
					"file: reads a file on the bot's own machine and works only in the local console; attach the position file instead.",
					"file: はボットのマシン上のファイルを読むため、ローカルコンソール専用です。局面ファイルを添付してください。")
			}
			data, err := os.ReadFile(req.Opt("file"))
			if err != nil {
				return nil, i18n.Errorf("Cannot read %s: %v. Give the path of a position file (docs/positions.md).",
					"%s を読めません: %v。局面ファイル (docs/positions.md) のパスを指定してください。", req.Opt("file"), err)
			}
			return data, nil
		}
		return nil, i18n.Errorf("Give the position: /game load file:PATH (console) or attach the file.",
			"局面を指定してください: /game load file:PATH (コンソール) またはファイルを添付。")
	})
	if err != nil {
		return gameFail(req, err)
	}
	msg := req.T("Sandbox game loaded from the position.", "局面からサンドボックスゲームを読み込みました。")
	if g.ID != 0 {
		msg += " " + fmt.Sprintf(req.T("Game #%d, stored: it survives a restart.", "ゲーム #%d として保存しました (再起動後も続けられます)。"), g.ID)
	}
	return Reply(msg + "\n" + statusLine(g.State, req.Lang))
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
			return i18n.Sprintf(i18n.T("Game over. VP: German %d, Allied %d: a draw (difference %d, 15.1).",
				"ゲーム終了。VP: 独軍 %d、連合軍 %d: 引分け (差 %d, 15.1)。"), s.VP[0], s.VP[1], d).In(l)
		}
		return i18n.Sprintf(i18n.T("Game over. VP: German %d, Allied %d: %s %s (difference %d, 15.1).",
			"ゲーム終了。VP: 独軍 %d、連合軍 %d: %sの%s (差 %d, 15.1)。"), s.VP[0], s.VP[1], w.Name(), lv.Name(), d).In(l)
	}
	side := s.ToMove().Name()
	st := s.Step.Name()
	if s.Step == game.EventStep || s.ToMove() != s.Player {
		st = s.Phase() // whose turn it is, told apart from who acts
	}
	hint := stepHint(s)
	return i18n.Sprintf(i18n.T("▶ %s, %s: %s player to act. %s", "▶ %s %s: %sの手番。%s"),
		turnText(s.Turn), st, side, hint).In(l)
}

// playsSide says whether user may read side's own counts in g: one of
// its players, or anyone at a hot seat.
func playsSide(g *games.Game, user string, side units.Side) bool {
	if g.HotSeat() {
		return true
	}
	for _, p := range g.PlayersOf(side) {
		if p.UserID == user {
			return true
		}
	}
	return false
}

// stepHint says what the side to act can do in this step.
func stepHint(s *game.State) i18n.Text {
	switch {
	case s.Step == game.EventStep:
		return i18n.T("(the event has been rolled, 5.0; /end ends the phase)", "(イベントは判定済み、5.0。/end でフェイズを終了)")
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

func (b *Bot) gameStatus(ctx context.Context, req *Request) *Response {
	g, err := b.games.Latest(ctx, where(req)) // a finished game's channel still answers
	if err != nil {
		return gameFail(req, err)
	}
	if !g.Running() {
		return Reply(finalStatus(g, req.Lang))
	}
	s := g.State
	sc := s.Rules().Scenario
	var sb strings.Builder
	fmt.Fprintf(&sb, "%s\n%s\n", sc.Title.In(req.Lang), statusLine(s, req.Lang))
	fmt.Fprintf(&sb, req.T("VP: German %d, Allied %d. Rail used this turn: German %d/5, Allied %d/4.\n",
		"VP: 独軍 %d、連合軍 %d。今ターンの鉄道移動: 独軍 %d/5、連合軍 %d/4。\n"), s.VP[0], s.VP[1], s.RailUsed[0], s.RailUsed[1])
	if s.Entrenching {
		sb.WriteString(req.T("Entrenchment is allowed (13.0).\n", "塹壕構築可 (13.0)。\n"))
	}
	if len(s.Dues) > 0 {
		var d []string
		for _, x := range s.Dues {
			d = append(d, x.Name().In(req.Lang))
		}
		fmt.Fprintf(&sb, req.T("Reinforcements to place: %s (/reinforce).\n", "未登場の増援: %s (/reinforce)。\n"), strings.Join(d, req.T("; ", "、")))
	}
	// How many units may still act is the side's own knowledge (14.1):
	// only its players read it (everyone at a hot seat).
	if actors := s.Actors(); len(actors) > 0 && playsSide(g, req.User.ID, s.ToMove()) {
		fmt.Fprintf(&sb, req.T("%s may still act in this step (/units).\n", "このステップで行動可能なユニット: %s (/units)。\n"), i18n.Count(len(actors), "unit", "units", "個").In(req.Lang))
	}
	if !g.HotSeat() {
		for _, side := range []units.Side{units.German, units.Allied} {
			var names []string
			for _, p := range g.PlayersOf(side) {
				names = append(names, seatName(p, req.Lang))
			}
			fmt.Fprintf(&sb, req.T("%s: %s\n", "%s: %s\n"), side.Name().In(req.Lang), strings.Join(names, ", "))
		}
	} else {
		sb.WriteString(req.T("Hot seat: nobody has joined a side yet (/game join).\n", "ホットシート: まだ誰も参加していません (/game join)。\n"))
	}
	if g.Paused() {
		sb.WriteString(req.T("Paused by a referee (/game resume).\n", "審判により一時停止中 (/game resume)。\n"))
	}
	if p := g.PendingChoice(); p.EN != "" {
		sb.WriteString(p.In(req.Lang) + "\n")
	}
	// A proposal waiting for the other side's agreement: both sides see it.
	for _, p := range g.StandingProposals() {
		fmt.Fprintf(&sb, req.T("Proposed by the %s side: %s; a player of the %s side agrees by giving it before this segment ends, when it lapses.\n",
			"%s側の提案: %s。このセグメントの終わりまでに%s側のプレイヤーが同じコマンドを実行すると同意になります (終われば失効)。\n"),
			p.Side.Name().In(req.Lang), p.Command, p.Side.Other().Name().In(req.Lang))
	}
	if !g.Deadline.IsZero() {
		then := req.T("a reminder", "再通知")
		if g.DeadlineAction == "end" {
			then = req.T("the segment ends", "セグメント終了")
		}
		fmt.Fprintf(&sb, req.T("Deadline of this segment: <t:%d:f> (then: %s).\n",
			"このセグメントの期限: <t:%d:f> (期限後: %s)。\n"), g.Deadline.Unix(), then)
		for _, side := range []units.Side{units.German, units.Allied} {
			if v, on := g.VacationOf(side); on && req.Now.Before(v.Until) {
				fmt.Fprintf(&sb, req.T("🏖 The %s side is on vacation until <t:%d:f>: the clock is stopped (/vacation).\n",
					"🏖 %s側は <t:%d:f> まで休暇中です。時計は止まっています (/vacation)。\n"), side.Name().In(req.Lang), v.Until.Unix())
			}
		}
	}
	if g.Practice() {
		sb.WriteString(practiceNote(g.PracticeSeed()).In(req.Lang) + "\n")
	}
	// The options in force: given at /game new, or revealed (18.0); a
	// secret choice is applied only when revealed, so none shows before.
	if len(g.State.Options) > 0 {
		fmt.Fprintf(&sb, req.T("Options in force: %s.\n", "適用中のオプション: %s。\n"), strings.Join(g.State.Options, " "))
	}
	if g.ID != 0 {
		fmt.Fprintf(&sb, req.T("Game #%d; dice commitment %s.\n", "ゲーム #%d、ダイスのコミットメント %s。\n"), g.ID, g.State.Commitment())
	}
	fmt.Fprintf(&sb, req.T("Orders so far: %d.", "これまでの命令: %d。"), len(g.Orders))
	if g.Sandbox {
		sb.WriteString(req.T(" (sandbox from a position)", " (局面からのサンドボックス)"))
	}
	return Reply(sb.String())
}

// finalStatus is the status of a game that has ended, marked so: how
// it ended and its result, the final VP, the turn it reached, its
// players, and what the channel still answers. Nothing of it is hidden
// once the game is over; it names no unit anyway.
func finalStatus(g *games.Game, l i18n.Lang) string {
	t := func(en, ja string) string { return i18n.T(en, ja).In(l) }
	s := g.State
	var sb strings.Builder
	how := endingText(g, l)
	if side, err := units.ParseSide(g.Meta[games.MetaResigned]); err == nil {
		how = fmt.Sprintf(t("%s; the %s side wins", "%s。%s側の勝利"), how, side.Other().Name().In(l))
	}
	if g.ID != 0 {
		fmt.Fprintf(&sb, t("🏁 **Game #%d is over** (%s): %s.\n", "🏁 **ゲーム #%d は終了しました** (%s): %s。\n"), g.ID, g.Status.Text().In(l), how)
	} else { // a game the bot keeps in memory only has no number
		fmt.Fprintf(&sb, t("🏁 **This game is over** (%s): %s.\n", "🏁 **このゲームは終了しました** (%s): %s。\n"), g.Status.Text().In(l), how)
	}
	if s.Step == game.GameOver { // the last turn's end: the result by 15.1 and its difference
		sb.WriteString(statusLine(s, l) + "\n")
	}
	when := turnText(s.Turn).In(l)
	if s.Step != game.GameOver { // ended before the last turn's end: where it stood
		when += t(", ", "、") + s.Phase().In(l)
	}
	fmt.Fprintf(&sb, t("%s\nFinal VP: German %d, Allied %d. It ended in %s.\n", "%s\n最終 VP: 独軍 %d、連合軍 %d。終了時点: %s。\n"),
		s.Rules().Scenario.Title.In(l), s.VP[units.German], s.VP[units.Allied], when)
	if !g.HotSeat() {
		for _, side := range []units.Side{units.German, units.Allied} {
			var names []string
			for _, p := range g.PlayersOf(side) {
				names = append(names, seatName(p, l))
			}
			fmt.Fprintf(&sb, t("%s: %s\n", "%s: %s\n"), side.Name().In(l), strings.Join(names, ", "))
		}
	}
	if len(s.Options) > 0 {
		fmt.Fprintf(&sb, t("Options: %s.\n", "オプション: %s。\n"), strings.Join(s.Options, " "))
	}
	fmt.Fprintf(&sb, t("Orders given: %d; dice commitment %s.\n", "命令数: %d、ダイスのコミットメント %s。\n"), len(g.Orders), s.Commitment())
	sb.WriteString(t("It takes no more orders. This channel still reads it: /replay, /game export, /stats game, /computer explain, /computer analysis. /game new starts a new game here.",
		"このゲームはもう命令を受け付けません。このチャンネルでは引き続き /replay、/game export、/stats game、/computer explain、/computer analysis で参照できます。新しいゲームは /game new で始められます。"))
	return sb.String()
}

// readSeeingBoth reads the game for an answer that shows both sides'
// secrets: given only to one who sees both (at a hot seat, or once the game
// is over); anyone else is told no.
func (b *Bot) readSeeingBoth(ctx context.Context, req *Request, no string) (*games.Game, *Response) {
	g, err := b.games.Latest(ctx, where(req)) // a finished game's too: nothing of it is hidden
	if err != nil {
		return nil, gameFail(req, err)
	}
	if !g.CanSee(req.Actor(), units.German) || !g.CanSee(req.Actor(), units.Allied) {
		return nil, Private(no)
	}
	return g, nil
}

func (b *Bot) gamePosition(ctx context.Context, req *Request) *Response {
	g, fail := b.readSeeingBoth(ctx, req, req.T("The whole position shows both sides' hidden units: it is given in a hot-seat game or once the game is over. /units lists your own side; /map shows the public view.",
		"局面全体には両軍の隠れたユニットが含まれるため、ホットシートか終了後のゲームでのみ表示します。/units で自軍、/map で公開情報を見られます。"))
	if fail != nil {
		return fail
	}
	p := g.State.Position()
	return Private("```\n" + p + "```").WithFile(File{Name: "position.txt", ContentType: "text/plain; charset=utf-8", Data: []byte(p)})
}

func (b *Bot) gameOrders(ctx context.Context, req *Request) *Response {
	g, fail := b.readSeeingBoth(ctx, req, req.T(
		"The orders show both sides' moves: they are given in a hot-seat game or once the game is over (a referee has /game export).",
		"命令一覧には両軍の移動が含まれるため、ホットシートか終了後のゲームでのみ表示します (審判は /game export)。"))
	if fail != nil {
		return fail
	}
	var sb strings.Builder
	if g.Over() || g.Sandbox {
		fmt.Fprintf(&sb, "seed %s\n", g.State.KeyText())
	} else { // the seed predicts every die: it is revealed at the end
		fmt.Fprintf(&sb, "commitment %s\n", g.State.Commitment())
	}
	fmt.Fprintf(&sb, "options %s\n", strings.Join(g.Options, " "))
	for _, o := range g.Orders {
		sb.WriteString(o.String() + "\n")
	}
	return Private(fmt.Sprintf(req.T("%s.", "命令 %s。"), i18n.Count(len(g.Orders), "order", "orders", "件").In(req.Lang))).WithFile(File{Name: "orders.txt", ContentType: "text/plain; charset=utf-8", Data: []byte(sb.String())})
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
func (b *Bot) gameCheck(ctx context.Context, req *Request) *Response {
	g, fail := b.read(ctx, req)
	if fail != nil {
		return fail
	}
	// The order as /orders reads a line (docs/orders.md): the side is the
	// asker's seat, or the side to move for a spectator or at a hot seat;
	// "german …" or "allied …" names it.
	side := g.State.ToMove()
	if mine, ok := g.SideOf(req.User.ID); ok && !g.HotSeat() {
		side = mine
	}
	line := strings.TrimSpace(strings.ReplaceAll(req.Opt("order"), `\n`, " "))
	if strings.ContainsAny(line, ";\n") {
		return Private(req.T("/game check checks one order; /orders gives several (one a line, or split with \";\").",
			"/game check で確かめられる命令は1つです。複数の命令は /orders で出してください (1行に1命令、または \";\" で区切る)。"))
	}
	p := parseLine(line, 1, side)
	if p.Err.EN != "" {
		return Private(p.Err.In(req.Lang))
	}
	o := p.Order
	if !g.CanSee(req.Actor(), o.Side) {
		return Private(req.T("You may check only your own side's orders.", "確認できるのは自軍の命令だけです。"))
	}
	if err := game.Check(g.State, o); err != nil {
		return Private(fmt.Sprintf(req.T("“%s” is not legal now: %s", "「%s」は今は出せません。%s"), o.Text().In(req.Lang), i18n.Message(err, req.Lang)))
	}
	return Private(fmt.Sprintf(req.T("“%s” is legal now.", "「%s」は今出せます。"), o.Text().In(req.Lang)))
}

// practiceNote says, in every post of a practice game, why its dice are
// no secret and what follows (docs/dice.md, practice games).
func practiceNote(seed string) i18n.Text {
	return i18n.Sprintf(i18n.T(
		"🎲 Practice game: its dice seed %s was chosen by a player or came with a loaded position, so every die can be known in advance. It is never rated and never counts in a tournament.",
		"🎲 練習ゲーム: ダイスのシード %s はプレイヤーが選んだか、読み込んだ局面のものなので、全てのダイスを事前に知ることができます。レーティングやトーナメントには一切数えられません。"), seed)
}
