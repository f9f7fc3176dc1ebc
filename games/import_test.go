package games

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"rtrbot/db"
	"rtrbot/engine/board"
)

// peekingStore is the database, with an import that reads another game
// through the service while it runs: it returns only if the service's
// lock is free during the import's replay.
type peekingStore struct {
	SQLStorage
	t     *Service
	peeks int
}

func (p *peekingStore) Import(ctx context.Context, m *board.Map, data []byte, to ImportTo) (*Record, error) {
	done := make(chan struct{})
	go func() { p.t.Peek(context.Background(), "C1"); close(done) }()
	select {
	case <-done:
		p.peeks++
	case <-time.After(5 * time.Second):
		return nil, context.DeadlineExceeded
	}
	return p.SQLStorage.Import(ctx, m, data, to)
}

// An import replays outside the lock every other game needs, and one user
// imports at most ImportsPerHour games an hour.
func TestImportOutsideTheLockAndCapped(t *testing.T) {
	m, err := board.Default()
	if err != nil {
		t.Skip(err)
	}
	st, err := db.Open(context.Background(), filepath.Join(t.TempDir(), "g.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	ps := &peekingStore{SQLStorage: SQLStore(st)}
	s := New(Config{Map: m, Store: ps})
	ps.t = s
	ctx := context.Background()
	g := mustNewGame(t, s, alice, at, NewGame{Scenario: "standard", Seed: 3, SeedGiven: true})
	file, err := st.Export(ctx, g.Game.ID)
	if err != nil {
		t.Fatal(err)
	}
	read := func() ([]byte, error) { return file, nil }
	for i := 0; i < ImportsPerHour; i++ {
		w := Where{Guild: "G1", Channel: "I" + string(rune('a'+i))}
		if _, err := s.Import(ctx, bob, w, t0.Add(time.Duration(i)*time.Minute), read); err != nil {
			t.Fatalf("import %d: %v", i+1, err)
		}
	}
	if ps.peeks != ImportsPerHour {
		t.Errorf("%d of %d imports let another game be read while they replayed", ps.peeks, ImportsPerHour)
	}
	_, err = s.Import(ctx, bob, Where{Guild: "G1", Channel: "Iz"}, t0.Add(30*time.Minute), read)
	if err == nil || !strings.Contains(err.Error(), "in the last hour") {
		t.Errorf("import %d within the hour: %v", ImportsPerHour+1, err)
	}
	if _, err := s.Import(ctx, bob, Where{Guild: "G1", Channel: "Iz"}, t0.Add(61*time.Minute), read); err != nil {
		t.Errorf("an import an hour later: %v", err)
	}
	if _, err := s.Import(ctx, carol, Where{Guild: "G1", Channel: "Iy"}, t0.Add(30*time.Minute), read); err != nil {
		t.Errorf("another user's import: %v", err)
	}
}
