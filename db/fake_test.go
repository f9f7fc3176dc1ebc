package db

import (
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// fakeEngine stands in for the rules engine: its state is a running
// SHA-256 over the setup and every order applied, plus a count. Orders are
// "move ...", "attack ..." or "end ..." ("end" ends a segment); anything
// else is refused, as the engine refuses an order it cannot read.
type fakeEngine struct {
	pad int // bytes added to each state blob, to stand for a real state's size
}

type fakeGame struct {
	h   [32]byte
	n   uint64
	pad int
}

func (e fakeEngine) Start(s Setup, state []byte) (Replay, error) {
	if state != nil {
		if len(state) != 40+e.pad {
			return nil, fmt.Errorf("state is %d bytes, want %d", len(state), 40+e.pad)
		}
		g := &fakeGame{n: binary.BigEndian.Uint64(state), pad: e.pad}
		copy(g.h[:], state[8:])
		return g, nil
	}
	return &fakeGame{pad: e.pad, h: sha256.Sum256([]byte(s.Scenario + "\x00" + s.Options + "\x00" + hex.EncodeToString(s.Seed)))}, nil
}

func (g *fakeGame) Apply(o Order) (Applied, error) {
	verb, _, _ := strings.Cut(o.Text, " ")
	switch verb {
	case "move", "attack", "end":
	default:
		return Applied{}, fmt.Errorf("unknown order %q: orders are move, attack or end", verb)
	}
	g.h = sha256.Sum256(append(g.h[:], o.Text...))
	g.n++
	return Applied{
		Events:     []Event{{Kind: verb, Text: fmt.Sprintf("%s did %s", o.Author, strings.ToUpper(o.Text))}}, // not the order's own bytes: tests corrupt those in the file
		SegmentEnd: verb == "end",
		Label:      fmt.Sprintf("after %d orders", g.n),
	}, nil
}

func (g *fakeGame) Hash() string { return fmt.Sprintf("%x-%d", g.h[:8], g.n) }

func (g *fakeGame) State() ([]byte, error) {
	b := make([]byte, 8, 40+g.pad)
	binary.BigEndian.PutUint64(b, g.n)
	b = append(b, g.h[:]...)
	return append(b, make([]byte, g.pad)...), nil
}

// play appends orders to a game the way the bot will: apply with the
// engine, then store the order, its events and (at a segment's end) a
// snapshot in one transaction.
func play(t testing.TB, s *Store, rp Replay, game int64, author, side string, texts ...string) {
	t.Helper()
	ctx := context.Background()
	for _, text := range texts {
		a, err := rp.Apply(Order{Text: text, Author: author})
		if err != nil {
			t.Fatal(err)
		}
		var snap *Snapshot
		if a.SegmentEnd {
			st, _ := rp.State()
			snap = &Snapshot{Label: a.Label, Hash: rp.Hash(), State: st}
		}
		if _, err := s.AppendOrder(ctx, game, NewOrder{Author: author, Side: side, Text: text}, a.Events, snap); err != nil {
			t.Fatal(err)
		}
	}
}

// verifyFake verifies game id of s with the fake engine, failing the test
// if it cannot: most tests check what the verified game holds.
func verifyFake(t *testing.T, s *Store, id int64) *Loaded {
	t.Helper()
	l, err := s.Verify(context.Background(), id, fakeEngine{})
	if err != nil {
		t.Fatal(err)
	}
	return l
}

func openTest(t testing.TB) *Store {
	t.Helper()
	s, err := Open(context.Background(), filepath.Join(t.TempDir(), "rtrbot.db"))
	if err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	clock := time.Date(2026, 11, 22, 18, 0, 0, 0, time.UTC)
	s.Now = func() time.Time { // a second per call: times in tests are exact
		mu.Lock()
		defer mu.Unlock()
		clock = clock.Add(time.Second)
		return clock
	}
	t.Cleanup(func() { s.Close() })
	return s
}

func newGame(t testing.TB, s *Store, guild, channel string) (*Game, Replay) {
	t.Helper()
	g, err := s.CreateGame(context.Background(), NewGame{
		Guild: guild, Channel: channel, Scenario: "standard", Options: `{"naval":true}`,
		Seed: []byte("seed-" + guild + "-" + channel), CreatedBy: "u1",
		Players: []Player{{UserID: "u1", Name: "Alice", Side: "german"}, {UserID: "u2", Name: "Bob", Side: "allied"}},
	})
	if err != nil {
		t.Fatal(err)
	}
	rp, err := fakeEngine{}.Start(Setup{Game: g.ID, Scenario: g.Scenario, Options: g.Options, Seed: g.Seed}, nil)
	if err != nil {
		t.Fatal(err)
	}
	return g, rp
}

// logOrder applies an order to the replay and stores it with its events,
// and the segment's snapshot when it ends one, in tx: what the bot does
// for every order, for tests that build games order by order.
func logOrder(tx *GameTx, rp Replay, author, text string) error {
	a, err := rp.Apply(Order{Text: text, Author: author})
	if err != nil {
		return err
	}
	o, err := tx.Append(NewOrder{Author: author, Side: "german", Text: text})
	if err != nil {
		return err
	}
	if err := tx.AddEvents(o.Seq, a.Events); err != nil {
		return err
	}
	if a.SegmentEnd {
		st, err := rp.State()
		if err != nil {
			return err
		}
		return tx.Snapshot(a.Label, rp.Hash(), st)
	}
	return nil
}
