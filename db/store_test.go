package db

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"rtrbot/i18n"
)

func TestPragmas(t *testing.T) {
	s := openTest(t)
	ctx := context.Background()
	// Several connections: the pragmas must hold on each, not only the first.
	for i := 0; i < 3; i++ {
		conn, err := s.DB.Conn(ctx)
		if err != nil {
			t.Fatal(err)
		}
		defer conn.Close()
		var mode string
		var busy, fk, sync int
		if err := conn.QueryRowContext(ctx, `PRAGMA journal_mode`).Scan(&mode); err != nil {
			t.Fatal(err)
		}
		conn.QueryRowContext(ctx, `PRAGMA busy_timeout`).Scan(&busy)
		conn.QueryRowContext(ctx, `PRAGMA foreign_keys`).Scan(&fk)
		conn.QueryRowContext(ctx, `PRAGMA synchronous`).Scan(&sync)
		if mode != "wal" || busy != 10000 || fk != 1 || sync != 2 {
			t.Errorf("connection %d: journal_mode %s busy_timeout %d foreign_keys %d synchronous %d; want wal 10000 1 2 (FULL)", i, mode, busy, fk, sync)
		}
	}
	// And on the writer's own connection, inside a write transaction.
	err := s.Write(ctx, func(tx *sql.Tx) error {
		var mode string
		var busy, fk, sync int
		tx.QueryRowContext(ctx, `PRAGMA journal_mode`).Scan(&mode)
		tx.QueryRowContext(ctx, `PRAGMA busy_timeout`).Scan(&busy)
		tx.QueryRowContext(ctx, `PRAGMA foreign_keys`).Scan(&fk)
		tx.QueryRowContext(ctx, `PRAGMA synchronous`).Scan(&sync)
		if mode != "wal" || busy != 10000 || fk != 1 || sync != 2 {
			t.Errorf("writer: journal_mode %s busy_timeout %d foreign_keys %d synchronous %d; want wal 10000 1 2 (FULL)", mode, busy, fk, sync)
		}
		// Foreign keys at work: an order of no game is refused.
		if _, err := tx.ExecContext(ctx, `INSERT INTO orders(game_id, seq, author, at, text) VALUES (999, 1, 'u', 'now', 'x')`); err == nil {
			t.Error("an order of a game that does not exist was stored")
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

func TestGameLifecycle(t *testing.T) {
	s := openTest(t)
	ctx := context.Background()
	g, rp := newGame(t, s, "G1", "C1")
	if g.Status != Active || len(g.Players) != 2 || g.Side("u2") != "allied" || g.SeedCommitment != Commitment(g.Seed) {
		t.Fatalf("new game: %+v", g)
	}
	play(t, s, rp, g.ID, "u1", "german", "move a 1804", "move b 1805", "end german movement")
	play(t, s, rp, g.ID, "u2", "allied", "attack 1806", "end allied combat")
	l := verifyFake(t, s, g.ID)
	if l.Replay.Hash() != rp.Hash() || l.Replayed != 5 {
		t.Errorf("verify: hash %s after %d orders, want %s after 5", l.Replay.Hash(), l.Replayed, rp.Hash())
	}
	l, err := s.Load(ctx, g.ID, fakeEngine{})
	if err != nil {
		t.Fatal(err)
	}
	if l.From != 5 || l.Replayed != 0 || l.Replay.Hash() != rp.Hash() {
		t.Errorf("load: from %d replayed %d hash %s", l.From, l.Replayed, l.Replay.Hash())
	}
	snaps, _ := s.Snapshots(ctx, g.ID)
	if len(snaps) != 2 || snaps[0].Seq != 3 || snaps[1].Seq != 5 {
		t.Errorf("snapshots: %+v", snaps)
	}
	evs, _ := s.Events(ctx, g.ID, 1, 0)
	if len(evs) != 5 || evs[3].Text != "u2 did ATTACK 1806" {
		t.Errorf("events: %+v", evs)
	}
	// A second game in the same channel is refused; in a thread it is fine.
	_, err = s.CreateGame(ctx, NewGame{Guild: "G1", Channel: "C1", Scenario: "standard", Seed: []byte{1}, CreatedBy: "u3"})
	var busy *ErrChannelBusy
	if !errors.As(err, &busy) || busy.Game != g.ID {
		t.Errorf("second game in channel: %v", err)
	}
	if _, err := s.CreateGame(ctx, NewGame{Guild: "G1", Channel: "T1", Scenario: "standard", Seed: []byte{1}, CreatedBy: "u1"}); err != nil {
		t.Error(err)
	}
	// Finished games free the channel and take no more orders.
	if err := s.Update(ctx, g.ID, func(tx *GameTx) error { return tx.SetStatus(Finished, "") }); err != nil {
		t.Fatal(err)
	}
	_, err = s.AppendOrder(ctx, g.ID, NewOrder{Author: "u1", Text: "move a 1"}, nil, nil)
	var na *ErrNotActive
	if !errors.As(err, &na) || na.In(i18n.JA) != fmt.Sprintf("ゲーム #%d は終了のため、命令を受け付けません。", g.ID) {
		t.Errorf("order to finished game: %v", err)
	}
	// The transaction sees the players, for the commands' permission checks.
	s.Update(ctx, g.ID, func(tx *GameTx) error {
		if tx.Game.Side("u2") != "allied" {
			t.Errorf("players in Update: %+v", tx.Game.Players)
		}
		return nil
	})
	if _, err := s.CreateGame(ctx, NewGame{Guild: "G1", Channel: "C1", Scenario: "extended", Seed: []byte{2}, CreatedBy: "u1"}); err != nil {
		t.Errorf("new game after the old one finished: %v", err)
	}
}

func TestOrderTextChecked(t *testing.T) {
	s := openTest(t)
	g, _ := newGame(t, s, "G", "C")
	for _, text := range []string{"", "  ", "move a\nmove b", "bad \xff utf8", "nul\x00", strings.Repeat("x", MaxOrderText+1)} {
		if _, err := s.AppendOrder(context.Background(), g.ID, NewOrder{Author: "u1", Text: text}, nil, nil); err == nil {
			t.Errorf("order text %q was stored", text)
		}
	}
	if g2, _ := s.Game(context.Background(), g.ID); g2.LastSeq != 0 {
		t.Errorf("refused orders left %d rows", g2.LastSeq)
	}
}

func TestOneTransactionPerCommand(t *testing.T) {
	s := openTest(t)
	ctx := context.Background()
	g, _ := newGame(t, s, "G", "C")
	// A batch of three orders whose last step fails leaves nothing behind.
	err := s.Update(ctx, g.ID, func(tx *GameTx) error {
		for _, text := range []string{"move a 1", "move b 2", "move c 3"} {
			o, err := tx.Append(NewOrder{Author: "u1", Side: "german", Text: text})
			if err != nil {
				return err
			}
			if err := tx.AddEvents(o.Seq, []Event{{Kind: "move", Text: text}}); err != nil {
				return err
			}
		}
		return errors.New("the engine refused the batch")
	})
	if err == nil {
		t.Fatal("want the batch's error")
	}
	g2, _ := s.Game(ctx, g.ID)
	evs, _ := s.Events(ctx, g.ID, 0, 0)
	if g2.LastSeq != 0 || len(evs) != 0 {
		t.Errorf("a failed command left %d orders and %d events", g2.LastSeq, len(evs))
	}
}

func TestAppendOnly(t *testing.T) {
	s := openTest(t)
	ctx := context.Background()
	g, rp := newGame(t, s, "G", "C")
	play(t, s, rp, g.ID, "u1", "german", "move a 1")
	for _, q := range []string{
		`UPDATE orders SET text = 'move a 2'`,
		`DELETE FROM orders`,
		`DELETE FROM events`,
		`DELETE FROM games`,
	} {
		if _, err := s.DB.ExecContext(ctx, q); err == nil {
			t.Errorf("%s was allowed", q)
		}
	}
}

func TestUndo(t *testing.T) {
	s := openTest(t)
	ctx := context.Background()
	g, rp := newGame(t, s, "G", "C")
	play(t, s, rp, g.ID, "u1", "german", "move a 1", "end movement") // snapshot after 2
	want, _ := fakeEngine{}.Start(Setup{Scenario: g.Scenario, Options: g.Options, Seed: g.Seed}, nil)
	want.Apply(Order{Text: "move a 1"})
	want.Apply(Order{Text: "end movement"})
	want.Apply(Order{Text: "move c 3"})
	var o3 Order
	err := s.Update(ctx, g.ID, func(tx *GameTx) error {
		if _, err := tx.Undo(2, "u1", "german"); err == nil {
			return errors.New("undid an order before the snapshot")
		}
		var err error
		if o3, err = tx.Append(NewOrder{Author: "u1", Side: "german", Text: "move b 2"}); err != nil {
			return err
		}
		if _, err := tx.Undo(o3.Seq, "u1", "german"); err != nil {
			return err
		}
		if _, err := tx.Undo(o3.Seq, "u1", "german"); err == nil {
			return errors.New("undid an order twice")
		}
		_, err = tx.Append(NewOrder{Author: "u1", Side: "german", Text: "move c 3"})
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	l := verifyFake(t, s, g.ID)
	if l.Replay.Hash() != want.Hash() {
		t.Errorf("after undo: hash %s, want %s (the state without the undone order)", l.Replay.Hash(), want.Hash())
	}
	log, _ := s.Log(ctx, l.Game, 1)
	if len(log) != 5 || log[3].Kind != KindUndo || log[3].Undoes != o3.Seq || len(Effective(log)) != 3 {
		t.Errorf("log after undo: %+v", log)
	}
	// An undo row that reaches back past a segment's end (written by hand:
	// Undo refuses it) is damage, named at the undo row.
	s.Update(ctx, g.ID, func(tx *GameTx) error {
		_, err := tx.tx.ExecContext(ctx, `INSERT INTO orders(game_id, seq, kind, undoes, author, side, at, text) VALUES (?, 6, 'undo', 1, 'u1', 'german', ?, 'undo 1')`, g.ID, tx.now)
		tx.seq = 6
		return err
	})
	_, err = s.Verify(ctx, g.ID, fakeEngine{})
	var de *DamageError
	if !errors.As(err, &de) || de.Seq != 6 || !strings.Contains(err.Error(), "takes back order 1, which is before the snapshot after order 2") {
		t.Errorf("undo past a snapshot: %v", err)
	}
}

func TestManyGamesManyGuilds(t *testing.T) {
	s := openTest(t)
	ctx := context.Background()
	reps := map[int64]Replay{}
	for _, gc := range [][2]string{{"G1", "C1"}, {"G1", "C2"}, {"G1", "T9"}, {"G2", "C1"}, {"G3", "C1"}} {
		g, rp := newGame(t, s, gc[0], gc[1])
		reps[g.ID] = rp
	}
	// The same users (u1, u2) play in all five; moves interleave.
	for i := 0; i < 4; i++ {
		for id, rp := range reps {
			play(t, s, rp, id, "u1", "german", "move x "+string(rune('a'+i)))
		}
	}
	mine, err := s.ListGames(ctx, Filter{User: "u2"})
	if err != nil || len(mine) != 5 {
		t.Fatalf("games of u2: %d, %v", len(mine), err)
	}
	g1, _ := s.ListGames(ctx, Filter{Guild: "G1", Status: Active})
	if len(g1) != 3 {
		t.Errorf("active games in G1: %d, want 3", len(g1))
	}
	for id, rp := range reps {
		l, err := s.Verify(ctx, id, fakeEngine{})
		if err != nil || l.Replay.Hash() != rp.Hash() || l.Replayed != 4 {
			t.Errorf("game %d: %v", id, err)
		}
	}
	in, err := s.GameIn(ctx, "G2", "C1")
	if err != nil || in.Guild != "G2" {
		t.Errorf("GameIn: %v %v", in, err)
	}
}

func TestDeadlines(t *testing.T) {
	s := openTest(t)
	ctx := context.Background()
	a, _ := newGame(t, s, "G", "A")
	b, _ := newGame(t, s, "G", "B")
	c, _ := newGame(t, s, "G", "C")
	t0 := time.Date(2026, 11, 23, 20, 0, 0, 0, time.UTC)
	// Sub-second deadlines: stored times must compare in time order as text.
	set := map[int64]time.Time{a.ID: t0.Add(500 * time.Millisecond), b.ID: t0, c.ID: t0.Add(time.Hour)}
	for id, at := range set {
		if err := s.Update(ctx, id, func(tx *GameTx) error { return tx.SetDeadline(at) }); err != nil {
			t.Fatal(err)
		}
	}
	due, err := s.DueGames(ctx, t0.Add(time.Second))
	if err != nil || len(due) != 2 || due[0] != b.ID || due[1] != a.ID {
		t.Errorf("due at t0+1s: %v %v, want [%d %d]", due, err, b.ID, a.ID)
	}
	due, _ = s.DueGames(ctx, t0.Add(100*time.Millisecond))
	if len(due) != 1 || due[0] != b.ID {
		t.Errorf("due at t0+0.1s: %v, want [%d]", due, b.ID)
	}
	if err := s.Update(ctx, b.ID, func(tx *GameTx) error { return tx.SetDeadlinePolicy(48, "end") }); err != nil {
		t.Fatal(err)
	}
	if err := s.Update(ctx, b.ID, func(tx *GameTx) error { return tx.SetDeadlinePolicy(-1, "later") }); err == nil {
		t.Error("a deadline of -1 hours was accepted")
	}
	if g, _ := s.Game(ctx, b.ID); g.SegmentHours != 48 || g.DeadlineAction != "end" {
		t.Errorf("deadline policy: %d %s", g.SegmentHours, g.DeadlineAction)
	}
	s.Update(ctx, b.ID, func(tx *GameTx) error { return tx.SetDeadline(time.Time{}) })
	if g, _ := s.Game(ctx, b.ID); !g.Deadline.IsZero() {
		t.Errorf("cleared deadline: %v", g.Deadline)
	}
	if g, _ := s.Game(ctx, a.ID); !g.Deadline.Equal(set[a.ID]) {
		t.Errorf("deadline read back as %v, want %v", g.Deadline, set[a.ID])
	}
}

// TestConcurrentCommands: eight goroutines append to two games and four
// read at the same time; every order lands once, numbered without gaps.
func TestConcurrentCommands(t *testing.T) {
	s := openTest(t)
	ctx := context.Background()
	a, _ := newGame(t, s, "G", "A")
	b, _ := newGame(t, s, "G", "B")
	var wg sync.WaitGroup
	errs := make(chan error, 100)
	var mu sync.Mutex // one engine state per game, as the bot keeps them
	reps := map[int64]Replay{}
	for _, id := range []int64{a.ID, b.ID} {
		g, _ := s.Game(ctx, id)
		reps[id], _ = fakeEngine{}.Start(Setup{Scenario: g.Scenario, Options: g.Options, Seed: g.Seed}, nil)
	}
	for w := 0; w < 8; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			id := []int64{a.ID, b.ID}[w%2]
			for i := 0; i < 25; i++ {
				// Every fifth order ends a segment: a snapshot for the readers to check.
				text := fmt.Sprintf("move w%d %d", w, i)
				if i%5 == 4 {
					text = fmt.Sprintf("end w%d %d", w, i)
				}
				mu.Lock()
				rp := reps[id]
				ap, _ := rp.Apply(Order{Text: text})
				var snap *Snapshot
				if ap.SegmentEnd {
					st, _ := rp.State()
					snap = &Snapshot{Hash: rp.Hash(), State: st}
				}
				_, err := s.AppendOrder(ctx, id, NewOrder{Author: fmt.Sprint("w", w), Text: text}, ap.Events, snap)
				mu.Unlock()
				if err != nil {
					errs <- err
					return
				}
			}
		}()
	}
	stop := make(chan struct{})
	var rg sync.WaitGroup
	for r := 0; r < 4; r++ {
		rg.Add(1)
		go func() {
			defer rg.Done()
			for {
				select {
				case <-stop:
					return
				default:
				}
				// A reader must never see a game half written, nor take a
				// game being written for a damaged one.
				g, err := s.Game(ctx, a.ID)
				if err == nil {
					_, err = s.Log(ctx, g, 1)
				}
				if err == nil {
					_, err = s.Verify(ctx, b.ID, fakeEngine{})
				}
				if err == nil {
					_, err = s.Export(ctx, a.ID)
				}
				if err != nil {
					errs <- err
					return
				}
			}
		}()
	}
	wg.Wait()
	close(stop)
	rg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	for _, id := range []int64{a.ID, b.ID} {
		l, err := s.Verify(ctx, id, fakeEngine{})
		if err != nil || l.Game.LastSeq != 100 || l.Replayed != 100 {
			t.Errorf("game %d: %v", id, err)
		}
	}
}
