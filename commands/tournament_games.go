package commands

import (
	"context"
	"fmt"
	"strings"
	"sync"

	"rtrbot/actor"
	"rtrbot/engine/game"
	"rtrbot/engine/units"
	"rtrbot/games"
	"rtrbot/i18n"
	"rtrbot/render"
	"rtrbot/tournament"
)

// The games of a tournament's tables. When a round is paired (start,
// next, a pairing by hand, the bids of a table settled) each table of a
// tournament played with the bot (play:bot, the default) opens its bot
// game in a thread of its own under the tournament's channel, with the
// tournament's scenario and options, and both players seated on the sides
// the pairing gave. When the game ends its result (the victory level of
// 15.1 and the VP margin, a bid's VP added) goes to the table by itself:
// every command is followed by a look at the game of its channel
// (watchTournamentGames), and the round clock looks again
// (tournament_clock.go). A resignation is a decisive victory of the other
// side by 0 VP.
//
// Where the chat cannot open threads (the console) no bot game is opened:
// the players report and confirm, as at a physical table.

// tourneyState is the tournament service and what the bot remembers of
// the games it has seen end.
type tourneyState struct {
	svc  *tournament.Service
	mu   sync.Mutex
	seen map[int64]bool // bot games whose end was given to their table
}

func (b *Bot) tstate() *tourneyState {
	b.tournamentService()
	return b.tourney
}

func (b *Bot) openTables(ctx context.Context, req *Request, t *tournament.Tournament, resp *Response) *Response {
	c := t.Current()
	if t.Settings.Play == tournament.PlayTable || t.Status != tournament.StatusRunning || c == nil || c.Closed {
		return resp
	}
	var todo, byes, bidding []*tournament.Game
	for _, g := range c.Games {
		switch {
		case g.Bye() && g.GameID == 0 && t.Settings.ByeGame != "":
			byes = append(byes, g)
		case g.Bye() || g.GameID != 0 || g.Result != nil:
		case t.Settings.Sides == "bid" && len(g.Bids) < 2:
			bidding = append(bidding, g)
		default:
			todo = append(todo, g)
		}
	}
	if len(bidding) > 0 {
		text := fmt.Sprintf(req.T("Sides by bid: each player of a table bids in secret with /tournament bid name:%s table:N side:german|allied vp:N; the table's game opens when both bids are in.",
			"陣営は入札で決めます。各卓の両者が /tournament bid name:%s table:N side:german|allied vp:N で秘密に入札し、揃うと対局が始まります。"), t.Name)
		for _, line := range b.tableBids(ctx, req, t, bidding) {
			text += "\n" + line
		}
		resp.Add(Message{Text: text})
	}
	if len(todo)+len(byes) == 0 {
		return resp
	}
	if req.Chat == nil || b.Store == nil {
		resp.Add(Message{Text: req.T("No bot game is opened here (this chat has no threads): each table reports its result with /tournament report, and the opponent confirms it.",
			"ここではボット対局を開きません (スレッドがないため): 各卓は /tournament report で結果を報告し、相手が確認します。")})
		return resp
	}
	parent := t.Channel
	if parent == "" {
		parent = req.Channel
	}
	svc := b.tournamentService()
	for _, g := range todo {
		id, thread, err := b.openTable(ctx, req, t, c.Number, g, parent)
		if err == nil {
			_, err = svc.SetGameAt(ctx, t.Guild, t.Name, g.Table, id, thread)
		}
		if err != nil {
			b.Log.Error("tournament: opening a table's game", "tournament", t.Name, "table", g.Table, "err", err)
			resp.Add(Message{Text: fmt.Sprintf(req.T("Table %d: its bot game could not be opened (%s); its players report the result with /tournament report.",
				"卓 %d: ボット対局を開けませんでした (%s)。結果は /tournament report で報告してください。"), g.Table, i18n.Message(err, req.Lang))})
			continue
		}
		msg := fmt.Sprintf(req.T("%s, round %d, table %d: %s plays the German side, %s the Allied side (game #%d, scenario %s). The result goes to the tournament by itself when the game ends.",
			"%s 第%dラウンド第%d卓: 独軍 %s、連合軍 %s (ゲーム #%d、シナリオ %s)。対局が終わると結果は自動で大会に記録されます。"),
			t.Name, c.Number, g.Table, games.MentionOf(g.German, nameIn(t, g.German)), games.MentionOf(g.Allied, nameIn(t, g.Allied)), id, t.Settings.Scenario)
		if t.Settings.OptionsChosen {
			msg += "\n" + req.T("Options are chosen by 18.0: each side in secret with /game choose, then /game confirm.",
				"オプションは 18.0 により選びます。各陣営が /game choose で秘密に選び、/game confirm で確定。")
		} else if len(t.Settings.Options) > 0 {
			msg += "\n" + req.T("Options: ", "オプション: ") + strings.Join(t.Settings.Options, " ")
		}
		resp.Add(Message{Target: thread, Text: msg})
	}
	for _, g := range byes {
		b.openByeGame(ctx, req, t, c.Number, g, parent, resp)
	}
	return resp
}

// openByeGame opens the practice game of a player with a bye against the
// computer (Settings.ByeGame, its level): the player takes the side he
// has played less in the tournament (German when even), the computer the
// other, and the computer moves at once if its side begins. The bye's
// points stand whatever the game's result (recordEnded does not give it
// to the table).
func (b *Bot) openByeGame(ctx context.Context, req *Request, t *tournament.Tournament, round int, g *tournament.Game, parent string, resp *Response) {
	side := units.German
	if sideBalance(t, g.German) > 0 {
		side = units.Allied
	}
	level := t.Settings.ByeGame
	title := byeTitle(b.threadLang(req), t.Name, round, nameIn(t, g.German), level)
	fail := func(err error) {
		b.Log.Error("tournament: opening a bye's game", "tournament", t.Name, "table", g.Table, "err", err)
		resp.Add(Message{Text: fmt.Sprintf(req.T("Table %d: the bye's game against the computer could not be opened (%s); the bye's points stand.",
			"卓 %d: バイの選手のコンピュータ対局を開けませんでした (%s)。バイの得点はそのままです。"), g.Table, i18n.Message(err, req.Lang))})
	}
	id, thread, err := b.openGame(ctx, req, t, parent, title, seat{side, g.German})
	if err != nil {
		fail(err)
		return
	}
	at := games.Where{Guild: t.Guild, Channel: thread}
	org := actor.Actor{ID: t.Organiser, Name: nameIn(t, t.Organiser), Lang: req.Lang}
	if _, err := b.games.SeatBot(ctx, org, at, side.Other(), level, req.Now); err != nil {
		fail(err)
		return
	}
	if _, err := b.tournamentService().SetGameAt(ctx, t.Guild, t.Name, g.Table, id, thread); err != nil {
		fail(err)
		return
	}
	resp.Add(Message{Target: thread, Text: fmt.Sprintf(req.T("%s, round %d: %s has a bye (its points stand) and may play the computer (%s) meanwhile, on the %s side (game #%d). This game does not count.",
		"%s 第%d ラウンド: %s はバイ (得点はそのまま) で、その間コンピュータ (%s) と%s側で練習対局ができます (ゲーム #%d)。この対局は得点に数えません。"),
		t.Name, round, games.MentionOf(g.German, nameIn(t, g.German)), levelName(level).In(req.Lang), side.Name().In(req.Lang), id)})
	sub := *req
	sub.Channel = thread
	b.botMoves(ctx, &sub, resp)
}

// threadLang is the one language of a thread's title, which every member
// reads alike: the console's (RTRBOT_LANG) where the bot has one reader,
// otherwise that of whoever opened the round (on Discord his locale, or
// the server's).
func (b *Bot) threadLang(req *Request) i18n.Lang {
	if b.Reader != "" {
		return b.Reader
	}
	if req.Lang == "" {
		return i18n.EN
	}
	return req.Lang
}

// byeTitle is the title of a bye's practice thread in lang: the round,
// the player and the computer named as players know it (Computer
// (heuristic), コンピュータ (ヒューリスティック)), and that it is practice.
// Discord takes at most 100 characters.
func byeTitle(lang i18n.Lang, name string, round int, player, level string) string {
	title := i18n.Sprintf(i18n.T("%s round %d: %s v %s (practice)", "%s 第%dラウンド: %s 対 %s (練習対局)"),
		name, round, player, computerName(level)).In(lang)
	if r := []rune(title); len(r) > 100 {
		title = string(r[:99]) + "…"
	}
	return title
}

// sideBalance is how many more times player id played German than Allied
// in the tournament's games so far (byes not counted).
func sideBalance(t *tournament.Tournament, id string) int {
	n := 0
	for _, rd := range t.Rounds {
		for _, g := range rd.Games {
			switch {
			case g.Bye():
			case g.German == id:
				n++
			case g.Allied == id:
				n--
			}
		}
	}
	return n
}

func nameIn(t *tournament.Tournament, id string) string {
	if p := t.Player(id); p != nil {
		return p.Name
	}
	return id
}

// seat is a person to seat at a table's game.
type seat struct {
	side units.Side
	id   string
}

// openTable opens one table's bot game in a thread under parent and seats
// both players; it returns the game's number and its thread.
func (b *Bot) openTable(ctx context.Context, req *Request, t *tournament.Tournament, round int, g *tournament.Game,
	parent string) (int64, string, error) {
	title := fmt.Sprintf("%s R%d T%d: %s – %s", t.Name, round, g.Table, nameIn(t, g.German), nameIn(t, g.Allied))
	return b.openGame(ctx, req, t, parent, title, seat{units.German, g.German}, seat{units.Allied, g.Allied})
}

// openGame opens a game of the tournament's scenario and options in a
// public thread titled title under parent, created by the organiser, and
// seats the people given, each with his side's private thread; it returns
// the game's number and its thread.
func (b *Bot) openGame(ctx context.Context, req *Request, t *tournament.Tournament, parent, title string, seats ...seat) (int64, string, error) {
	chat := req.Chat
	n := games.NewGame{Scenario: t.Settings.Scenario, Options: t.Settings.Options,
		Open: func(ctx context.Context, parent string, _ int64) (string, error) {
			return chat.CreateThread(ctx, parent, title, false, nil)
		}}
	org := actor.Actor{ID: t.Organiser, Name: nameIn(t, t.Organiser), Lang: req.Lang}
	st, err := b.games.NewGame(ctx, org, games.Where{Guild: t.Guild, Channel: parent}, n)
	if err != nil {
		return 0, "", err
	}
	thread := st.Game.Channel
	for _, p := range seats {
		open := func(ctx context.Context, parent string, id int64) (string, error) {
			name := fmt.Sprintf("%s — %s", p.side.Name().In(req.Lang), fmt.Sprintf(req.T("game #%d (private)", "ゲーム #%d (非公開)"), id))
			return chat.CreateThread(ctx, parent, name, true, []string{p.id})
		}
		a := actor.Actor{ID: p.id, Name: nameIn(t, p.id), Lang: req.Lang}
		if _, err := b.games.Join(ctx, a, games.Where{Guild: t.Guild, Channel: thread}, p.side.String(), req.Now, games.OpenThread(open)); err != nil {
			return st.Game.ID, thread, err
		}
	}
	return st.Game.ID, thread, nil
}

// gameResult is a finished game's result for its table: the VP with the
// table's bid, by 15.1.
func gameResult(g *games.Game, table *tournament.Game) (winner, level string, margin int) {
	return tableOutcome(table.AdjustVP(g.State.VP)) // computer_adjudicate.go
}

// recordEnded gives a finished bot game's result to its table, once, and
// says so in the tournament's channel and the game's thread (nil: not a
// tournament game, or already recorded). resignedBy is the side that
// resigned, if the game ended so.
func (b *Bot) recordEnded(ctx context.Context, g *games.Game, resignedBy *units.Side) []Message {
	if g == nil || g.ID == 0 || b.Store == nil || g.Imported() {
		return nil // an imported game is a new game, never a table's (docs/tournaments.md)
	}
	ts := b.tstate()
	ts.mu.Lock()
	seen := ts.seen[g.ID]
	ts.mu.Unlock()
	if seen {
		return nil
	}
	svc := b.tournamentService()
	mark := func() {
		ts.mu.Lock()
		ts.seen[g.ID] = true
		ts.mu.Unlock()
	}
	t, table, err := svc.ByGame(ctx, g.ID)
	if err != nil {
		mark() // not a tournament game: not looked up again
		return nil
	}
	if table.Bye() {
		// a bye's practice game against the computer: it does not count
		if resignedBy == nil && (g.State == nil || g.State.Step != game.GameOver) {
			return nil
		}
		mark()
		return []Message{{Target: g.Channel, Text: bilingual("%s, table %d: the practice game #%d is over; the bye's points stand.",
			"%s 卓 %d: 練習対局 #%d が終了しました。バイの得点はそのままです。", t.Name, table.Table, g.ID)}}
	}
	var winner, level string
	margin := 0
	switch {
	case resignedBy != nil:
		winner, level = tournament.German, tournament.Decisive
		if *resignedBy == units.German {
			winner = tournament.Allied
		}
	case g.State != nil && g.State.Step == game.GameOver:
		winner, level, margin = gameResult(g, table)
	default:
		return nil
	}
	t, table, changed, err := svc.RecordGame(ctx, g.ID, winner, level, margin)
	mark()
	if err != nil {
		b.Log.Error("tournament: recording a game's result", "game", g.ID, "err", err)
		return nil
	}
	if !changed {
		return nil
	}
	text := bilingual("🏆 %s, table %d: game #%d is over; its result is recorded.", "🏆 %s 卓 %d: ゲーム #%d が終了し、結果を記録しました。", t.Name, table.Table, g.ID)
	out := []Message{{Target: g.Channel, Text: text}}
	if t.Channel != "" && t.Channel != g.Channel {
		out = append(out, Message{Target: t.Channel, Text: text})
	}
	return out
}

// syncTournamentGames looks at the bot games of the current round of a
// tournament that have no result yet, and records those that ended.
func (b *Bot) syncTournamentGames(ctx context.Context, guild, name string) []Message {
	t, err := b.tournamentService().Get(ctx, guild, name)
	if err != nil || t.Current() == nil {
		return nil
	}
	var out []Message
	for _, g := range t.Current().Games {
		if g.GameID == 0 || g.Result != nil {
			continue
		}
		if gg := b.games.Peek(ctx, g.Thread); g.Thread != "" && gg != nil && gg.ID == g.GameID {
			out = append(out, b.recordEnded(ctx, gg, nil)...)
			continue
		}
		// No longer played in its thread: it ended, perhaps just before
		// a restart and before its result reached the table.
		out = append(out, b.recordStored(ctx, g.GameID)...)
	}
	return out
}

// recordStored gives the result of a stored game that is no longer
// played (finished by the VP of 15.1 or by a resignation, MetaResigned)
// to its table; an abandoned game is left to the organiser.
func (b *Bot) recordStored(ctx context.Context, id int64) []Message {
	ts := b.tstate()
	ts.mu.Lock()
	seen := ts.seen[id]
	ts.mu.Unlock()
	if seen || b.Store == nil {
		return nil
	}
	row, err := b.Store.Game(ctx, id)
	if err != nil || row == nil || row.Status != games.Finished {
		return nil // still live elsewhere, abandoned, damaged or gone
	}
	g, err := b.games.LoadStored(ctx, id)
	if err != nil {
		b.Log.Error("tournament: loading an ended game", "game", id, "err", err)
		return nil
	}
	var resigned *units.Side
	if s, err := units.ParseSide(g.Meta[games.MetaResigned]); err == nil {
		resigned = &s
	}
	return b.recordEnded(ctx, g, resigned)
}

// watchTournamentGames makes every command (but the tournament's own) look
// afterwards at the game of its channel: a tournament game that has just
// ended gives its result to its table at once.
func (b *Bot) watchTournamentGames(r *Router) {
	var wrap func(path string, c *Command)
	wrap = func(path string, c *Command) {
		for _, s := range c.Sub {
			wrap(path+" "+s.Name, s)
		}
		if c.Handler == nil || strings.HasPrefix(path, "tournament") || path == "ladder" || path == "help" {
			return
		}
		h := c.Handler
		c.Handler = func(ctx context.Context, req *Request) *Response {
			var before *games.Game
			resign := path == "game resign"
			if resign && b.Store != nil {
				before = b.games.Peek(ctx, req.Channel)
			}
			resp := h(ctx, req)
			if b.Store == nil || resp == nil {
				return resp
			}
			if resign && before != nil {
				if after := b.games.Peek(ctx, req.Channel); after == nil || after.ID != before.ID || after.Status != before.Status {
					if side, ok := before.SideOf(req.User.ID); ok {
						for _, m := range b.recordEnded(ctx, before, &side) {
							resp.Add(m)
						}
					}
				}
				return resp
			}
			if g := b.games.Peek(ctx, req.Channel); g != nil && g.State != nil && g.State.Step == game.GameOver {
				for _, m := range b.recordEnded(ctx, g, nil) {
					resp.Add(m)
				}
			}
			return resp
		}
	}
	for _, c := range r.Commands() {
		wrap(c.Name, c)
	}
}

// standingsResponse is the standings as text and as a picture; in an
// elimination stage, the bracket too.
func (b *Bot) standingsResponse(req *Request, t *tournament.Tournament) *Response {
	resp := Reply(t.StandingsTextIn(req.Lang))
	head, rows := t.StandingsTableIn(req.Lang)
	if png, err := render.StandingsPNG(render.StandingsTable{Title: t.StandingsTitle(req.Lang), Header: head, Rows: rows}); err == nil {
		resp.WithFile(File{Name: "standings.png", ContentType: "image/png", Data: png})
	} else {
		b.Log.Error("tournament: drawing the standings", "err", err)
	}
	if br := t.Bracket(); len(br) > 0 {
		bk := render.Bracket{Title: fmt.Sprintf(req.T("%s: bracket", "%s: トーナメント表"), t.Name)}
		for _, rd := range br {
			var ms []render.BracketMatch
			for _, m := range rd {
				ms = append(ms, render.BracketMatch{A: m.A, B: m.B, Winner: m.Winner})
			}
			bk.Rounds = append(bk.Rounds, ms)
		}
		if png, err := render.BracketPNG(bk); err == nil {
			resp.WithFile(File{Name: "bracket.png", ContentType: "image/png", Data: png})
		} else {
			b.Log.Error("tournament: drawing the bracket", "err", err)
		}
	}
	return resp
}
