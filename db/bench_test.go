package db

import (
	"context"
	"database/sql"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"testing"
)

// Figures from these benchmarks are in docs/storage.md. Keep runs short on
// shared machines: go test ./db -run XXX -bench . -benchtime 200x

func benchOrder(i int) string {
	if i%40 == 39 {
		return fmt.Sprintf("end segment %d", i/40)
	}
	return fmt.Sprintf("move unit-%02d %04d", i%40, 1000+i%3000)
}

// BenchmarkAppendOrder: one order with its event, one transaction,
// committed to disk, as a command stores it. FULL is the setting the bot
// uses; NORMAL is shown for comparison.
func BenchmarkAppendOrder(b *testing.B) {
	for _, sync := range []string{"FULL", "NORMAL"} {
		b.Run("synchronous="+sync, func(b *testing.B) {
			ctx := context.Background()
			s, err := openSync(ctx, filepath.Join(b.TempDir(), "b.db"), embedded, sync)
			if err != nil {
				b.Fatal(err)
			}
			defer s.Close()
			g, _ := newGame(b, s, "G", "C")
			i := 0
			for b.Loop() {
				if _, err := s.AppendOrder(ctx, g.ID, NewOrder{Author: "u1", Side: "german", Text: benchOrder(i)},
					[]Event{{Kind: "move", Text: "moved"}}, nil); err != nil {
					b.Fatal(err)
				}
				i++
			}
		})
	}
}

// BenchmarkWritePath compares ways to serialise writers: 8 goroutines
// append to 8 games at once. "writer" is the bot's (Store.Write: one
// connection of its own, taken in turn); "pool-mutex" takes a mutex around
// transactions on the pooled connections; "pool-busy" leaves it to
// SQLite's lock and busy timeout. synchronous=NORMAL here, so that fsync
// does not drown the difference. ns/op is per order, all goroutines.
func BenchmarkWritePath(b *testing.B) {
	appendRaw := func(ctx context.Context, tx *sql.Tx, game int64, text string) error {
		var seq int64
		if err := tx.QueryRowContext(ctx, `SELECT log_length + 1 FROM games WHERE id = ?`, game).Scan(&seq); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO orders(game_id, seq, author, side, at, text) VALUES (?,?,?,?,?,?)`,
			game, seq, "u1", "german", "2026-11-22T18:00:00.000000Z", text); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, `UPDATE games SET log_length = ? WHERE id = ?`, seq, game)
		return err
	}
	for _, mode := range []string{"writer", "pool-mutex", "pool-busy"} {
		b.Run(mode, func(b *testing.B) {
			ctx := context.Background()
			s, err := openSync(ctx, filepath.Join(b.TempDir(), "b.db"), embedded, "NORMAL")
			if err != nil {
				b.Fatal(err)
			}
			defer s.Close()
			var mu sync.Mutex
			var ids []int64
			for i := 0; i < 8; i++ {
				g, _ := newGame(b, s, "G", fmt.Sprint("C", i))
				ids = append(ids, g.ID)
			}
			write := func(fn func(*sql.Tx) error) error {
				if mode == "writer" {
					return s.Write(ctx, fn)
				}
				if mode == "pool-mutex" {
					mu.Lock()
					defer mu.Unlock()
				}
				tx, err := s.DB.BeginTx(ctx, nil)
				if err != nil {
					return err
				}
				if err := fn(tx); err != nil {
					tx.Rollback()
					return err
				}
				return tx.Commit()
			}
			b.ResetTimer()
			var wg sync.WaitGroup
			per := b.N/8 + 1
			for _, id := range ids {
				wg.Add(1)
				go func() {
					defer wg.Done()
					for i := 0; i < per; i++ {
						if err := write(func(tx *sql.Tx) error { return appendRaw(ctx, tx, id, benchOrder(i)) }); err != nil {
							b.Error(err)
							return
						}
					}
				}()
			}
			wg.Wait()
		})
	}
}

// The synthetic long game: 15 turns of 8 segments of 40 orders (the last
// one "end segment"), a snapshot of 16 KiB after each segment, plus 20
// orders into the next segment: 4,820 orders, 120 snapshots.
const (
	benchTurns    = 15
	benchSegments = 8
	benchPerSeg   = 40
	benchStatePad = 16 << 10
)

func buildLongGame(b *testing.B) (*Store, int64, string) {
	b.Helper()
	ctx := context.Background()
	s, err := Open(ctx, filepath.Join(b.TempDir(), "long.db"))
	if err != nil {
		b.Fatal(err)
	}
	g, _ := newGame(b, s, "G", "C")
	rp, _ := fakeEngine{pad: benchStatePad}.Start(Setup{Scenario: g.Scenario, Options: g.Options, Seed: g.Seed}, nil)
	total := benchTurns*benchSegments*benchPerSeg + 20
	for seg := 0; seg*benchPerSeg < total; seg++ {
		err := s.Update(ctx, g.ID, func(tx *GameTx) error { // one segment a transaction: fast to build
			for k := 0; k < benchPerSeg && seg*benchPerSeg+k < total; k++ {
				if err := logOrder(tx, rp, "u1", benchOrder(seg*benchPerSeg+k)); err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
			b.Fatal(err)
		}
	}
	return s, g.ID, rp.Hash()
}

// BenchmarkLoadGame15Turns loads the synthetic long game (see above) with
// the fake engine, whose own cost is one SHA-256 per order: the figures
// are storage's share. Load starts from the newest snapshot; Verify
// replays all 4,820 orders and checks all 120 snapshot hashes.
func BenchmarkLoadGame15Turns(b *testing.B) {
	s, id, want := buildLongGame(b)
	defer s.Close()
	ctx := context.Background()
	eng := fakeEngine{pad: benchStatePad}
	if st, err := os.Stat(s.Path); err == nil {
		b.Logf("file %d bytes (+ WAL)", st.Size())
	}
	for _, mode := range []string{"Load", "Verify", "Export"} {
		b.Run(mode, func(b *testing.B) {
			for b.Loop() {
				var l *Loaded
				var err error
				switch mode {
				case "Load":
					l, err = s.Load(ctx, id, eng)
				case "Verify":
					l, err = s.Verify(ctx, id, eng)
				case "Export":
					_, err = s.Export(ctx, id)
				}
				if err != nil {
					b.Fatal(err)
				}
				if l != nil && l.Replay.Hash() != want {
					b.Fatalf("hash %s, want %s", l.Replay.Hash(), want)
				}
			}
		})
	}
}

// Benchmark1000Games: one file with 1,000 games in 10 guilds, each with
// two players and 40 orders (a segment) and a snapshot. Open is opening
// the file (pragmas, schema check); List lists all games, a guild's games,
// and one user's games; CheckAll verifies every game at start-up.
func Benchmark1000Games(b *testing.B) {
	ctx := context.Background()
	path := filepath.Join(b.TempDir(), "many.db")
	s, err := Open(ctx, path)
	if err != nil {
		b.Fatal(err)
	}
	for i := 0; i < 1000; i++ {
		g, err := s.CreateGame(ctx, NewGame{Guild: fmt.Sprint("guild-", i%10), Channel: fmt.Sprint("chan-", i), Scenario: "extended",
			Seed: []byte(fmt.Sprint("seed", i)), CreatedBy: "u",
			Players: []Player{{UserID: fmt.Sprint("user-", i%50), Side: "german"}, {UserID: fmt.Sprint("user-", (i+1)%50), Side: "allied"}}})
		if err != nil {
			b.Fatal(err)
		}
		rp, _ := fakeEngine{}.Start(Setup{Scenario: g.Scenario, Options: g.Options, Seed: g.Seed}, nil)
		err = s.Update(ctx, g.ID, func(tx *GameTx) error {
			for k := 0; k < benchPerSeg; k++ {
				if err := logOrder(tx, rp, "u", benchOrder(k)); err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
			b.Fatal(err)
		}
	}
	s.Close()
	if st, err := os.Stat(path); err == nil {
		b.Logf("file %d bytes", st.Size())
	}
	b.Run("Open", func(b *testing.B) {
		for b.Loop() {
			s, err := Open(ctx, path)
			if err != nil {
				b.Fatal(err)
			}
			s.Close()
		}
	})
	s, _ = Open(ctx, path)
	defer s.Close()
	for _, f := range []struct {
		name string
		f    Filter
		n    int
	}{{"ListAll", Filter{}, 1000}, {"ListGuild", Filter{Guild: "guild-3"}, 100}, {"ListUser", Filter{User: "user-7"}, 40}} {
		b.Run(f.name, func(b *testing.B) {
			for b.Loop() {
				games, err := s.ListGames(ctx, f.f)
				if err != nil || len(games) != f.n {
					b.Fatalf("%d games, %v; want %d", len(games), err, f.n)
				}
			}
		})
	}
	for _, full := range []bool{false, true} {
		b.Run(fmt.Sprintf("CheckAll/full=%v", full), func(b *testing.B) {
			for b.Loop() {
				res, err := s.CheckAll(ctx, fakeEngine{}, full)
				if err != nil || len(res) != 1000 || res[999].Err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
