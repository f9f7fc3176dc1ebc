package db

import (
	"context"
	"database/sql"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"rtrbot/rolls"
)

// storeAt opens a store at path with the tests' clock.
func storeAt(t *testing.T, path string) *Store {
	t.Helper()
	s, err := Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// A guild's games move from one shard's file to another's whole: every
// order, event, snapshot, player and meta row, the roll logs and the
// settings; the moved game loads in the target with the same hash, the
// other guild's games stay where they were, and the source's copies are
// retired so that its shard never offers them again.
func TestMoveGuild(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	from, to := storeAt(t, filepath.Join(dir, "shard-0.db")), storeAt(t, filepath.Join(dir, "shard-1.db"))
	// The target already has games of its own (numbers collide).
	newGame(t, to, "OTHER", "X1")
	newGame(t, to, "OTHER", "X2")
	var hashes []string
	var ids []int64
	for _, ch := range []string{"C1", "C2"} {
		g, rp := newGame(t, from, "G1", ch)
		if err := from.Update(ctx, g.ID, func(tx *GameTx) error {
			for k := 0; k < 45; k++ { // a segment's end (a snapshot) and orders after it
				if err := logOrder(tx, rp, "u1", benchOrder(k)); err != nil {
					return err
				}
			}
			return tx.SetMeta("thread:german", "T-"+ch)
		}); err != nil {
			t.Fatal(err)
		}
		hashes, ids = append(hashes, rp.Hash()), append(ids, g.ID)
	}
	stay, _ := newGame(t, from, "G2", "C1")
	if err := from.SetRefereeRole(ctx, "G1", "role-7"); err != nil {
		t.Fatal(err)
	}
	at := time.Date(2026, 11, 22, 18, 0, 0, 0, time.UTC)
	draw := func(sess rolls.Session, n int) (rolls.Roll, error) {
		return rolls.Roll{UserID: "u", UserName: "anna", Command: "roll", Inputs: "dice=2d6", Sides: 6, Faces: []int{n, 6}, Result: "x"}, nil
	}
	if _, _, _, err := from.AppendRoll(ctx, "G1", "C1", at, freshSession(1), draw); err != nil {
		t.Fatal(err)
	}

	m, err := MoveGuild(ctx, from, to, "G1", true)
	if err != nil {
		t.Fatal(err)
	}
	if len(m.Games) != 2 || m.Sessions != 1 || m.Retired != 2 || !reflect.DeepEqual(m.From, ids) {
		t.Fatalf("moved %+v", m)
	}
	for i, id := range m.Games {
		src, _ := from.Game(ctx, m.From[i])
		dst, err := to.Game(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		if dst.Guild != "G1" || dst.Channel != src.Channel || dst.Status != Active || !reflect.DeepEqual(dst.Players, src.Players) || dst.LastSeq != src.LastSeq {
			t.Errorf("game %d in the target: %+v, from %+v", id, dst, src)
		}
		l, err := to.Load(ctx, id, fakeEngine{})
		if err != nil || l.Replay.Hash() != hashes[i] {
			t.Errorf("game %d loads in the target: %v, hash %v; want %s", id, err, l, hashes[i])
		}
		srcLog, _ := from.Log(ctx, src, 1)
		dstLog, _ := to.Log(ctx, dst, 1)
		if !reflect.DeepEqual(srcLog, dstLog) || len(dstLog) != 45 {
			t.Errorf("log of game %d: %d rows, source %d", id, len(dstLog), len(srcLog))
		}
		meta, _ := to.Meta(ctx, id)
		if meta["thread:german"] != "T-"+dst.Channel {
			t.Errorf("meta of game %d: %v", id, meta)
		}
		if src.Status != Abandoned {
			t.Errorf("the source's game %d is %s, want abandoned", src.ID, src.Status)
		}
		if sm, _ := from.Meta(ctx, src.ID); sm["moved:to"] != to.Path {
			t.Errorf("the source's game %d does not say where it went: %v", src.ID, sm)
		}
	}
	if role, _ := to.RefereeRole(ctx, "G1"); role != "role-7" {
		t.Errorf("referee role in the target: %q", role)
	}
	if rolls, err := to.ChannelRolls(ctx, "G1", "C1"); err != nil || len(rolls) != 1 || rolls[0].Faces[0] != 1 {
		t.Errorf("rolls in the target: %+v %v", rolls, err)
	}
	if g, _ := from.Game(ctx, stay.ID); g.Status != Active {
		t.Errorf("the other guild's game was touched: %s", g.Status)
	}
	if l, _ := to.ListGames(ctx, Filter{Guild: "G2"}); len(l) != 0 {
		t.Errorf("the other guild's games were moved: %d", len(l))
	}

	// Moving again: the target has live games in those channels (and an
	// open roll session), so the whole move is refused and nothing more
	// is written.
	if err := from.Update(ctx, m.From[0], func(tx *GameTx) error { return tx.SetStatus(Active, "") }); err != nil {
		t.Fatal(err)
	}
	before, _ := to.ListGames(ctx, Filter{})
	if _, err := MoveGuild(ctx, from, to, "G1", false); err == nil || !strings.Contains(err.Error(), "nothing was moved") {
		t.Fatalf("a move over live games: %v", err)
	}
	if after, _ := to.ListGames(ctx, Filter{}); len(after) != len(before) {
		t.Errorf("a refused move wrote %d games", len(after)-len(before))
	}
	// A guild with a tournament is refused: its state names games by number.
	if err := from.Write(ctx, func(tx *sql.Tx) error {
		_, err := tx.Exec(`INSERT INTO tournaments(guild_id, name, created_by, created_at) VALUES ('G3', 'Autumn', 'u', '2026-11-22T18:00:00Z')`)
		return err
	}); err != nil {
		t.Fatal(err)
	}
	newGame(t, from, "G3", "C9")
	if _, err := MoveGuild(ctx, from, to, "G3", true); err == nil || !strings.Contains(err.Error(), "tournament") {
		t.Fatalf("a guild with a tournament: %v", err)
	}
	if l, _ := to.ListGames(ctx, Filter{Guild: "G3"}); len(l) != 0 {
		t.Errorf("a refused move wrote %d games", len(l))
	}
}
