package games

import (
	"context"
	"fmt"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"rtrbot/db"
	"rtrbot/engine/board"
	"rtrbot/engine/game"
)

// stalling is a Storage whose writes to one game wait until released: a
// slow disk, or a long transaction, on that game only.
type stalling struct {
	SQLStorage
	game    int64
	entered chan struct{}
	release chan struct{}
	once    sync.Once
}

func (s *stalling) Update(ctx context.Context, id int64, fn func(Tx) error) error {
	if id == s.game {
		s.once.Do(func() { close(s.entered) })
		<-s.release
	}
	return s.SQLStorage.Update(ctx, id, fn)
}

// Each game has its own lock: while one game's orders wait on its write,
// another game's orders, status and log are answered, and a cold load of a
// third goes on; the stalled game's next command waits for the first.
func TestOneGameDoesNotWaitForAnother(t *testing.T) {
	m, err := board.Default()
	if err != nil {
		t.Skipf("map: %v", err)
	}
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "g.db")
	st, err := db.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	places := []Where{{"G", "A"}, {"G", "B"}, {"G", "C"}}
	setup := New(Config{Map: m, Store: SQLStore(st)})
	for _, w := range places {
		if _, err := setup.NewGame(ctx, alice, w, NewGame{Scenario: "standard", Seed: 7, SeedGiven: true}); err != nil {
			t.Fatal(err)
		}
	}
	a := setup.Peek(context.Background(), "A")
	s := &stalling{SQLStorage: SQLStore(st), game: a.ID, entered: make(chan struct{}), release: make(chan struct{})}
	tb := New(Config{Map: m, Store: s}) // a fresh table: games load cold
	auto := []Pending{{Order: game.AutoSetup()}}

	stalled := make(chan error, 1)
	go func() {
		_, err := tb.Orders(ctx, alice, places[0], t0, auto, false)
		stalled <- err
	}()
	<-s.entered // game A holds its own lock, waiting on its write
	done := make(chan error, 1)
	go func() {
		if _, err := tb.Orders(ctx, alice, places[1], t0, auto, false); err != nil {
			done <- err
			return
		}
		if _, err := tb.Status(ctx, alice, places[1]); err != nil {
			done <- err
			return
		}
		if _, err := tb.Log(ctx, alice, places[1]); err != nil {
			done <- err
			return
		}
		if g := tb.Peek(context.Background(), "C"); g == nil { // a cold load meanwhile
			done <- fmt.Errorf("game C not loaded")
			return
		}
		done <- nil
	}()
	select {
	case err := <-done:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("game B waited for game A's write")
	}
	// A second command for game A waits for the first.
	second := make(chan error, 1)
	go func() {
		_, err := tb.Status(ctx, alice, places[0])
		second <- err
	}()
	select {
	case <-second:
		t.Fatal("game A answered while its orders were being stored")
	case <-time.After(100 * time.Millisecond):
	}
	close(s.release)
	if err := <-stalled; err != nil {
		t.Fatal(err)
	}
	if err := <-second; err != nil {
		t.Fatal(err)
	}
	if g := tb.Peek(context.Background(), "A"); g == nil || len(g.Orders) != 1 {
		t.Fatalf("game A after its orders: %+v", g)
	}
}

// Many clients at once on a few games, each game's orders from several
// clients, with reads and cold loads among them (run with -race): every
// order is applied once, in some order, and each game's stored log gives
// the state the table holds.
func TestConcurrentCommandsKeepEachGameWhole(t *testing.T) {
	m, err := board.Default()
	if err != nil {
		t.Skipf("map: %v", err)
	}
	ctx := context.Background()
	st, err := db.Open(ctx, filepath.Join(t.TempDir(), "g.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	const games, clients, each = 4, 12, 3
	setup := New(Config{Map: m, Store: SQLStore(st)})
	for g := 0; g < games; g++ {
		if _, err := setup.NewGame(ctx, alice, Where{"G", fmt.Sprint("C", g)}, NewGame{Scenario: "standard", Seed: uint64(g + 1), SeedGiven: true}); err != nil {
			t.Fatal(err)
		}
	}
	tb := New(Config{Map: m, Store: SQLStore(st)})
	var wg sync.WaitGroup
	var mu sync.Mutex
	applied := map[string]int{}
	for c := 0; c < clients; c++ {
		wg.Add(1)
		go func(c int) {
			defer wg.Done()
			at := Where{"G", fmt.Sprint("C", c%games)}
			for k := 0; k < each; k++ {
				// The first order sets up; the others end steps or are
				// refused (not the step for it): all are fine, what
				// matters is that each game's state and log agree.
				p, err := tb.Orders(ctx, alice, at, t0, []Pending{{Order: game.AutoSetup()}, {Order: game.End()}}, true)
				if err == nil {
					mu.Lock()
					applied[at.Channel] += p.Applied
					mu.Unlock()
				}
				tb.Status(ctx, alice, at)
				tb.Peek(context.Background(), at.Channel)
			}
		}(c)
	}
	wg.Wait()
	for g := 0; g < games; g++ {
		ch := fmt.Sprint("C", g)
		cached := tb.Peek(context.Background(), ch)
		fresh, err := New(Config{Map: m, Store: SQLStore(st)}).LoadStored(ctx, cached.ID)
		if err != nil {
			t.Fatal(err)
		}
		if len(cached.Orders) != applied[ch] || fresh.State.Hash() != cached.State.Hash() {
			t.Errorf("game %s: %d orders cached, %d applied; stored state %s, cached %s", ch, len(cached.Orders), applied[ch], fresh.State.Hash(), cached.State.Hash())
		}
	}
}
