package commands

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"rtrbot/db"
	"rtrbot/engine/game"
	"rtrbot/engine/units"
	"rtrbot/i18n"
	"rtrbot/render"
)

// Players, sides and referees (issue 8, point 6). Only a side's players
// order that side; the game's creator, a guild manager or the guild's
// referee role may referee (pause, resume, replace a player, fix, set the
// deadline, abandon); everyone else reads only.

var sideChoices = []Choice{{Name: i18n.T("German", "独軍"), Value: "german"}, {Name: i18n.T("Allied", "連合軍"), Value: "allied"}}

// playCommands are the /game subcommands of play in a channel.
func (t *table) playCommands() []*Command {
	userOpt := func(name string, desc i18n.Text) Option {
		return Option{Name: name, Description: desc, Type: String, Required: true}
	}
	return []*Command{
		{
			Name: "join", Slow: true, Description: i18n.T("Play a side of this game (several players per side allowed)", "このゲームの一方の陣営で参加 (1陣営に複数人可)"),
			Options: []Option{{Name: "side", Description: i18n.T("german or allied", "german か allied"), Type: String, Required: true, Choices: sideChoices}},
			Handler: func(ctx context.Context, req *Request) *Response { return t.join(ctx, req) },
		},
		{
			Name: "players", Description: i18n.T("Who plays which side, and who referees", "各陣営のプレイヤーと審判"),
			Handler: func(ctx context.Context, req *Request) *Response { return t.players(ctx, req) },
		},
		{
			Name: "pause", Description: i18n.T("Referee: stop all orders until /game resume", "審判: /game resume まで命令を止める"),
			Handler: func(ctx context.Context, req *Request) *Response { return t.pause(ctx, req, true) },
		},
		{
			Name: "resume", Description: i18n.T("Referee: let orders go on", "審判: 命令の受付を再開"),
			Handler: func(ctx context.Context, req *Request) *Response { return t.pause(ctx, req, false) },
		},
		{
			Name: "replace", Description: i18n.T("Referee: give a player's place to another user", "審判: プレイヤーを別のユーザーと交代"),
			Options: []Option{userOpt("player", i18n.T("the player leaving (ID, @mention or name)", "交代するプレイヤー (ID、@メンション、名前)")),
				userOpt("by", i18n.T("the user taking the place (ID or @mention)", "代わりに入るユーザー (ID か @メンション)")),
				{Name: "name", Description: i18n.T("the new player's display name", "新しいプレイヤーの表示名"), Type: String}},
			Handler: func(ctx context.Context, req *Request) *Response { return t.replace(ctx, req) },
		},
		{
			Name: "fix", Description: i18n.T("Referee: apply an order for the side to move (e.g. an absent player's end)", "審判: 手番側の命令を代わりに実行 (例: 不在プレイヤーの end)"),
			Options: []Option{{Name: "order", Description: i18n.T("the order in its text form, e.g. end or move G-III 3023", "命令の文字列 (例: end や move G-III 3023)"), Type: String, Required: true, Text: true}},
			Slow:    true,
			Handler: func(ctx context.Context, req *Request) *Response { return t.fix(ctx, req) },
		},
		{
			Name: "resign", Description: i18n.T("Resign: your side concedes and the game ends", "投了: 自軍が降伏しゲーム終了"),
			Handler: func(ctx context.Context, req *Request) *Response { return t.resign(ctx, req) },
		},
		{
			Name: "abandon", Description: i18n.T("Referee: abandon the game (it stays stored; the channel is free for another)", "審判: ゲームを放棄 (記録は残り、チャンネルは空く)"),
			Handler: func(ctx context.Context, req *Request) *Response { return t.abandon(ctx, req) },
		},
		{
			Name: "referee", Description: i18n.T("Server admin: the role whose members may referee games here", "サーバー管理者: ゲームの審判ができるロール"),
			Options: []Option{{Name: "role", Description: i18n.T("role ID or @mention; 'none' to clear", "ロール ID か @メンション。none で解除"), Type: String, Required: true}},
			Handler: func(ctx context.Context, req *Request) *Response { return t.refereeRole(ctx, req) },
		},
		{
			Name: "list", Description: i18n.T("The games running on this server, with their threads", "このサーバーで進行中のゲームとそのスレッド"),
			Handler: func(ctx context.Context, req *Request) *Response { return t.list(ctx, req) },
		},
		t.deadlineCommand(),
		t.chooseCommand(),
		t.confirmCommand(),
		t.exportCommand(),
		t.importCommand(),
	}
}

// isReferee: the game's creator, a guild manager, a member of the guild's
// referee role, the bot's operator, or whoever sits at the local console.
func (t *table) isReferee(req *Request, g *running) bool {
	if req.Guild == "console" || req.Manager || req.Operator || (g != nil && g.Creator == req.User.ID) {
		return true
	}
	if t.b.Store == nil || len(req.Roles) == 0 {
		return false
	}
	role, err := t.b.Store.RefereeRole(context.Background(), req.Guild)
	return err == nil && role != "" && slices.Contains(req.Roles, role)
}

// refereeOnly refuses a referee's action to anyone else, saying who may.
func (t *table) refereeOnly(req *Request, g *running, what string) *Response {
	if t.isReferee(req, g) {
		return nil
	}
	return Private(fmt.Sprintf(req.T("Only a referee may %s: the game's creator, a server manager or a member of the server's referee role (/game referee).",
		"%[1]sは審判だけが行えます (ゲームの作成者、サーバー管理者、またはサーバーの審判ロール (/game referee) のメンバー)。"), what))
}

// update runs fn on the stored game in one transaction (a memory-only
// game has nothing to store) and then on the cached one.
func (t *table) update(ctx context.Context, g *running, fn func(tx *db.GameTx) error) error {
	if g.ID == 0 || t.b.Store == nil {
		return nil
	}
	return t.b.Store.Update(ctx, g.ID, fn)
}

func (t *table) join(ctx context.Context, req *Request) *Response {
	r, own := t.joinLocked(ctx, req)
	// A new private thread gets the side's own map at once (drawn
	// outside the games' lock), so that the standing view is there.
	if own != nil {
		if png := t.draw(req.Lang, own.state, nil, render.ViewerOf(own.side)); png != nil {
			r.Messages[len(r.Messages)-1].Files = []File{{Name: "map-" + own.side.String() + ".png", ContentType: "image/png", Data: png}}
		}
	}
	return r
}

type ownMap struct {
	state *game.State
	side  units.Side
}

func (t *table) joinLocked(ctx context.Context, req *Request) (*Response, *ownMap) {
	t.mu.Lock()
	defer t.mu.Unlock()
	g, fail := t.find(ctx, req)
	if fail != nil {
		return fail, nil
	}
	side, err := units.ParseSide(req.Opt("side"))
	if err != nil {
		return Private(req.T("Choose side:german or side:allied.", "side:german か side:allied を選んでください。")), nil
	}
	if g.Status != db.Active || g.State.Step == game.GameOver {
		return Private(req.T("This game is over: nobody can join it.", "このゲームは終了しているため参加できません。")), nil
	}
	if mine, ok := g.sideOf(req.User.ID); ok {
		if mine == side {
			return Private(fmt.Sprintf(req.T("You already play the %s side.", "あなたは既に%s側です。"), side.Name().In(req.Lang))), nil
		}
		if len(g.Orders) > 0 {
			return Private(fmt.Sprintf(req.T("You play the %s side: once the game has begun nobody changes sides (you have seen your side's secrets). A referee can /game replace players.",
				"あなたは%s側です。ゲーム開始後は陣営を変えられません (自軍の秘密を見ているため)。審判は /game replace で交代できます。"), mine.Name().In(req.Lang))), nil
		}
	}
	p := db.Player{UserID: req.User.ID, Name: req.User.Name, Side: side.String(), Joined: req.Now}
	var thread string
	newThread := false
	if req.Chat != nil && g.Meta["thread:"+side.String()] == "" {
		parent := g.Meta["thread:parent"]
		if parent == "" {
			parent = g.Channel
		}
		name := fmt.Sprintf("%s — %s", side.Name().In(req.Lang), fmt.Sprintf(req.T("game #%d (private)", "ゲーム #%d (非公開)"), g.ID))
		// Discord is asked without holding the games' lock (other games go
		// on meanwhile); the game is looked up again afterwards.
		t.mu.Unlock()
		th, err := req.Chat.CreateThread(ctx, parent, name, true, []string{req.User.ID})
		t.mu.Lock()
		if err != nil {
			t.b.Log.Error("creating a side's thread", "game", g.ID, "err", err)
		} else {
			thread, newThread = th, true
		}
		if g, fail = t.find(ctx, req); fail != nil {
			return fail, nil
		}
	}
	if err := t.update(ctx, g, func(tx *db.GameTx) error {
		if err := tx.AddPlayer(p); err != nil {
			return err
		}
		if err := tx.SetMeta("lang:"+req.User.ID, string(req.Lang)); err != nil {
			return err
		}
		if newThread {
			return tx.SetMeta("thread:"+side.String(), thread)
		}
		return nil
	}); err != nil {
		return Fail(req, err), nil
	}
	g.Players = append(slices.DeleteFunc(slices.Clone(g.Players), func(q db.Player) bool { return q.UserID == p.UserID }), p)
	g.Meta = cloneMeta(g.Meta)
	g.Meta["lang:"+req.User.ID] = string(req.Lang)
	if newThread {
		g.Meta["thread:"+side.String()] = thread
		t.games[thread] = g
	}
	r := Reply(fmt.Sprintf(req.T("%s joins the %s side.", "%s が%s側に参加しました。"), req.User.Name, side.Name().In(req.Lang)))
	if th := g.Meta["thread:"+side.String()]; th != "" {
		// Mentioning a member in a private thread adds them to it.
		r.Add(Message{Target: th, Text: fmt.Sprintf(req.T("%s: this is the %s side's private thread. Your own map and your secret choices come here; /units and /map view:mine answer only you.",
			"%s: ここは%s側の非公開スレッドです。自軍マップと秘密の選択はここに投稿されます。/units と /map view:mine はあなたにだけ表示されます。"),
			mentionOf(req.User.ID, req.User.Name), side.Name().In(req.Lang))})
		if newThread {
			return r, &ownMap{g.State, side}
		}
	}
	return r, nil
}

func cloneMeta(m map[string]string) map[string]string {
	out := make(map[string]string, len(m)+1)
	for k, v := range m {
		out[k] = v
	}
	return out
}

func (t *table) players(ctx context.Context, req *Request) *Response {
	t.mu.Lock()
	defer t.mu.Unlock()
	g, fail := t.find(ctx, req)
	if fail != nil {
		return fail
	}
	var b strings.Builder
	for _, side := range []units.Side{units.German, units.Allied} {
		var names []string
		for _, p := range g.playersOf(side) {
			names = append(names, p.Name)
		}
		if len(names) == 0 {
			names = []string{req.T("(nobody yet)", "(まだいません)")}
		}
		fmt.Fprintf(&b, "%s: %s\n", side.Name().In(req.Lang), strings.Join(names, ", "))
	}
	fmt.Fprintf(&b, req.T("Referees: the game's creator, server managers and the server's referee role. Status: %s", "審判: ゲーム作成者、サーバー管理者、サーバーの審判ロール。状態: %s"), g.Status.Text().In(req.Lang))
	if g.Meta["paused"] != "" {
		b.WriteString(req.T(" (paused)", " (一時停止中)"))
	}
	return Private(b.String())
}

func (t *table) pause(ctx context.Context, req *Request, on bool) *Response {
	t.mu.Lock()
	defer t.mu.Unlock()
	g, fail := t.find(ctx, req)
	if fail != nil {
		return fail
	}
	if r := t.refereeOnly(req, g, req.T("pause or resume the game", "ゲームの一時停止・再開")); r != nil {
		return r
	}
	v := ""
	if on {
		v = "1"
	}
	if (g.Meta["paused"] != "") == on {
		return Private(req.T("Nothing to change: the game is already so.", "変更はありません (既にその状態です)。"))
	}
	if err := t.update(ctx, g, func(tx *db.GameTx) error { return tx.SetMeta("paused", v) }); err != nil {
		return Fail(req, err)
	}
	g.Meta = cloneMeta(g.Meta)
	g.Meta["paused"] = v
	if on {
		return t.announce(req, g, Reply(fmt.Sprintf(req.T("The referee %s paused the game: no orders until /game resume.", "審判 %s がゲームを一時停止しました。/game resume まで命令はできません。"), req.User.Name)))
	}
	return t.announce(req, g, Reply(fmt.Sprintf(req.T("The referee %s resumed the game.\n%s", "審判 %s がゲームを再開しました。\n%s"), req.User.Name, statusLine(g.State, req.Lang))))
}

// announce also posts a public answer to the game's thread when the
// command was given elsewhere (the parent channel, a side's thread).
func (t *table) announce(req *Request, g *running, r *Response) *Response {
	if g.Channel != "" && g.Channel != req.Channel && len(r.Messages) > 0 && !r.Messages[0].Ephemeral {
		r.Add(Message{Target: g.Channel, Text: r.Messages[0].Text})
	}
	return r
}

// userRef reads a user given as an ID, a <@mention> or a player's name.
func userRef(g *running, s string) string {
	s = strings.TrimSpace(s)
	s = strings.TrimSuffix(strings.TrimPrefix(strings.TrimPrefix(s, "<@!"), "<@"), ">")
	if strings.HasPrefix(s, "<@") {
		s = strings.TrimPrefix(s, "<@")
	}
	for _, p := range g.Players {
		if p.UserID == s || strings.EqualFold(p.Name, s) {
			return p.UserID
		}
	}
	return s
}

func (t *table) replace(ctx context.Context, req *Request) *Response {
	t.mu.Lock()
	defer t.mu.Unlock()
	g, fail := t.find(ctx, req)
	if fail != nil {
		return fail
	}
	if r := t.refereeOnly(req, g, req.T("replace a player", "プレイヤーの交代")); r != nil {
		return r
	}
	old := userRef(g, req.Opt("player"))
	side, ok := g.sideOf(old)
	if !ok {
		return Private(fmt.Sprintf(req.T("%s does not play in this game; /game players lists who does.", "%s はこのゲームのプレイヤーではありません。/game players で一覧できます。"), req.Opt("player")))
	}
	by := userRef(g, req.Opt("by"))
	if s, ok := g.sideOf(by); ok && s != side {
		return Private(fmt.Sprintf(req.T("%s plays the other side already: a player may not hold both sides.", "%s は既に相手側のプレイヤーです。両陣営を兼ねることはできません。"), req.Opt("by")))
	}
	name := req.Opt("name")
	if name == "" {
		name = by
	}
	p := db.Player{UserID: by, Name: name, Side: side.String(), Joined: req.Now}
	if err := t.update(ctx, g, func(tx *db.GameTx) error {
		if err := tx.RemovePlayer(old); err != nil {
			return err
		}
		return tx.AddPlayer(p)
	}); err != nil {
		return Fail(req, err)
	}
	g.Players = append(slices.DeleteFunc(slices.Clone(g.Players), func(q db.Player) bool { return q.UserID == old || q.UserID == by }), p)
	r := t.announce(req, g, Reply(fmt.Sprintf(req.T("The referee gave %s's place on the %s side to %s.", "審判が%[2]s側の %[1]s の席を %[3]s に交代しました。"), old, side.Name().In(req.Lang), mentionOf(by, name))))
	if th := g.Meta["thread:"+side.String()]; th != "" {
		r.Add(Message{Target: th, Text: fmt.Sprintf(req.T("%s now plays the %s side here.", "%s がここで%s側を担当します。"), mentionOf(by, name), side.Name().In(req.Lang))})
	}
	return r
}

func (t *table) fix(ctx context.Context, req *Request) *Response {
	t.mu.Lock()
	g, fail := t.find(ctx, req)
	if fail == nil {
		fail = t.refereeOnly(req, g, req.T("fix the game", "ゲームの修正"))
	}
	t.mu.Unlock()
	if fail != nil {
		return fail
	}
	lines, bad := parseBatch(req.Opt("order"), g.State.ToMove(), req.Lang)
	if len(bad) > 0 {
		return Private(strings.Join(bad, "\n"))
	}
	for i := range lines {
		lines[i].Referee = true
	}
	return t.run(req, lines, len(lines) > 1)
}

func (t *table) resign(ctx context.Context, req *Request) *Response {
	t.mu.Lock()
	defer t.mu.Unlock()
	g, fail := t.find(ctx, req)
	if fail != nil {
		return fail
	}
	side, ok := g.sideOf(req.User.ID)
	if !ok {
		if !g.hotSeat() {
			return Private(req.T("Only a player resigns, for his own side; spectators read only.", "投了できるのはプレイヤーが自軍についてのみです。観戦者は閲覧のみです。"))
		}
		side = g.State.ToMove()
	}
	r := t.setStatus(req, g, db.Finished)
	if r.Messages[0].Ephemeral {
		return r
	}
	return t.announce(req, g, Reply(fmt.Sprintf(req.T("The %s side resigns: the %s side wins. The game's seed is %d (commitment %s): /game export gives every order and roll.",
		"%s側が投了しました。%s側の勝利です。シードは %d (コミットメント %s)。/game export で全命令とダイスを確認できます。"),
		side.Name().In(req.Lang), (1-side).Name().In(req.Lang), g.Seed, g.State.Commitment())))
}

func (t *table) abandon(ctx context.Context, req *Request) *Response {
	t.mu.Lock()
	defer t.mu.Unlock()
	g, fail := t.find(ctx, req)
	if fail != nil {
		if d := t.damaged(ctx, req); d != nil {
			g = d // a damaged game is abandoned to free its channel (docs/storage.md)
		} else {
			return fail
		}
	}
	if r := t.refereeOnly(req, g, req.T("abandon the game", "ゲームの放棄")); r != nil {
		return r
	}
	return t.announce(req, g, t.setStatus(req, g, db.Abandoned))
}

// damaged is the channel's damaged game as far as its row can be read
// (no state: it cannot be loaded), for the referee's export and abandon.
// Call with t.mu held.
func (t *table) damaged(ctx context.Context, req *Request) *running {
	if t.b.Store == nil {
		return nil
	}
	id, err := t.b.Store.LiveGameAt(ctx, req.Guild, req.Channel)
	if err != nil {
		return nil
	}
	row, _ := t.b.Store.Game(ctx, id) // a row that cannot be decoded still comes back
	if row == nil || row.Status != db.Damaged {
		return nil
	}
	g := fromRow(row)
	g.Meta = map[string]string{}
	return g
}

// setStatus ends a game (finished or abandoned): stored, and dropped from
// the cache so that the channel is free. Call with t.mu held.
func (t *table) setStatus(req *Request, g *running, st db.Status) *Response {
	if err := t.update(context.Background(), g, func(tx *db.GameTx) error {
		if err := tx.SetDeadline(timeZero); err != nil {
			return err
		}
		return tx.SetStatus(st, "")
	}); err != nil {
		return Fail(req, err)
	}
	g.Status = st
	t.drop(g)
	if g.State == nil { // a damaged game, never loaded
		return Reply(fmt.Sprintf(req.T("Game #%d is now %s; it stays stored as it was, and this channel is free.", "ゲーム #%d は%sになりました。記録はそのまま残り、このチャンネルは空きました。"), g.ID, st.Text().In(req.Lang)))
	}
	return Reply(fmt.Sprintf(req.T("Game #%d is now %s.", "ゲーム #%d は%sになりました。"), g.ID, st.Text().In(req.Lang)))
}

func (t *table) refereeRole(ctx context.Context, req *Request) *Response {
	if !req.Manager && req.Guild != "console" {
		return Private(req.T("Only someone who may manage this server names its referee role.", "審判ロールを設定できるのはサーバーの管理権限を持つ人だけです。"))
	}
	if t.b.Store == nil {
		return Private(req.T("Settings need the database, and this bot runs without one.", "設定にはデータベースが必要ですが、このボットはデータベースなしで動いています。"))
	}
	role := strings.TrimSuffix(strings.TrimPrefix(strings.TrimSpace(req.Opt("role")), "<@&"), ">")
	if strings.EqualFold(role, "none") {
		role = ""
	}
	if err := t.b.Store.SetRefereeRole(ctx, req.Guild, role); err != nil {
		return Fail(req, err)
	}
	if role == "" {
		return Private(req.T("No referee role now: games are refereed by their creators and server managers.", "審判ロールを解除しました。ゲームの審判は作成者とサーバー管理者です。"))
	}
	return Private(fmt.Sprintf(req.T("Members of <@&%s> may now referee every game of this server.", "<@&%s> のメンバーがこのサーバーの全ゲームの審判をできます。"), role))
}

// list names the server's running games: where each is played, who plays,
// when it last moved.
func (t *table) list(ctx context.Context, req *Request) *Response {
	if t.b.Store == nil {
		return Private(req.T("Without the database the bot keeps no list of games.", "データベースがないため、ゲームの一覧はありません。"))
	}
	all, err := t.b.Store.ListGames(ctx, db.Filter{Guild: req.Guild})
	if err != nil {
		return Fail(req, err)
	}
	var games []db.Listed
	for _, l := range all {
		if l.Problem != nil || l.Status == db.Active || l.Status == db.Damaged {
			games = append(games, l)
		}
	}
	if len(games) == 0 {
		return Private(req.T("No game is running on this server: /game new starts one.", "このサーバーで進行中のゲームはありません。/game new で開始できます。"))
	}
	var b strings.Builder
	for i, l := range games {
		if i == 20 {
			fmt.Fprintf(&b, req.T("… and %d more.", "… ほか %d 件。"), len(games)-20)
			break
		}
		if l.Problem != nil || l.Status == db.Damaged {
			fmt.Fprintf(&b, req.T("#%d in <#%s>: damaged, cannot be played (a referee can /game export it to mend it)\n", "#%d (<#%s>): 破損のためプレイできません (審判は /game export で修復できます)\n"), l.ID, l.Channel)
			continue
		}
		row, _ := t.b.Store.Game(ctx, l.ID)
		players := 0
		if row != nil {
			players = len(row.Players)
		}
		fmt.Fprintf(&b, req.T("#%d %s in <#%s>: %d players, %d orders, last move <t:%d:R>\n", "#%d %s (<#%s>): プレイヤー %d 人、命令 %d 件、最終 <t:%d:R>\n"),
			l.ID, l.Scenario, l.Channel, players, l.LastSeq, l.Updated.Unix())
	}
	return Private(strings.TrimRight(b.String(), "\n"))
}
