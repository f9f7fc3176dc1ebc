package commands

import (
	"context"
	"crypto/rand"
	"encoding/binary"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"rtrbot/db"
	"rtrbot/db/enginereplay"
	"rtrbot/engine/game"
	"rtrbot/engine/units"
	"rtrbot/i18n"
)

// table is the games being played, by channel: a cache over the database
// (issue 6, 8). With a Store every game lives in SQLite (the game row, its
// append-only orders, events and a snapshot per segment) and the cache is
// filled from it on first use, so that a restarted bot finds every game
// again; without one (tests of the engine's commands, a console run with
// no file) games live in memory only. Sandbox games loaded from a position
// are stored the same way, their start being the position's text
// (db.Game.Position) instead of a scenario's setup.
type table struct {
	mu    sync.Mutex
	b     *Bot
	games map[string]*running // by the game's channel and by each of its threads
	// renders bounds how many maps are drawn at once after segments, so
	// that a burst of games cannot exhaust memory.
	renders chan struct{}
	// noMaps leaves the map out of segment accounts (tests that play many
	// segments and look only at the text).
	noMaps bool
	pics   mapPictures
}

// running is one game.
type running struct {
	State   *game.State
	Seed    uint64
	Options []string
	Orders  []game.Order // the effective orders (undone ones left out)
	Sandbox bool         // loaded from a position: its log starts there, not at a scenario's setup

	ID             int64 // the stored game's number; 0: memory only
	Guild, Channel string
	Creator        string
	Players        []db.Player
	Meta           map[string]string // db/play.go keys: threads, pause, secret choices
	Status         db.Status
	Deadline       time.Time
	DeadlineAction string
	SegmentHours   int

	// SegStart is the state when the current segment began; Seg the
	// orders given since, with what they caused (for undo and the account).
	SegStart *game.State
	Seg      []segOrder
}

// segOrder is one order of the current segment.
type segOrder struct {
	Order  game.Order
	Seq    int64 // its row in the stored log (0: memory only)
	Author string
	Events []game.Event
	after  *game.State // the state it left (while it is being stored)
}

func newTable(b *Bot) *table {
	return &table{b: b, games: map[string]*running{}, renders: make(chan struct{}, 2)}
}

// get returns a copy of the game played in a channel (or one of its
// threads), loading it from the database if need be; nil if none (or it
// cannot be loaded: find says why).
func (t *table) get(channel string) *running {
	t.mu.Lock()
	defer t.mu.Unlock()
	g, _ := t.lookup(context.Background(), "", channel)
	if g == nil {
		return nil
	}
	c := *g
	return &c
}

// read is get for a command: a copy of the game, or the answer to give
// instead (no game here, or the database's message for a damaged one).
func (t *table) read(req *Request) (*running, *Response) {
	t.mu.Lock()
	defer t.mu.Unlock()
	g, fail := t.find(context.Background(), req)
	if fail != nil {
		return nil, fail
	}
	c := *g
	return &c, nil
}

// put caches a game under its channel and threads.
func (t *table) put(channel string, g *running) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.cache(channel, g)
}

func (t *table) cache(channel string, g *running) {
	if g.Channel == "" {
		g.Channel = channel
	}
	t.games[channel] = g
	t.games[g.Channel] = g
	for k, v := range g.Meta {
		if strings.HasPrefix(k, "thread:") && v != "" {
			t.games[v] = g
		}
	}
}

// drop forgets a game in the cache (it ended or was abandoned).
func (t *table) drop(g *running) {
	for k, v := range t.games {
		if v == g {
			delete(t.games, k)
		}
	}
}

// lookup finds a game: the cache first, then the database. err is set when
// a stored game cannot be loaded (a *db.DamageError says why). Call with
// t.mu held.
func (t *table) lookup(ctx context.Context, guild, channel string) (*running, error) {
	if g := t.games[channel]; g != nil {
		return g, nil
	}
	st := t.b.Store
	if st == nil {
		return nil, nil
	}
	id, err := st.LiveGameAt(ctx, guild, channel)
	if errors.Is(err, db.ErrNoGame) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	g, err := t.load(ctx, id)
	if err != nil {
		return nil, err
	}
	t.cache(channel, g)
	return g, nil
}

// find is lookup for a command: the game, or the answer to give instead.
func (t *table) find(ctx context.Context, req *Request) (*running, *Response) {
	g, err := t.lookup(ctx, req.Guild, req.Channel)
	if err != nil {
		t.b.Log.Error("loading a game", "channel", req.Channel, "err", err)
		return nil, Private(loadError(err, req.Lang))
	}
	if g == nil {
		return nil, noGame(req)
	}
	return g, nil
}

func loadError(err error, l i18n.Lang) string {
	var de *db.DamageError
	if errors.As(err, &de) {
		return de.In(l)
	}
	return i18n.Sprintf(i18n.T("The game could not be loaded (%v); other games are not affected.", "ゲームを読み込めませんでした (%v)。他のゲームには影響ありません。"), err).In(l)
}

// load rebuilds a stored game: the engine's state from the newest snapshot
// and the orders after it (db.Store.Load checks the hashes), the current
// segment's orders replayed from its start for undo and the account.
func (t *table) load(ctx context.Context, id int64) (*running, error) {
	st := t.b.Store
	if t.b.Map == nil {
		return nil, errors.New("no map")
	}
	l, err := st.Load(ctx, id, enginereplay.Replayer{Map: t.b.Map})
	if err != nil {
		return nil, err
	}
	cur := l.Replay.(*enginereplay.Replay).Game
	log, err := st.Log(ctx, l.Game, 1)
	if err != nil {
		return nil, err
	}
	eff := db.Effective(log)
	g := fromRow(l.Game)
	g.State = cur
	g.Sandbox = l.Game.Position != ""
	if g.Seed, err = enginereplay.Seed(l.Game.Seed); err != nil {
		return nil, err
	}
	if g.Options, err = enginereplay.ParseOptions(l.Game.Options); err != nil {
		return nil, err
	}
	var segFrom int
	for i, o := range eff {
		ord, err := game.ParseOrder(o.Text)
		if err != nil {
			return nil, err
		}
		g.Orders = append(g.Orders, ord)
		if o.Seq <= l.From {
			segFrom = i + 1
		}
	}
	if g.Meta, err = st.Meta(ctx, id); err != nil {
		return nil, err
	}
	// The segment's start: the snapshot Load began from (its hash was
	// checked by Load), or the game's start.
	var start *game.State
	switch {
	case l.Replayed == 0:
		start = cur
	case l.From >= 0:
		blob, err := st.SnapshotState(ctx, id, l.From)
		if err != nil {
			return nil, err
		}
		if start, err = game.ParsePosition(t.b.Map, string(blob)); err != nil {
			return nil, err
		}
	case g.Sandbox: // no snapshot: from the loaded position
		if start, err = game.ParsePosition(t.b.Map, l.Game.Position); err != nil {
			return nil, err
		}
		for _, o := range g.Orders[:segFrom] {
			if start, _, err = game.Apply(start, o); err != nil {
				return nil, err
			}
		}
	default:
		if start, err = game.Replay(cur.Rules(), g.Seed, g.Options, g.Orders[:segFrom]); err != nil {
			return nil, err
		}
	}
	g.SegStart = start
	s := start
	for i, o := range g.Orders[segFrom:] {
		n, evs, err := game.Apply(s, o)
		if err != nil {
			return nil, err
		}
		s = n
		row := eff[segFrom+i]
		g.Seg = append(g.Seg, segOrder{Order: o, Seq: row.Seq, Author: row.Author, Events: evs})
	}
	return g, nil
}

func fromRow(r *db.Game) *running {
	return &running{ID: r.ID, Guild: r.Guild, Channel: r.Channel, Creator: r.CreatedBy, Players: r.Players, Status: r.Status,
		Deadline: r.Deadline, DeadlineAction: r.DeadlineAction, SegmentHours: r.SegmentHours}
}

// newSeed draws a game's secret seed (crypto/rand: nobody can guess it).
func newSeed() uint64 {
	var b [8]byte
	if _, err := rand.Read(b[:]); err != nil {
		return uint64(time.Now().UnixNano())
	}
	return binary.BigEndian.Uint64(b[:])
}

// sideOf is the side a user plays in g, if any.
func (g *running) sideOf(user string) (units.Side, bool) {
	for _, p := range g.Players {
		if p.UserID == user {
			s, err := units.ParseSide(p.Side)
			return s, err == nil
		}
	}
	return 0, false
}

// hotSeat: nobody has joined a side, so whoever is at the keyboard plays
// both (the console, a sandbox, a quick try in a channel).
func (g *running) hotSeat() bool { return len(g.Players) == 0 }

// playersOf lists the players of a side.
func (g *running) playersOf(side units.Side) []db.Player {
	var out []db.Player
	for _, p := range g.Players {
		if p.Side == side.String() {
			out = append(out, p)
		}
	}
	return out
}

// mention names a side's players so that Discord notifies them (<@id>);
// console users (not Discord IDs) are named with an @.
func (g *running) mention(side units.Side) string {
	var out []string
	for _, p := range g.playersOf(side) {
		out = append(out, mentionOf(p.UserID, p.Name))
	}
	return strings.Join(out, " ")
}

func mentionOf(id, name string) string {
	if id != "" && strings.Trim(id, "0123456789") == "" {
		return "<@" + id + ">"
	}
	if name == "" {
		name = id
	}
	return "@" + name
}

// mayOrder says why user may not give orders for side now (nil: he may).
func (g *running) mayOrder(req *Request, side units.Side) *Response {
	if g.Status != "" && g.Status != db.Active {
		return Private(i18n.Sprintf(i18n.T("This game is %s: it takes no more orders.", "このゲームは%sのため、命令を受け付けません。"), g.Status.Text().In(req.Lang)).In(req.Lang))
	}
	if g.Meta["paused"] != "" {
		return Private(req.T("A referee has paused this game: no orders until /game resume.", "審判がこのゲームを一時停止中です。/game resume まで命令はできません。"))
	}
	if p := g.pendingChoice(); p.EN != "" {
		return Private(p.In(req.Lang))
	}
	if g.hotSeat() {
		return nil
	}
	mine, ok := g.sideOf(req.User.ID)
	switch {
	case !ok:
		return Private(i18n.Sprintf(i18n.T("You do not play in this game, so you may only watch (spectators read only). To play, /game join side:german or side:allied.",
			"あなたはこのゲームのプレイヤーではないため観戦のみです。参加するには /game join side:german か side:allied。")).In(req.Lang))
	case mine != side:
		return Private(i18n.Sprintf(i18n.T("You play the %s side, and it is the %s player's turn (%s). Your side's orders wait for its turn.",
			"あなたは%s側です。現在は%sの手番 (%s) です。自軍の手番をお待ちください。"),
			mine.Name().In(req.Lang), side.Name().In(req.Lang), g.State.Step.Name().In(req.Lang)).In(req.Lang))
	}
	return nil
}

// canSee says whether the asker may see side's hidden information: his own
// side, a hot-seat game, or a finished one.
func (g *running) canSee(req *Request, side units.Side) bool {
	if g.hotSeat() || g.State.Step == game.GameOver {
		return true
	}
	mine, ok := g.sideOf(req.User.ID)
	return ok && mine == side
}

// order applies one order of the side to move and answers with its events.
func order(t *table, req *Request, o game.Order) *Response {
	return t.run(req, []pending{{Order: o}}, false)
}

// pending is an order to apply; Named is set when a batch line named its
// side (which must then be the side to move), Line is its line number.
type pending struct {
	Order   game.Order
	Named   bool
	Line    int
	Err     string // the line could not be read: why
	Referee bool   // a referee's fix: given for the side to move by whoever referees
}

// run checks and applies orders of the side to move, in order: a legal
// order is applied, a refused one changes nothing and says why (a batch
// goes on with its next line; a single order stops). Everything accepted
// is stored in one transaction; if that fails nothing is applied. A
// segment's end posts the public account and map to the game's thread.
func (t *table) run(req *Request, orders []pending, batch bool) *Response {
	ctx := context.Background()
	var posts []segmentPost
	resp := func() *Response {
		t.mu.Lock()
		defer t.mu.Unlock()
		g, fail := t.find(ctx, req)
		if fail != nil {
			return fail
		}
		next := *g
		// Appending to a full slice copies it: the cached game's slices,
		// which readers may hold, are never written to.
		next.Orders = g.Orders[:len(g.Orders):len(g.Orders)]
		next.Seg = g.Seg[:len(g.Seg):len(g.Seg)]
		var done []segOrder
		var lines, refused []string
		var ends []segmentPost
		for i, p := range orders {
			o, line := p.Order, p.Line
			if line == 0 {
				line = i + 1
			}
			side := next.State.ToMove()
			if p.Err != "" {
				refused = append(refused, p.Err)
				continue
			}
			if p.Named && o.Side != side {
				refused = append(refused, fmt.Sprintf(req.T("line %d (%s): it is the %s player's turn, not the %s's.", "%d 行目 (%s): 現在は%sの手番で、%sではありません。"),
					line, o, side.Name().In(req.Lang), o.Side.Name().In(req.Lang)))
				continue
			}
			if r := next.mayOrder(req, side); r != nil && !(p.Referee && next.Status == db.Active) {
				if !batch {
					return r
				}
				refused = append(refused, fmt.Sprintf(req.T("line %d (%s): %s", "%d 行目 (%s): %s"), line, o.Verb, r.Messages[0].Text))
				continue
			}
			o.Side = side
			n, evs, err := game.Apply(next.State, o)
			if err != nil {
				if !batch {
					return Fail(req, err)
				}
				refused = append(refused, fmt.Sprintf(req.T("line %d (%s): %s", "%d 行目 (%s): %s"), line, o, i18n.Message(err, req.Lang)))
				continue
			}
			so := segOrder{Order: o, Author: req.User.ID, Events: evs}
			done = append(done, segOrder{Order: o, Author: req.User.ID, Events: evs, after: n})
			lines = append(lines, eventLines(visibleTo(next.hotSeat(), side, next.State, n, evs), req.Lang)...)
			next.State = n
			next.Orders = append(next.Orders, o)
			next.Seg = append(next.Seg, so)
			if o.Verb == game.End {
				ends = append(ends, next.segmentEnded(req.Now))
				next.SegStart, next.Seg = n, nil
			}
		}
		if len(done) > 0 {
			if err := t.store(ctx, req, g, &next, done); err != nil {
				t.b.Log.Error("storing orders", "game", g.ID, "err", err)
				return Private(i18n.Sprintf(i18n.T("Your orders could not be saved, so none was applied (%v). Try again; /game status shows where the game stands.",
					"命令を保存できなかったため、適用していません (%v)。もう一度試してください。/game status で状況を確認できます。"), err).In(req.Lang))
			}
			*g = next
			if g.State.Step == game.GameOver {
				g.Status = db.Finished
			}
		}
		posts = ends
		var b strings.Builder
		if batch {
			fmt.Fprintf(&b, req.T("%d of %d orders applied.", "%d/%d 件の命令を適用しました。"), len(done), len(orders))
			if len(refused) > 0 {
				b.WriteString(req.T(" Refused (nothing changed for these lines):\n", " 却下 (これらの行では何も変わっていません):\n"))
				b.WriteString(strings.Join(refused, "\n"))
			}
			b.WriteString("\n")
		}
		if len(lines) > 0 {
			b.WriteString(strings.Join(lines, "\n") + "\n")
		}
		b.WriteString(statusLine(g.State, req.Lang))
		// What an order did is the side's own business (14.1): the
		// account the public may read goes to the game's thread at the
		// segment's end.
		return Private(b.String())
	}()
	for _, p := range posts {
		for _, m := range t.segmentMessages(req.Lang, p) {
			resp.Add(m)
		}
	}
	return resp
}

// visibleTo keeps what side may read of an order's events (the engine's
// 14.1 filter): an order that ends a segment may cause events of the other
// side (its command phase), which are not for the author.
func visibleTo(hotSeat bool, side units.Side, before, after *game.State, evs []game.Event) []game.Event {
	if hotSeat {
		return evs
	}
	return game.EventsFor(game.ViewerOf(side), before, after, evs)
}

// eventLines are the sentences of events, setup placements summed up.
func eventLines(evs []game.Event, l i18n.Lang) []string {
	var lines []string
	for i, e := range evs {
		if e.Kind == game.EvPlaced && len(evs) > 12 && i >= 10 {
			if i == 10 {
				lines = append(lines, fmt.Sprintf(i18n.T("… and %d more units placed.", "… ほか %d 個を配置。").In(l), len(evs)-10))
			}
			continue
		}
		lines = append(lines, e.Text.In(l))
	}
	return lines
}

// store writes the accepted orders of one command in one transaction:
// each order with its events (marked with who may see them), a snapshot
// after each segment's end, the next deadline, and the game's end.
func (t *table) store(ctx context.Context, req *Request, old, next *running, done []segOrder) error {
	if old.ID == 0 || t.b.Store == nil {
		return nil
	}
	var seqs []int64
	err := t.b.Store.Update(ctx, old.ID, func(tx *db.GameTx) error {
		for _, so := range done {
			row, err := tx.Append(db.NewOrder{Author: req.User.ID, Side: so.Order.Side.String(), Text: so.Order.String()})
			if err != nil {
				return err
			}
			seqs = append(seqs, row.Seq)
			if err := tx.AddEvents(row.Seq, storedEvents(so.Events)); err != nil {
				return err
			}
			n := so.after
			if so.Order.Verb == game.End {
				if err := tx.Snapshot(enginereplay.Label(n), n.Hash(), []byte(n.Position())); err != nil {
					return err
				}
				if h := tx.Game.SegmentHours; h > 0 && n.Step != game.GameOver {
					if err := tx.SetDeadline(req.Now.Add(time.Duration(h) * time.Hour)); err != nil {
						return err
					}
					next.Deadline = req.Now.Add(time.Duration(h) * time.Hour)
				}
			}
			if n.Step == game.GameOver {
				if err := tx.SetDeadline(time.Time{}); err != nil {
					return err
				}
				next.Deadline = time.Time{}
				if err := tx.SetStatus(db.Finished, ""); err != nil {
					return err
				}
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	// Number the orders of the current segment as stored (undo names them).
	k := len(seqs) - 1
	for i := len(next.Seg) - 1; i >= 0 && k >= 0; i-- {
		if next.Seg[i].Seq == 0 {
			next.Seg[i].Seq = seqs[k]
			k--
		}
	}
	return nil
}

// storedEvents marks each event with who may read it: a side's own
// movements and placements are its own (14.1); combat, dice, losses, VP
// and the turn's progress are public.
func storedEvents(evs []game.Event) []db.Event {
	out := make([]db.Event, len(evs))
	for i, e := range evs {
		v := ""
		if !publicEvent(e.Kind) {
			v = e.Side.String()
		}
		out[i] = db.Event{Kind: string(e.Kind), Visible: v, Text: e.String()}
	}
	return out
}

// publicEvent lists the kinds of event everyone may read: what happens in
// front of both players (combat reveals both stacks, 14.1; dice; units
// removed; VP; the turn and the random events).
func publicEvent(k game.EventKind) bool {
	switch k {
	case game.EvCombat, game.EvRoll, game.EvEliminated, game.EvBrokenDown, game.EvRetreated, game.EvFortress, game.EvSiege,
		game.EvAbandoned, game.EvVP, game.EvRandom, game.EvRussia, game.EvVictory, game.EvSeed, game.EvGameOver, game.EvTurn,
		game.EvSetupDone, game.EvNaval, game.EvMarkersOff, game.EvEventPhase, game.EvStep:
		return true
	}
	return false
}
