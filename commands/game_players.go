package commands

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"rtrbot/engine/game"
	"rtrbot/engine/units"
	"rtrbot/games"
	"rtrbot/i18n"
)

// Players, sides and referees: /game join, players, pause, resume,
// replace, fix, resign, abandon, referee, list. Who may do which is decided
// by the games service (games/permissions.go); these handlers read the
// request and say what happened.

var sideChoices = []Choice{{Name: i18n.T("German", "独軍"), Value: "german"}, {Name: i18n.T("Allied", "連合軍"), Value: "allied"}}

func (b *Bot) registerPlayers(r *Router) {
	r.AddSub("game", b.playCommands()...)
}

// playCommands are the /game subcommands of play in a channel.
func (b *Bot) playCommands() []*Command {
	userOpt := func(name string, desc i18n.Text) Option {
		return Option{Name: name, Description: desc, Type: String, Required: true}
	}
	return []*Command{
		{
			Name: "join", Slow: true, Description: i18n.T("Play a side of this game (several players per side allowed)", "このゲームの一方の陣営で参加 (1陣営に複数人可)"),
			Options: []Option{{Name: "side", Description: i18n.T("german or allied", "german か allied"), Type: String, Required: true, Choices: sideChoices},
				{Name: "user", Description: i18n.T("A player of the side adds this user beside them", "陣営のプレイヤーがこのユーザーを自軍に加える"), Type: String}},
			Handler: func(ctx context.Context, req *Request) *Response { return b.join(ctx, req) },
		},
		{
			Name: "players", Description: i18n.T("Who plays which side, and who referees", "各陣営のプレイヤーと審判"),
			Handler: func(ctx context.Context, req *Request) *Response { return b.players(ctx, req) },
		},
		{
			Name: "pause", Description: i18n.T("Referee: stop all orders until /game resume", "審判: /game resume まで命令を止める"),
			Handler: func(ctx context.Context, req *Request) *Response { return b.pause(ctx, req, true) },
		},
		{
			Name: "resume", Description: i18n.T("Referee: let orders go on", "審判: 命令の受付を再開"),
			Handler: func(ctx context.Context, req *Request) *Response { return b.pause(ctx, req, false) },
		},
		{
			Name: "replace", Description: i18n.T("Referee: give a player's place to another user", "審判: プレイヤーを別のユーザーと交代"),
			Options: []Option{userOpt("player", i18n.T("the player leaving (ID, @mention or name)", "交代するプレイヤー (ID、@メンション、名前)")),
				userOpt("by", i18n.T("the user taking the place (ID or @mention)", "代わりに入るユーザー (ID か @メンション)")),
				{Name: "name", Description: i18n.T("the new player's display name", "新しいプレイヤーの表示名"), Type: String}},
			Handler: func(ctx context.Context, req *Request) *Response { return b.replace(ctx, req) },
		},
		{
			Name: "fix", Description: i18n.T("Referee: apply an order for the side to move (e.g. an absent player's end)",
				"審判: 手番側の命令を代わりに実行 (例: 不在プレイヤーの end)"),
			Options: []Option{{Name: "order", Description: i18n.T("the order in its text form, e.g. end or move G-III 3023",
				"命令の文字列 (例: end や move G-III 3023)"), Type: String, Required: true, Text: true}},
			Slow:    true,
			Handler: func(ctx context.Context, req *Request) *Response { return b.fix(ctx, req) },
		},
		{
			Name: "resign", Description: i18n.T("Resign: your side concedes and the game ends", "投了: 自軍が降伏しゲーム終了"),
			Options: []Option{confirmOpt},
			Handler: askedFirst(b.confirmResign, b.resign),
		},
		{
			Name: "abandon", Description: i18n.T("Referee: abandon the game (it stays stored; the channel is free for another)",
				"審判: ゲームを放棄 (記録は残り、チャンネルは空く)"),
			Options: []Option{confirmOpt},
			Handler: askedFirst(b.confirmAbandon, b.abandon),
		},
		{
			Name: "referee", Description: i18n.T("Server admin: the role whose members may referee games here", "サーバー管理者: ゲームの審判ができるロール"),
			Options: []Option{{Name: "role", Description: i18n.T("role ID or @mention; 'none' to clear", "ロール ID か @メンション。none で解除"), Type: String, Required: true}},
			Handler: func(ctx context.Context, req *Request) *Response { return b.refereeRole(ctx, req) },
		},
		{
			Name: "list", Description: i18n.T("The games running on this server, with their threads", "このサーバーで進行中のゲームとそのスレッド"),
			Handler: func(ctx context.Context, req *Request) *Response { return b.list(ctx, req) },
		},
	}
}

func (b *Bot) join(ctx context.Context, req *Request) *Response {
	if req.Has("user") && !namesSelf(req, req.Opt("user")) { // naming oneself is one's own join
		// A player of the side offers the seat; the person named takes it
		// in his own name (games.Add answers with a games.Proposal).
		return gameFail(req, b.games.Add(ctx, req.Actor(), where(req), req.Opt("side"), req.Opt("user"), req.Opt("user")))
	}
	sc := newSeatChat(req, func(g *games.Game, user string, side units.Side, newThread bool) []Message {
		th := g.Thread(side)
		if th == "" {
			return nil
		}
		m := Message{Target: th, Text: fmt.Sprintf(req.T(
			"%s: this is the %s side's private thread. Your own map and your secret choices come here; /units and /map view:mine answer only you.",
			"%s: ここは%s側の非公開スレッドです。自軍マップと秘密の選択はここに投稿されます。/units と /map view:mine はあなたにだけ表示されます。"),
			games.MentionOf(user, req.User.Name), side.Name().In(req.Lang))}
		// A new private thread gets the side's own map at once, so that
		// the standing view is there.
		if newThread {
			if png := b.draw(req.Lang, g.State.Rules().Scenario, g.State.ViewFor(game.ViewerOf(side)), g.State.Rules().Counters, nil, nil); png != nil {
				m.Files = []File{{Name: "map-" + side.String() + ".png", ContentType: "image/png", Data: png}}
			}
		}
		return []Message{m}
	})
	j, err := b.games.Join(ctx, req.Actor(), where(req), req.Opt("side"), req.Now, sc.threads())
	if err != nil {
		return gameFail(req, err)
	}
	g, side := j.Game, j.Side
	r := Reply(fmt.Sprintf(req.T("%s joins the %s side.", "%s が%s側に参加しました。"), req.User.Name, side.Name().In(req.Lang)))
	if j.Switched { // say what he left: the other seat is open again
		r = Reply(fmt.Sprintf(req.T(
			"%[1]s leaves the %[2]s side and joins the %[3]s side; the %[2]s side has a free seat again (/game join side:%[4]s).",
			"%[1]s は%[2]s側を離れ、%[3]s側に参加しました。%[2]s側の席は空いています (/game join side:%[4]s)。"),
			req.User.Name, side.Other().Name().In(req.Lang), side.Name().In(req.Lang), side.Other().String()))
	}
	sc.answer(r, g, req.User.ID, side, j.NewThread) // the welcome, and the dashboard naming the players
	return announce(req, g, r)
}

// namesSelf says whether user (an ID, a <@mention> or a name) is the
// asker.
func namesSelf(req *Request, user string) bool {
	u := strings.TrimSpace(user)
	u = strings.TrimSuffix(strings.TrimPrefix(strings.TrimPrefix(u, "<@!"), "<@"), ">")
	return u != "" && (u == req.User.ID || strings.EqualFold(u, req.User.Name))
}

// ThreadMembers is what a Chat with private threads does when a seat
// changes: it adds a user to a thread and removes him from it (Discord).
// A Chat without it leaves membership to the mention in the welcome.
type ThreadMembers interface {
	AddThreadMember(ctx context.Context, thread, user string) error
	RemoveThreadMember(ctx context.Context, thread, user string) error
}

// seatChat is the chat's part in a seat change (games.Threads): it opens
// a side's private thread, makes its members the side's players, and
// posts what the change says in the threads (the welcome, the status)
// while the seats are held: a mention in a private thread adds the
// mentioned user to it, so a welcome sent later could bring back a player
// who left meanwhile, and of two changes at once the later one's status
// must stand.
type seatChat struct {
	req *Request
	// posts are the change's messages in the side's thread.
	posts func(g *games.Game, user string, side units.Side, newThread bool) []Message
	// seated: Seated ran, and posted all but unsent.
	seated bool
	unsent []Message
}

func newSeatChat(req *Request, posts func(g *games.Game, user string, side units.Side, newThread bool) []Message) *seatChat {
	return &seatChat{req: req, posts: posts}
}

// threads is sc as the service takes it: nil without a chat.
func (sc *seatChat) threads() games.Threads {
	if sc.req.Chat == nil {
		return nil
	}
	return sc
}

func (sc *seatChat) Open(ctx context.Context, parent string, id int64, side units.Side, user string) (string, error) {
	req := sc.req
	name := fmt.Sprintf("%s — %s", side.Name().In(req.Lang), fmt.Sprintf(req.T("game #%d (private)", "ゲーム #%d (非公開)"), id))
	return req.Chat.CreateThread(ctx, parent, name, true, []string{user})
}

func (sc *seatChat) Enter(ctx context.Context, thread, user string) error {
	if m, ok := sc.req.Chat.(ThreadMembers); ok && !games.IsBot(user) {
		return m.AddThreadMember(ctx, thread, user)
	}
	return nil
}

func (sc *seatChat) Leave(ctx context.Context, thread, user string) error {
	if m, ok := sc.req.Chat.(ThreadMembers); ok && !games.IsBot(user) {
		return m.RemoveThreadMember(ctx, thread, user)
	}
	return nil
}

func (sc *seatChat) Seated(ctx context.Context, g *games.Game, user string, side units.Side, newThread bool) {
	sc.seated = true
	for _, m := range sc.messages(g, user, side, newThread) {
		if err := sc.req.Chat.Post(ctx, m.Target, m); err != nil {
			sc.unsent = append(sc.unsent, m) // the answer carries it
		}
	}
}

// messages are the change's posts and the game's status.
func (sc *seatChat) messages(g *games.Game, user string, side units.Side, newThread bool) []Message {
	var ms []Message
	if sc.posts != nil {
		ms = sc.posts(g, user, side, newThread)
	}
	if m, ok := statusNow(sc.req, g); ok {
		ms = append(ms, m)
	}
	return ms
}

// answer adds to r the change's messages Seated did not post (all of
// them where there is no chat).
func (sc *seatChat) answer(r *Response, g *games.Game, user string, side units.Side, newThread bool) {
	ms := sc.unsent
	if !sc.seated {
		ms = sc.messages(g, user, side, newThread)
	}
	for _, m := range ms {
		r.Add(m)
	}
}

func (b *Bot) players(ctx context.Context, req *Request) *Response {
	g, fail := b.read(ctx, req)
	if fail != nil {
		return fail
	}
	var sb strings.Builder
	for _, side := range []units.Side{units.German, units.Allied} {
		var names []string
		for _, p := range g.PlayersOf(side) {
			names = append(names, seatName(p, req.Lang))
		}
		if len(names) == 0 {
			names = []string{req.T("(nobody yet)", "(まだいません)")}
		}
		fmt.Fprintf(&sb, "%s: %s\n", side.Name().In(req.Lang), strings.Join(names, ", "))
	}
	fmt.Fprintf(&sb, req.T("Referees: the game's creator, server managers and the server's referee role. Status: %s",
		"審判: ゲーム作成者、サーバー管理者、サーバーの審判ロール。状態: %s"), g.Status.Text().In(req.Lang))
	if g.Paused() {
		sb.WriteString(req.T(" (paused)", " (一時停止中)"))
	}
	return Private(sb.String())
}

func (b *Bot) pause(ctx context.Context, req *Request, on bool) *Response {
	g, err := b.games.Pause(ctx, req.Actor(), where(req), on)
	if err != nil {
		return gameFail(req, err)
	}
	if on {
		return announce(req, g, Reply(fmt.Sprintf(req.T("%s paused the game: no orders until /game resume.",
			"%s がゲームを一時停止しました。/game resume まで命令はできません。"), req.User.Name)))
	}
	return announce(req, g, Reply(fmt.Sprintf(req.T("%s resumed the game.\n%s", "%s がゲームを再開しました。\n%s"), req.User.Name, statusLine(g.State, req.Lang))))
}

func (b *Bot) replace(ctx context.Context, req *Request) *Response {
	sc := newSeatChat(req, func(g *games.Game, user string, side units.Side, _ bool) []Message {
		th := g.Thread(side)
		if th == "" {
			return nil
		}
		name := req.Opt("name")
		if name == "" {
			name = user
		}
		return []Message{{Target: th, Text: fmt.Sprintf(req.T("%s now plays the %s side here.", "%s がここで%s側を担当します。"), games.MentionOf(user, name), side.Name().In(req.Lang))}}
	})
	x, err := b.games.Replace(ctx, req.Actor(), where(req), req.Opt("player"), req.Opt("by"), req.Opt("name"), req.Now, sc.threads())
	if err != nil {
		return gameFail(req, err)
	}
	text := fmt.Sprintf(req.T("%s gave %s's place on the %s side to %s.",
		"%[1]s が%[3]s側の %[2]s の席を %[4]s に交代しました。"), req.User.Name, games.MentionOf(x.Old, ""), x.Side.Name().In(req.Lang), games.MentionOf(x.By, x.Name))
	if x.By == req.User.ID { // the offered person took the seat himself
		text = fmt.Sprintf(req.T("%s takes %s's place on the %s side.", "%[1]s が%[3]s側の %[2]s の席に就きました。"),
			games.MentionOf(x.By, x.Name), games.MentionOf(x.Old, ""), x.Side.Name().In(req.Lang))
	}
	r := announce(req, x.Game, Reply(text))
	sc.answer(r, x.Game, x.By, x.Side, false)
	return r
}

func (b *Bot) fix(ctx context.Context, req *Request) *Response {
	var batch bool
	var fixed units.Side // the side the fix's orders were given for
	p, err := b.games.Fix(ctx, req.Actor(), where(req), req.Now, func(toMove units.Side) ([]games.Pending, error) {
		fixed = toMove
		lines, bad := parseBatch(req.Opt("order"), toMove, req.Lang)
		if len(bad) > 0 {
			return nil, &i18n.Error{Text: i18n.T(strings.Join(bad, "\n"), strings.Join(bad, "\n"))}
		}
		batch = len(lines) > 1
		return lines, nil
	})
	var prop *games.FixProposal
	if errors.As(err, &prop) {
		// The other side sees the proposed orders in its private thread (it
		// must, to confirm them); the game's thread hears only that a fix
		// was proposed, naming no unit.
		other := 1 - prop.Side
		r := Private(fmt.Sprintf(req.T("Your fix is proposed: %s. No referee who plays neither side gave it, so the %s player confirms it by giving the same /game fix order:; until then nothing changes.",
			"修正を提案しました: %s。両陣営をプレイしていない審判による修正ではないため、%s のプレイヤーが同じ /game fix order: を出して確定するまで何も変わりません。"), prop.Orders, other.Name().In(req.Lang)))
		if th := prop.Game.Thread(other); th != "" {
			r.Add(Message{Target: th, Text: fmt.Sprintf(req.T("The %s player proposes this fix: %s. To accept it, give exactly: /game fix order:%s",
				"%s のプレイヤーがこの修正を提案しました: %s。受け入れるには次を入力: /game fix order:%s"), prop.Side.Name().In(req.Lang), prop.Orders, prop.Orders)})
		}
		if prop.Game.Channel != "" {
			r.Add(Message{Target: prop.Game.Channel, Text: fmt.Sprintf(req.T(
				"%s (%s side) proposes a fix of the game; the %s player is asked to confirm it.",
				"%s (%s側) がゲームの修正を提案しました。%s のプレイヤーの確認を待っています。"), req.User.Name, prop.Side.Name().In(req.Lang), other.Name().In(req.Lang))})
		}
		return r
	}
	r := b.played(ctx, req, p, err, batch)
	if err == nil && p != nil && p.Applied > 0 && p.Game.Channel != "" {
		// Every referee act is told in the game's thread: what and by whom,
		// naming no unit.
		r.Add(Message{Target: p.Game.Channel, Text: fmt.Sprintf(req.T("Fix of the game by %s: %s applied for the %s player.",
			"%[1]s がゲームを修正しました: %[3]s の命令を %[2]s適用。"), req.User.Name, i18n.Count(p.Applied, "order", "orders", "件").In(req.Lang), fixed.Name().In(req.Lang))})
	}
	return r
}

func (b *Bot) resign(ctx context.Context, req *Request) *Response {
	x, err := b.games.Resign(ctx, req.Actor(), where(req))
	if err != nil {
		return gameFail(req, err)
	}
	return b.resigned(ctx, req, x)
}

// resigned announces a resignation (/game resign, or a player's abandon).
func (b *Bot) resigned(ctx context.Context, req *Request, x *games.Resigned) *Response {
	g, side := x.Game, x.Side
	r := announce(req, g, Reply(fmt.Sprintf(req.T(
		"The %s side resigns: the %s side wins. The game's seed is %s (commitment %s): /game export gives every order and roll.",
		"%s側が投了しました。%s側の勝利です。シードは %s (コミットメント %s)。/game export で全命令とダイスを確認できます。"),
		side.Name().In(req.Lang), (1-side).Name().In(req.Lang), g.State.KeyText(), g.State.Commitment())))
	for _, m := range b.storyAtEnd(ctx, g.ID, g.Channel, []i18n.Lang{req.Lang}) {
		r.Add(m)
	}
	return b.withFinalStatus(r, g, i18n.Sprintf(i18n.T("**Game over**: the %s side resigned; the %s side wins.",
		"**ゲーム終了**: %s側が投了し、%s側の勝利。"), side.Name(), (1-side).Name()))
}

func (b *Bot) abandon(ctx context.Context, req *Request) *Response {
	g, err := b.games.Abandon(ctx, req.Actor(), where(req))
	if err != nil {
		return gameFail(req, err)
	}
	if side, err := units.ParseSide(g.Meta[games.MetaResigned]); err == nil && g.Status == games.Finished {
		// a player who referees abandoned his game: he resigned it
		return b.resigned(ctx, req, &games.Resigned{Game: g, Side: side})
	}
	return b.withFinalStatus(announce(req, g, ended(req, g)), g, i18n.Sprintf(i18n.T("**Game abandoned** by %s.", "**ゲーム放棄** (%s による)。"), req.User.Name))
}

// withFinalStatus edits the game's pinned status message (notify.go) into
// its last word: how the game ended.
func (b *Bot) withFinalStatus(r *Response, g *games.Game, how i18n.Text) *Response {
	if g == nil || g.Channel == "" {
		return r
	}
	text := how.EN + "\n" + how.JA // a post for nobody in particular
	if b.Reader != "" {
		text = how.In(b.Reader) // the console's one reader
	}
	return r.Add(Message{Target: g.Channel, Pin: statusMarker(g.ID), Text: statusMarker(g.ID) + "\n" + text + "\n/game log · /game export"})
}

// ended says a game is over (finished or abandoned) and its place free.
func ended(req *Request, g *games.Game) *Response {
	if g.State == nil { // a damaged game, never loaded
		return Reply(fmt.Sprintf(req.T("Game #%d is now %s; it stays stored as it was, and this channel is free.",
			"ゲーム #%d は%sになりました。記録はそのまま残り、このチャンネルは空きました。"), g.ID, g.Status.Text().In(req.Lang)))
	}
	return Reply(fmt.Sprintf(req.T("Game #%d is now %s.", "ゲーム #%d は%sになりました。"), g.ID, g.Status.Text().In(req.Lang)))
}

func (b *Bot) refereeRole(ctx context.Context, req *Request) *Response {
	role, err := b.games.SetRefereeRole(ctx, req.Actor(), req.Guild, req.Opt("role"))
	if err != nil {
		return gameFail(req, err)
	}
	if role == "" {
		return Private(req.T("No referee role now: games are refereed by their creators and server managers.", "審判ロールを解除しました。ゲームの審判は作成者とサーバー管理者です。"))
	}
	return Private(fmt.Sprintf(req.T("Members of <@&%s> may now referee every game of this server.", "<@&%s> のメンバーがこのサーバーの全ゲームの審判をできます。"), role))
}

// list names the server's running games: where each is played, who plays,
// when it last moved.
func (b *Bot) list(ctx context.Context, req *Request) *Response {
	list, err := b.games.List(ctx, req.Actor(), req.Guild)
	if err != nil {
		return gameFail(req, err)
	}
	if len(list) == 0 {
		return Private(req.T("No game is running on this server: /game new starts one.", "このサーバーで進行中のゲームはありません。/game new で開始できます。"))
	}
	var sb strings.Builder
	for i, l := range list {
		if i == 20 {
			fmt.Fprintf(&sb, req.T("… and %d more.", "… ほか %d 件。"), len(list)-20)
			break
		}
		if l.Damaged() {
			fmt.Fprintf(&sb, req.T("#%d in <#%s>: damaged, cannot be played (a referee can /game export it to mend it)\n",
				"#%d (<#%s>): 破損のためプレイできません (審判は /game export で修復できます)\n"), l.ID, l.Channel)
			continue
		}
		fmt.Fprintf(&sb, req.T("#%d %s in <#%s>: %s, %s, last move <t:%d:R>\n", "#%d %s (<#%s>): プレイヤー %s、命令 %s、最終 <t:%d:R>\n"),
			l.ID, l.Scenario, l.Channel, i18n.Count(l.Players, "player", "players", "人").In(req.Lang), i18n.Count(int(l.LastSeq), "order", "orders", "件").In(req.Lang), l.Updated.Unix())
	}
	return Private(strings.TrimRight(sb.String(), "\n"))
}
