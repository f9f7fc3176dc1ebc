package db

import (
	"context"
	"flag"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"
	"time"
)

var makeV1 = flag.Bool("make-v1", false, "write testdata/v1.db from the first schema (see docs/storage.md); never needed again once checked in")

// firstSchema is the migrations folder as it was at version 1.
func firstSchema(t testing.TB) fs.FS {
	b, err := fs.ReadFile(embedded, "0001_core.sql")
	if err != nil {
		t.Fatal(err)
	}
	return fstest.MapFS{"0001_core.sql": {Data: b}}
}

// v1Games is what testdata/v1.db holds: per game, its place and its orders.
var v1Games = []struct {
	guild, channel string
	orders         []string
	status         Status
}{
	{"100", "200", []string{"move a 1804", "move b 1805", "end german movement", "attack 1906", "end german combat", "move c 2001"}, Active},
	{"100", "201", []string{"move x 0101", "end allied movement"}, Finished},
	{"101", "300", nil, Active},
}

// TestMakeV1 writes testdata/v1.db when run with -make-v1: a file made by
// schema version 1 alone, with games in several states. It was made once,
// checked in, and is never remade: it stands for the files clubs have.
func TestMakeV1(t *testing.T) {
	if !*makeV1 {
		t.Skip("run with -make-v1 to write testdata/v1.db")
	}
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "v1.db")
	s, err := open(ctx, path, firstSchema(t))
	if err != nil {
		t.Fatal(err)
	}
	clock := time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC)
	s.Now = func() time.Time { clock = clock.Add(time.Minute); return clock }
	for _, vg := range v1Games {
		g, err := s.CreateGame(ctx, NewGame{Guild: vg.guild, Channel: vg.channel, Scenario: "extended", Options: `{"italy":false}`,
			Seed: []byte("v1-" + vg.channel), CreatedBy: "500",
			Players: []Player{{UserID: "500", Name: "Moltke", Side: "german"}, {UserID: "501", Name: "Joffre", Side: "allied"}}})
		if err != nil {
			t.Fatal(err)
		}
		rp, _ := fakeEngine{}.Start(Setup{Scenario: g.Scenario, Options: g.Options, Seed: g.Seed}, nil)
		play(t, s, rp, g.ID, "500", "german", vg.orders...)
		if vg.status != Active {
			if err := s.Update(ctx, g.ID, func(tx *GameTx) error { return tx.SetStatus(vg.status, "") }); err != nil {
				t.Fatal(err)
			}
		}
	}
	s.Close()
	// VACUUM INTO gives one compact file without its -wal.
	s, _ = open(ctx, path, firstSchema(t))
	out := filepath.Join("testdata", "v1.db")
	os.Remove(out)
	if _, err := s.DB.Exec(`VACUUM INTO ?`, out); err != nil {
		t.Fatal(err)
	}
	s.Close()
	t.Logf("wrote %s", out)
}

func copyFile(t testing.TB, from, to string) {
	t.Helper()
	in, err := os.Open(from)
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	out, err := os.Create(to)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := io.Copy(out, in); err != nil {
		t.Fatal(err)
	}
	if err := out.Close(); err != nil {
		t.Fatal(err)
	}
}

// TestUpgradeFromV1 opens a copy of the checked-in file made by the first
// schema with this build: it must reach the newest version, keep every
// game and order, replay them, and take new orders.
func TestUpgradeFromV1(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "old.db")
	copyFile(t, filepath.Join("testdata", "v1.db"), path)
	s, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if v, _ := s.Version(ctx); v != Migrations() || v < 1 {
		t.Fatalf("upgraded to version %d, want %d", v, Migrations())
	}
	// Every later migration was applied on top, each recorded once.
	ms, _ := loadMigrations(embedded)
	for _, m := range ms {
		var name string
		if err := s.DB.QueryRow(`SELECT name FROM schema_version WHERE version = ?`, m.version).Scan(&name); err != nil || name != m.name {
			t.Errorf("version %d: recorded %q (%v), want %s", m.version, name, err, m.name)
		}
	}
	games, err := s.ListGames(ctx, Filter{})
	if err != nil || len(games) != len(v1Games) {
		t.Fatalf("%d games after the upgrade (%v), want %d", len(games), err, len(v1Games))
	}
	for i, vg := range v1Games {
		g, err := s.GameIn(ctx, vg.guild, vg.channel)
		if vg.status != Active {
			all, _ := s.ListGames(ctx, Filter{Guild: vg.guild, Status: vg.status})
			if len(all) != 1 {
				t.Fatalf("game %d: %d %s games in guild %s", i, len(all), vg.status, vg.guild)
			}
			g, err = s.Game(ctx, all[0].ID)
		}
		if err != nil {
			t.Fatalf("game %d: %v", i, err)
		}
		if len(g.Players) != 2 || g.Scenario != "extended" || string(g.Seed) != "v1-"+vg.channel {
			t.Errorf("game %d after upgrade: %+v", i, g)
		}
		l, err := s.Verify(ctx, g.ID, fakeEngine{})
		if err != nil {
			t.Fatalf("game %d does not replay after the upgrade: %v", i, err)
		}
		want, _ := fakeEngine{}.Start(Setup{Scenario: g.Scenario, Options: g.Options, Seed: g.Seed}, nil)
		for _, text := range vg.orders {
			want.Apply(Order{Text: text})
		}
		if l.Replay.Hash() != want.Hash() {
			t.Errorf("game %d: hash %s, want %s", i, l.Replay.Hash(), want.Hash())
		}
		if vg.status == Active {
			play(t, s, l.Replay, g.ID, "501", "allied", "move new 1111")
		}
	}
	var ok string
	s.DB.QueryRow(`PRAGMA integrity_check`).Scan(&ok)
	if ok != "ok" {
		t.Errorf("integrity_check: %s", ok)
	}
}

func TestMigrationRunner(t *testing.T) {
	ctx := context.Background()
	one := "CREATE TABLE a (x INTEGER);"
	two := "CREATE TABLE b (y INTEGER); INSERT INTO a VALUES (1);"
	dir := t.TempDir()
	path := filepath.Join(dir, "m.db")
	s, err := open(ctx, path, fstest.MapFS{"0001_a.sql": {Data: []byte(one)}})
	if err != nil {
		t.Fatal(err)
	}
	s.Close()
	s, err = open(ctx, path, fstest.MapFS{"0001_a.sql": {Data: []byte(one)}, "0002_b.sql": {Data: []byte(two)}})
	if err != nil {
		t.Fatal(err)
	}
	if v, _ := s.Version(ctx); v != 2 {
		t.Errorf("version %d, want 2", v)
	}
	s.Close()
	for _, tc := range []struct {
		name  string
		files fstest.MapFS
		want  string
	}{
		{"gap", fstest.MapFS{"0001_a.sql": {Data: []byte(one)}, "0002_b.sql": {Data: []byte(two)}, "0004_d.sql": {Data: []byte("SELECT 1;")}}, "0004_d.sql is out of sequence"},
		{"badly named", fstest.MapFS{"1_a.sql": {Data: []byte(one)}}, "not named NNNN_name.sql"},
		{"newer file", fstest.MapFS{"0001_a.sql": {Data: []byte(one)}}, "schema version 2 but this bot knows only up to 1"},
		{"edited", fstest.MapFS{"0001_a.sql": {Data: []byte(one + " -- fixed a typo")}, "0002_b.sql": {Data: []byte(two)}}, "released migrations must never be edited"},
		{"renamed", fstest.MapFS{"0001_x.sql": {Data: []byte(one)}, "0002_b.sql": {Data: []byte(two)}}, "was applied to this file as 0001_a.sql"},
		{"failing", fstest.MapFS{"0001_a.sql": {Data: []byte(one)}, "0002_b.sql": {Data: []byte(two)}, "0003_c.sql": {Data: []byte("CREATE TABLE c (z); INSERT INTO nowhere VALUES (1);")}}, "migration 0003_c.sql: "},
	} {
		_, err := open(ctx, path, tc.files)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want %q", tc.name, err, tc.want)
		}
	}
	// The failing migration left nothing behind: still version 2, no table c.
	s, err = open(ctx, path, fstest.MapFS{"0001_a.sql": {Data: []byte(one)}, "0002_b.sql": {Data: []byte(two)}})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	var n, rows int
	s.DB.QueryRow(`SELECT COUNT(*) FROM sqlite_master WHERE name = 'c'`).Scan(&n)
	s.DB.QueryRow(`SELECT COUNT(*) FROM a`).Scan(&rows)
	if v, _ := s.Version(ctx); v != 2 || n != 0 || rows != 1 {
		t.Errorf("after a failed migration: version %d, table c %d, rows of a %d (want 2, 0, 1)", v, n, rows)
	}
}

// TestEmbeddedMigrationsApply checks the real folder on a fresh file.
func TestEmbeddedMigrationsApply(t *testing.T) {
	s := openTest(t)
	v, err := s.Version(context.Background())
	if err != nil || v != Migrations() || v < 1 {
		t.Errorf("fresh file at version %d (%v), want %d", v, err, Migrations())
	}
}

// TestOpenNotADatabase: a file that is not SQLite is refused with a clear
// error and left as it was.
func TestOpenNotADatabase(t *testing.T) {
	path := filepath.Join(t.TempDir(), "notes.txt")
	body := []byte(strings.Repeat("these are my club's notes, not a database\n", 200))
	os.WriteFile(path, body, 0o644)
	_, err := Open(context.Background(), path)
	if err == nil || !strings.Contains(err.Error(), path) || !strings.Contains(err.Error(), "not a database") {
		t.Errorf("open of a text file: %v", err)
	}
	if got, _ := os.ReadFile(path); string(got) != string(body) {
		t.Error("the file was changed")
	}
}
