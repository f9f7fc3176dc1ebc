package enginereplay

import (
	"context"
	"math/rand/v2"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"rtrbot/db"
	"rtrbot/engine/board"
	"rtrbot/engine/game"
)

var (
	mapOnce sync.Once
	theMap  *board.Map
	mapErr  error
)

func loadMap(t testing.TB) *board.Map {
	mapOnce.Do(func() { theMap, mapErr = board.Default() })
	if mapErr != nil {
		t.Skipf("no map yet: %v", mapErr)
	}
	return theMap
}

func open(t testing.TB, name string) *db.Store {
	s, err := db.Open(context.Background(), filepath.Join(t.TempDir(), name))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// player gives orders the way the bot will: apply with the engine, then
// store the order, its events and (after an end) a snapshot in one
// transaction.
type player struct {
	t     testing.TB
	store *db.Store
	game  int64
	state *game.State
	rng   *rand.Rand
	n     int
}

func (p *player) give(o game.Order) bool {
	n, evs, err := game.Apply(p.state, o)
	if err != nil {
		return false
	}
	a := Applied(o, n, evs)
	err = p.store.Update(context.Background(), p.game, func(tx *db.GameTx) error {
		st, err := tx.Append(db.NewOrder{Author: "user-" + o.Side.String(), Side: o.Side.String(), Text: o.String()})
		if err != nil {
			return err
		}
		if err := tx.AddEvents(st.Seq, a.Events); err != nil {
			return err
		}
		if a.SegmentEnd {
			return tx.Snapshot(a.Label, n.Hash(), []byte(n.Position()))
		}
		return nil
	})
	if err != nil {
		p.t.Fatal(err)
	}
	p.state = n
	p.n++
	return true
}

// play gives seeded random legal orders until the game reaches turn
// untilTurn (or ends): setup and reinforcements by the engine's defaults,
// about two of three units moved in each movement segment, stacking
// mended, then end.
func (p *player) play(untilTurn int) {
	for p.state.Step != game.GameOver && int(p.state.Turn) <= untilTurn {
		s := p.state
		side := s.ToMove()
		switch {
		case s.Step == game.SetupStep:
			p.give(game.AutoSetup().By(side))
		case s.Step == game.Reinforcement:
			p.give(game.AutoReinforce().By(side))
		case s.Step.IsMovement():
			// The Russian Front's demand first (11.7): units go east by
			// rail before anything moves, as the engine requires.
			for _, c := range s.Actors() {
				if p.state.WithdrawAttack <= 0 && p.state.WithdrawHQ <= 0 {
					break
				}
				p.give(game.Withdraw(c.ID).By(side))
			}
			for _, c := range p.state.Actors() {
				if p.rng.IntN(3) == 0 {
					continue
				}
				ds, err := p.state.Destinations(c)
				if err != nil || len(ds) == 0 {
					continue
				}
				d := ds[p.rng.IntN(len(ds))]
				p.give(game.Move(c.ID, d.To).By(side))
			}
			for _, h := range p.state.Overstacked(side) {
				for i := 0; i < 20 && len(p.state.Overstacked(side)) > 0; i++ {
					us := p.state.UnitsAt(h, side)
					if len(us) == 0 || !p.give(game.Remove(us[len(us)-1].ID).By(side)) {
						break
					}
				}
			}
		}
		if !p.give(game.End().By(side)) {
			_, _, err := game.Apply(p.state, game.End().By(side))
			p.t.Fatalf("%s cannot end %s: %v", side, p.state.Step, err)
		}
	}
}

func newPlayer(t testing.TB, store *db.Store, scenario string, seed uint64, channel string) *player {
	m := loadMap(t)
	g, err := store.CreateGame(context.Background(), db.NewGame{Guild: "G", Channel: channel, Scenario: scenario,
		Options: Options(nil), Seed: SeedBytes(seed), CreatedBy: "ref",
		Players: []db.Player{{UserID: "user-german", Side: "german"}, {UserID: "user-allied", Side: "allied"}}})
	if err != nil {
		t.Fatal(err)
	}
	rp, err := Replayer{Map: m}.Start(db.Setup{Scenario: g.Scenario, Options: g.Options, Seed: g.Seed}, nil)
	if err != nil {
		t.Fatal(err)
	}
	return &player{t: t, store: store, game: g.ID, state: rp.(*Replay).Game, rng: rand.New(rand.NewPCG(seed, 1))}
}

// TestRealGameStoredAndReplayed plays two turns (GT 2, 3) of the standard scenario
// with the real engine, storing every order as the bot will, then checks
// that the stored game loads, verifies, exports and imports to the very
// same state.
func TestRealGameStoredAndReplayed(t *testing.T) {
	ctx := context.Background()
	store := open(t, "a.db")
	p := newPlayer(t, store, "standard", 1914, "C")
	p.play(3) // GT 2 and GT 3
	want := p.state.Hash()
	r := Replayer{Map: loadMap(t)}
	l, err := store.Verify(ctx, p.game, r)
	if err != nil {
		t.Fatal(err)
	}
	if got := l.Replay.Hash(); got != want {
		t.Fatalf("verify: %s, want %s", got, want)
	}
	snaps, _ := store.Snapshots(ctx, p.game)
	t.Logf("%d orders, %d snapshots, now %s", p.n, len(snaps), Label(p.state))
	l, err = store.Load(ctx, p.game, r)
	if err != nil {
		t.Fatal(err)
	}
	if got := l.Replay.Hash(); got != want || l.From != snaps[len(snaps)-1].Seq {
		t.Fatalf("load from %d: %s, want %s", l.From, got, want)
	}
	// The loaded state is the engine's, ready for the next order.
	if l.Replay.(*Replay).Game.Step != p.state.Step {
		t.Errorf("loaded at %s, want %s", l.Replay.(*Replay).Game.Step, p.state.Step)
	}
	file, err := store.Export(ctx, p.game)
	if err != nil {
		t.Fatal(err)
	}
	other := open(t, "b.db")
	ng, err := other.Import(ctx, r, file, db.ImportTo{Guild: "G2", Channel: "C2", By: "ref2"})
	if err != nil {
		t.Fatal(err)
	}
	l2, err := other.Verify(ctx, ng.ID, r)
	if err != nil || l2.Replay.Hash() != want {
		t.Fatalf("imported game: %v", err)
	}
	// An order the rules refuse, slipped into an export, is caught on import.
	bad := strings.Replace(string(file), " end\n", " move G-NOSUCH 0101\n", 1)
	if _, err := other.Import(ctx, r, []byte(bad), db.ImportTo{Guild: "G2", Channel: "C3", By: "ref2"}); err == nil || !strings.Contains(err.Error(), "does not replay") {
		t.Errorf("import of a file with a refused order: %v", err)
	}
}

// BenchmarkRealGame15Turns loads a whole extended game (15 turns to game over, every
// order stored as the bot stores it) with the real engine.
func BenchmarkRealGame15Turns(b *testing.B) {
	ctx := context.Background()
	store := open(b, "long.db")
	p := newPlayer(b, store, "extended", 1918, "C")
	p.play(99) // to the end: GT 2 to GT 16
	snaps, _ := store.Snapshots(ctx, p.game)
	var size int64
	store.DB.QueryRow(`SELECT SUM(LENGTH(state)) FROM snapshots`).Scan(&size)
	b.Logf("%d orders, %d snapshots (%d bytes of state, %d a snapshot), ends at %s", p.n, len(snaps), size, size/int64(len(snaps)), Label(p.state))
	r := Replayer{Map: loadMap(b)}
	for _, mode := range []string{"Load", "Verify"} {
		b.Run(mode, func(b *testing.B) {
			for b.Loop() {
				var l *db.Loaded
				var err error
				if mode == "Load" {
					l, err = store.Load(ctx, p.game, r)
				} else {
					l, err = store.Verify(ctx, p.game, r)
				}
				if err != nil || l.Replay.Hash() != p.state.Hash() {
					b.Fatal(err)
				}
			}
		})
	}
}
