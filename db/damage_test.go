package db

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// corrupt replaces the row's bytes old in the database file with
// new (the same length), as a bad disk or a careless hand edit would.
func corrupt(t *testing.T, path, old, new string) {
	t.Helper()
	if len(old) != len(new) {
		t.Fatalf("corrupt: %q and %q differ in length", old, new)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	// A row of a WITHOUT ROWID table may also sit whole in an interior page
	// as a divider key: change every copy, as a hand edit of the row would.
	if n := bytes.Count(b, []byte(old)); n < 1 || n > 2 {
		t.Fatalf("corrupt: %q occurs %d times in the file, want 1 or 2", old, n)
	}
	if err := os.WriteFile(path, bytes.ReplaceAll(b, []byte(old), []byte(new)), 0o644); err != nil {
		t.Fatal(err)
	}
}

func counts(t *testing.T, s *Store) string {
	t.Helper()
	var out []string
	for _, tab := range []string{"games", "orders", "events", "snapshots", "game_players"} {
		var n int
		if err := s.DB.QueryRow(`SELECT COUNT(*) FROM ` + tab).Scan(&n); err != nil {
			t.Fatal(err)
		}
		out = append(out, fmt.Sprintf("%s=%d", tab, n))
	}
	return strings.Join(out, " ")
}

// TestDamagedGamesInARealFile corrupts rows of five games in the file
// itself and checks that each is marked damaged with a message naming the
// game, the order and the fault, that the sixth game goes on, and that no
// row is lost.
func TestDamagedGamesInARealFile(t *testing.T) {
	ctx := context.Background()
	s := openTest(t)
	path := s.Path
	type fault struct {
		name, old, new string
		seq            int64
		want           string
	}
	faults := []fault{
		{"diverging order", "move g1-unit-7 1807", "move g1-unit-7 1808", 10, "the game diverges somewhere in orders 6 to 10"},
		{"unreadable order", "move g2-unit-7 1807", "mxve g2-unit-7 1807", 8, `does not replay: unknown order "mxve"`},
		{"order with a broken time", "", "", 5, "is not a time"},
		{"game row with broken options", `{"naval":true,"g4":1}`, `{"naval":true,"g4":1]`, 0, "options are not a JSON object"},
		{"snapshot state", "", "", 10, "cannot be decoded"},
	}
	var ids []int64
	var hashes []string
	for i := range faults {
		g, rp := newGame(t, s, "G", fmt.Sprintf("C%d", i+1))
		if i == 3 {
			s.DB.Exec(`UPDATE games SET options = ? WHERE id = ?`, fmt.Sprintf(`{"naval":true,"g%d":1}`, i+1), g.ID)
			rp, _ = fakeEngine{}.Start(Setup{Scenario: g.Scenario, Options: fmt.Sprintf(`{"naval":true,"g%d":1}`, i+1), Seed: g.Seed}, nil)
		}
		for seg := 0; seg < 3; seg++ {
			var texts []string
			for k := 1; k <= 4; k++ {
				texts = append(texts, fmt.Sprintf("move g%d-unit-%d 18%02d", i+1, seg*4+k, seg*4+k))
			}
			play(t, s, rp, g.ID, "u1", "german", append(texts, fmt.Sprintf("end g%d segment %d", i+1, seg))...)
		}
		ids = append(ids, g.ID)
		hashes = append(hashes, rp.Hash())
	}
	healthy, hrp := newGame(t, s, "G2", "C1")
	play(t, s, hrp, healthy.ID, "u2", "allied", "move h 1", "end h")

	// Faults 3 and 5 are easier to aim at through SQL on a copy of the
	// bytes: a time that is not a time, a snapshot blob that is not a state.
	if _, err := s.DB.Exec(`DROP TRIGGER orders_no_update`); err != nil {
		t.Fatal(err)
	}
	s.DB.Exec(`UPDATE orders SET at = '2026-13-45T99:99:99.000000Z' WHERE game_id = ? AND seq = 5`, ids[2])
	s.DB.Exec(`UPDATE snapshots SET state = x'00' WHERE game_id = ? AND seq = 15`, ids[4])
	s.DB.Exec(`CREATE TRIGGER orders_no_update BEFORE UPDATE ON orders BEGIN SELECT RAISE(ABORT, 'orders are append-only'); END`)
	// A fresh, compact copy holds each row once (the working file may hold
	// stale copies of pages), so that each fault hits the one live row.
	path = filepath.Join(t.TempDir(), "corrupt.db")
	if _, err := s.DB.Exec(`VACUUM INTO ?`, path); err != nil {
		t.Fatal(err)
	}
	before := counts(t, s)
	s.Close()
	for _, f := range faults {
		if f.old != "" {
			corrupt(t, path, f.old, f.new)
		}
	}

	// The fast check (from the newest snapshot) on a copy sees the broken
	// game row and the broken snapshot, not the orders before the snapshot.
	fastPath := filepath.Join(t.TempDir(), "fast.db")
	copyFile(t, path, fastPath)
	fs, err := Open(ctx, fastPath)
	if err != nil {
		t.Fatal(err)
	}
	fast, err := fs.CheckAll(ctx, fakeEngine{}, false)
	fs.Close()
	if err != nil || len(fast) != len(faults)+1 {
		t.Fatalf("fast check: %v %v", fast, err)
	}
	for i, c := range fast {
		wantBad := i == 3 || i == 4
		if (c.Err != nil) != wantBad {
			t.Errorf("fast check of game %d: %v (want damage: %v)", c.Game, c.Err, wantBad)
		}
	}

	s2, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer s2.Close()
	checked, err := s2.CheckAll(ctx, fakeEngine{}, true)
	if err != nil {
		t.Fatal(err)
	}
	if len(checked) != len(faults)+1 {
		t.Fatalf("checked %d games, want %d", len(checked), len(faults)+1)
	}
	for i, f := range faults {
		c := checked[i]
		if f.name == "snapshot state" {
			// The orders are sound, so the full check passes; the fast load
			// reads the broken blob and says so (below).
			if c.Err != nil {
				t.Errorf("%s: full check: %v", f.name, c.Err)
			}
			continue
		}
		var de *DamageError
		if c.Game != ids[i] || !errors.As(c.Err, &de) {
			t.Errorf("%s: game %d: %v, want a DamageError", f.name, c.Game, c.Err)
			continue
		}
		msg := de.Error()
		if de.Game != ids[i] || !strings.Contains(msg, fmt.Sprintf("Game #%d (guild G, channel C%d)", ids[i], i+1)) {
			t.Errorf("%s: message does not name the game: %s", f.name, msg)
		}
		if de.Seq != f.seq || !strings.Contains(msg, f.want) {
			t.Errorf("%s: got order %d %q; want order %d and %q", f.name, de.Seq, msg, f.seq, f.want)
		}
		g, _ := s2.Game(ctx, ids[i])
		if g.Status != Damaged || g.Damage != msg {
			t.Errorf("%s: status %s, damage %q", f.name, g.Status, g.Damage)
		}
		if _, err := s2.AppendOrder(ctx, ids[i], NewOrder{Author: "u1", Text: "move z 1"}, nil, nil); err == nil {
			t.Errorf("%s: a damaged game took an order", f.name)
		}
		if _, err := s2.Load(ctx, ids[i], fakeEngine{}); err == nil {
			t.Errorf("%s: a damaged game loaded", f.name)
		}
	}
	t.Log("messages:")
	for _, c := range checked {
		t.Logf("  game %d: %v", c.Game, c.Err)
	}
	// The snapshot fault: its orders replay, but its newest snapshot's blob
	// does not decode; Load says so and marks it.
	_, err = s2.Load(ctx, ids[4], fakeEngine{})
	var de *DamageError
	if !errors.As(err, &de) || de.Seq != 15 || !strings.Contains(err.Error(), "snapshot saved after order 15 cannot be decoded") {
		t.Errorf("broken snapshot: %v", err)
	}
	if g, _ := s2.Game(ctx, ids[4]); g.Status != Damaged {
		t.Errorf("broken snapshot: status %s", g.Status)
	}
	// Its orders are sound, so the store can rebuild the snapshot and bring
	// it back; the diverging game cannot be repaired: a referee must.
	if n, err := s2.Repair(ctx, ids[4], fakeEngine{}, "op"); err != nil || n != 1 {
		t.Errorf("repair of the broken snapshot: %d rebuilt, %v", n, err)
	}
	if l, err := s2.Load(ctx, ids[4], fakeEngine{}); err != nil || l.Replay.Hash() != hashes[4] {
		t.Errorf("load after repair: %v", err)
	}
	if evs, _ := s2.Events(ctx, ids[4], 15, 15); len(evs) != 2 || evs[1].Kind != "repaired" || !strings.Contains(evs[1].Text, "snapshot saved after order 15 cannot be decoded") {
		t.Errorf("repair event: %+v", evs)
	}
	if _, err := s2.Repair(ctx, ids[0], fakeEngine{}, "op"); err == nil || !strings.Contains(err.Error(), "diverges") {
		t.Errorf("repair of a diverging game: %v", err)
	}
	if g, _ := s2.Game(ctx, ids[0]); g.Status != Damaged {
		t.Errorf("the diverging game after a refused repair: %s", g.Status)
	}
	// Listing shows every game, the unreadable one with its problem.
	listed, err := s2.ListGames(ctx, Filter{})
	if err != nil || len(listed) != len(faults)+1 {
		t.Fatalf("listing: %d games, %v", len(listed), err)
	}
	for _, lg := range listed {
		if (lg.Problem != nil) != (lg.ID == ids[3]) {
			t.Errorf("listing game %d: problem %v", lg.ID, lg.Problem)
		}
	}
	// The healthy game goes on.
	if checked[len(faults)].Err != nil {
		t.Errorf("healthy game: %v", checked[len(faults)].Err)
	}
	l, err := s2.Load(ctx, healthy.ID, fakeEngine{})
	if err != nil || l.Replay.Hash() != hrp.Hash() {
		t.Fatalf("healthy game after the others broke: %v", err)
	}
	play(t, s2, l.Replay, healthy.ID, "u2", "allied", "move h 2")
	// Nothing was deleted (the healthy game has one more order and event).
	n := 15*len(faults) + 2
	after := strings.Replace(strings.Replace(counts(t, s2), fmt.Sprintf("orders=%d", n+1), fmt.Sprintf("orders=%d", n), 1),
		fmt.Sprintf("events=%d", n+2), fmt.Sprintf("events=%d", n), 1) // + the new order's event and the repair's
	if after != before {
		t.Errorf("rows before: %s; after (less the new order): %s", before, after)
	}
	var ok string
	s2.DB.QueryRow(`PRAGMA integrity_check`).Scan(&ok)
	if ok != "ok" {
		t.Errorf("integrity_check: %s", ok)
	}
}
