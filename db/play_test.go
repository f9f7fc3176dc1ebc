package db

import (
	"context"
	"errors"
	"testing"
)

// The game commands' metadata: a game found by its private thread, options
// fixed once the first order is in, the guild's referee role.
func TestGameMeta(t *testing.T) {
	ctx := context.Background()
	s := openTest(t)
	g, rp := newGame(t, s, "G1", "C1")
	if err := s.SetMeta(ctx, g.ID, "thread:german", "T-german"); err != nil {
		t.Fatal(err)
	}
	for _, ch := range []string{"C1", "T-german"} {
		if id, err := s.LiveGameAt(ctx, "G1", ch); err != nil || id != g.ID {
			t.Errorf("LiveGameAt(%s) = %d, %v; want %d", ch, id, err, g.ID)
		}
	}
	if _, err := s.LiveGameAt(ctx, "G2", "T-german"); !errors.Is(err, ErrNoGame) {
		t.Errorf("another guild's thread found a game: %v", err)
	}
	if m, _ := s.Meta(ctx, g.ID); m["thread:german"] != "T-german" {
		t.Errorf("meta = %v", m)
	}
	if err := s.SetMeta(ctx, g.ID, "thread:german", ""); err != nil {
		t.Fatal(err)
	}
	if m, _ := s.Meta(ctx, g.ID); len(m) != 0 {
		t.Errorf("meta after removal = %v", m)
	}
	if err := s.Update(ctx, g.ID, func(tx *GameTx) error { return tx.SetOptions(`{"options":["18.1(5)"]}`) }); err != nil {
		t.Fatalf("options before the first order: %v", err)
	}
	play(t, s, rp, g.ID, "u1", "german", "move x 1")
	if err := s.Update(ctx, g.ID, func(tx *GameTx) error { return tx.SetOptions(`{}`) }); err == nil {
		t.Error("options changed after an order")
	}
	if err := s.Update(ctx, g.ID, func(tx *GameTx) error { return tx.Snapshot("label", "h1", []byte("state-1")) }); err != nil {
		t.Fatal(err)
	}
	if b, err := s.SnapshotState(ctx, g.ID, 1); err != nil || string(b) != "state-1" {
		t.Errorf("snapshot after 1: %q, %v", b, err)
	}
	if _, err := s.SnapshotState(ctx, g.ID, 7); !errors.Is(err, ErrNoGame) {
		t.Errorf("a missing snapshot: %v", err)
	}
	if r, err := s.RefereeRole(ctx, "G1"); r != "" || err != nil {
		t.Errorf("referee role before any = %q, %v", r, err)
	}
	if err := s.SetRefereeRole(ctx, "G1", "R9"); err != nil {
		t.Fatal(err)
	}
	if r, _ := s.RefereeRole(ctx, "G1"); r != "R9" {
		t.Errorf("referee role = %q", r)
	}
}
