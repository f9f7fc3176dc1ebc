package games

import (
	"context"
	"slices"
	"strings"
	"time"

	"rtrbot/actor"
	"rtrbot/engine/game"
	"rtrbot/engine/units"
	"rtrbot/i18n"
)

// Joined is a player who joined a side.
type Joined struct {
	Game *Game
	Side units.Side
	// NewThread: the side's private thread was opened for him; OwnView
	// is then the side's view, for its first map there.
	NewThread bool
	OwnView   game.View
	// Switched: he played the other side (before its first order) and
	// left it, and its private thread, for this one.
	Switched bool
}

// Join makes a a player of side. th opens the side's private thread
// (with him in it) when the side has none yet, adds him to it when it
// has, and takes him out of the other side's thread when he changes
// sides; nil where there are no threads. One seat change of a game at a
// time: two users asking for one seat at once get it once.
func (t *Service) Join(ctx context.Context, a actor.Actor, at Where, sideName string, now time.Time, th Threads) (*Joined, error) {
	g, side, unlock, release, err := t.seatOf(ctx, at, sideName)
	if err != nil {
		return nil, err
	}
	defer release()
	defer func() { unlock() }()
	proposed, err := mayJoin(g, a, side)
	if err != nil {
		return nil, err
	}
	p := Player{UserID: a.ID, Name: a.Name, Side: side.String(), Joined: now}
	var thread string
	newThread := false
	if th != nil && g.Thread(side) == "" {
		parent := g.Meta["thread:parent"]
		if parent == "" {
			parent = g.Channel
		}
		// The chat is asked without holding the game's lock (other
		// commands for it go on meanwhile; seat changes wait for the
		// seat lock); the game is looked up and checked again
		// afterwards.
		id := g.ID
		unlock()
		unlock = func() {}
		tid, err := th.Open(ctx, parent, id, side, a.ID)
		if err != nil {
			t.log.Error("creating a side's thread", "game", id, "err", err)
		} else {
			thread, newThread = tid, true
		}
		if g, unlock, err = t.acquire(ctx, at); err != nil {
			unlock = func() {}
			return nil, err
		}
		if proposed, err = mayJoin(g, a, side); err != nil || g.ID != id || g.Thread(side) != "" {
			// The game moved on meanwhile (its first order, its end):
			// the thread opened for him is left.
			unlock()
			unlock = func() {}
			if newThread {
				if lerr := th.Leave(ctx, thread, a.ID); lerr != nil {
					t.log.Error("leaving a side's thread opened in vain", "game", id, "err", lerr)
				}
			}
			if err == nil {
				err = i18n.Errorf("The game changed while your side's private thread was being opened: give /game join again.", "自軍の非公開スレッドを開いている間にゲームが変わりました。もう一度 /game join を入力してください。")
			}
			return nil, err
		}
	}
	from, switched := g.SideOf(a.ID)
	switched = switched && from != side
	if err := t.seat(ctx, g, a, side, p, proposed, thread, newThread); err != nil {
		return nil, err
	}
	j := &Joined{Game: g.copy(), Side: side, NewThread: newThread && g.Thread(side) != "", Switched: switched}
	if j.NewThread {
		j.OwnView = g.State.ViewFor(game.ViewerOf(side))
	}
	unlock()
	unlock = func() {}
	// Threads follow seats: he leaves the thread of the side he left.
	t.moveMember(ctx, th, j.Game, a.ID, from, switched, side, j.NewThread)
	return j, nil
}

// seat records p's seat on side in the store and in the cached game g,
// with a's language; proposed: the game's file proposed the seat to him,
// and the proposal is used up; newThread: thread is the side's private
// thread, opened for him. Call with the game's lock held.
func (t *Service) seat(ctx context.Context, g *Game, a actor.Actor, side units.Side, p Player, proposed bool, thread string, newThread bool) error {
	if err := t.update(ctx, g, func(tx Tx) error {
		if err := tx.AddPlayer(p); err != nil {
			return err
		}
		if err := tx.SetMeta("lang:"+a.ID, string(a.Lang)); err != nil {
			return err
		}
		if proposed {
			if err := tx.SetMeta(metaProposed+side.String(), g.proposalsBut(side, a.ID)); err != nil {
				return err
			}
		}
		if g.Meta[MetaJoinOffer+a.ID] != "" {
			if err := tx.SetMeta(MetaJoinOffer+a.ID, ""); err != nil {
				return err
			}
		}
		if newThread {
			return tx.SetMeta("thread:"+side.String(), thread)
		}
		return nil
	}); err != nil {
		return err
	}
	g.Players = append(slices.DeleteFunc(slices.Clone(g.Players), func(q Player) bool { return q.UserID == p.UserID }), p)
	g.Meta = cloneMeta(g.Meta)
	g.Meta["lang:"+a.ID] = string(a.Lang)
	delete(g.Meta, MetaJoinOffer+a.ID)
	if proposed {
		if rest := g.proposalsBut(side, a.ID); rest != "" {
			g.Meta[metaProposed+side.String()] = rest
		} else {
			delete(g.Meta, metaProposed+side.String())
		}
	}
	if newThread {
		g.Meta["thread:"+side.String()] = thread
		t.put(thread, g)
	}
	return nil
}

// mayJoin says whether a may take a seat of side by himself (proposed:
// the game's file proposed it to him), or why not.
func mayJoin(g *Game, a actor.Actor, side units.Side) (proposed bool, err error) {
	if mine, ok := g.SideOf(a.ID); ok {
		if mine == side {
			return false, i18n.Errorf("You already play the %s side.", "あなたは既に%s側です。", side.Name())
		}
		if len(g.Orders) > 0 {
			return false, i18n.Errorf("You play the %s side: once the game has begun nobody changes sides (you have seen your side's secrets). A referee who plays neither side can /game replace players.",
				"あなたは%s側です。ゲーム開始後は陣営を変えられません (自軍の秘密を見ているため)。両陣営をプレイしていない審判は /game replace で交代できます。", mine.Name())
		}
	}
	// A seat the game's file proposed is its player's to confirm, and
	// nobody else's (a file seats nobody).
	proposed = g.Proposed(side, a.ID)
	// A seat a player of the side offered him (Add) is his to take.
	offered, lapsed := joinOffered(g, a, side)
	if lapsed && len(g.PlayersOf(side)) > 0 && !proposed {
		return false, errLapsed(i18n.Sprintf(i18n.T("a seat on the %s side offered", "%s側の席の申し出"), side.Name()))
	}
	if offered {
		return proposed, nil
	}
	// Seats: a side's seat is taken before its first order; a second
	// player joins a side only with a player of that side.
	if held := g.PlayersOf(side); len(held) > 0 && !proposed {
		return false, i18n.Errorf("The %[1]s side is held by %[2]s: a second player joins a side only when a player of that side offers the seat and he takes it (ask them for /game join side:%[3]s user:%[4]s, then give /game join side:%[3]s yourself).",
			"%[1]s側は %[2]s が担当しています。2人目のプレイヤーは、その陣営のプレイヤーが席を申し出て、本人がそれを受けたときだけ加われます (担当者に /game join side:%[3]s user:%[4]s を依頼し、その後ご自身で /game join side:%[3]s を実行してください)。",
			side.Name(), held[0].Name, side, a.Name)
	}
	if g.Started(side) && !proposed {
		return false, i18n.Errorf("The %s side has begun to play (its setup is under way): its seat is now given only by a referee who plays neither side (/game replace player:%s by:YOU).",
			"%s側は既にプレイを始めています (初期配置中)。席を与えられるのは両陣営をプレイしていない審判だけです (/game replace player:%s by:あなた)。", side.Name(), side)
	}
	return proposed, nil
}

// Pause stops (on) or lets go on (off) the orders of a game: a referee's.
func (t *Service) Pause(ctx context.Context, a actor.Actor, at Where, on bool) (*Game, error) {
	g, unlock, err := t.acquire(ctx, at)
	if err != nil {
		return nil, err
	}
	defer unlock()
	v := ""
	if on {
		v = "1"
	}
	if err := t.refereeOnly(ctx, a, at.Guild, g, i18n.T("pause or resume the game", "ゲームの一時停止・再開")); err != nil {
		if _, plays := g.SideOf(a.ID); !plays {
			return nil, err
		}
	}
	what := i18n.T("pause or resume the game", "ゲームの一時停止・再開")
	if g.Paused() == on {
		// asking for what is so withdraws one's own proposal of the other
		if err := t.withdrawProposal(ctx, a, g, what, "pause"); err != nil {
			return nil, err
		}
		return nil, i18n.Errorf("Nothing to change: the game is already so.", "変更はありません (既にその状態です)。")
	}
	how, undo := "/game resume", "/game pause"
	if on {
		how, undo = undo, how
	}
	if ok, err := t.agreed(ctx, a, at.Guild, g, what, "pause", v, how, undo); !ok || err != nil {
		if err == nil {
			err = i18n.Errorf("Nothing changed.", "何も変わっていません。")
		}
		return nil, err
	}
	if err := t.update(ctx, g, func(tx Tx) error { return tx.SetMeta("paused", v) }); err != nil {
		return nil, err
	}
	g.Meta = cloneMeta(g.Meta)
	g.Meta["paused"] = v
	return g.copy(), nil
}

// UserRef reads a user given as an ID, a <@mention> or a player's name.
func (g *Game) UserRef(s string) string {
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

// MetaLeft+userID is the side a player held and gave away (he handed his
// seat over, or a referee gave it) after the game's setup: the game counts
// as left by him in his reliability (tournament/reliability.go).
const MetaLeft = "left:"

// MetaHeld+userID is the side a person held in this game and gave away,
// at any time (the setup included): he has seen its secrets, so he is no
// neutral referee of it (leftErr).
const MetaHeld = "held:"

// MetaOffer+userID is a seat its holder offered to that user: "side
// holderID". The user accepts it in his own name (Replace).
const MetaOffer = "offer:"

// looksLikeComputer says whether a name given for a person is the
// computer's: its seat ID, or a name starting as the computer's does
// ("rtrbot", "rtrbot (heuristic)").
func looksLikeComputer(s string) bool {
	s = strings.TrimPrefix(strings.ToLower(strings.TrimSpace(s)), "console:") // the console's user of that name
	return IsBot(s) || strings.HasPrefix(s, "rtrbot")
}

// Replaced is a seat given to another user.
type Replaced struct {
	Game          *Game
	Old, By, Name string
	Side          units.Side
}

// Replace gives player's seat to the user by (named name): a referee's.
// th takes the player leaving out of the side's private thread and puts
// the new one in (nil where there are no threads).
func (t *Service) Replace(ctx context.Context, a actor.Actor, at Where, player, by, name string, now time.Time, th Threads) (*Replaced, error) {
	release, err := t.seatLock(ctx, at)
	if err != nil {
		return nil, err
	}
	defer release()
	g, unlock, err := t.acquire(ctx, at)
	if err != nil {
		return nil, err
	}
	defer func() { unlock() }()
	old := g.UserRef(player)
	side, ok := g.SideOf(old)
	empty := false
	if !ok {
		// A side nobody holds (a hot-seat game that began): a neutral
		// referee seats a player there.
		if s, err := units.ParseSide(player); err == nil && len(g.PlayersOf(s)) == 0 {
			side, ok, empty = s, true, true
		}
	}
	if !ok {
		return nil, i18n.Errorf("%s does not play in this game; /game players lists who does.", "%s はこのゲームのプレイヤーではありません。/game players で一覧できます。", player)
	}
	if IsBot(old) {
		// The computer's seat is no person's to hand on: a game against
		// the computer stays one (the ladder rates it as such), so a
		// person takes no part of it over by a seat change.
		return nil, i18n.Errorf("%s is the computer's seat: it is not handed to a person. A game against the computer stays one to its end; to play a person, start a new game (/game new).",
			"%s はコンピュータの席で、人に交代することはできません。コンピュータ戦は最後までコンピュータ戦です。人と対戦するには新しいゲームを作ってください (/game new)。", player)
	}
	newID := g.UserRef(by)
	if looksLikeComputer(by) || looksLikeComputer(name) {
		return nil, i18n.Errorf("%s is the computer's name: a seat is never handed to a person of that name, nor to the computer by a seat change. The computer takes a side only when a game is made against it (/game new vs:bot) or by the players' takeover agreement (/game settings takeover:); a person named so must be given by his user ID or @mention and another display name (name:).",
			"%s はコンピュータの名前です。その名前の人にも、席の交代でコンピュータにも席を渡すことはできません。コンピュータが陣営を持つのは、コンピュータ戦を作ったとき (/game new vs:bot) か、プレイヤーの代打ち合意 (/game settings takeover:) のときだけです。その名前の人にはユーザー ID か @メンションと、別の表示名 (name:) で渡してください。", strings.TrimSpace(by+" "+name))
	}
	// A seat changes when its holder hands it over and the person he names
	// accepts, or by a referee who plays neither side.
	offerKey, offer := MetaOffer+newID, side.String()+" "+old
	standingOffer, lapsed := standing(g, g.Meta[offerKey])
	accepting := a.ID == newID && old != a.ID && standingOffer == offer && !lapsed
	if a.ID == newID && old != a.ID && (lapsed || pressed(ctx)) && !accepting {
		// the offer lapsed with its segment (or was withdrawn): its button does nothing
		return nil, errLapsed(i18n.Sprintf(i18n.T("the %s seat offered", "%s側の席の申し出"), side.Name()))
	}
	if (old != a.ID || empty) && !accepting {
		if err := t.neutralReferee(ctx, a, at.Guild, g, i18n.T("give a seat that is not yours", "自分のものでない席の交代")); err != nil {
			return nil, err
		}
	}
	if old == a.ID && !empty && newID == a.ID {
		return nil, t.withdrawOffers(ctx, g, side, offer)
	}
	if old == a.ID && !empty && newID != a.ID && !IsBot(newID) {
		return nil, t.offerSeat(ctx, g, side, newID, by, a.Name, a.ID, offerKey, offer)
	}
	if IsBot(newID) {
		return nil, i18n.Errorf("%s is a computer's seat: the computer takes a side only when a game is made against it (/game new vs:bot) or by the players' takeover agreement (/game settings takeover:), never by a seat change.",
			"%s はコンピュータの席です。コンピュータが陣営を持つのは、コンピュータ戦を作ったとき (/game new vs:bot) か、プレイヤーの代打ち合意 (/game settings takeover:) のときだけで、席の交代ではできません。", by)
	}
	if s, ok := g.SideOf(newID); ok && s != side {
		return nil, i18n.Errorf("%s plays the other side already: a player may not hold both sides.", "%s は既に相手側のプレイヤーです。両陣営を兼ねることはできません。", by)
	}
	if !accepting && newID != a.ID && newID != old {
		// A referee seats another person only with his consent: the
		// seating is an offer that person accepts, as a hand-off is.
		return nil, t.refereeOffer(ctx, g, a, side, old, newID, by, offerKey, offer)
	}
	if name == "" {
		name = strings.TrimPrefix(newID, "console:") // the console's user is named as at the keyboard
	}
	if accepting && name == newID {
		name = a.Name // accepted in his own name: his own display name
	}
	p := Player{UserID: newID, Name: name, Side: side.String(), Joined: now}
	// A player whose seat goes to another once the setup is over left the
	// game: his reliability counts it (MetaLeft), however the game ends,
	// so that handing a lost position to someone else escapes nothing.
	left := !empty && old != newID && !IsBot(old) && g.State.Step != game.SetupStep
	held := !empty && old != newID && !IsBot(old) // he saw the side's secrets, setup included
	if err := t.moveSeat(ctx, g, old, p, side, offerKey, empty, left, held); err != nil {
		return nil, err
	}
	g.Players = append(slices.DeleteFunc(slices.Clone(g.Players), func(q Player) bool { return q.UserID == old || q.UserID == newID }), p)
	x := &Replaced{Game: g.copy(), Old: old, By: newID, Name: name, Side: side}
	unlock()
	unlock = func() {}
	// Threads follow seats: the player leaving leaves the side's thread.
	if th != nil {
		if old != newID {
			if !empty {
				t.leave(ctx, th, x.Game, side, old)
			}
			t.enter(ctx, th, x.Game, side, newID)
		}
		th.Seated(ctx, x.Game, newID, side, false)
	}
	return x, nil
}

// moveSeat stores the seat of side going from old to p: the seat itself,
// the marks of who left it (MetaLeft, MetaHeld) and its offer used up.
// Call with the game's lock held.
func (t *Service) moveSeat(ctx context.Context, g *Game, old string, p Player, side units.Side, offerKey string, empty, left, held bool) error {
	if err := t.update(ctx, g, func(tx Tx) error {
		if !empty {
			if err := tx.RemovePlayer(old); err != nil {
				return err
			}
		}
		if left {
			if err := tx.SetMeta(MetaLeft+old, side.String()); err != nil {
				return err
			}
		}
		if held {
			if err := tx.SetMeta(MetaHeld+old, side.String()); err != nil {
				return err
			}
		}
		if g.Meta[offerKey] != "" {
			if err := tx.SetMeta(offerKey, ""); err != nil {
				return err
			}
		}
		return tx.AddPlayer(p)
	}); err != nil {
		return err
	}
	g.Meta = cloneMeta(g.Meta)
	if left {
		g.Meta[MetaLeft+old] = side.String()
	}
	if held {
		g.Meta[MetaHeld+old] = side.String()
	}
	delete(g.Meta, offerKey)
	return nil
}

// offerSeat stores the holder's offer of his seat of side to newID (named
// by): nothing changes until that person accepts it (Replace). It returns
// the answer to the holder. Call with the game's lock held.
func (t *Service) offerSeat(ctx context.Context, g *Game, side units.Side, newID, by, holder, holderID, offerKey, offer string) error {
	// The holder's hand-off is an offer: nothing changes until the
	// person named accepts it in his own name.
	if s, ok := g.SideOf(newID); ok && s != side {
		return i18n.Errorf("%s plays the other side already: a player may not hold both sides.", "%s は既に相手側のプレイヤーです。両陣営を兼ねることはできません。", by)
	}
	if err := t.countOffer(ctx, g, holderID); err != nil {
		return err
	}
	// One offer a seat at a time: a new one replaces the holder's earlier.
	if _, err := t.clearOffers(ctx, g, offer); err != nil {
		return err
	}
	if err := t.update(ctx, g, func(tx Tx) error { return tx.SetMeta(offerKey, stamped(g, offer)) }); err != nil {
		return err
	}
	g.Meta = cloneMeta(g.Meta)
	g.Meta[offerKey] = stamped(g, offer)
	notice := i18n.Sprintf(i18n.T("%[1]s offers the %[2]s seat to %[3]s, who takes it by giving /game replace player:%[4]s by:%[5]s in his own name (or the button) before this segment ends, when the offer lapses; until then %[1]s keeps it and may take the offer back (/game replace player:%[4]s by:%[4]s).",
		"%[1]s が%[2]s側の席を %[3]s に譲ると申し出ました。このセグメントの終わりまでに %[3]s が自分の名前で /game replace player:%[4]s by:%[5]s を実行する (またはボタンを押す) と席を受けます。セグメントが終わると申し出は失効します。それまで席は %[1]s のもので、申し出は取り消せます (/game replace player:%[4]s by:%[4]s)。"),
		holder, side.Name(), MentionOf(newID, by), holder, by)
	return &Proposal{Game: g.copy(), To: side, Notice: notice, Options: map[string]string{"player": holderID, "by": newID}, Err: i18n.Errorf("You offer your %s seat to %s: nothing changes until %s accepts it by giving, in his own name, /game replace player:%s by:%s. Until then you keep the seat.",
		"%s側の席を %s に譲ると申し出ました。%s が自分の名前で /game replace player:%s by:%s を実行して受けるまで、何も変わりません。それまで席はあなたのものです。",
		side.Name(), by, by, holder, by)}
}

// refereeOffer stores a neutral referee's seating of newID (named by) on
// side, held by old (or nobody: empty), as an offer newID accepts in his
// own name: nobody is seated unwilling. It returns the answer to the
// referee. Call with the game's lock held.
func (t *Service) refereeOffer(ctx context.Context, g *Game, a actor.Actor, side units.Side, old, newID, by, offerKey, offer string) error {
	if err := t.countOffer(ctx, g, a.ID); err != nil {
		return err
	}
	if _, err := t.clearOffers(ctx, g, offer); err != nil { // one offer of a seat at a time
		return err
	}
	if err := t.update(ctx, g, func(tx Tx) error { return tx.SetMeta(offerKey, stamped(g, offer)) }); err != nil {
		return err
	}
	g.Meta = cloneMeta(g.Meta)
	g.Meta[offerKey] = stamped(g, offer)
	holder := old
	for _, p := range g.Players {
		if p.UserID == old {
			holder = p.Name
		}
	}
	notice := i18n.Sprintf(i18n.T("%[1]s (referee) offers the %[2]s seat to %[3]s, who takes it by giving /game replace player:%[4]s by:%[5]s in his own name (or the button) before this segment ends, when the offer lapses. Nobody is seated without consenting; until then the seat stays as it is.",
		"%[1]s (審判) が%[2]s側の席を %[3]s に提示しました。このセグメントの終わりまでに %[3]s が自分の名前で /game replace player:%[4]s by:%[5]s を実行する (またはボタンを押す) と席を受けます。セグメントが終わると提示は失効します。本人の同意なしに席に就かせることはなく、それまで席はそのままです。"),
		a.Name, side.Name(), MentionOf(newID, by), holder, by)
	return &Proposal{Game: g.copy(), To: side, Notice: notice, Options: map[string]string{"player": old, "by": newID}, Err: i18n.Errorf("You offer the %s seat to %s: a referee seats nobody without his consent, so nothing changes until %s accepts it by giving, in his own name, /game replace player:%s by:%s (or the button) before this segment ends.",
		"%s側の席を %s に提示しました。審判も本人の同意なしに席に就かせることはできないため、このセグメントの終わりまでに %s が自分の名前で /game replace player:%s by:%s を実行する (またはボタンを押す) まで何も変わりません。",
		side.Name(), by, by, holder, by)}
}

// clearOffers takes back every offer of the seat offer names ("side
// holderID"), saying how many there were. Call with the game's lock held.
func (t *Service) clearOffers(ctx context.Context, g *Game, offer string) (int, error) {
	var keys []string
	for k, v := range g.Meta {
		if o, _ := standing(g, v); strings.HasPrefix(k, MetaOffer) && o == offer {
			keys = append(keys, k)
		}
	}
	if len(keys) == 0 {
		return 0, nil
	}
	if err := t.update(ctx, g, func(tx Tx) error {
		for _, k := range keys {
			if err := tx.SetMeta(k, ""); err != nil {
				return err
			}
		}
		return nil
	}); err != nil {
		return 0, err
	}
	g.Meta = cloneMeta(g.Meta)
	for _, k := range keys {
		delete(g.Meta, k)
	}
	return len(keys), nil
}

// withdrawOffers is the holder's /game replace of his seat by himself:
// his offer of it, if any, is taken back. Call with the game's lock held.
func (t *Service) withdrawOffers(ctx context.Context, g *Game, side units.Side, offer string) error {
	n, err := t.clearOffers(ctx, g, offer)
	if err != nil {
		return err
	}
	if n == 0 {
		return i18n.Errorf("You hold the %s seat and have offered it to nobody: nothing changed. To offer it, name the person (by:).",
			"あなたは%s側の席を持っており、誰にも譲る申し出をしていません。何も変わっていません。譲るには相手を by: で指定してください。", side.Name())
	}
	return i18n.Errorf("Your offer of the %s seat is withdrawn: nobody can take it now, and you keep it.",
		"%s側の席を譲る申し出を取り消しました。もう誰も受けられず、席はあなたのものです。", side.Name())
}

// MetaResigned is the side that resigned a finished game: stored with
// the game's end, so that whoever looks at the game later (a tournament
// table after a restart) knows how it ended.
const MetaResigned = "resigned"

// Resigned is a side's concession.
type Resigned struct {
	Game *Game
	Side units.Side
}

// Resign: a's side concedes (in a hot-seat game, the side to move).
func (t *Service) Resign(ctx context.Context, a actor.Actor, at Where) (*Resigned, error) {
	g, unlock, err := t.acquire(ctx, at)
	if err != nil {
		return nil, err
	}
	defer unlock()
	side, ok := g.SideOf(a.ID)
	if !ok {
		if !g.HotSeat() {
			return nil, i18n.Errorf("Only a player resigns, for his own side; spectators read only.", "投了できるのはプレイヤーが自軍についてのみです。観戦者は閲覧のみです。")
		}
		side = g.State.ToMove()
	}
	if err := t.setStatus(ctx, g, Finished, MetaResigned, side.String()); err != nil {
		return nil, err
	}
	return &Resigned{Game: g.copy(), Side: side}, nil
}

// Abandon stops a game (it stays stored, the place is free): a referee's.
// A referee who plays a side, past the setup, against a person, resigns
// it instead (Game.AbandonResigns): the game is then Finished with
// MetaResigned.
// A damaged game is abandoned too, to free its place (docs/storage.md);
// its State is then nil.
func (t *Service) Abandon(ctx context.Context, a actor.Actor, at Where) (*Game, error) {
	g, unlock, err := t.acquire(ctx, at)
	if err != nil {
		if d := t.damaged(ctx, at); d != nil && checkBinding(ctx, d) == nil {
			g, unlock = d, func() {}
		} else {
			return nil, err
		}
	}
	defer unlock()
	if err := t.refereeOnly(ctx, a, at.Guild, g, i18n.T("abandon the game", "ゲームの放棄")); err != nil {
		return nil, err
	}
	if err := g.mayAbandonAfterLeaving(a.ID); err != nil {
		return nil, err
	}
	if side, resigns := g.AbandonResigns(a.ID); resigns {
		// a player who referees: his abandon is his side's resignation
		if err := t.setStatus(ctx, g, Finished, MetaResigned, side.String()); err != nil {
			return nil, err
		}
		return g.copy(), nil
	}
	if err := t.setStatus(ctx, g, Abandoned); err != nil {
		return nil, err
	}
	return g.copy(), nil
}

// mayAbandonAfterLeaving refuses the abandon of a running game, past its
// setup, to a referee who held one of its sides and handed it on
// (MetaLeft): he is no neutral referee of it, and his abandon would take
// the result from the player he gave his seat to, or from his opponent.
func (g *Game) mayAbandonAfterLeaving(user string) error {
	left := g.Meta[MetaLeft+user]
	if left == "" || g.State == nil || g.Over() || g.State.Step == game.SetupStep {
		return nil
	}
	if _, plays := g.SideOf(user); plays {
		return nil // seated again: AbandonResigns decides
	}
	side := units.German
	if left == units.Allied.String() {
		side = units.Allied
	}
	return i18n.Errorf("You played the %s side of this game and handed your seat on: you are no neutral referee of it, and an abandon would take its result away. The game goes on; a referee who has played neither side may abandon it.",
		"あなたはこのゲームで%s側を担当し、席を譲りました。中立の審判ではないため、結果を消してしまう放棄はできません。ゲームは続きます。放棄はどちらの側も担当していない審判が行えます。", side.Name())
}

// setStatus ends a game (finished or abandoned): stored, and dropped from
// the cache so that the place is free. Call with the game's lock held.
// meta is key, value pairs stored with the status, in the same
// transaction.
func (t *Service) setStatus(ctx context.Context, g *Game, st Status, meta ...string) error {
	if err := t.update(ctx, g, func(tx Tx) error {
		if err := tx.SetDeadline(time.Time{}); err != nil {
			return err
		}
		for i := 0; i+1 < len(meta); i += 2 {
			if err := tx.SetMeta(meta[i], meta[i+1]); err != nil {
				return err
			}
		}
		return tx.SetStatus(st, "")
	}); err != nil {
		return err
	}
	if len(meta) > 0 {
		g.Meta = cloneMeta(g.Meta)
		for i := 0; i+1 < len(meta); i += 2 {
			g.Meta[meta[i]] = meta[i+1]
		}
	}
	g.Status = st
	t.drop(g)
	return nil
}

// SetRefereeRole names the guild's referee role ("" or none clears it):
// a server manager's. It returns the role as stored.
func (t *Service) SetRefereeRole(ctx context.Context, a actor.Actor, guild, role string) (string, error) {
	if !a.Manager && !a.Console {
		return "", i18n.Errorf("Only someone who may manage this server names its referee role.", "審判ロールを設定できるのはサーバーの管理権限を持つ人だけです。")
	}
	if t.store == nil {
		return "", i18n.Errorf("Settings need the database, and this bot runs without one.", "設定にはデータベースが必要ですが、このボットはデータベースなしで動いています。")
	}
	role = strings.TrimSuffix(strings.TrimPrefix(strings.TrimSpace(role), "<@&"), ">")
	if strings.EqualFold(role, "none") {
		role = ""
	}
	if err := t.store.SetRefereeRole(ctx, guild, role); err != nil {
		return "", err
	}
	return role, nil
}

// Listed is a game of List, with its number of players.
type Listed struct {
	*Record
	Problem error // non-nil when the record cannot be decoded
	Players int   // List only
}

// Damaged says the game cannot be played: it is marked damaged, or its
// row cannot be read.
func (l Listed) Damaged() bool { return l.Problem != nil || l.Status == Damaged }

// List is the guild's running and damaged games.
func (t *Service) List(ctx context.Context, a actor.Actor, guild string) ([]Listed, error) {
	if t.store == nil {
		return nil, i18n.Errorf("Without the database the bot keeps no list of games.", "データベースがないため、ゲームの一覧はありません。")
	}
	all, err := t.store.Records(ctx, Filter{Guild: guild})
	if err != nil {
		return nil, err
	}
	var games []Listed
	for _, l := range all {
		if l.Problem != nil || l.Status == Active || l.Status == Damaged {
			x := l
			if l.Problem == nil && l.Status != Damaged {
				if row, _ := t.store.Game(ctx, l.ID); row != nil {
					x.Players = len(row.Players)
				}
			}
			games = append(games, x)
		}
	}
	return games, nil
}

// MetaJoinOffer+userID is a player's offer of a second seat on his own
// side to that user: "side adderID", stamped with its segment (lapse.go).
// The user takes it in his own name (/game join side:, or the button);
// nobody is seated beside a player unwilling.
const MetaJoinOffer = "joinoffer:"

// Add offers user (named name) a seat beside a on a's side: a second
// player joins a side only with a player of that side, and only in his
// own name. Nothing changes until that user accepts (Join, given by him);
// the answer is a *Proposal, which names him in the channel with a button.
// The computer is never added: it takes a side only by the paths made for
// it (/game new vs:bot, the takeover agreement).
func (t *Service) Add(ctx context.Context, a actor.Actor, at Where, sideName, user, name string) error {
	g, side, unlock, release, err := t.seatOf(ctx, at, sideName)
	if err != nil {
		return err
	}
	defer release()
	defer unlock()
	if mine, ok := g.SideOf(a.ID); !ok || mine != side {
		return i18n.Errorf("Only a player of the %s side adds a player to it.",
			"%[1]s側にプレイヤーを加えられるのは%[1]s側のプレイヤーだけです。", side.Name())
	}
	id := g.UserRef(user)
	if id == "" {
		return i18n.Errorf("Name the user to add: user:@name.", "加えるユーザーを user:@名前 で指定してください。")
	}
	if IsBot(id) || looksLikeComputer(user) || looksLikeComputer(name) {
		return i18n.Errorf("%s is the computer's name: a player adds only a person beside him. The computer takes a side only when a game is made against it (/game new vs:bot) or by the players' takeover agreement (/game settings takeover:); a person named so must be given by his user ID or @mention.",
			"%s はコンピュータの名前です。自軍に加えられるのは人だけです。コンピュータが陣営を持つのは、コンピュータ戦を作ったとき (/game new vs:bot) か、プレイヤーの代打ち合意 (/game settings takeover:) のときだけです。その名前の人はユーザー ID か @メンションで指定してください。", strings.TrimSpace(user))
	}
	if id == a.ID {
		return i18n.Errorf("You already play the %s side.", "あなたは既に%s側です。", side.Name())
	}
	if s, ok := g.SideOf(id); ok {
		return i18n.Errorf("%s already plays the %s side.", "%s は既に%s側のプレイヤーです。", user, s.Name())
	}
	if name == "" || name == id {
		name = strings.TrimPrefix(id, "console:") // the console's user is named as at the keyboard
	}
	// Nobody is seated unwilling (and so seen to act, pinged or rated):
	// the addition is an offer the person named takes in his own name.
	if err := t.countOffer(ctx, g, a.ID); err != nil {
		return err
	}
	offer := side.String() + " " + a.ID
	key := MetaJoinOffer + id
	if err := t.update(ctx, g, func(tx Tx) error { return tx.SetMeta(key, stamped(g, offer)) }); err != nil {
		return err
	}
	g.Meta = cloneMeta(g.Meta)
	g.Meta[key] = stamped(g, offer)
	notice := i18n.Sprintf(i18n.T("%[1]s (%[2]s side) asks %[3]s to play the %[2]s side beside them; %[3]s takes the seat by giving /game join side:%[4]s in his own name (or the button) before this segment ends, when the offer lapses. Nobody is seated without consenting.",
		"%[1]s (%[2]s側) が %[3]s に%[2]s側で一緒にプレイするよう申し出ました。このセグメントの終わりまでに %[3]s が自分の名前で /game join side:%[4]s を実行する (またはボタンを押す) と席に就きます。セグメントが終わると申し出は失効します。本人の同意なしに席に就かせることはありません。"),
		a.Name, side.Name(), MentionOf(id, name), side.String())
	return &Proposal{Game: g.copy(), To: side, Notice: notice, Options: map[string]string{"side": side.String()},
		Err: i18n.Errorf("You ask %s to play the %s side beside you: nobody is seated without his consent, so nothing changes until %s takes the seat by giving, in his own name, /game join side:%s (or the button) before this segment ends.",
			"%s に%s側で一緒にプレイするよう申し出ました。本人の同意なしに席に就かせることはできないため、このセグメントの終わりまでに %s が自分の名前で /game join side:%s を実行する (またはボタンを押す) まで何も変わりません。",
			name, side.Name(), name, side.String())}
}

// joinOffered says whether a standing offer (MetaJoinOffer) lets a take a
// seat of side, from a player who still holds it; lapsed: an offer of his
// stands no more.
func joinOffered(g *Game, a actor.Actor, side units.Side) (offered, lapsed bool) {
	stored := g.Meta[MetaJoinOffer+a.ID]
	if stored == "" {
		return false, false
	}
	o, gone := standing(g, stored)
	s, adder, _ := strings.Cut(o, " ")
	if s != side.String() {
		return false, false
	}
	if held, ok := g.SideOf(adder); gone || !ok || held != side {
		return false, true
	}
	return true, false
}

// seatOf takes the place's seat lock (release) and its game's lock
// (unlock) for a seat change on the side named sideName, refusing a side
// that is none and a game that is over.
func (t *Service) seatOf(ctx context.Context, at Where, sideName string) (g *Game, side units.Side, unlock, release func(), err error) {
	if release, err = t.seatLock(ctx, at); err != nil {
		return nil, 0, nil, nil, err
	}
	g, unlock, err = t.acquire(ctx, at)
	if err != nil {
		release()
		return nil, 0, nil, nil, err
	}
	side, err = units.ParseSide(sideName)
	if err != nil {
		unlock()
		release()
		return nil, 0, nil, nil, i18n.Errorf("Choose side:german or side:allied.", "side:german か side:allied を選んでください。")
	}
	if g.Status != Active || g.State.Step == game.GameOver {
		unlock()
		release()
		return nil, 0, nil, nil, i18n.Errorf("This game is over: nobody can join it.", "このゲームは終了しているため参加できません。")
	}
	return g, side, unlock, release, nil
}
