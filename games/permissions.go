package games

import (
	"context"
	"slices"
	"strconv"
	"strings"

	"rtrbot/actor"
	"rtrbot/engine/game"
	"rtrbot/engine/units"
	"rtrbot/i18n"
)

// Who may do what is decided here. Only a side's players order that side
// (anyone, while nobody has joined: a hot-seat game); the game's creator,
// a guild manager, the guild's referee role, the bot's operator and
// whoever sits at the console referee; everyone else reads only.

// refereeOnly refuses a referee's action to anyone else, saying who may.
func (t *Service) refereeOnly(ctx context.Context, a actor.Actor, guild string, g *Game, what i18n.Text) error {
	if t.referee(ctx, a, guild, g) {
		return nil
	}
	return i18n.Errorf("Only a referee may %s: the game's creator, a server manager or a member of the server's referee role (/game referee).",
		"%[1]sは審判だけが行えます (ゲームの作成者、サーバー管理者、またはサーバーの審判ロール (/game referee) のメンバー)。", what)
}

// referee: the game's creator, a guild manager, a member of the guild's
// referee role, the bot's operator, or whoever sits at the local console.
func (t *Service) referee(ctx context.Context, a actor.Actor, guild string, g *Game) bool {
	if a.Console || a.Manager || a.Operator || (g != nil && g.Creator == a.ID) {
		return true
	}
	if t.store == nil || len(a.Roles) == 0 {
		return false
	}
	role, err := t.store.RefereeRole(ctx, guild)
	return err == nil && role != "" && slices.Contains(a.Roles, role)
}

// AbandonResigns says whether user, abandoning g, resigns instead, and
// for which side: a player of a side, once the setup is over, against a
// person on the other side. An abandoned game has no result (it is not
// rated), so a player who referees (the game's creator, a member of the
// referee role) could otherwise escape a lost game by abandoning it. A
// referee who plays neither side abandons without a result; so does a
// player during the setup, in a hot-seat game, or against the computer
// (whose ladder counts that as the person's loss: ladder_computer.go).
func (g *Game) AbandonResigns(user string) (units.Side, bool) {
	if g == nil || g.State == nil || (g.Status != "" && g.Status != Active) || g.State.Step == game.SetupStep || g.State.Step == game.GameOver {
		return 0, false
	}
	side, ok := g.SideOf(user)
	if !ok {
		return 0, false
	}
	for _, p := range g.Players {
		if p.Side == (1-side).String() && p.UserID != user && !IsBot(p.UserID) {
			return side, true
		}
	}
	return 0, false
}

// mayOrder says why a may not give orders for side now (nil: he may).
func (g *Game) mayOrder(a actor.Actor, side units.Side) error {
	switch {
	case (g.Status == Finished || g.Status == Abandoned) && g.ID != 0:
		return errEnded(g.ID, g.Status)
	case g.Status != "" && g.Status != Active:
		st := g.Status.Text()
		return i18n.Errorf("This game is %s: it takes no more orders.", "このゲームは%sのため、命令を受け付けません。", st)
	}
	if g.Paused() {
		return i18n.Errorf("A referee has paused this game: no orders until /game resume.", "審判がこのゲームを一時停止中です。/game resume まで命令はできません。")
	}
	if p := g.PendingChoice(); p.EN != "" {
		return &i18n.Error{Text: p}
	}
	if g.HotSeat() {
		return nil
	}
	mine, ok := g.SideOf(a.ID)
	switch {
	case !ok:
		return i18n.Errorf("You do not play in this game, so you may only watch (spectators read only). To play, /game join side:german or side:allied.",
			"あなたはこのゲームのプレイヤーではないため観戦のみです。参加するには /game join side:german か side:allied。")
	case mine != side && g.State.Owed().EN != "":
		owed := g.State.Owed()
		return i18n.Errorf("You play the %s side, and the game waits on this now: %s. Your side's orders wait until then.",
			"あなたは%s側です。現在は次の決定待ちです: %s。それまで自軍の命令はお待ちください。", mine.Name(), owed)
	case mine != side:
		return i18n.Errorf("You play the %s side, and it is the %s player's turn (%s). Your side's orders wait for its turn.",
			"あなたは%s側です。現在は%sの手番 (%s) です。自軍の手番をお待ちください。", mine.Name(), side.Name(), g.State.Phase())
	}
	return nil
}

// CanSee says whether a may see side's hidden information: his own side,
// a hot-seat game, or one that is over (Over).
func (g *Game) CanSee(a actor.Actor, side units.Side) bool {
	if g.HotSeat() || g.Over() {
		return true
	}
	mine, ok := g.SideOf(a.ID)
	return ok && mine == side
}

// Over says the game has ended, whichever way: played to its end (15.1),
// resigned, adjudicated or abandoned. Nothing of an ended game is hidden
// any more: its file, seed and all, is anyone's (Export).
func (g *Game) Over() bool {
	return g.State.Step == game.GameOver || (g.Status != "" && g.Status != Active)
}

// OwnSide is the side whose private picture a may see: the side he
// joined; in a hot-seat game (nobody joined) the side to move; none for a
// spectator.
func (g *Game) OwnSide(a actor.Actor) (units.Side, bool) {
	if g.HotSeat() {
		return g.State.ToMove(), true
	}
	return g.SideOf(a.ID)
}

// neutralReferee refuses a referee's act in g to anyone but a referee who
// plays neither side: a player who also referees would act for the other
// side or read its secrets.
func (t *Service) neutralReferee(ctx context.Context, a actor.Actor, guild string, g *Game, what i18n.Text) error {
	if err := t.refereeOnly(ctx, a, guild, g, what); err != nil {
		return err
	}
	if side, plays := g.SideOf(a.ID); plays {
		return i18n.Errorf("You play the %s side of this game, so you may not %s in it: that is for a referee who plays neither side (a server manager, a member of the referee role, the bot's operator).",
			"あなたはこのゲームの%s側のプレイヤーなので、このゲームでは%sを行えません。両陣営のどちらもプレイしていない審判 (サーバー管理者、審判ロールのメンバー、ボットの運営者) が行います。", side.Name(), what)
	}
	return g.leftErr(a.ID, what)
}

// leftErr refuses what to a player who handed his seat of this running
// game on (MetaLeft, MetaHeld): he saw his side's secrets and is no
// neutral referee, nor a player any more, so he may no longer act for the
// game as a whole (export it, fix it, pause it, set its deadline, give
// seats). nil for anyone else.
func (g *Game) leftErr(user string, what i18n.Text) error {
	left := g.Meta[MetaLeft+user]
	if left == "" {
		left = g.Meta[MetaHeld+user]
	}
	if left == "" || g.Over() {
		return nil
	}
	if _, plays := g.SideOf(user); plays {
		return nil
	}
	side, err := units.ParseSide(left)
	if err != nil {
		return nil
	}
	return i18n.Errorf("You played the %s side of this game and handed your seat on, so you may not %s in it: you have seen that side's secrets and are no neutral referee. A referee who never played it, or the players, decide.",
		"あなたはこのゲームの%s側をプレイし、席を譲りました。その陣営の秘密を見ているため中立の審判ではなく、このゲームでは%sを行えません。一度もプレイしていない審判か、プレイヤーが決めます。", side.Name(), what)
}

// Started says whether side has given an order in g (its setup has
// begun): from then on its seats change only by hand-over or by a neutral
// referee.
func (g *Game) Started(side units.Side) bool {
	for _, o := range g.Orders {
		if o.Side == side {
			return true
		}
	}
	return false
}

// MetaAgree+what is a two-sided decision one side's player proposed:
// "side value" (agreed).
const MetaAgree = "agree:"

// agreed decides a referee's act on the game as a whole (what: pause,
// deadline; value: what it sets) that a player who also referees may not
// take alone against a person: the game's creator who plays would stop
// the other side's clock or set it alone. A referee who plays neither
// side, a player against the computer and a hot-seat game decide alone
// (a referee's act, refereeOnly). Otherwise the act is a proposal: a
// player of one side (who referees) proposes, it is stored, and a player
// of the other side agrees by giving the same command with the same
// value; only then does it go ahead (true). how is the command to give,
// for the answer; undo the command by which the proposer withdraws his
// proposal (withdrawProposal). A proposal lapses at the end of its segment
// (lapse.go); a player makes at most MaxProposals of a kind a segment, and
// repeating the one that stands is refused: each would ping the other side.
func (t *Service) agreed(ctx context.Context, a actor.Actor, guild string, g *Game, what i18n.Text, key, value, how, undo string) (bool, error) {
	side, plays := g.SideOf(a.ID)
	if err := g.leftErr(a.ID, what); err != nil {
		return false, err
	}
	if !plays || g.HotSeat() || !personPlays(g, 1-side) {
		return true, t.refereeOnly(ctx, a, guild, g, what)
	}
	stored, lapsed := standing(g, g.Meta[MetaAgree+key])
	if !lapsed && stored == (1-side).String()+" "+value {
		// the other side proposed just this: agreed, and used up
		return true, t.setAgree(ctx, g, key, "")
	}
	if !lapsed && stored == side.String()+" "+value {
		return false, i18n.Errorf("Your proposal to %s stands already, and the %s side has been asked: nothing was sent again. It lapses at the end of this segment; to withdraw it, give %s. A referee who plays neither side may decide alone.",
			"%sの提案は既に出ており、%s側に同意を求めています。再送はしていません。提案はこのセグメントの終わりに失効します。取り消すには %s を実行してください。両陣営をプレイしていない審判は一人で決められます。", what, (1 - side).Name(), undo)
	}
	if pressed(ctx) { // an Agree button whose proposal lapsed, was withdrawn or replaced
		return false, errLapsed(what)
	}
	if !t.referee(ctx, a, guild, g) {
		if theirs, ok := strings.CutPrefix(stored, (1-side).String()+" "); ok && stored != "" {
			// The other side proposed something else, or its proposal
			// lapsed: say so, and how to agree to what stands.
			if lapsed {
				return false, i18n.Errorf("The %s side's proposal (%s) lapsed at the end of the segment it was made in: nothing changed. Ask its player to propose again; a referee who plays neither side may decide alone.",
					"%s側の提案 (%s) は、出されたセグメントの終わりに失効しました。何も変わっていません。相手に改めて提案するよう依頼してください。両陣営をプレイしていない審判は一人で決められます。", (1 - side).Name(), ProposalCommand(key, theirs))
			}
			return false, i18n.Errorf("The %s side's standing proposal is %s, not what you gave: nothing changed. To agree, give exactly that (or press its button) before this segment ends; only a referee may decide otherwise alone.",
				"%s側の提案は %s で、入力された内容とは異なります。何も変わっていません。同意するには、このセグメントの終わりまでにそのとおり入力してください (またはボタンを押してください)。それ以外は審判だけが一人で決められます。", (1 - side).Name(), ProposalCommand(key, theirs))
		}
		return false, i18n.Errorf("Only a referee may %s. You play the %s side: when a referee of the other side proposes it, you agree by giving the same command (%s).",
			"%[1]sは審判だけが行えます。あなたは%[2]s側のプレイヤーです。相手側の審判が提案したときは、同じコマンド (%[3]s) で同意できます。", what, side.Name(), how)
	}
	n := proposalCount(g, key, a)
	if n >= MaxProposals {
		return false, i18n.Errorf("You have made %s to %s in this segment, the most one player may: nothing was proposed and the other side was not asked. Your last proposal, if it stands, lapses at the end of this segment (withdraw it with %s); or ask a referee who plays neither side.",
			"このセグメントで%[2]sの提案をすでに %[1]s出しており、1 人が出せる上限です。何も提案せず、相手側にも求めていません。最後の提案が残っていれば、このセグメントの終わりに失効します (%[3]s で取り消せます)。または両陣営をプレイしていない審判に依頼してください。", i18n.Count(MaxProposals, "proposal", "proposals", "件"), what, undo)
	}
	count := SegmentOf(g.State) + " " + strconv.Itoa(n+1)
	if err := t.update(ctx, g, func(tx Tx) error {
		if err := tx.SetMeta(proposalCountKey(key, a), count); err != nil {
			return err
		}
		return tx.SetMeta(MetaAgree+key, stamped(g, side.String()+" "+value))
	}); err != nil {
		return false, err
	}
	g.Meta = cloneMeta(g.Meta)
	g.Meta[proposalCountKey(key, a)] = count
	g.Meta[MetaAgree+key] = stamped(g, side.String()+" "+value)
	notice := i18n.Sprintf(i18n.T("%s (%s side) proposes to %s: nothing changes until a player of the %s side agrees by giving the same command (%s) or pressing the button, before this segment ends (then the proposal lapses). A referee who plays neither side may decide alone.",
		"%s (%s側) が%sを提案しました。%s側のプレイヤーがこのセグメントの終わりまでに同じコマンド (%s) を実行するかボタンを押して同意するまで、何も変わりません (セグメントが終わると提案は失効します)。両陣営をプレイしていない審判は一人で決められます。"),
		a.Name, side.Name(), what, (1 - side).Name(), how)
	return false, &Proposal{Game: g.copy(), To: 1 - side, Notice: notice, Err: i18n.Errorf("You play the %s side against a person, so you may not %s alone: nothing changed. Your proposal is kept: it takes effect when a player of the %s side agrees by giving the same command (%s) before this segment ends, when it lapses; you may withdraw it with %s. A referee who plays neither side may decide alone.",
		"あなたは%s側として人間の相手と対戦しているため、%sを一人では行えません。何も変わっていません。提案は記録しました。このセグメントの終わりまでに%s側のプレイヤーが同じコマンド (%s) を実行して同意すると有効になります (終われば失効します)。%s で取り消せます。両陣営をプレイしていない審判は一人で決められます。",
		side.Name(), what, (1 - side).Name(), how, undo)}
}

// ProposalCommand is the command that agrees to a proposal of key with
// value: what a player of the other side gives.
func ProposalCommand(key, value string) string {
	switch key {
	case "deadline":
		h, then, _ := strings.Cut(value, " ")
		return "/game deadline hours:" + h + " then:" + then
	case "pause":
		if value != "" {
			return "/game pause"
		}
		return "/game resume"
	}
	return value
}

// StandingProposal is a proposal that stands: made by a player of Side, in
// this segment, agreed to by Command.
type StandingProposal struct {
	Side    units.Side
	Command string
}

// StandingProposals are the game's proposals that stand (a pause, a
// deadline), for its status: both sides see what waits for agreement.
func (g *Game) StandingProposals() []StandingProposal {
	var out []StandingProposal
	for _, key := range []string{"pause", "deadline"} {
		stored, lapsed := standing(g, g.Meta[MetaAgree+key])
		side, value, ok := strings.Cut(stored, " ")
		if stored == "" || lapsed {
			continue
		}
		if !ok {
			value = ""
		}
		s, err := units.ParseSide(side)
		if err != nil {
			continue
		}
		out = append(out, StandingProposal{Side: s, Command: ProposalCommand(key, value)})
	}
	return out
}

// withdrawProposal takes back a's own standing proposal of key, if he has
// one: the answer says so (an error: nothing else is done). It returns nil
// when a has none. Call with the game's lock held.
func (t *Service) withdrawProposal(ctx context.Context, a actor.Actor, g *Game, what i18n.Text, key string) error {
	side, plays := g.SideOf(a.ID)
	stored, lapsed := standing(g, g.Meta[MetaAgree+key])
	if !plays || lapsed || !strings.HasPrefix(stored, side.String()+" ") {
		return nil
	}
	if err := t.setAgree(ctx, g, key, ""); err != nil {
		return err
	}
	return i18n.Errorf("Your proposal to %s is withdrawn: nothing changed, and the %s side can no longer agree to it.",
		"%sの提案を取り消しました。何も変わっておらず、%s側はもう同意できません。", what, (1 - side).Name())
}

// Proposal is a two-sided decision stored and waiting for the other
// person (a pause, a deadline, a seat offered): nothing changed. Err is
// the proposer's answer; Notice says in the game's channel what was
// proposed and how the other agrees, so that he learns of it there; To is
// the side that must agree (or, for a seat offered, the side offered).
type Proposal struct {
	Game   *Game
	To     units.Side
	Notice i18n.Text
	Err    error
	// Options, where set, are the options of the command that agrees (a
	// seat offered: the holder and the person offered, by their IDs);
	// otherwise the proposer's own command agrees.
	Options map[string]string
}

func (p *Proposal) Error() string { return p.Err.Error() }

func (p *Proposal) Unwrap() error { return p.Err }

// In is the proposer's answer in l.
func (p *Proposal) In(l i18n.Lang) string { return i18n.Message(p.Err, l) }

// setAgree stores (or with "" clears) the proposal of key. Call with the
// game's lock held.
func (t *Service) setAgree(ctx context.Context, g *Game, key, v string) error {
	if err := t.update(ctx, g, func(tx Tx) error { return tx.SetMeta(MetaAgree+key, v) }); err != nil {
		return err
	}
	g.Meta = cloneMeta(g.Meta)
	g.Meta[MetaAgree+key] = v
	return nil
}

// personPlays says whether a person (not the computer) holds a seat of side.
func personPlays(g *Game, side units.Side) bool {
	for _, p := range g.Players {
		if p.Side == side.String() && !IsBot(p.UserID) {
			return true
		}
	}
	return false
}
