package games

import (
	"context"
	"errors"
	"sync"

	"rtrbot/engine/units"
)

// Threads is what the chat does when a seat changes: a side's private
// thread is opened once, and its members are the side's players, no
// more (whoever leaves a side by a switch, a replacement or a removal
// leaves its thread at once). nil where there are no threads (the
// console, the computer's seat).
type Threads interface {
	// Open opens side's private thread under parent for game id, with
	// user in it, and returns its ID.
	Open(ctx context.Context, parent string, id int64, side units.Side, user string) (string, error)
	// Enter adds user to a thread; Leave removes him from it.
	Enter(ctx context.Context, thread, user string) error
	Leave(ctx context.Context, thread, user string) error
	// Seated is told the game as the seat change left it (user took a
	// seat of side; newThread: the side's thread was opened for him),
	// before any other seat of the game changes: what the change posts
	// in the threads (the welcome, the status) is posted from here, so
	// that a mention cannot bring back into a thread a player who left
	// it meanwhile, and of two joins at once the later one's status
	// stands.
	Seated(ctx context.Context, g *Game, user string, side units.Side, newThread bool)
}

// Open opens the thread by f; an OpenThread knows no members but the
// one it opens the thread with.
func (f OpenThread) Open(ctx context.Context, parent string, id int64, _ units.Side, _ string) (string, error) {
	if f == nil {
		return "", errors.New("no chat to open a thread in")
	}
	return f(ctx, parent, id)
}

// Enter does nothing: an OpenThread adds nobody.
func (f OpenThread) Enter(context.Context, string, string) error { return nil }

// Leave does nothing: an OpenThread removes nobody.
func (f OpenThread) Leave(context.Context, string, string) error { return nil }

// Seated does nothing.
func (f OpenThread) Seated(context.Context, *Game, string, units.Side, bool) {}

// seatLock holds the seats of the game played at a place: Join, Add and
// Replace of one game run one after the other, from their checks to the
// threads and the status they change, so that two users taking one seat
// at the same moment are not both seated and a side's thread is opened
// once. It is not the game's own lock: orders and reads of the game go
// on while a seat change waits for the chat.
func (t *Service) seatLock(ctx context.Context, at Where) (func(), error) {
	g, err := t.find(ctx, at)
	if err != nil {
		return nil, err
	}
	t.mu.Lock()
	if t.seats == nil {
		t.seats = map[string]*sync.Mutex{}
	}
	// By the game's channel, which a reload of the game keeps.
	lk := t.seats[g.Channel]
	if lk == nil {
		lk = new(sync.Mutex)
		t.seats[g.Channel] = lk
	}
	t.mu.Unlock()
	lk.Lock()
	return lk.Unlock, nil
}

// moveMember makes the chat follow a seat change, the seat lock held (not
// the game's): user leaves the thread of the side he left (from, when
// leaving), enters the thread of the side he took (to, unless he opened
// it: newThread), and th is told the change.
func (t *Service) moveMember(ctx context.Context, th Threads, g *Game, user string, from units.Side, leaving bool, to units.Side, newThread bool) {
	if th == nil {
		return
	}
	if leaving {
		t.leave(ctx, th, g, from, user)
	}
	if !newThread {
		t.enter(ctx, th, g, to, user)
	}
	th.Seated(ctx, g, user, to, newThread)
}

// leave takes user out of side's private thread, if it has one.
func (t *Service) leave(ctx context.Context, th Threads, g *Game, side units.Side, user string) {
	if thread := g.Thread(side); thread != "" {
		if err := th.Leave(ctx, thread, user); err != nil {
			t.log.Error("removing a player from the private thread of the side he left", "game", g.ID, "side", side.String(), "err", err)
		}
	}
}

// enter adds user to side's private thread, if it has one.
func (t *Service) enter(ctx context.Context, th Threads, g *Game, side units.Side, user string) {
	if thread := g.Thread(side); thread != "" {
		if err := th.Enter(ctx, thread, user); err != nil {
			t.log.Error("adding a player to his side's private thread", "game", g.ID, "side", side.String(), "err", err)
		}
	}
}
