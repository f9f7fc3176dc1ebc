package main

import (
	"context"
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"rtrbot/db"
)

// The operator moves a server's games between two shard files with one
// command; the numbers of the moved games are printed, and the target
// holds them.
func TestMoveGuildCommand(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	from, to := filepath.Join(dir, "shard-0.db"), filepath.Join(dir, "shard-1.db")
	s, err := db.Open(ctx, from)
	if err != nil {
		t.Fatal(err)
	}
	for _, ch := range []string{"C1", "C2"} {
		if _, err := s.CreateGame(ctx, db.NewGame{Guild: "81384788765712384", Channel: ch, Scenario: "standard", Seed: []byte{1, 2, 3, 4, 5, 6, 7, 8}, CreatedBy: "u"}); err != nil {
			t.Fatal(err)
		}
	}
	s.Close()
	var out strings.Builder
	if err := run(ctx, []string{"move-guild", "-from", from, "-to", to, "-guild", "81384788765712384"}, &out); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "2 game(s)") || !strings.Contains(out.String(), "2 live game(s)") {
		t.Errorf("output: %s", out.String())
	}
	d, err := db.Open(ctx, to)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	if l, err := d.ListGames(ctx, db.Filter{Guild: "81384788765712384"}); err != nil || len(l) != 2 {
		t.Errorf("target holds %d games (%v)", len(l), err)
	}
	for _, bad := range [][]string{{}, {"move-guild", "-from", from}, {"move-guild", "-from", filepath.Join(dir, "none.db"), "-to", to, "-guild", "1"}, {"shard", "-guild", "x", "-count", "2"}, {"nope"}} {
		if err := run(ctx, bad, &out); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
}

// shard computes Discord's routing of a server: (guild_id >> 22) % count.
func TestShardCommand(t *testing.T) {
	for _, c := range []struct {
		guild, count, want string
	}{{"81384788765712384", "1", "0"}, {"81384788765712384", "4", "2"}, {"81384788765712384", "3", "1"}, {"41771983423143937", "2", "0"}} {
		var out strings.Builder
		if err := run(context.Background(), []string{"shard", "-guild", c.guild, "-count", c.count}, &out); err != nil {
			t.Fatal(err)
		}
		if got := strings.TrimSpace(out.String()); got != c.want {
			t.Errorf("guild %s of %s shards: %s, want %s", c.guild, c.count, got, c.want)
		}
	}
}

// check loads every active game of a file, as a backup drill does on a
// restored copy: the moved games load in the target.
func TestCheckCommand(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "restored.db")
	s, err := db.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.CreateGame(ctx, db.NewGame{Guild: "1", Channel: "C1", Scenario: "standard", Seed: []byte{1, 2, 3, 4, 5, 6, 7, 8}, CreatedBy: "u"}); err != nil {
		t.Fatal(err)
	}
	s.Close()
	var out strings.Builder
	if err := run(ctx, []string{"check", "-db", path, "-full"}, &out); err != nil || !strings.Contains(out.String(), "1 active game(s) checked, 0 do not load") {
		t.Fatalf("check: %v\n%s", err, out.String())
	}
	// A game marked damaged earlier is no longer active, but is named and
	// counted, and the check fails.
	s, err = db.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.DB.Exec(`UPDATE games SET status = 'damaged', damage = 'Game #1 is damaged at order 3: a test fault.'`); err != nil {
		t.Fatal(err)
	}
	s.Close()
	out.Reset()
	err = run(ctx, []string{"check", "-db", path}, &out)
	if err == nil || !strings.Contains(out.String(), "0 active game(s) checked") || !strings.Contains(out.String(), "game #1 (marked earlier): Game #1 is damaged at order 3") ||
		!strings.Contains(out.String(), "1 damaged game(s) in the file") {
		t.Errorf("check with a damaged game: %v\n%s", err, out.String())
	}
	if err := run(ctx, []string{"check", "-db", path + ".missing"}, &out); err == nil {
		t.Error("a missing file was checked")
	}
}

// The commands that write a file refuse it while a bot holds its lock,
// naming the bot, and change nothing; shard reads no file and runs.
func TestWritingCommandsTakeTheLock(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	held, other := filepath.Join(dir, "bot.db"), filepath.Join(dir, "other.db")
	for _, p := range []string{held, other} {
		s, err := db.Open(ctx, p)
		if err != nil {
			t.Fatal(err)
		}
		s.Close()
	}
	l, err := db.Lock(held, "rtrbot")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	for _, args := range [][]string{
		{"check", "-db", held},
		{"move-guild", "-from", held, "-to", other, "-guild", "81384788765712384"},
		{"move-guild", "-from", other, "-to", held, "-guild", "81384788765712384"},
	} {
		var out strings.Builder
		err := run(ctx, args, &out)
		var le *db.LockedError
		if !errors.As(err, &le) || !strings.Contains(err.Error(), "in use by rtrbot (process") {
			t.Errorf("%v while a bot holds %s: %v", args, held, err)
		}
	}
	var out strings.Builder
	if err := run(ctx, []string{"check", "-db", other}, &out); err != nil {
		t.Errorf("check of a file nobody holds: %v", err)
	}
	if err := run(ctx, []string{"shard", "-guild", "81384788765712384", "-count", "2"}, &out); err != nil {
		t.Errorf("shard: %v", err)
	}
}
