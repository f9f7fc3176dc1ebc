package commands

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"rtrbot/db"
	"rtrbot/i18n"
	"rtrbot/tournament"
)

// The /tournament commands: a thin adapter over tournament.Service, which
// decides everything (who may, what is wrong and what would be right).
// The tournaments live in the bot's database when it has one, else in
// memory.

func (b *Bot) tournamentService() *tournament.Service {
	if st, ok := b.Store.(*db.Store); ok && st != nil {
		return &tournament.Service{Store: db.Tournaments{S: st}}
	}
	return &tournament.Service{Store: &tournament.MemStore{}}
}

func (b *Bot) registerTournament(r *Router) {
	svc := b.tournamentService()
	name := Option{Name: "name", Description: i18n.T("the tournament's name", "大会名"), Type: String, Required: true}
	table := Option{Name: "table", Description: i18n.T("the table's number in the round", "ラウンドの卓番号"), Type: Integer, Required: true, MinInt: 1, MaxInt: 10000}
	user := func(req *Request) tournament.User { return tournament.User{ID: req.User.ID, Name: req.User.Name} }
	done := func(req *Request, t *tournament.Tournament, err error, en, ja string) *Response {
		if err != nil {
			return Fail(req, err)
		}
		return Reply(fmt.Sprintf(req.T(en, ja), t.Name))
	}
	sub := func(c *Command) *Command { return c }
	r.Add(&Command{
		Name:        "tournament",
		Description: i18n.T("Club tournaments: Swiss, round robin, elimination (docs/tournaments.md)", "クラブ大会: スイス式、総当たり、トーナメント (docs/tournaments.md)"),
		Sub: []*Command{
			sub(&Command{Name: "new", Description: i18n.T("Create a tournament (you organise it)", "大会を作成 (あなたが主催)"),
				Options: []Option{name,
					{Name: "format", Description: i18n.T("swiss, roundrobin or elimination", "swiss、roundrobin、elimination"), Type: String, Required: true,
						Choices: []Choice{{Name: i18n.T("Swiss", "スイス式"), Value: "swiss"}, {Name: i18n.T("round robin", "総当たり"), Value: "roundrobin"}, {Name: i18n.T("single elimination", "トーナメント"), Value: "elimination"}}},
					{Name: "rounds", Description: i18n.T("Swiss rounds", "スイス式のラウンド数"), Type: Integer, MinInt: 1, MaxInt: 30},
					{Name: "scenario", Description: i18n.T("standard or extended", "standard か extended"), Type: String,
						Choices: []Choice{{Name: i18n.T("standard", "標準"), Value: "standard"}, {Name: i18n.T("extended", "延長"), Value: "extended"}}},
					{Name: "sides", Description: i18n.T("pairing (sides by the pairing system) or bid (a secret VP bid)", "pairing (組合せで決定) か bid (VP の秘密入札)"), Type: String,
						Choices: []Choice{{Name: i18n.T("by the pairing", "組合せで"), Value: "pairing"}, {Name: i18n.T("bid", "入札"), Value: "bid"}}},
					{Name: "cut", Description: i18n.T("a top cut of 4 or 8 after the Swiss rounds", "スイス式の後の上位 4 か 8 人のカット"), Type: Integer, MinInt: 4, MaxInt: 8},
					{Name: "deadline", Description: i18n.T("hours a round lasts", "1 ラウンドの時間"), Type: Integer, MinInt: 1, MaxInt: 24 * 60}},
				Handler: func(ctx context.Context, req *Request) *Response {
					rounds, _ := strconv.Atoi(req.Opt("rounds"))
					cut, _ := strconv.Atoi(req.Opt("cut"))
					hours, _ := strconv.Atoi(req.Opt("deadline"))
					scen := req.Opt("scenario")
					if scen == "" {
						scen = "standard"
					}
					t, err := svc.New(ctx, tournament.NewTournament{Guild: req.Guild, Name: req.Opt("name"), Organiser: user(req), Now: req.Now,
						Settings: tournament.Settings{Format: tournament.Format(req.Opt("format")), Rounds: rounds, Scenario: scen, Sides: req.Opt("sides"), Cut: cut, DeadlineHours: hours}})
					return done(req, t, err, "Tournament %s created: players /tournament join, the organiser /tournament start.", "大会「%s」を作成しました。参加は /tournament join、開始は主催者が /tournament start。")
				}}),
			sub(&Command{Name: "join", Description: i18n.T("Register for a tournament", "大会に参加登録"), Options: []Option{name},
				Handler: func(ctx context.Context, req *Request) *Response {
					t, err := svc.Join(ctx, req.Guild, req.Opt("name"), user(req), req.Now)
					return done(req, t, err, req.User.Name+" joins %s.", req.User.Name+" が「%s」に参加しました。")
				}}),
			sub(&Command{Name: "withdraw", Description: i18n.T("Withdraw from a tournament", "大会から辞退"), Options: []Option{name},
				Handler: func(ctx context.Context, req *Request) *Response {
					t, err := svc.Withdraw(ctx, req.Guild, req.Opt("name"), user(req))
					return done(req, t, err, req.User.Name+" withdraws from %s.", req.User.Name+" が「%s」から辞退しました。")
				}}),
			sub(&Command{Name: "checkin", Description: i18n.T("Check in before the start", "開始前のチェックイン"), Options: []Option{name},
				Handler: func(ctx context.Context, req *Request) *Response {
					t, err := svc.CheckIn(ctx, req.Guild, req.Opt("name"), user(req))
					return done(req, t, err, req.User.Name+" checks in for %s.", req.User.Name+" が「%s」にチェックインしました。")
				}}),
			sub(&Command{Name: "start", Description: i18n.T("Organiser: start and pair the first round", "主催者: 開始して第1ラウンドを組む"), Options: []Option{name},
				Handler: func(ctx context.Context, req *Request) *Response {
					t, err := svc.Start(ctx, req.Guild, req.Opt("name"), user(req), req.Now)
					if err != nil {
						return Fail(req, err)
					}
					p, _ := svc.Pairings(ctx, req.Guild, t.Name, 0, false)
					return Reply(fmt.Sprintf(req.T("%s has begun.\n%s", "「%s」が始まりました。\n%s"), t.Name, p))
				}}),
			sub(&Command{Name: "pairings", Description: i18n.T("The pairings of a round (the current one by default)", "ラウンドの組合せ (既定は現在)"),
				Options: []Option{name, {Name: "round", Description: i18n.T("round number", "ラウンド番号"), Type: Integer, MinInt: 1, MaxInt: 100},
					{Name: "explain", Description: i18n.T("say why each pairing was made", "各組合せの理由を示す"), Type: Boolean}},
				Handler: func(ctx context.Context, req *Request) *Response {
					round, _ := strconv.Atoi(req.Opt("round"))
					p, err := svc.Pairings(ctx, req.Guild, req.Opt("name"), round, req.Opt("explain") == "true")
					if err != nil {
						return Fail(req, err)
					}
					return Reply(p)
				}}),
			sub(&Command{Name: "report", Description: i18n.T("Report a table's result (the opponent or the organiser confirms)", "卓の結果を報告 (相手か主催者が確認)"),
				Options: []Option{name, table,
					{Name: "result", Description: i18n.T("german, allied or draw", "german、allied、draw"), Type: String, Required: true,
						Choices: []Choice{{Name: i18n.T("German win", "独軍勝利"), Value: "german"}, {Name: i18n.T("Allied win", "連合軍勝利"), Value: "allied"}, {Name: i18n.T("draw", "引き分け"), Value: "draw"}}},
					{Name: "level", Description: i18n.T("marginal, strategic or decisive", "marginal、strategic、decisive"), Type: String,
						Choices: []Choice{{Name: i18n.T("marginal", "限定的"), Value: "marginal"}, {Name: i18n.T("strategic", "戦略的"), Value: "strategic"}, {Name: i18n.T("decisive", "決定的"), Value: "decisive"}}},
					{Name: "margin", Description: i18n.T("the VP margin", "VP 差"), Type: Integer, MinInt: 0, MaxInt: 10000}},
				Handler: func(ctx context.Context, req *Request) *Response {
					n, _ := strconv.Atoi(req.Opt("table"))
					m, _ := strconv.Atoi(req.Opt("margin"))
					t, err := svc.Report(ctx, req.Guild, req.Opt("name"), user(req), n, tournament.Result{Winner: req.Opt("result"), Level: req.Opt("level"), Margin: m})
					return done(req, t, err, "Result of table "+req.Opt("table")+" in %s reported; the opponent or the organiser confirms it (/tournament confirm).",
						"「%s」の卓 "+req.Opt("table")+" の結果を報告しました。相手か主催者が /tournament confirm で確認します。")
				}}),
			sub(&Command{Name: "confirm", Description: i18n.T("Confirm a reported result", "報告された結果を確認"), Options: []Option{name, table},
				Handler: func(ctx context.Context, req *Request) *Response {
					n, _ := strconv.Atoi(req.Opt("table"))
					t, err := svc.Confirm(ctx, req.Guild, req.Opt("name"), user(req), n)
					return done(req, t, err, "Result of table "+req.Opt("table")+" in %s confirmed.", "「%s」の卓 "+req.Opt("table")+" の結果を確定しました。")
				}}),
			sub(&Command{Name: "next", Description: i18n.T("Organiser: close the round and pair the next", "主催者: ラウンドを締めて次を組む"), Options: []Option{name},
				Handler: func(ctx context.Context, req *Request) *Response {
					t, err := svc.Next(ctx, req.Guild, req.Opt("name"), user(req), req.Now)
					if err != nil {
						return Fail(req, err)
					}
					p, _ := svc.Pairings(ctx, req.Guild, t.Name, 0, false)
					return Reply(p)
				}}),
			sub(&Command{Name: "standings", Description: i18n.T("The standings, with the tiebreaks", "順位表 (タイブレーク付き)"), Options: []Option{name},
				Handler: func(ctx context.Context, req *Request) *Response {
					_, text, err := svc.Standings(ctx, req.Guild, req.Opt("name"))
					if err != nil {
						return Fail(req, err)
					}
					return Reply(text)
				}}),
			sub(&Command{Name: "export", Description: i18n.T("The tournament as a TRF (FIDE) or CSV file", "大会を TRF (FIDE) か CSV ファイルで"), Slow: true,
				Options: []Option{name, {Name: "format", Description: i18n.T("trf or csv", "trf か csv"), Type: String, Required: true,
					Choices: []Choice{{Name: i18n.T("TRF", "TRF"), Value: "trf"}, {Name: i18n.T("CSV", "CSV"), Value: "csv"}}}},
				Handler: func(ctx context.Context, req *Request) *Response {
					data, err := svc.Export(ctx, req.Guild, req.Opt("name"), req.Opt("format"))
					if err != nil {
						return Fail(req, err)
					}
					ext := strings.ToLower(req.Opt("format"))
					return Reply(fmt.Sprintf(req.T("%s as %s.", "「%s」(%s)。"), req.Opt("name"), strings.ToUpper(ext))).
						WithFile(File{Name: "tournament." + ext, ContentType: "text/plain; charset=utf-8", Data: data})
				}}),
			sub(&Command{Name: "drop", Description: i18n.T("Organiser: drop a player from the next rounds", "主催者: 次ラウンド以降からプレイヤーを外す"),
				Options: []Option{name, {Name: "player", Description: i18n.T("the player's name", "プレイヤー名"), Type: String, Required: true}},
				Handler: func(ctx context.Context, req *Request) *Response {
					t, err := svc.Drop(ctx, req.Guild, req.Opt("name"), user(req), req.Opt("player"))
					return done(req, t, err, req.Opt("player")+" is dropped from %s.", req.Opt("player")+" を「%s」から外しました。")
				}}),
		},
	})
}
