package db

import (
	"context"
	"errors"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"rtrbot/rolls"
)

func openRollStore(t *testing.T) *Store {
	t.Helper()
	s, err := Open(context.Background(), filepath.Join(t.TempDir(), "rolls.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

func freshSession(n int) rolls.NewSession {
	return rolls.NewSession{ServerSeed: strings.Repeat(string(rune('a'+n)), 64), Commitment: strings.Repeat(string(rune('0'+n)), 64)}
}

// A roll whose drawing fails leaves nothing behind: no roll, and no
// session started for it (one transaction per roll).
func TestAppendRollAllOrNothing(t *testing.T) {
	s := openRollStore(t)
	ctx := context.Background()
	at := time.Date(1914, 8, 20, 9, 0, 0, 0, time.UTC)
	boom := errors.New("boom")
	_, _, _, err := s.AppendRoll(ctx, "g", "c", at, freshSession(1), func(rolls.Session, int) (rolls.Roll, error) { return rolls.Roll{}, boom })
	if !errors.Is(err, boom) {
		t.Fatalf("err %v, want boom", err)
	}
	if _, err := s.OpenSession(ctx, "g", "c"); !errors.Is(err, rolls.ErrNoSession) {
		t.Fatalf("a failed first roll left a session: %v", err)
	}
	draw := func(sess rolls.Session, n int) (rolls.Roll, error) {
		return rolls.Roll{UserID: "u", UserName: "anna", Command: "roll", Inputs: "dice=2d6", Sides: 6, Faces: []int{n, 6}, Result: "x"}, nil
	}
	r, sess, started, err := s.AppendRoll(ctx, "g", "c", at, freshSession(1), draw)
	if err != nil || !started || r.Number != 1 || sess.Commitment != freshSession(1).Commitment {
		t.Fatalf("first roll: %+v %+v %v %v", r, sess, started, err)
	}
	r, _, started, err = s.AppendRoll(ctx, "g", "c", at, freshSession(2), draw)
	if err != nil || started || r.Number != 2 || r.Session != sess.ID {
		t.Fatalf("second roll: %+v %v %v", r, started, err)
	}
	got, err := s.SessionRolls(ctx, sess.ID)
	if err != nil || len(got) != 2 || got[1].Faces[0] != 2 || got[1].Source != rolls.ByBot || !got[1].At.Equal(at) {
		t.Fatalf("stored rolls: %+v %v", got, err)
	}
}

// At most one open session per channel, enforced by the schema itself.
func TestOneOpenSessionPerChannel(t *testing.T) {
	s := openRollStore(t)
	ins := `INSERT INTO roll_sessions (guild_id, channel_id, server_seed, commitment, created_at) VALUES ('g', 'c', ?, ?, 'now')`
	if _, err := s.DB.Exec(ins, strings.Repeat("a", 64), strings.Repeat("0", 64)); err != nil {
		t.Fatal(err)
	}
	if _, err := s.DB.Exec(ins, strings.Repeat("b", 64), strings.Repeat("1", 64)); err == nil {
		t.Fatal("a second open session in one channel was accepted")
	}
	if _, err := s.DB.Exec(`INSERT INTO roll_sessions (guild_id, channel_id, server_seed, commitment, created_at) VALUES ('g', 'c', 'short', ?, 'now')`,
		strings.Repeat("1", 64)); err == nil {
		t.Fatal("a malformed server seed was accepted")
	}
}

// Seeds, reveal, and the sessions of a channel.
func TestSeedsAndReveal(t *testing.T) {
	s := openRollStore(t)
	ctx := context.Background()
	at := time.Date(1914, 9, 6, 9, 0, 0, 0, time.UTC)
	p, sess, started, err := s.AddPlayersSeed(ctx, "g", "c", "u1", "anna", "one", at, freshSession(1))
	if err != nil || !started || p.FromRoll != 1 || sess.PlayersSeed != "one" {
		t.Fatalf("first seed: %+v %+v %v %v", p, sess, started, err)
	}
	draw := func(sess rolls.Session, n int) (rolls.Roll, error) {
		return rolls.Roll{Command: "roll", Inputs: "dice=1d6", Sides: 6, Faces: []int{3}, Result: "3"}, nil
	}
	r, _, _, err := s.AppendRoll(ctx, "g", "c", at, freshSession(2), draw)
	if err != nil || r.PlayersSeed != "one" {
		t.Fatalf("roll after the seed: %+v %v", r, err)
	}
	p, sess, started, err = s.AddPlayersSeed(ctx, "g", "c", "u2", "ben", "two", at, freshSession(3))
	if err != nil || started || p.FromRoll != 2 || p.Seq != 2 || sess.PlayersSeed != "one|two" {
		t.Fatalf("second seed: %+v %+v %v %v", p, sess, started, err)
	}
	seeds, err := s.PlayerSeeds(ctx, sess.ID)
	if err != nil || len(seeds) != 2 || seeds[1].UserName != "ben" {
		t.Fatalf("seeds: %+v %v", seeds, err)
	}
	if _, err := s.LatestRevealedSession(ctx, "g", "c"); !errors.Is(err, rolls.ErrNoSession) {
		t.Fatalf("revealed before reveal: %v", err)
	}
	rev, err := s.RevealSession(ctx, "g", "c", "anna", at)
	if err != nil || !rev.Revealed || rev.Rolls != 1 || rev.PlayerSeedEntries != 2 {
		t.Fatalf("reveal: %+v %v", rev, err)
	}
	if _, err := s.RevealSession(ctx, "g", "c", "anna", at); !errors.Is(err, rolls.ErrNoSession) {
		t.Fatalf("second reveal: %v", err)
	}
	_, next, started, err := s.AppendRoll(ctx, "g", "c", at, freshSession(4), draw)
	if err != nil || !started || next.ID == sess.ID || next.PlayersSeed != "" {
		t.Fatalf("roll after reveal: %+v %v %v", next, started, err)
	}
	all, err := s.ChannelSessions(ctx, "g", "c")
	if err != nil || len(all) != 2 || !all[0].Revealed || all[1].Revealed {
		t.Fatalf("sessions: %+v %v", all, err)
	}
}
