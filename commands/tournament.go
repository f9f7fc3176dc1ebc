package commands

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"
	"unicode"

	"rtrbot/db"
	"rtrbot/games/sqlstore"
	"rtrbot/i18n"
	"rtrbot/tournament"
)

// The /tournament commands: a thin adapter over tournament.Service, which
// decides everything (who may, what is wrong and what would be right).
// The tournaments live in the bot's database when it has one, else in
// memory. Opening the bot game of each table and taking its result back
// are in tournament_games.go; the round clock in tournament_clock.go.

func (b *Bot) tournamentService() *tournament.Service {
	if b.tourney != nil {
		return b.tourney.svc
	}
	b.tourney = &tourneyState{seen: map[int64]bool{}}
	if st, ok := b.Store.(*sqlstore.Store); ok && st != nil {
		b.tourney.svc = &tournament.Service{Store: db.Tournaments{S: st.Store}}
	} else {
		b.tourney.svc = &tournament.Service{Store: &tournament.MemStore{}}
	}
	return b.tourney.svc
}

// tiebreakList reads tiebreaks:"buchholz-cut1,sonneborn-berger" (commas or
// spaces).
func tiebreakList(s string) []string {
	return strings.FieldsFunc(strings.ToLower(s), func(r rune) bool { return r == ';' || r == ',' || r == '、' || unicode.IsSpace(r) })
}

// The options several /tournament subcommands take.
var (
	tournamentNameOpt  = Option{Name: "name", Description: i18n.T("the tournament's name", "大会名"), Type: String, Required: true}
	tournamentTableOpt = Option{Name: "table", Description: i18n.T("the table's number in the round",
		"ラウンドの卓番号"), Type: Integer, Required: true, MinInt: 1, MaxInt: 10000}
	tournamentResultOpt = Option{Name: "result", Description: i18n.T("german, allied or draw", "german、allied、draw"), Type: String, Required: true,
		Choices: []Choice{{Name: i18n.T("German win",
			"独軍勝利"), Value: "german"}, {Name: i18n.T("Allied win", "連合軍勝利"), Value: "allied"}, {Name: i18n.T("draw", "引き分け"), Value: "draw"}}}
	tournamentLevelOpt = Option{Name: "level", Description: i18n.T("marginal, strategic or decisive", "marginal、strategic、decisive"), Type: String,
		Choices: []Choice{{Name: i18n.T("marginal",
			"限定的"), Value: "marginal"}, {Name: i18n.T("strategic", "戦略的"), Value: "strategic"}, {Name: i18n.T("decisive", "決定的"), Value: "decisive"}}}
	tournamentMarginOpt = Option{Name: "margin", Description: i18n.T("the VP margin", "VP 差"), Type: Integer, MinInt: 0, MaxInt: 1000}
)

// tournamentDone is the answer to a subcommand that says only that it was
// done: en and ja take args, then the tournament's name. What a user typed
// is an argument, never part of the format, so that a % in a name is
// written as typed.
func tournamentDone(req *Request, t *tournament.Tournament, err error, en, ja string, args ...any) *Response {
	if err != nil {
		return Fail(req, err)
	}
	return Reply(fmt.Sprintf(req.T(en, ja), append(args, t.Name)...))
}

// tournamentResultOf is the result the options result, level and margin
// give.
func tournamentResultOf(req *Request) tournament.Result {
	m, _ := strconv.Atoi(req.Opt("margin"))
	return tournament.Result{Winner: req.Opt("result"), Level: req.Opt("level"), Margin: m}
}

func (b *Bot) registerTournament(r *Router) {
	svc := b.tournamentService()
	r.Add(b.ladderCommand()) // ladder.go
	r.Add(&Command{
		Name:        "tournament",
		Description: i18n.T("Club tournaments: Swiss, round robin, elimination (docs/tournaments.md)", "クラブ大会: スイス式、総当たり、トーナメント (docs/tournaments.md)"),
		Sub: []*Command{
			b.tournamentNew(svc),
			b.tournamentJoin(svc),
			b.tournamentWithdraw(svc),
			b.tournamentCheckin(svc),
			b.tournamentStart(svc),
			b.tournamentPairings(svc),
			b.tournamentReport(svc),
			b.tournamentConfirm(svc),
			b.tournamentNext(svc),
			b.tournamentStandings(svc),
			b.tournamentExport(svc),
			b.tournamentDrop(svc),
			b.tournamentBid(svc),
			b.tournamentFix(svc),
			b.tournamentPair(svc),
			b.tournamentExtend(svc),
			b.tournamentMissing(svc),
		},
	})
}

// tournamentNew is /tournament new: create a tournament (you organise it).
func (b *Bot) tournamentNew(svc *tournament.Service) *Command {
	return &Command{Name: "new", Description: i18n.T("Create a tournament (you organise it)", "大会を作成 (あなたが主催)"),
		Options: []Option{tournamentNameOpt,
			{Name: "format", Description: i18n.T("swiss, roundrobin or elimination", "swiss、roundrobin、elimination"), Type: String, Required: true,
				Choices: []Choice{{Name: i18n.T("Swiss",
					"スイス式"), Value: "swiss"}, {Name: i18n.T("round robin",
					"総当たり"), Value: "roundrobin"}, {Name: i18n.T("single elimination", "トーナメント"), Value: "elimination"}}},
			{Name: "rounds", Description: i18n.T("Swiss rounds", "スイス式のラウンド数"), Type: Integer, MinInt: 1, MaxInt: 30},
			{Name: "scenario", Description: i18n.T("standard or extended", "standard か extended"), Type: String,
				Choices: []Choice{{Name: i18n.T("standard", "標準"), Value: "standard"}, {Name: i18n.T("extended", "延長"), Value: "extended"}}},
			{Name: "sides", Description: i18n.T("pairing (sides by the pairing system) or bid (a secret VP bid)",
				"pairing (組合せで決定) か bid (VP の秘密入札)"), Type: String,
				Choices: []Choice{{Name: i18n.T("by the pairing", "組合せで"), Value: "pairing"}, {Name: i18n.T("bid", "入札"), Value: "bid"}}},
			{Name: "cut", Description: i18n.T("a top cut of 4 or 8 after the Swiss rounds", "スイス式の後の上位 4 か 8 人のカット"), Type: Integer, MinInt: 4, MaxInt: 8},
			{Name: "deadline", Description: i18n.T("hours a round lasts", "1 ラウンドの時間"), Type: Integer, MinInt: 1, MaxInt: 24 * 60},
			{Name: "options", Description: i18n.T("fixed options for every game, e.g. 18.1(10) 18.2(14); none: each game chooses (18.0)",
				"全対局共通のシナリオオプション (例: 18.1(10) 18.2(14))。なし: 各対局で選択 (18.0)"), Type: String},
			{Name: "play", Description: i18n.T("bot (the referee plays every game, default) or table (physical tables, results reported)",
				"bot (ボットが審判、既定) か table (実物の盤、結果を報告)"), Type: String,
				Choices: []Choice{{Name: i18n.T("bot games", "ボット対局"), Value: "bot"}, {Name: i18n.T("physical tables", "実物の盤"), Value: "table"}}},
			{Name: "points", Description: i18n.T("chess (win 1, draw ½) or level (decisive 3–0, strategic 2½–½, marginal 2–1, draw 1½)",
				"chess (勝1・分½) か level (決定的 3–0、戦略的 2½–½、限定的 2–1、引分 1½)"), Type: String,
				Choices: []Choice{{Name: i18n.T("chess points", "チェス式"), Value: "chess"}, {Name: i18n.T("by victory level", "勝利レベル別"), Value: "level"}}},
			{Name: "bye", Description: i18n.T("a pairing-allocated bye scores a win (default), half (a draw) or zero",
				"組み合わせによるバイの得点: win (勝ち、既定)、half (引き分け)、zero (0点)"), Type: String,
				Choices: []Choice{{Name: i18n.T("a win",
					"勝ち"), Value: "win"}, {Name: i18n.T("a draw", "引き分け"), Value: "half"}, {Name: i18n.T("zero", "0点"), Value: "zero"}}},
			{Name: "byegame", Description: i18n.T("a player with a bye may play the computer (not counted): none (default), random, heuristic or search",
				"バイの選手がコンピュータと練習対局 (得点外): none (既定)、random、heuristic、search"), Type: String,
				Choices: []Choice{{Name: i18n.T("no game",
					"対局なし"), Value: "none"}, {Name: i18n.T("computer: random",
					"コンピュータ: ランダム"), Value: "random"}, {Name: i18n.T("computer: heuristic",
					"コンピュータ: ヒューリスティック"), Value: "heuristic"}, {Name: i18n.T("computer: search", "コンピュータ: 探索"), Value: "search"}}},
			{Name: "tiebreaks", Description: i18n.T("the order, e.g. buchholz-cut1,buchholz,sonneborn-berger,head-to-head,vp-margin",
				"順序 (例: buchholz-cut1,buchholz,sonneborn-berger,head-to-head,vp-margin)"), Type: String},
			{Name: "cap", Description: i18n.T("the most players", "定員"), Type: Integer, MinInt: 2, MaxInt: 1000},
			{Name: "checkin", Description: i18n.T("players must check in before the start (no-shows dropped)",
				"開始前のチェックインを必須にする (未チェックインは除外)"), Type: Boolean},
			{Name: "registration", Description: i18n.T("hours until registration closes", "登録締切までの時間"), Type: Integer, MinInt: 1, MaxInt: 24 * 60},
			{Name: "reliability", Description: i18n.T("the least share of ended games a player has finished, in percent (new players admitted)",
				"参加に必要な完遂率 (終了した対局のうち最後まで指した割合、百分率。新規プレイヤーは可)"), Type: Integer, MinInt: 0, MaxInt: 100},
			tournamentAdjudicateOpt},
		Handler: func(ctx context.Context, req *Request) *Response {
			rounds, _ := strconv.Atoi(req.Opt("rounds"))
			cut, _ := strconv.Atoi(req.Opt("cut"))
			hours, _ := strconv.Atoi(req.Opt("deadline"))
			capN, _ := strconv.Atoi(req.Opt("cap"))
			minRel, _ := strconv.Atoi(req.Opt("reliability"))
			scen := req.Opt("scenario")
			if scen == "" {
				scen = "standard"
			}
			st := tournament.Settings{Format: tournament.Format(req.Opt("format")), Rounds: rounds, Scenario: scen, Sides: req.Opt("sides"), Cut: cut,
				DeadlineHours: hours, Cap: capN, MinReliability: minRel, CheckIn: req.Opt("checkin") == "true", Play: req.Opt("play"), ByeGame: req.Opt("byegame"),
				Options: listFields(req.Opt("options")), Tiebreaks: tiebreakList(req.Opt("tiebreaks"))}
			st.OptionsChosen = len(st.Options) == 0
			if st.Adjudicate = req.Opt("adjudicate") == "true"; st.Adjudicate && (st.Play == "table" || hours == 0) {
				return Private(tournamentAdjudicateNeeds(req))
			}
			if st.ByeGame == "none" {
				st.ByeGame = ""
			}
			switch req.Opt("points") {
			case "", "chess":
				st.Points = tournament.DefaultPoints()
			case "level":
				st.Points = tournament.LevelPoints()
			default:
				return Private(req.T("points: use chess or level", "points: は chess か level です。"))
			}
			switch req.Opt("bye") {
			case "half":
				st.Points.Bye = st.Points.Draw
			case "zero":
				st.Points.Bye = 0
			}
			if req.Has("registration") {
				h, _ := strconv.Atoi(req.Opt("registration"))
				st.RegistrationDeadline = req.Now.UTC().Add(time.Duration(h) * time.Hour)
			}
			if name := req.Opt("name"); Inert(name) != name {
				// Its name is echoed in public posts and typed to
				// name it: it must read the same escaped or not.
				return Private(req.T("A tournament's name is shown as written in public posts, so it cannot hold what Discord would act on: leave out < > @everyone @here ]( and the signs \\ * _ ~ ` |.",
					"大会名は公開の投稿にそのまま表示されるため、Discord が反応する文字は使えません: < > @everyone @here ]( と記号 \\ * _ ~ ` | を除いてください。"))
			}
			t, err := svc.New(ctx, tournament.NewTournament{Guild: req.Guild, Channel: req.Channel, Name: req.Opt("name"),
				Organiser: req.Actor(), Now: req.Now, Settings: st})
			if err != nil {
				return Fail(req, err)
			}
			msg := fmt.Sprintf(req.T("Tournament %s created: players /tournament join, the organiser /tournament start.",
				"大会「%s」を作成しました。参加は /tournament join、開始は主催者が /tournament start。"), t.Name)
			msg += "\n" + req.T("Tiebreaks: ", "タイブレーク: ") + t.TiebreakOrder(req.Lang)
			if st.Sides == "bid" {
				msg += "\n" + b.bidHint(ctx, req, scen, st.Options)
			}
			return Reply(msg)
		}}
}

// tournamentJoin is /tournament join: register for a tournament.
func (b *Bot) tournamentJoin(svc *tournament.Service) *Command {
	return &Command{Name: "join", Description: i18n.T("Register for a tournament", "大会に参加登録"), Options: []Option{tournamentNameOpt},
		Handler: func(ctx context.Context, req *Request) *Response {
			t, err := svc.Join(ctx, req.Guild, req.Opt("name"), req.Actor(), req.Now)
			if err != nil {
				return Fail(req, err)
			}
			msg := fmt.Sprintf(req.T("%s joins %s.", "%s が「%s」に参加しました。"), req.User.Name, t.Name)
			if p := t.Player(req.User.ID); p != nil && p.FromRound > 0 {
				msg += " " + fmt.Sprintf(req.T("A late entry: paired from round %d.", "途中参加: 第%dラウンドから組み合わせます。"), p.FromRound)
			}
			return Reply(msg)
		}}
}

// tournamentWithdraw is /tournament withdraw: withdraw from a tournament.
func (b *Bot) tournamentWithdraw(svc *tournament.Service) *Command {
	return &Command{Name: "withdraw", Description: i18n.T("Withdraw from a tournament", "大会から辞退"), Options: []Option{tournamentNameOpt},
		Handler: func(ctx context.Context, req *Request) *Response {
			t, err := svc.Withdraw(ctx, req.Guild, req.Opt("name"), req.Actor())
			return tournamentDone(req, t, err, "%s withdraws from %s.", "%s が「%s」から辞退しました。", req.User.Name)
		}}
}

// tournamentCheckin is /tournament checkin: check in before the start.
func (b *Bot) tournamentCheckin(svc *tournament.Service) *Command {
	return &Command{Name: "checkin", Description: i18n.T("Check in before the start", "開始前のチェックイン"), Options: []Option{tournamentNameOpt},
		Handler: func(ctx context.Context, req *Request) *Response {
			t, err := svc.CheckIn(ctx, req.Guild, req.Opt("name"), req.Actor())
			return tournamentDone(req, t, err, "%s checks in for %s.", "%s が「%s」にチェックインしました。", req.User.Name)
		}}
}

// tournamentStart is /tournament start (the organiser's): start and pair
// the first round.
func (b *Bot) tournamentStart(svc *tournament.Service) *Command {
	return &Command{Name: "start", Slow: true, Description: i18n.T("Organiser: start and pair the first round",
		"主催者: 開始して第1ラウンドを組む"), Options: []Option{tournamentNameOpt},
		Handler: func(ctx context.Context, req *Request) *Response {
			t, err := svc.Start(ctx, req.Guild, req.Opt("name"), req.Actor(), req.Now)
			if err != nil {
				return Fail(req, err)
			}
			p, _ := t.PairingsTextIn(0, false, req.Lang)
			resp := Reply(fmt.Sprintf(req.T("%s has begun. Tiebreaks: %s.\n%s", "「%s」が始まりました。タイブレーク: %s。\n%s"), t.Name, t.TiebreakOrder(req.Lang), p))
			return b.openTables(ctx, req, t, resp)
		}}
}

// tournamentPairings is /tournament pairings: the pairings of a round (the
// current one by default).
func (b *Bot) tournamentPairings(svc *tournament.Service) *Command {
	return &Command{Name: "pairings", Description: i18n.T("The pairings of a round (the current one by default)", "ラウンドの組合せ (既定は現在)"),
		Options: []Option{tournamentNameOpt, {Name: "round", Description: i18n.T("round number", "ラウンド番号"), Type: Integer, MinInt: 1, MaxInt: 100},
			{Name: "explain", Description: i18n.T("say why each pairing was made", "各組合せの理由を示す"), Type: Boolean}},
		Handler: func(ctx context.Context, req *Request) *Response {
			round, _ := strconv.Atoi(req.Opt("round"))
			p, err := svc.Pairings(ctx, req.Guild, req.Opt("name"), round, req.Opt("explain") == "true", req.Lang)
			if err != nil {
				return Fail(req, err)
			}
			return Reply(p)
		}}
}

// tournamentReport is /tournament report: report a table's result (the
// opponent or the organiser confirms).
func (b *Bot) tournamentReport(svc *tournament.Service) *Command {
	return &Command{Name: "report", Description: i18n.T("Report a table's result (the opponent or the organiser confirms)", "卓の結果を報告 (相手か主催者が確認)"),
		Options: []Option{tournamentNameOpt, tournamentTableOpt, tournamentResultOpt, tournamentLevelOpt, tournamentMarginOpt},
		Handler: func(ctx context.Context, req *Request) *Response {
			n, _ := strconv.Atoi(req.Opt("table"))
			t, err := svc.Report(ctx, req.Guild, req.Opt("name"), req.Actor(), n, tournamentResultOf(req))
			if err != nil {
				return Fail(req, err)
			}
			return Reply(reportState(req, t, n))
		}}
}

// tournamentConfirm is /tournament confirm: confirm a reported result.
func (b *Bot) tournamentConfirm(svc *tournament.Service) *Command {
	return &Command{Name: "confirm", Description: i18n.T("Confirm a reported result",
		"報告された結果を確認"), Options: []Option{tournamentNameOpt, tournamentTableOpt},
		Handler: func(ctx context.Context, req *Request) *Response {
			n, _ := strconv.Atoi(req.Opt("table"))
			t, err := svc.Confirm(ctx, req.Guild, req.Opt("name"), req.Actor(), n)
			return tournamentDone(req, t, err, "Result of table %s in %s confirmed.", "「%[2]s」の卓 %[1]s の結果を確定しました。", req.Opt("table"))
		}}
}

// tournamentNext is /tournament next (the organiser's): close the round and
// pair the next.
func (b *Bot) tournamentNext(svc *tournament.Service) *Command {
	return &Command{Name: "next", Slow: true, Description: i18n.T("Organiser: close the round and pair the next",
		"主催者: ラウンドを締めて次を組む"), Options: []Option{tournamentNameOpt},
		Handler: func(ctx context.Context, req *Request) *Response {
			t, err := svc.Next(ctx, req.Guild, req.Opt("name"), req.Actor(), req.Now)
			if err != nil {
				return Fail(req, err)
			}
			resp := b.standingsResponse(req, t)
			if t.Status == tournament.StatusFinished {
				return resp
			}
			p, _ := t.PairingsTextIn(0, false, req.Lang)
			resp.Add(Message{Text: p})
			return b.openTables(ctx, req, t, resp)
		}}
}

// tournamentStandings is /tournament standings: the standings, with the
// tiebreaks.
func (b *Bot) tournamentStandings(svc *tournament.Service) *Command {
	return &Command{Name: "standings", Slow: true, Description: i18n.T("The standings, with the tiebreaks",
		"順位表 (タイブレーク付き)"), Options: []Option{tournamentNameOpt},
		Handler: func(ctx context.Context, req *Request) *Response {
			t, err := svc.Get(ctx, req.Guild, req.Opt("name"))
			if err != nil {
				return Fail(req, err)
			}
			return b.standingsResponse(req, t)
		}}
}

// tournamentExport is /tournament export: the tournament as a TRF (FIDE) or
// CSV file.
func (b *Bot) tournamentExport(svc *tournament.Service) *Command {
	return &Command{Name: "export", Description: i18n.T("The tournament as a TRF (FIDE) or CSV file", "大会を TRF (FIDE) か CSV ファイルで"), Slow: true,
		Options: []Option{tournamentNameOpt, {Name: "format", Description: i18n.T("trf or csv", "trf か csv"), Type: String, Required: true,
			Choices: []Choice{{Name: i18n.T("TRF", "TRF"), Value: "trf"}, {Name: i18n.T("CSV", "CSV"), Value: "csv"}}}},
		Handler: func(ctx context.Context, req *Request) *Response {
			data, err := svc.Export(ctx, req.Guild, req.Opt("name"), req.Opt("format"))
			if err != nil {
				return Fail(req, err)
			}
			ext := strings.ToLower(req.Opt("format"))
			return Reply(fmt.Sprintf(req.T("%s as %s.", "「%s」(%s)。"), req.Opt("name"), strings.ToUpper(ext))).
				WithFile(File{Name: "tournament." + ext, ContentType: "text/plain; charset=utf-8", Data: data})
		}}
}

// tournamentDrop is /tournament drop (the organiser's): drop a player from
// the next rounds.
func (b *Bot) tournamentDrop(svc *tournament.Service) *Command {
	return &Command{Name: "drop", Description: i18n.T("Organiser: drop a player from the next rounds", "主催者: 次ラウンド以降からプレイヤーを外す"),
		Options: []Option{tournamentNameOpt, {Name: "player", Description: i18n.T("the player's name", "プレイヤー名"), Type: String, Required: true}},
		Handler: func(ctx context.Context, req *Request) *Response {
			t, err := svc.Drop(ctx, req.Guild, req.Opt("name"), req.Actor(), req.Opt("player"))
			return tournamentDone(req, t, err, "%s is dropped from %s.", "%s を「%s」から外しました。", req.Opt("player"))
		}}
}

// tournamentBid is /tournament bid: a secret bid in VP for the side you
// want (sides:bid).
func (b *Bot) tournamentBid(svc *tournament.Service) *Command {
	return &Command{Name: "bid", Description: i18n.T("A secret bid in VP for the side you want (sides:bid)", "希望する陣営への VP の秘密入札 (sides:bid)"),
		Options: []Option{tournamentNameOpt, tournamentTableOpt, {Name: "side", Description: i18n.T("the side you want",
			"希望する陣営"), Type: String, Required: true,
			Choices: []Choice{{Name: i18n.T("German", "独軍"), Value: "german"}, {Name: i18n.T("Allied", "連合軍"), Value: "allied"}}},
			{Name: "vp", Description: i18n.T("VP you give the other side to get it",
				"その陣営を得るために相手に与える VP"), Type: Integer, Required: true, MinInt: 0, MaxInt: 100}},
		Handler: func(ctx context.Context, req *Request) *Response {
			n, _ := strconv.Atoi(req.Opt("table"))
			vp, _ := strconv.Atoi(req.Opt("vp"))
			t, err := svc.Bid(ctx, req.Guild, req.Opt("name"), req.Actor(), n, req.Opt("side"), vp)
			if err != nil {
				return Fail(req, err)
			}
			g := tableOf(t, n)
			if g == nil || len(g.Bids) < 2 {
				return Private(fmt.Sprintf(req.T("Your bid for table %d is in; it stays secret until your opponent's is in too.",
					"卓 %d の入札を受け付けました。相手の入札が揃うまで秘密です。"), n))
			}
			resp := Private(req.T("Your bid is in; both bids are in and the sides are settled.", "入札を受け付けました。両者の入札が揃い、陣営が決まりました。"))
			p, _ := t.PairingsTextIn(0, false, req.Lang)
			resp.Add(Message{Text: p})
			return b.openTables(ctx, req, t, resp)
		}}
}

// tournamentFix is /tournament fix (the organiser's): set the result of any
// table of any round.
func (b *Bot) tournamentFix(svc *tournament.Service) *Command {
	return &Command{Name: "fix", Description: i18n.T("Organiser: set the result of any table of any round", "主催者: 任意のラウンド・卓の結果を設定"),
		Options: []Option{tournamentNameOpt, {Name: "round", Description: i18n.T("round number (default: the current one)",
			"ラウンド番号 (既定は現在)"), Type: Integer, MinInt: 1, MaxInt: 100}, tournamentTableOpt, tournamentResultOpt, tournamentLevelOpt, tournamentMarginOpt,
			{Name: "forfeit", Description: i18n.T("the game was not played: the loser forfeits (a draw: both)", "不戦: 敗者の不戦敗 (引き分け指定で両者)"), Type: Boolean}},
		Handler: func(ctx context.Context, req *Request) *Response {
			round, _ := strconv.Atoi(req.Opt("round"))
			n, _ := strconv.Atoi(req.Opt("table"))
			res := tournamentResultOf(req)
			if req.Opt("forfeit") == "true" {
				res.Forfeit = true
				res.Double = res.Winner == tournament.Draw
			}
			t, err := svc.FixResult(ctx, req.Guild, req.Opt("name"), req.Actor(), round, n, res)
			return tournamentDone(req, t, err, "Result of table %s in %s set by the organiser.",
				"「%[2]s」の卓 %[1]s の結果を主催者が設定しました。", req.Opt("table"))
		}}
}

// tournamentPair is /tournament pair (the organiser's): pair the current
// round by hand.
func (b *Bot) tournamentPair(svc *tournament.Service) *Command {
	return &Command{Name: "pair", Slow: true, Description: i18n.T("Organiser: pair the current round by hand", "主催者: 現在のラウンドを手で組む"),
		Options: []Option{tournamentNameOpt,
			{Name: "tables", Description: i18n.T("German-Allied pairs by name, space separated; a name alone has a bye: Ann-Ben Cat-Dan Eve",
				"「独軍-連合軍」の名前の組を空白区切りで。単独の名前はバイ: Ann-Ben Cat-Dan Eve"), Type: String, Required: true, Text: true},
			{Name: "confirm", Description: i18n.T("pair a rematch all the same", "再戦でも組む"), Type: Boolean}},
		Handler: func(ctx context.Context, req *Request) *Response {
			var pairs []tournament.Pair
			for _, f := range listFields(req.Opt("tables")) {
				a, b, _ := strings.Cut(f, "-")
				pairs = append(pairs, tournament.Pair{German: a, Allied: b})
			}
			t, err := svc.PairByHand(ctx, req.Guild, req.Opt("name"), req.Actor(), pairs, req.Opt("confirm") == "true")
			if err != nil {
				return Fail(req, err)
			}
			p, _ := t.PairingsTextIn(0, false, req.Lang)
			return b.openTables(ctx, req, t, Reply(p))
		}}
}

// tournamentExtend is /tournament extend (the organiser's): move the
// round's deadline later.
func (b *Bot) tournamentExtend(svc *tournament.Service) *Command {
	return &Command{Name: "extend", Description: i18n.T("Organiser: move the round's deadline later", "主催者: ラウンドの期限を延長"),
		Options: []Option{tournamentNameOpt, {Name: "hours", Description: i18n.T("hours to add",
			"延長する時間"), Type: Integer, Required: true, MinInt: 1, MaxInt: 720}},
		Handler: func(ctx context.Context, req *Request) *Response {
			h, _ := strconv.Atoi(req.Opt("hours"))
			t, err := svc.Extend(ctx, req.Guild, req.Opt("name"), req.Actor(), h, req.Now)
			if err != nil {
				return Fail(req, err)
			}
			return Reply(fmt.Sprintf(req.T("%s: the deadline of round %d is now %s.",
				"「%s」第%dラウンドの期限を %s に延長しました。"), t.Name, t.Current().Number, t.Current().Deadline.UTC().Format("2006-01-02 15:04 UTC")))
		}}
}

// tournamentMissing is /tournament missing: the tables of the round still
// without a confirmed result.
func (b *Bot) tournamentMissing(svc *tournament.Service) *Command {
	return &Command{Name: "missing", Description: i18n.T("The tables of the round still without a confirmed result",
		"結果未確定の卓の一覧"), Options: []Option{tournamentNameOpt},
		Handler: func(ctx context.Context, req *Request) *Response {
			b.syncTournamentGames(ctx, req.Guild, req.Opt("name"))
			m, err := svc.MissingResults(ctx, req.Guild, req.Opt("name"), req.Lang)
			if err != nil {
				return Fail(req, err)
			}
			return Reply(m)
		}}
}

func tableOf(t *tournament.Tournament, n int) *tournament.Game {
	if c := t.Current(); c != nil {
		for _, g := range c.Games {
			if g.Table == n {
				return g
			}
		}
	}
	return nil
}

// reportState says where a table's result stands after a report.
func reportState(req *Request, t *tournament.Tournament, n int) string {
	g := tableOf(t, n)
	switch {
	case g == nil:
		return ""
	case g.Result != nil:
		return fmt.Sprintf(req.T("Result of table %d in %s recorded.", "「%[2]s」の卓 %[1]d の結果を記録しました。"), n, t.Name)
	case g.Disputed:
		return fmt.Sprintf(req.T("Table %d in %s: the two reports differ; the organiser decides (/tournament fix).",
			"「%[2]s」の卓 %[1]d: 二人の報告が食い違います。主催者が決めます (/tournament fix)。"), n, t.Name)
	}
	return fmt.Sprintf(req.T("Result of table %d in %s reported; the opponent or the organiser confirms it (/tournament confirm).",
		"「%[2]s」の卓 %[1]d の結果を報告しました。相手か主催者が /tournament confirm で確認します。"), n, t.Name)
}
