package commands

import (
	"context"
	"fmt"
	"strings"

	"rtrbot/balance"
	"rtrbot/engine/game"
	"rtrbot/i18n"
	"rtrbot/tournament"
)

// /stats: what the bot has measured. balance: each side's results and VP
// margins in a scenario, from the club's rated games and, where the club
// has too few, the computer's self-play beside them; bid: the bid that
// makes a given pairing even (package balance; docs/balance.md). /game is
// full (25 subcommands), so these live under a command of their own.

// minClubGames is how many club games of a scenario and options make the
// club's own figures the ground of a bid; below it the self-play is shown
// beside them and the bid rests on it.
const minClubGames = 30

var scenarioOpt = Option{Name: "scenario", Description: i18n.T("standard or extended", "standard か extended"), Type: String, Required: true,
	Choices: []Choice{{Name: i18n.T("standard", "標準"), Value: "standard"}, {Name: i18n.T("extended", "延長"), Value: "extended"}}}

var optionsOpt = Option{Name: "options", Description: i18n.T("scenario options, e.g. 18.1(10) 18.2(14) (default: none)", "シナリオオプション (例: 18.1(10) 18.2(14)。既定: なし)"), Type: String}

func (b *Bot) registerStats(r *Router) {
	r.Add(&Command{Name: "stats", Description: i18n.T("What the bot has measured: the game's balance, a fair bid, a finished game's story", "ボットが測った数値: ゲームのバランス、公平な入札、終了したゲームの記録"),
		Sub: []*Command{
			{Name: "balance", Description: i18n.T("Each side's results and VP margins in a scenario: the club's rated games and computer self-play",
				"シナリオごとの両陣営の勝敗と VP 差: クラブのレーティング対象対局とコンピュータの自己対戦"),
				Options: []Option{scenarioOpt, optionsOpt}, Handler: b.statsBalance},
			{Name: "bid", Description: i18n.T("The bid in VP that makes a game between two players even, from their side ratings",
				"2人の陣営別レーティングから、対局を五分にする VP の入札"),
				Options: []Option{{Name: "german", Description: i18n.T("the German player (name)", "独軍のプレイヤー (名前)"), Type: String, Required: true},
					{Name: "allied", Description: i18n.T("the Allied player (name)", "連合軍のプレイヤー (名前)"), Type: String, Required: true},
					scenarioOpt, optionsOpt}, Handler: b.statsBid},
			b.statsGameCommand(),
		}})
}

// balanceData is what the balance of a scenario and options rests on.
type balanceData struct {
	scenario, options string
	club              []balance.Game
	self              balance.Corpus
	hasSelf           bool
}

// balanceOf gathers the club's rated games of the scenario and options and
// the self-play of the scenario (stored for no options only).
func (b *Bot) balanceOf(ctx context.Context, req *Request) (balanceData, error) {
	opts := listFields(req.Opt("options"))
	if err := game.CheckOptions(opts); err != nil {
		return balanceData{}, err
	}
	d := balanceData{scenario: req.Opt("scenario"), options: balance.OptionKey(opts)}
	if d.scenario != "standard" && d.scenario != "extended" {
		return d, i18n.Errorf("scenario:%s is not a scenario: give standard or extended.", "scenario:%s というシナリオはありません。standard か extended を指定してください。", d.scenario)
	}
	if marks, ok := b.ladderMarks(); ok {
		casual, err := marks.RatedCasualResults(ctx, req.Guild)
		if err != nil {
			return d, err
		}
		for _, g := range casual {
			if g.Scenario == d.scenario && g.Options == d.options {
				d.club = append(d.club, balance.Game{German: g.German, Allied: g.Allied})
			}
		}
	}
	decided, err := b.tournamentService().DecidedGames(ctx, req.Guild)
	if err != nil && b.Store != nil {
		return d, err
	}
	for _, g := range decided {
		if g.Scenario == d.scenario && g.Options == d.options {
			d.club = append(d.club, balance.Game{German: g.Margin})
		}
	}
	if d.options == "" {
		c, ok, err := balance.SelfPlay(d.scenario)
		if err != nil {
			return d, err
		}
		d.self, d.hasSelf = c, ok
	}
	return d, nil
}

// basis is the games a bid rests on and what they are, in lang.
func (d balanceData) basis(lang i18n.Lang) ([]balance.Game, string) {
	if len(d.club) >= minClubGames || (!d.hasSelf && len(d.club) > 0) {
		return d.club, fmt.Sprintf(i18n.T("the club's %d rated games", "クラブのレーティング対象対局 %d 局").In(lang), len(d.club))
	}
	if d.hasSelf {
		return d.self.Games, i18n.Sprintf(i18n.T("the computer's self-play (%s, %s)", "コンピュータの自己対戦 (%s、%s)"), playersText(d.self.Players), i18n.Count(len(d.self.Games), "game", "games", "局")).In(lang)
	}
	return nil, ""
}

func (d balanceData) title(lang i18n.Lang) string {
	scen := i18n.T("standard", "標準")
	if d.scenario == "extended" {
		scen = i18n.T("extended", "延長")
	}
	opts := d.options
	if opts == "" {
		opts = i18n.T("no options", "オプションなし").In(lang)
	}
	return fmt.Sprintf(i18n.T("the %s scenario, %s", "%sシナリオ、%s").In(lang), scen.In(lang), opts)
}

// summaryText is one set of games' figures, in lang.
func summaryText(s balance.Summary, lang i18n.Lang) string {
	pct := func(k int) float64 { return 100 * float64(k) / float64(s.N) }
	return fmt.Sprintf(i18n.T("German victories %d (%.0f%%, 95%%: %.0f–%.0f%%), draws %d, Allied victories %d (%.0f%%, 95%%: %.0f–%.0f%%); mean margin German−Allied %+.1f VP (95%%: %+.1f to %+.1f).",
		"独軍勝利 %d (%.0f%%、95%%: %.0f–%.0f%%)、引分け %d、連合軍勝利 %d (%.0f%%、95%%: %.0f–%.0f%%)。平均 VP 差 (独−連) %+.1f (95%%: %+.1f〜%+.1f)。").In(lang),
		s.GermanWins, pct(s.GermanWins), 100*s.GermanLow, 100*s.GermanHigh, s.Draws, s.AlliedWins, pct(s.AlliedWins), 100*s.AlliedLow, 100*s.AlliedHigh,
		s.MeanMargin, s.Low, s.High)
}

func (b *Bot) statsBalance(ctx context.Context, req *Request) *Response {
	d, err := b.balanceOf(ctx, req)
	if err != nil {
		return Fail(req, err)
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, req.T("**Balance of %s**\n", "**%sのバランス**\n"), d.title(req.Lang))
	if n := len(d.club); n > 0 {
		fmt.Fprintf(&sb, req.T("The club's rated games (%d): %s\n", "クラブのレーティング対象対局 (%d 局): %s\n"), n, summaryText(balance.Summarise(d.club), req.Lang))
	} else {
		sb.WriteString(req.T("The club has no rated game of this scenario and options yet.\n", "このシナリオとオプションのレーティング対象対局はまだクラブにありません。\n"))
	}
	if len(d.club) < minClubGames {
		if d.hasSelf {
			fmt.Fprintf(&sb, req.T("Beside it, the computer's self-play (%s; %s, not the club's): %s\n", "参考: コンピュータの自己対戦 (%s、%s。クラブの対局ではありません): %s\n"),
				playersText(d.self.Players).In(req.Lang), i18n.Count(len(d.self.Games), "game", "games", "局").In(req.Lang), summaryText(balance.Summarise(d.self.Games), req.Lang))
		} else if d.options != "" {
			sb.WriteString(req.T("The computer's self-play is stored for each scenario without options only.\n", "コンピュータの自己対戦はオプションなしの各シナリオのみ保存しています。\n"))
		}
	}
	if games, what := d.basis(req.Lang); len(games) > 0 {
		fmt.Fprintf(&sb, req.T("Even bid between equal players: %s, from %s. /stats bid gives it for two given players.", "互角の2人なら、%s で五分です (%sから)。特定の2人の入札は /stats bid。"),
			bidText(balance.EvenBid(games), req.Lang), what)
	}
	return Reply(sb.String())
}

// bidText says who gives how many VP to whom, in lang.
func bidText(vp int, lang i18n.Lang) string {
	switch {
	case vp > 0:
		return fmt.Sprintf(i18n.T("the German player gives the Allies %d VP", "独軍プレイヤーから連合軍へ %d VP").In(lang), vp)
	case vp < 0:
		return fmt.Sprintf(i18n.T("the Allied player gives the Germans %d VP", "連合軍プレイヤーから独軍へ %d VP").In(lang), -vp)
	}
	return i18n.T("no VP either way", "VP の受け渡しなし").In(lang)
}

// clubLadder is the guild's whole ladder as of the request (the inactive
// players too), read once for all the ratings an answer needs.
func (b *Bot) clubLadder(ctx context.Context, req *Request) ([]tournament.LadderLine, error) {
	casual, names, _, err := b.ladderInputs(ctx, req.Guild, req.Lang)
	if err != nil {
		return nil, err
	}
	lines, err := b.tournamentService().Ladder(ctx, req.Guild, casual, names, req.Now)
	if err != nil && b.Store != nil {
		return nil, err
	}
	return lines, nil
}

// sideRating is a player's rating on a side for the bid, from the
// ladder's lines: the side's own, or with no game on it the overall one,
// or a new player's when no player of that name or ID has a rated game.
func sideRating(req *Request, lines []tournament.LadderLine, who string, german bool) (balance.Rating, string) {
	var me tournament.LadderLine
	ok := false
	for _, l := range lines {
		if l.ID == who || tournament.NameKey(l.Name) == tournament.NameKey(who) {
			me, ok = l, true
			break
		}
	}
	side := me.Allied
	if german {
		side = me.German
	}
	switch {
	case !ok:
		return balance.Rating{R: 1500, RD: 350}, req.T("no rated game here, so a new player's 1500 ± 700", "ここでの対象対局がないため新規プレイヤーの 1500 ± 700")
	case side.Games > 0:
		return balance.Rating{R: side.Rating.R, RD: side.Rating.RD}, fmt.Sprintf(req.T("%.0f ± %.0f on this side", "この陣営で %.0f ± %.0f"), side.Rating.R, 2*side.Rating.RD)
	}
	return balance.Rating{R: me.Rating.R, RD: me.Rating.RD}, fmt.Sprintf(req.T("%.0f ± %.0f overall (no game on this side yet)", "総合 %.0f ± %.0f (この陣営ではまだ対局なし)"), me.Rating.R, 2*me.Rating.RD)
}

func (b *Bot) statsBid(ctx context.Context, req *Request) *Response {
	d, err := b.balanceOf(ctx, req)
	if err != nil {
		return Fail(req, err)
	}
	gName, aName := playerRef(req.Opt("german")), playerRef(req.Opt("allied"))
	if Inert(gName) != gName || Inert(aName) != aName {
		return Private(req.T("A player is named as the ladder shows them, without < > @ or Discord's formatting signs.", "プレイヤーはラダーの表記どおりに指定してください (< > @ や Discord の書式記号なし)。"))
	}
	if strings.EqualFold(gName, aName) {
		return Private(req.T("A bid is for two different players: give german: and allied: different names.", "入札は2人の別々のプレイヤーについてです。german: と allied: に別の名前を指定してください。"))
	}
	lines, err := b.clubLadder(ctx, req)
	if err != nil {
		return Fail(req, err)
	}
	gr, gWhat := sideRating(req, lines, gName, true)
	ar, aWhat := sideRating(req, lines, aName, false)
	games, what := d.basis(req.Lang)
	if len(games) == 0 {
		return Private(fmt.Sprintf(req.T("No games to base a bid on for %s: the club has no rated game of it and the computer's self-play covers each scenario without options only.",
			"%sについては入札の根拠になる対局がありません。クラブのレーティング対象対局がなく、コンピュータの自己対戦はオプションなしの各シナリオのみです。"), d.title(req.Lang)))
	}
	bid := balance.Suggest(games, gr, ar)
	var sb strings.Builder
	fmt.Fprintf(&sb, req.T("**Suggested bid, %s: %s as the Germans, %s as the Allies**\n", "**入札の目安 (%s): 独軍 %s、連合軍 %s**\n"), d.title(req.Lang), gName, aName)
	fmt.Fprintf(&sb, req.T("For an even game: %s.\n", "五分の対局には: %s。\n"), bidText(bid.VP, req.Lang))
	fmt.Fprintf(&sb, req.T("How: between equal players %s (the bid that makes German and Allied victories equally frequent in %s); "+
		"the ratings (%s: %s; %s: %s) give the German player an expected score of %.2f, worth %+d VP on margins spread ±%.0f VP (one standard deviation), scored by 15.1.",
		"計算: 互角の2人なら%s (%sで独軍勝利と連合軍勝利が同じ頻度になる入札)。"+
			"レーティング (%s: %s、%s: %s) から独軍プレイヤーの期待得点は %.2f で、これは %+d VP に相当します (VP 差のばらつき ±%.0f VP (標準偏差)、15.1 で判定)。"),
		bidText(bid.Even, req.Lang), what, gName, gWhat, aName, aWhat, bid.Expected, bid.Shift, bid.Spread)
	return Reply(sb.String())
}

// bidHint is what a tournament with sides:bid says at its creation: the
// even bid between equal players of its scenario and options, and where
// to get one for a given pair.
func (b *Bot) bidHint(ctx context.Context, req *Request, scenario string, options []string) string {
	sub := &Request{Guild: req.Guild, Lang: req.Lang, Now: req.Now, Options: map[string]string{"scenario": scenario, "options": strings.Join(options, " ")}}
	d, err := b.balanceOf(ctx, sub)
	games, what := d.basis(req.Lang)
	if err != nil || len(games) == 0 {
		return req.T("Sides by bid: /stats bid german:NAME allied:NAME scenario:… suggests a bid for two players.", "入札で陣営を決めます: /stats bid german:名前 allied:名前 scenario:… で2人の入札の目安を示します。")
	}
	return fmt.Sprintf(req.T("Sides by bid. Even bid between equal players: %s (from %s); /stats bid german:NAME allied:NAME scenario:%s gives it for two players from their side ratings.",
		"入札で陣営を決めます: 互角の2人なら、%s で五分です (%sから)。/stats bid german:名前 allied:名前 scenario:%s で2人の陣営別レーティングからの目安を示します。"),
		bidText(balance.EvenBid(games), req.Lang), what, scenario)
}

// levelNames are the computer's levels as players read them.
var levelNames = map[string]i18n.Text{
	"random":    i18n.T("random", "ランダム"),
	"heuristic": i18n.T("heuristic", "ヒューリスティック"),
	"campaign":  i18n.T("campaign", "作戦計画"),
	"search":    i18n.T("search", "探索"),
}

// levelChoice is a computer level as an option's choice.
func levelChoice(level string) Choice { return Choice{Name: levelNames[level], Value: level} }

// playersText is who played a self-play corpus ("X (German) against Y
// (Allied)", as cmd/arena writes it) in both languages.
func playersText(players string) i18n.Text {
	var g, a string
	if n, _ := fmt.Sscanf(players, "%s (German) against %s (Allied)", &g, &a); n != 2 {
		return i18n.T(players, players)
	}
	name := func(l string) i18n.Text {
		if t, ok := levelNames[l]; ok {
			return t
		}
		return i18n.T(l, l)
	}
	return i18n.Sprintf(i18n.T("%s as the Germans against %s as the Allies", "独軍 %s 対 連合軍 %s"), name(g), name(a))
}

// playerRef is a player as /stats bid is given one: a name, @name, or a
// Discord mention <@ID> (the ID then).
func playerRef(s string) string {
	s = strings.TrimSpace(s)
	if m := mentionRE.FindStringSubmatch(s); m != nil && m[0] == s {
		return m[1]
	}
	return strings.TrimPrefix(s, "@")
}

// tableBids are the suggested bids of a sides:bid round's tables, for
// their players on the sides the pairing gave them (/stats bid's figures),
// from one reading of the balance and the ladder.
func (b *Bot) tableBids(ctx context.Context, req *Request, t *tournament.Tournament, tables []*tournament.Game) []string {
	name := func(id string) string {
		if p := t.Player(id); p != nil && p.Name != "" {
			return p.Name
		}
		return id
	}
	sub := &Request{Guild: req.Guild, Lang: req.Lang, Now: req.Now, Options: map[string]string{"scenario": t.Settings.Scenario, "options": strings.Join(t.Settings.Options, " ")}}
	d, err := b.balanceOf(ctx, sub)
	games, _ := d.basis(req.Lang)
	lines, err2 := b.clubLadder(ctx, req)
	var out []string
	for _, g := range tables {
		if err != nil || err2 != nil || len(games) == 0 {
			out = append(out, fmt.Sprintf(req.T("Table %d: %s and %s.", "第%d卓: %s と %s。"), g.Table, name(g.German), name(g.Allied)))
			continue
		}
		gr, _ := sideRating(req, lines, g.German, true)
		ar, _ := sideRating(req, lines, g.Allied, false)
		bid := balance.Suggest(games, gr, ar)
		out = append(out, fmt.Sprintf(req.T("Table %d (%s as the Germans, %s as the Allies): for an even game, %s (/stats bid says how).",
			"第%d卓 (独軍 %s、連合軍 %s): 五分にするには%s (計算は /stats bid)。"), g.Table, name(g.German), name(g.Allied), bidText(bid.VP, req.Lang)))
	}
	return out
}
