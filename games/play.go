package games

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"time"

	"rtrbot/actor"
	"rtrbot/db/enginereplay"
	"rtrbot/engine/game"
	"rtrbot/engine/units"
	"rtrbot/i18n"
)

// Pending is an order to apply; Named is set when a batch line named its
// side (which must then be the side to move), Line is its line number.
type Pending struct {
	Order   game.Order
	Named   bool
	Line    int
	Err     i18n.Text // the line could not be read: why
	Referee bool      // a referee's fix: given for the side to move by whoever referees
}

// Played is what a command's orders did.
type Played struct {
	Game    *Game // the game after them
	Given   int   // the orders given
	Applied int   // of which applied
	// Refused says why the refused line of a batch was refused (it changed
	// nothing); a batch stops there, and NotRun lines after it were not
	// run at all.
	Refused []i18n.Text
	NotRun  int
	// Events are what the orders caused that their author may read (the
	// engine's filter, 14.1: an order ending a segment may cause events
	// of the other side).
	Events []game.Event
	// Reports are the segments the orders ended, for the game's thread.
	Reports []SegmentReport
	// Explained is the computer's account of the player turn it ended
	// (explain.go), on the last of a computer's plays.
	Explained *Explained
}

// Orders checks and applies orders of the side to move.
func (t *Service) Orders(ctx context.Context, a actor.Actor, at Where, now time.Time, orders []Pending, batch bool) (*Played, error) {
	return t.run(ctx, a, at, now, orders, batch)
}

// EndStep is one step ended by End: what its order did, or why the step
// could not end (Err; nothing changed).
type EndStep struct {
	Played *Played
	Err    error
}

// End ends steps one by one, each by its own end order of the side to
// act, until the step until begins, a step refuses to end (the last EndStep
// says why), or a new turn's event phase or the game's end is reached.
func (t *Service) End(ctx context.Context, a actor.Actor, at Where, now time.Time, until game.Step) ([]EndStep, error) {
	var out []EndStep
	for i := 0; i < 40; i++ {
		p, err := t.run(ctx, a, at, now, []Pending{{Order: game.End()}}, false)
		var le *LoadError
		if errors.Is(err, ErrNoGame) || errors.As(err, &le) {
			return nil, err
		}
		var be *BindingError
		if errors.As(err, &be) {
			return nil, err // the press's segment is over: nothing ended
		}
		out = append(out, EndStep{Played: p, Err: err})
		if err != nil {
			break
		}
		ctx = unbind(ctx) // the button's segment was this first one
		if st := p.Game.State.Step; st == until || st == game.EventStep || st == game.GameOver {
			break
		}
	}
	return out, nil
}

// FixProposal is a fix proposed by one side's player, which the other
// side's player confirms by giving the same fix.
type FixProposal struct {
	Game   *Game
	Side   units.Side // who proposed it
	Orders string     // the orders, as text
}

func (p *FixProposal) Error() string {
	return fmt.Sprintf("the %s player proposes the fix %q", p.Side, p.Orders)
}

// Fix applies a referee's orders for the side to move: parse reads them
// once the side is known (a parse error is the answer). A referee who
// plays neither side fixes at once. Without one, a fix needs both sides:
// a player proposes it (a *FixProposal comes back) and the other side's
// player confirms it by giving the same orders.
func (t *Service) Fix(ctx context.Context, a actor.Actor, at Where, now time.Time, parse func(toMove units.Side) ([]Pending, error)) (*Played, error) {
	g, unlock, err := t.acquire(ctx, at)
	if err != nil {
		return nil, err
	}
	side, plays := g.SideOf(a.ID)
	if !plays {
		err = t.refereeOnly(ctx, a, at.Guild, g, i18n.T("fix the game", "ゲームの修正"))
		if err == nil {
			err = g.leftErr(a.ID, i18n.T("fix the game", "ゲームの修正"))
		}
	}
	g = g.copy() // read below without the lock
	unlock()
	if err != nil {
		return nil, err
	}
	lines, err := parse(g.State.ToMove())
	if err != nil {
		return nil, err
	}
	if plays && !g.HotSeat() {
		var texts []string
		for _, l := range lines {
			texts = append(texts, l.Order.String())
		}
		text := strings.Join(texts, "; ")
		g, unlock, err = t.acquire(ctx, at)
		if err != nil {
			return nil, err
		}
		prop, by := g.Meta["fix:proposal"], g.Meta["fix:by"]
		// A proposal is confirmed only where it was made: once an order
		// is given after it, it is stale, and the same text proposes anew.
		if prop != text || by == "" || by == side.String() || g.Meta["fix:at"] != fixPlace(g) {
			count, refused := proposable(g, a, side, lines)
			if count == "" {
				unlock()
				return nil, refused
			}
			meta := map[string]string{fixCountKey(a): count}
			if refused == nil {
				meta["fix:proposal"], meta["fix:by"], meta["fix:at"] = text, side.String(), fixPlace(g)
			}
			err = t.update(ctx, g, func(tx Tx) error { return setMetas(tx, meta) })
			if err == nil {
				g.Meta = cloneMeta(g.Meta)
				for k, v := range meta {
					g.Meta[k] = v
				}
				err = refused
				if refused == nil {
					err = &FixProposal{Game: g.copy(), Side: side, Orders: text}
				}
			}
			unlock()
			return nil, err
		}
		// The other side confirms: the proposal is used up.
		err = t.update(ctx, g, func(tx Tx) error {
			return setMetas(tx, map[string]string{"fix:proposal": "", "fix:by": "", "fix:at": ""})
		})
		if err == nil {
			g.Meta = cloneMeta(g.Meta)
			delete(g.Meta, "fix:proposal")
			delete(g.Meta, "fix:by")
			delete(g.Meta, "fix:at")
		}
		unlock()
		if err != nil {
			return nil, err
		}
	}
	for i := range lines {
		lines[i].Referee = true
	}
	return t.run(ctx, a, at, now, lines, len(lines) > 1)
}

// MaxFixProposals is how many fixes one player may propose in one
// segment (docs/playing.md). A game holds one proposal at a time: a new
// one replaces the one pending.
const MaxFixProposals = 3

func fixCountKey(a actor.Actor) string { return "fix:count:" + a.ID }

// fixPlace is where a game stands for a fix proposal: its segment and how
// many orders it has taken.
func fixPlace(g *Game) string { return SegmentOf(g.State) + " " + strconv.Itoa(len(g.Orders)) }

// setMetas stores the game's metadata in sorted key order.
func setMetas(tx Tx, meta map[string]string) error {
	keys := make([]string, 0, len(meta))
	for k := range meta {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		if err := tx.SetMeta(k, meta[k]); err != nil {
			return err
		}
	}
	return nil
}

// proposable checks a player's fix before it is proposed, and so before
// the other side's thread reads it: its lines must be orders as the
// engine writes them (only those are ever posted), and its proposer must
// be under MaxFixProposals in this segment. It returns the proposer's
// count to store ("segment n"), or "" with the refusal when nothing is to
// be stored.
//
// The proposer's own side's lines are checked as the game takes them now,
// one after the other. From the first line of the other side on, the
// answer may depend on nothing the proposer does not see (14.1): such a
// line may name only units his side sees (his own, and the other side's
// where his View shows them), and is not tried against the game, whose
// reasons could tell of hidden units. The confirming player's game tries
// it when he confirms, and the refusal, if any, is his to read. So a state
// that differs only in the other side's hidden units answers a proposal
// the same.
func proposable(g *Game, a actor.Actor, proposer units.Side, lines []Pending) (string, error) {
	seg := SegmentOf(g.State)
	n := 0
	if s, c, ok := strings.Cut(g.Meta[fixCountKey(a)], " "); ok && s == seg {
		n, _ = strconv.Atoi(c)
	}
	if n >= MaxFixProposals {
		return "", i18n.Errorf("You have proposed %s in this segment, the most one player may; nothing was proposed. Ask the other side to confirm your last one, or ask a referee who plays neither side.",
			"このセグメントで提案できる修正は %sまでで、既に提案済みです。何も提案していません。最後の提案を相手に確定してもらうか、両陣営をプレイしていない審判に依頼してください。", i18n.Count(MaxFixProposals, "fix", "fixes", "件"))
	}
	count := seg + " " + strconv.Itoa(n+1)
	seen := seenBy(g.State, proposer)
	st, tried := g.State, true
	for i, l := range lines {
		o := l.Order
		line := l.Line
		if line == 0 {
			line = i + 1
		}
		if tried && st.ToMove() != proposer {
			tried = false // from here on, only what the proposer sees
		}
		if !tried {
			for _, id := range namedUnits(o) {
				if !seen(id) {
					return count, i18n.Errorf("Your fix cannot be proposed: its line %d (%s) names %s, a unit your side does not see now. A fix may name only your own units and the other side's units your map shows (14.1); nothing was proposed, and the attempt counts as one of your %s in this segment.",
						"この修正は提案できません: %d 行目 (%s) が %s を指定していますが、これは自軍から今見えないユニットです。修正で指定できるのは自軍のユニットと、自軍マップに見えている敵ユニットだけです (14.1)。何も提案していませんが、このセグメントの提案 %sのうち1回に数えます。",
						line, o.Text(), id, i18n.Count(MaxFixProposals, "fix", "fixes", "件"))
				}
			}
			continue
		}
		o.Side = st.ToMove()
		next, _, err := game.Apply(st, o)
		if err != nil {
			why := lineRefused(line, o.Text(), err)
			return "", i18n.Errorf("Your fix cannot be proposed: %s\nA fix is orders the game takes now, one after the other; nothing was proposed.",
				"この修正は提案できません: %s\n修正は今のゲームが受け付ける命令を順に並べたものです。何も提案していません。", why)
		}
		st = next
	}
	return count, nil
}

// namedUnits are the units an order names (an attack's table and naval
// gunfire marker are no units).
func namedUnits(o game.Order) []string {
	if o.Verb == game.VerbAttack {
		return o.Attackers()
	}
	return o.Units
}

// seenBy says whether side sees the unit id now: one of its own counters,
// or one its View shows (on the map or in a box). An id that names no
// counter is not seen, as a hidden one is not: the answer is the same.
func seenBy(s *game.State, side units.Side) func(id string) bool {
	shown := s.ViewFor(game.ViewerOf(side)).VisibleIDs()
	return func(id string) bool {
		if c, ok := s.Lookup(id); ok && c.Side() == side {
			return true
		}
		return shown[id]
	}
}

// run checks and applies orders of the side to move, in order: a legal
// order is applied, a refused one changes nothing and says why, and a
// batch stops at its first refused line (what follows it may have counted
// on it: an attack after a misspelt move, an end after a refused attack). Everything accepted
// is stored in one transaction; if that fails nothing is applied. A
// segment's end gives its report.
func (t *Service) run(ctx context.Context, a actor.Actor, at Where, now time.Time, orders []Pending, batch bool) (*Played, error) {
	g, unlock, err := t.acquire(ctx, at)
	if err != nil {
		return nil, err
	}
	defer unlock()
	next := *g
	// Appending to a full slice copies it: the cached game's slices,
	// which readers may hold, are never written to.
	next.Orders = g.Orders[:len(g.Orders):len(g.Orders)]
	next.Seg = g.Seg[:len(g.Seg):len(g.Seg)]
	var done []SegOrder
	out := &Played{Given: len(orders)}
	for i, p := range orders {
		o, line := p.Order, p.Line
		if line == 0 {
			line = i + 1
		}
		side := next.State.ToMove()
		if p.Err.EN != "" {
			out.Refused, out.NotRun = append(out.Refused, p.Err), len(orders)-i-1
			break
		}
		if p.Named && o.Side != side {
			out.Refused = append(out.Refused, i18n.Sprintf(i18n.T(
				"line %d (%s): it is the %s player's turn, not the %s's.",
				"%d 行目 (%s): 現在は%sの手番で、%sではありません。"), line, o.Text(), side.Name(), o.Side.Name()))
			out.NotRun = len(orders) - i - 1
			break
		}
		if err := next.mayOrder(a, side); err != nil && !(p.Referee && next.Status == Active) {
			if !batch {
				return nil, err
			}
			out.Refused, out.NotRun = append(out.Refused, lineRefused(line, o.Text(), err)), len(orders)-i-1
			break
		}
		o.Side = side
		n, evs, err := game.Apply(next.State, o)
		if err != nil {
			if !batch {
				return nil, err
			}
			out.Refused, out.NotRun = append(out.Refused, lineRefused(line, o.Text(), err)), len(orders)-i-1
			break
		}
		so := SegOrder{Order: o, Author: a.ID, Events: evs}
		done = append(done, SegOrder{Order: o, Author: a.ID, Events: evs, after: n})
		out.Events = append(out.Events, visibleTo(next.HotSeat(), side, next.State, n, evs)...)
		next.State = n
		next.Orders = append(next.Orders, o)
		next.Seg = append(next.Seg, so)
		if o.Verb == game.VerbEnd {
			out.Reports = append(out.Reports, next.SegmentEnded(now))
			next.SegStart, next.Seg = n, nil
		}
	}
	out.Applied = len(done)
	if len(done) > 0 {
		if err := t.save(ctx, a, now, g, &next, done); err != nil {
			t.log.Error("storing orders", "game", g.ID, "err", err)
			return nil, i18n.Errorf("Your orders could not be saved, so none was applied (%v). Try again; /game status shows where the game stands.",
				"命令を保存できなかったため、適用していません (%v)。もう一度試してください。/game status で状況を確認できます。", err)
		}
		*g = next
		if g.State.Step == game.GameOver {
			g.Status = Finished
		}
	}
	out.Game = g.copy()
	return out, nil
}

// lineRefused is a refused line of a batch: its number, what it was, why.
func lineRefused(line int, what i18n.Text, err error) i18n.Text {
	return i18n.Sprintf(i18n.T("line %d (%s): %s", "%d 行目 (%s): %s"), line, what, i18n.TextOf(err))
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

// save writes the accepted orders of one command in one transaction:
// each order with its events (marked with who may see them), a snapshot
// after each segment's end, the next deadline, and the game's end.
func (t *Service) save(ctx context.Context, a actor.Actor, now time.Time, old, next *Game, done []SegOrder) error {
	if old.ID == 0 || t.store == nil {
		return nil
	}
	var seqs []int64
	err := t.store.Update(ctx, old.ID, func(tx Tx) error {
		for _, so := range done {
			row, err := tx.Append(NewOrder{Author: a.ID, Side: so.Order.Side.String(), Text: so.Order.String()})
			if err != nil {
				return err
			}
			seqs = append(seqs, row.Seq)
			if err := tx.AddEvents(row.Seq, storedEvents(so.Events)); err != nil {
				return err
			}
			n := so.after
			if so.Order.Verb == game.VerbEnd {
				if err := tx.Snapshot(enginereplay.Label(n), n.Hash(), []byte(n.Position())); err != nil {
					return err
				}
				if h := tx.Row().SegmentHours; h > 0 && n.Step != game.GameOver {
					if err := tx.SetDeadline(now.Add(time.Duration(h) * time.Hour)); err != nil {
						return err
					}
					next.Deadline = now.Add(time.Duration(h) * time.Hour)
				}
			}
			if n.Step == game.GameOver {
				if err := tx.SetDeadline(time.Time{}); err != nil {
					return err
				}
				next.Deadline = time.Time{}
				if err := tx.SetStatus(Finished, ""); err != nil {
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

// storedEvents marks each event with who may read it, as the engine
// says (game.EventKind.Public, 14.1): what happens in front of both
// players is public, the rest is its side's own.
func storedEvents(evs []game.Event) []Event {
	out := make([]Event, len(evs))
	for i, e := range evs {
		v := ""
		if !e.Kind.Public() {
			v = e.Side.String()
		}
		out[i] = Event{Kind: string(e.Kind), Visible: v, Text: e.String()}
	}
	return out
}
