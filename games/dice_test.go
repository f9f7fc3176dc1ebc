package games

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"path/filepath"
	"testing"

	"rtrbot/db"
	"rtrbot/engine/board"
	"rtrbot/engine/game"
)

// freshTable is a service over a new database file, with no game yet.
func freshTable(t *testing.T) (*Service, *db.Store, string) {
	t.Helper()
	m, err := board.Default()
	if err != nil {
		t.Skipf("map: %v", err)
	}
	path := filepath.Join(t.TempDir(), "g.db")
	st, err := db.Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return New(Config{Map: m, Store: SQLStore(st)}), st, path
}

// The bot's dice: a 256-bit secret that nobody chose, committed to with a
// domain string; the stored game keeps it and replays with it after a
// restart.
func TestNewGameDrawsASecret(t *testing.T) {
	s, st, _ := freshTable(t)
	ctx := context.Background()
	var keys [][]byte
	for i, ch := range []string{"C1", "C2"} {
		g := mustNewGame(t, s, alice, Where{Guild: "G1", Channel: ch}, NewGame{Scenario: "standard"})
		k := g.Game.Key
		if len(k) != game.SecretSize || g.Game.Practice() || g.Game.PracticeSeed() != "" {
			t.Fatalf("game %d: a %d-byte key, practice %v", i, len(k), g.Game.Practice())
		}
		bare := sha256.Sum256(k)
		if c := g.Game.State.Commitment(); c != game.CommitKey(k) || c == hex.EncodeToString(bare[:]) {
			t.Errorf("commitment %s: want SHA-256(domain || secret)", c)
		}
		row, err := st.Game(ctx, g.Game.ID)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(row.Seed, k) || row.SeedCommitment != game.CommitKey(k) {
			t.Errorf("stored key %x, commitment %s", row.Seed, row.SeedCommitment)
		}
		keys = append(keys, k)
	}
	if bytes.Equal(keys[0], keys[1]) {
		t.Error("two games drew the same secret")
	}
	// After a restart the game is loaded with the same key.
	s2 := New(Config{Map: s.m, Store: SQLStore(st)})
	g, err := s2.Status(ctx, alice, at)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(g.Key, keys[0]) || !bytes.Equal(g.State.Key(), keys[0]) {
		t.Errorf("after a restart the key is %x, not %x", g.Key, keys[0])
	}
}

// A seed chosen by a player, or a loaded position's, makes a practice
// game: marked, its seed public, the mark kept across a restart.
func TestChosenSeedMakesAPracticeGame(t *testing.T) {
	s, st, _ := freshTable(t)
	ctx := context.Background()
	g := mustNewGame(t, s, alice, at, NewGame{Scenario: "standard", Seed: 42, SeedGiven: true})
	if !g.Game.Practice() || g.Game.PracticeSeed() != "42" {
		t.Fatalf("a chosen seed: practice %v, public seed %q", g.Game.Practice(), g.Game.PracticeSeed())
	}
	s2 := New(Config{Map: s.m, Store: SQLStore(st)})
	back, err := s2.Status(ctx, alice, at)
	if err != nil {
		t.Fatal(err)
	}
	if !back.Practice() || back.PracticeSeed() != "42" {
		t.Errorf("after a restart: practice %v, seed %q", back.Practice(), back.PracticeSeed())
	}
	pos := []byte("scenario standard\nseed 5\n0101: F-XX\n2020: G-III\n")
	lg, err := s.LoadPosition(ctx, alice, Where{Guild: "G1", Channel: "C9"}, false, false, func() ([]byte, error) { return pos, nil })
	if err != nil {
		t.Fatal(err)
	}
	if !lg.Practice() || lg.PracticeSeed() != "5" {
		t.Errorf("a loaded position: practice %v, seed %q", lg.Practice(), lg.PracticeSeed())
	}
	if r := lg.SegmentEnded(t0); r.Practice != "5" {
		t.Errorf("a practice game's segment report does not say so: %q", r.Practice)
	}
}
