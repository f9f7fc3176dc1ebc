package games

import (
	"context"
	"errors"
	"log/slog"
	"runtime"
	"strings"
	"sync"
	"time"

	"rtrbot/actor"
	"rtrbot/ai"
	"rtrbot/db/enginereplay"
	"rtrbot/engine/board"
	"rtrbot/engine/game"
)

// Service is the running-game service: the games being played, by
// channel, a cache over the database. With a Storage every game lives in it (the game row, its
// append-only orders, events and a snapshot per segment) and the cache is
// filled from it on first use, so that a restarted bot finds every game
// again; without one (tests of the engine's commands, a console run with
// no file) games live in memory only. Sandbox games loaded from a position
// are stored the same way, their start being the position's text
// (Record.Position) instead of a scenario's setup.
type Service struct {
	// mu guards the maps below and nothing else: it is held only to read
	// or change them, never across a load, a database write or the
	// engine's work. Each game has its own lock (locks), held while an
	// operation reads or changes that game; an operation never holds mu
	// while it waits for a game's lock, so one game's orders, loads and
	// writes never make another game wait.
	mu    sync.Mutex
	m     *board.Map
	store Storage
	log   *slog.Logger
	games map[string]*Game // by the game's channel and by each of its threads
	// locks are the cached games' own locks (a game's fields are
	// replaced whole by an order, so its lock is kept beside it).
	locks map[*Game]*sync.Mutex
	// loading are the cold loads under way, by place: a second command
	// for a game being loaded waits for that load instead of loading it
	// again, and loads of different games run in parallel.
	loading map[string]*loadCall
	// loads bounds the cold loads running at once (a token each): loads
	// of different games run in parallel, but more of them than the
	// machine has cores only make each slower (BenchmarkConcurrentGames).
	loads chan struct{}
	// imports are the times of each user's imports in the last hour
	// (ImportsPerHour).
	imports map[string][]time.Time
	// seats are the games' seat locks, by the game's channel (seats.go).
	seats map[string]*sync.Mutex
	// adjudication is how games are adjudicated (adjudicate.go).
	adjudication ai.AdjudicateConfig
	// adjudicate plays positions out (nil: ai.Adjudicate); limits is
	// the clock's adjudications' worker (adjudicate_queue.go).
	adjudicate Adjudicator
	limits     limitQueue
	// adjudications bounds the adjudications running at once (a token
	// each): each keeps one core busy for up to a minute, and the other
	// games must go on.
	adjudications chan struct{}
	// analyses are the finished games' analyses (analysis.go).
	analyses analyses
}

// loadCall is one cold load of a place's game; done is closed when g and
// err are set.
type loadCall struct {
	done chan struct{}
	g    *Game
	err  error
}

// New makes the service.
func New(c Config) *Service {
	if c.Log == nil {
		c.Log = slog.Default()
	}
	return &Service{m: c.Map, store: c.Store, log: c.Log, games: map[string]*Game{}, locks: map[*Game]*sync.Mutex{}, loading: map[string]*loadCall{},
		loads: make(chan struct{}, max(2, 2*runtime.GOMAXPROCS(0))), imports: map[string][]time.Time{},
		adjudications: make(chan struct{}, 1)}
}

// Status is the game played at a place, for a to read (loaded from the
// database if need be), as a copy: ErrNoGame if none, a *LoadError if it
// cannot be loaded. What of it a may see is Game.CanSee's to say. A *Game
// the service returns is a copy of the game as it stood: the service never
// writes to it again, and the caller must not write to its maps and slices
// (they are shared with the service's own copy).
func (t *Service) Status(ctx context.Context, a actor.Actor, at Where) (*Game, error) {
	g, unlock, err := t.acquire(ctx, at)
	if err != nil {
		return nil, err
	}
	defer unlock()
	return g.copy(), nil
}

// Peek returns a copy of the game played in a channel (or one of its
// threads), loading it from the database if need be; nil if none (or it
// cannot be loaded: Game says why). It is Status for autocomplete and
// pictures.
func (t *Service) Peek(ctx context.Context, channel string) *Game {
	g, _ := t.lookup(ctx, "", channel)
	if g == nil {
		return nil
	}
	lk := t.lockOf(g)
	lk.Lock()
	defer lk.Unlock()
	return g.copy()
}

// put caches a game under its channel and threads.
func (t *Service) put(channel string, g *Game) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.cache(channel, g)
}

// cache maps a game under its channel and threads, giving it its lock if
// it has none yet. Call with t.mu held.
func (t *Service) cache(channel string, g *Game) {
	if t.locks[g] == nil {
		t.locks[g] = new(sync.Mutex)
	}
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

// cachedAs is the cached game with the same stored number as g, found by
// any of g's places (a game loaded at the same time through its channel
// and one of its threads is kept once). Call with t.mu held.
func (t *Service) cachedAs(channel string, g *Game) *Game {
	places := []string{channel, g.Channel}
	for k, v := range g.Meta {
		if strings.HasPrefix(k, "thread:") && v != "" {
			places = append(places, v)
		}
	}
	for _, p := range places {
		if c := t.games[p]; c != nil && c.ID == g.ID && g.ID != 0 {
			return c
		}
	}
	return nil
}

// drop forgets a game in the cache (it ended or was abandoned).
func (t *Service) drop(g *Game) {
	t.mu.Lock()
	defer t.mu.Unlock()
	for k, v := range t.games {
		if v == g {
			delete(t.games, k)
		}
	}
	delete(t.locks, g)
}

// lockOf is the lock of a game: the cached game's own, or, for a game no
// longer cached (nobody else can find it), a lock of its own.
func (t *Service) lockOf(g *Game) *sync.Mutex {
	t.mu.Lock()
	defer t.mu.Unlock()
	if lk := t.locks[g]; lk != nil {
		return lk
	}
	return new(sync.Mutex)
}

// lookup finds a game: the cache first, then the database. err is set when
// a stored game cannot be loaded (a DamageError says why). It takes
// t.mu only to read and change the cache: a cold load runs outside it
// (other games go on, and other places load in parallel), and a place
// being loaded is loaded once, whoever asks meanwhile waiting for it.
// Call without t.mu, and without any game's lock.
func (t *Service) lookup(ctx context.Context, guild, channel string) (*Game, error) {
	for {
		t.mu.Lock()
		if g := t.games[channel]; g != nil {
			t.mu.Unlock()
			return g, nil
		}
		if t.store == nil {
			t.mu.Unlock()
			return nil, nil
		}
		if c := t.loading[channel]; c != nil {
			t.mu.Unlock()
			select {
			case <-c.done:
			case <-ctx.Done():
				return nil, ctx.Err()
			}
			if c.err != nil || c.g == nil {
				return c.g, c.err
			}
			continue // cached by the load (or dropped since): look again
		}
		c := &loadCall{done: make(chan struct{})}
		t.loading[channel] = c
		t.mu.Unlock()
		c.g, c.err = t.coldLoad(ctx, guild, channel)
		t.mu.Lock()
		delete(t.loading, channel)
		if c.g != nil {
			if old := t.cachedAs(channel, c.g); old != nil {
				c.g = old // loaded meanwhile through another of its places
			}
			t.cache(channel, c.g)
		}
		t.mu.Unlock()
		close(c.done)
		return c.g, c.err
	}
}

// coldLoad reads the game played at a place from the database (nil if
// none). Call without t.mu.
func (t *Service) coldLoad(ctx context.Context, guild, channel string) (*Game, error) {
	select {
	case t.loads <- struct{}{}:
		defer func() { <-t.loads }()
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	id, err := t.store.LiveGameAt(ctx, guild, channel)
	if errors.Is(err, ErrNoGame) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return t.load(ctx, id)
}

// find is lookup for an operation: the game, ErrNoGame, or a *LoadError.
// Call without t.mu.
func (t *Service) find(ctx context.Context, at Where) (*Game, error) {
	g, err := t.lookup(ctx, at.Guild, at.Channel)
	if err != nil {
		t.log.Error("loading a game", "channel", at.Channel, "err", err)
		return nil, t.loadError(ctx, at, err)
	}
	if g == nil {
		if id, st := t.newestEnded(ctx, at); id != 0 {
			return nil, errEnded(id, st) // an ErrNoGame that says why
		}
		return nil, ErrNoGame
	}
	return g, nil
}

// acquire is find with the game's own lock held: the caller reads and
// changes the game until it calls unlock, and other games go on
// meanwhile. A game dropped or replaced while the caller waited for its
// lock is looked up again.
func (t *Service) acquire(ctx context.Context, at Where) (g *Game, unlock func(), err error) {
	for {
		g, err := t.find(ctx, at)
		if err != nil {
			if errors.Is(err, ErrNoGame) && checkBinding(ctx, nil) != nil {
				return nil, nil, checkBinding(ctx, nil) // a button of a game gone
			}
			return nil, nil, err
		}
		t.mu.Lock()
		lk := t.locks[g]
		t.mu.Unlock()
		if lk != nil {
			lk.Lock()
			t.mu.Lock()
			cur := t.games[at.Channel]
			t.mu.Unlock()
			if cur == g {
				if err := checkBinding(ctx, g); err != nil {
					lk.Unlock()
					return nil, nil, err
				}
				return g, lk.Unlock, nil
			}
			lk.Unlock()
		}
		// It ended, was deleted or replaced meanwhile: the place is
		// asked afresh, as a command given a moment later would be.
	}
}

// update runs fn on the stored game in one transaction (a memory-only
// game has nothing to store).
func (t *Service) update(ctx context.Context, g *Game, fn func(tx Tx) error) error {
	if g.ID == 0 || t.store == nil {
		return nil
	}
	if u, ok := t.store.(rowUpdater); ok {
		return u.UpdateRow(ctx, g.ID, fn) // the players are in g already
	}
	return t.store.Update(ctx, g.ID, fn)
}

// rowUpdater is a Storage that can run a transaction without reading the
// game's players (games/sqlstore.Store.UpdateRow): the table holds them already.
type rowUpdater interface {
	UpdateRow(ctx context.Context, id int64, fn func(Tx) error) error
}

// load rebuilds a stored game: the engine's state from the newest snapshot
// and the orders after it (Storage.Load checks the hashes), the current
// segment's orders replayed from its start for undo and the account.
func (t *Service) load(ctx context.Context, id int64) (*Game, error) {
	st := t.store
	if t.m == nil {
		return nil, errors.New("no map")
	}
	l, err := st.Load(ctx, id, t.m)
	if err != nil {
		return nil, err
	}
	cur := l.State
	eff, err := st.Orders(ctx, l.Record, 1)
	if err != nil {
		return nil, err
	}
	g := fromRow(l.Record)
	g.State = cur
	g.Sandbox = l.Record.Position != ""
	if g.Key, err = enginereplay.Key(l.Record.Seed); err != nil {
		return nil, err
	}
	if g.Options, err = enginereplay.ParseOptions(l.Record.Options); err != nil {
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
		if start, err = game.ParsePosition(t.m, string(blob)); err != nil {
			return nil, err
		}
		if !g.Sandbox { // the keys still to come (dice.go)
			if err := start.SetKeys(g.Key); err != nil {
				return nil, err
			}
		}
	case g.Sandbox: // no snapshot: from the loaded position
		if start, err = game.ParsePosition(t.m, l.Record.Position); err != nil {
			return nil, err
		}
		for _, o := range g.Orders[:segFrom] {
			if start, _, err = game.Apply(start, o); err != nil {
				return nil, err
			}
		}
	default:
		if start, err = game.ReplayKey(cur.Rules(), g.Key, g.Options, g.Orders[:segFrom]); err != nil {
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
		g.Seg = append(g.Seg, SegOrder{Order: o, Seq: row.Seq, Author: row.Author, Events: evs})
	}
	return g, nil
}

// LoadStored rebuilds a stored game from the database, bypassing the
// cache (benchmarks of loading, checks of a game as stored).
func (t *Service) LoadStored(ctx context.Context, id int64) (*Game, error) {
	if t.store == nil {
		return nil, errors.New("games: no database")
	}
	return t.load(ctx, id)
}

// damaged is the place's damaged game as far as its row can be read
// (no state: it cannot be loaded), for the referee's export and abandon.
func (t *Service) damaged(ctx context.Context, at Where) *Game {
	if t.store == nil {
		return nil
	}
	id, err := t.store.LiveGameAt(ctx, at.Guild, at.Channel)
	if err != nil {
		return nil
	}
	row, _ := t.store.Game(ctx, id) // a row that cannot be decoded still comes back
	if row == nil || row.Status != Damaged {
		return nil
	}
	g := fromRow(row)
	g.Meta = map[string]string{}
	return g
}

// Forget drops game id from the table: the operator deleted it.
func (t *Service) Forget(id int64) {
	t.mu.Lock()
	defer t.mu.Unlock()
	for k, g := range t.games {
		if g.ID == id {
			delete(t.games, k)
			delete(t.locks, g)
		}
	}
}
