package db

import (
	"context"
	"os"
	"testing"
)

// Deleting a game writes its export first, then removes every row of it
// and nothing of the other games.
func TestDeleteGame(t *testing.T) {
	ctx := context.Background()
	s := openTest(t)
	g, _ := exampleGame(t, s)
	other, rp := newGame(t, s, "G", "C-other")
	if err := s.Update(ctx, other.ID, func(tx *GameTx) error { return logOrder(tx, rp, "u1", "move a") }); err != nil {
		t.Fatal(err)
	}
	if err := s.SaveAnalysis(ctx, g.ID, "k", `{"points":[]}`); err != nil {
		t.Fatal(err)
	}
	before := counts(t, s)
	path, err := s.DeleteGame(ctx, g.ID, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(path)
	if err != nil || len(data) == 0 {
		t.Fatalf("the backup %s: %v", path, err)
	}
	if _, err := s.Import(ctx, fakeEngine{}, data, ImportTo{Guild: "G", Channel: "C-back", By: "op"}); err != nil {
		t.Errorf("the backup does not import back: %v", err)
	}
	if _, err := s.Game(ctx, g.ID); err == nil {
		t.Error("the deleted game is still there")
	}
	for _, table := range []string{"events", "snapshots", "orders", "game_players", "game_meta", "analyses"} {
		var n int
		s.DB.QueryRow(`SELECT COUNT(*) FROM `+table+` WHERE game_id = ?`, g.ID).Scan(&n)
		if n != 0 {
			t.Errorf("%d rows of the deleted game left in %s", n, table)
		}
	}
	if og, err := s.Game(ctx, other.ID); err != nil || og.LastSeq != 1 {
		t.Errorf("the other game: %+v %v", og, err)
	}
	if _, err := s.DeleteGame(ctx, 999999, t.TempDir()); err == nil {
		t.Error("deleting a game that does not exist succeeded")
	}
	_ = before
	// The log is append-only again afterwards.
	if _, err := s.DB.Exec(`DELETE FROM orders WHERE game_id = ?`, other.ID); err == nil {
		t.Error("orders can be deleted after a game's deletion: the triggers were not put back")
	}
}
