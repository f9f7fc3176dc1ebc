package games

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"sync"
	"testing"
	"time"

	"rtrbot/actor"
	"rtrbot/db"
	"rtrbot/engine/board"
	"rtrbot/engine/game"
)

// concurrentGames is how many games the file of BenchmarkConcurrentGames
// holds.
const concurrentGames = 1000

// manyGames makes a database file with n stored hot-seat games, each a
// sandbox game at the same position: the standard game at the first
// movement segment (setup and reinforcements done). It returns the file,
// the map, and one legal move there (the same for every game).
func manyGames(tb testing.TB, n int) (string, *board.Map, game.Order) {
	tb.Helper()
	m, err := board.Default()
	if err != nil {
		tb.Skipf("map: %v", err)
	}
	ctx := context.Background()
	// The position: the opening played in memory, each side's step ended
	// until the first movement segment.
	s, err := game.NewKey(mustRules(tb, m), []byte("8 bytes!"), nil)
	if err != nil {
		tb.Fatal(err)
	}
	for i := 0; i < 40 && !s.Step.IsMovement(); i++ {
		side := s.ToMove()
		var first game.Verb
		switch s.Step {
		case game.SetupStep:
			first = game.VerbAutoSetup
		case game.Reinforcement:
			first = game.VerbAutoReinforce
		}
		if first != "" {
			if n, _, err := game.Apply(s, game.Written(first, nil).By(side)); err == nil {
				s = n
			}
		}
		n, _, err := game.Apply(s, game.End().By(side))
		if err != nil {
			tb.Fatalf("%s: %v", s.Step, err)
		}
		s = n
	}
	if !s.Step.IsMovement() {
		tb.Fatalf("no movement segment reached: %s", s.Step)
	}
	var move game.Order
	for _, c := range s.Actors() {
		if ds, err := s.Destinations(c); err == nil && len(ds) > 0 {
			move = game.Move(c.ID, ds[len(ds)/2].To).By(s.ToMove())
			break
		}
	}
	if move.Verb == "" {
		tb.Fatal("no legal move")
	}
	pos := []byte(s.Position())
	path := filepath.Join(tb.TempDir(), "many.db")
	st, err := db.Open(ctx, path)
	if err != nil {
		tb.Fatal(err)
	}
	defer st.Close()
	t := New(Config{Map: m, Store: SQLStore(st)})
	for i := 0; i < n; i++ {
		at := Where{Guild: fmt.Sprint("guild-", i%10), Channel: fmt.Sprint("chan-", i)}
		if _, err := t.LoadPosition(ctx, actor.Actor{ID: "u", Console: true}, at, false, false, func() ([]byte, error) { return pos, nil }); err != nil {
			tb.Fatal(err)
		}
	}
	return path, m, move
}

func mustRules(tb testing.TB, m *board.Map) *game.Rules {
	r, err := game.NewRules(m, "standard")
	if err != nil {
		tb.Fatal(err)
	}
	return r
}

// BenchmarkConcurrentGames: a restarted bot (an empty table over a file
// of 1,000 stored games) answering game commands from c clients at once,
// each on games of its own: a move, then its undo, in each of its games in
// turn, each command applied and stored (synchronous=FULL). First the
// clients load every game at once, as after a restart (load-all-ms, not in
// the timed part); then one op is one command: p50 and p99 are the
// commands' latencies, cmds/s the throughput.
func BenchmarkConcurrentGames(b *testing.B) {
	path, m, move := manyGames(b, concurrentGames)
	undoer := actor.Actor{ID: "u", Console: true}
	for _, clients := range []int{1, 16, 64} {
		b.Run(fmt.Sprint("clients=", clients), func(b *testing.B) {
			ctx := context.Background()
			st, err := db.Open(ctx, path)
			if err != nil {
				b.Fatal(err)
			}
			defer st.Close()
			t := New(Config{Map: m, Store: SQLStore(st)})
			// The restart: every game loaded cold by the clients at once
			// (reported as load-all-ms), then the commands are timed.
			var wg sync.WaitGroup
			cold := time.Now()
			for c := 0; c < clients; c++ {
				wg.Add(1)
				go func(c int) {
					defer wg.Done()
					for g := c; g < concurrentGames; g += clients {
						if t.Peek(context.Background(), fmt.Sprint("chan-", g)) == nil {
							b.Error("game not loaded: chan-", g)
						}
					}
				}(c)
			}
			wg.Wait()
			loadAll := time.Since(cold)
			lat := make([][]time.Duration, clients)
			var fail sync.Once
			var failed error
			b.ResetTimer()
			start := time.Now()
			for c := 0; c < clients; c++ {
				// Client c gives ops c, c+clients, ... of the b.N, in
				// its own games in turn: in each game a move, and at
				// the next visit its undo.
				wg.Add(1)
				go func(c int) {
					defer wg.Done()
					mine := []int{}
					for g := c; g < concurrentGames; g += clients {
						mine = append(mine, g)
					}
					moved := make([]bool, len(mine))
					for k, i := c, 0; k < b.N; k, i = k+clients, i+1 {
						j := i % len(mine)
						at := Where{Guild: fmt.Sprint("guild-", mine[j]%10), Channel: fmt.Sprint("chan-", mine[j])}
						t0 := time.Now()
						var err error
						if !moved[j] {
							_, err = t.Orders(ctx, undoer, at, t0, []Pending{{Order: move}}, false)
						} else {
							_, err = t.Undo(ctx, undoer, at)
						}
						lat[c] = append(lat[c], time.Since(t0))
						if err != nil {
							fail.Do(func() { failed = fmt.Errorf("client %d, %s: %w", c, at.Channel, err) })
							return
						}
						moved[j] = !moved[j]
					}
				}(c)
			}
			wg.Wait()
			wall := time.Since(start)
			b.StopTimer()
			if failed != nil {
				b.Fatal(failed)
			}
			// The games are left as found, for the next run: each moved
			// game's move is taken back.
			for c := 0; c < clients; c++ {
				for g := c; g < concurrentGames; g += clients {
					at := Where{Guild: fmt.Sprint("guild-", g%10), Channel: fmt.Sprint("chan-", g)}
					if p := t.Peek(ctx, at.Channel); p != nil && len(p.Seg) > 0 {
						if _, err := t.Undo(ctx, undoer, at); err != nil {
							b.Fatal(err)
						}
					}
				}
			}
			all := slices.Concat(lat...)
			slices.Sort(all)
			if len(all) == 0 {
				return
			}
			q := func(p float64) float64 {
				return float64(all[min(len(all)-1, int(p*float64(len(all))))]) / float64(time.Millisecond)
			}
			b.ReportMetric(float64(loadAll)/float64(time.Millisecond), "load-all-ms")
			b.ReportMetric(q(0.50), "p50-ms")
			b.ReportMetric(q(0.99), "p99-ms")
			b.ReportMetric(float64(len(all))/wall.Seconds(), "cmds/s")
		})
	}
}
