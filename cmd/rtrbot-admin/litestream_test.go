package main

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"rtrbot/db"
	"rtrbot/db/enginereplay"
	"rtrbot/engine/board"
	"rtrbot/engine/game"
)

// litestreamBinary is the Litestream to drill with: $LITESTREAM, else one
// on PATH (.ci/run installs one into its cache when it can).
func litestreamBinary(t *testing.T) string {
	if p := os.Getenv("LITESTREAM"); p != "" {
		return p
	}
	p, err := exec.LookPath("litestream")
	if err != nil {
		t.Skip("Litestream is not installed (no $LITESTREAM, none on PATH): the restore drill is not run; .ci/run installs it when the Go module proxy is reachable")
	}
	return p
}

// The restore drill of docs/scaling.md against a local file replica: the
// bot's store writes games while Litestream replicates its file; Litestream
// is stopped, the file restored from the replica into a new one, and the
// restored file opens with the bot's db, passes rtrbot-admin check -full,
// and replays every game to the hash the original gives.
func TestLitestreamRestoreDrill(t *testing.T) {
	bin := litestreamBinary(t)
	m, err := board.Default()
	if err != nil {
		t.Skipf("embedded map not available: %v", err)
	}
	r, err := game.NewRules(m, "standard")
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	dir := t.TempDir()
	path, replica := filepath.Join(dir, "shard-0.db"), filepath.Join(dir, "replica")
	cfg := filepath.Join(dir, "litestream.yml")
	conf := fmt.Sprintf("dbs:\n  - path: %s\n    monitor-interval: 100ms\n    replicas:\n      - type: file\n        path: %s\n        sync-interval: 100ms\n", path, replica)
	if err := os.WriteFile(cfg, []byte(conf), 0o600); err != nil {
		t.Fatal(err)
	}
	s, err := db.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	// A game with its first orders before Litestream starts, its others
	// and two more games while it runs.
	type stored struct {
		id     int64
		orders []game.Order
		seed   uint64
	}
	var games []stored
	for k, seed := range []uint64{3, 4, 5} {
		res, err := game.SelfPlay(r, seed, game.SelfPlayConfig{})
		if err != nil {
			t.Fatal(err)
		}
		g, err := s.CreateGame(ctx, db.NewGame{Guild: "1", Channel: fmt.Sprint("C", k), Scenario: "standard",
			Seed: enginereplay.SeedBytes(seed), CreatedBy: "u"})
		if err != nil {
			t.Fatal(err)
		}
		games = append(games, stored{g.ID, res.Orders[:min(len(res.Orders), 120)], seed})
	}
	play := func(g stored, from, to int) {
		t.Helper()
		st, err := game.New(r, g.seed, nil)
		if err != nil {
			t.Fatal(err)
		}
		for i, o := range g.orders[:to] {
			n, evs, err := game.Apply(st, o)
			if err != nil {
				t.Fatalf("game %d order %d: %v", g.id, i+1, err)
			}
			if i >= from {
				a := enginereplay.Applied(o, n, evs)
				var snap *db.Snapshot
				if a.SegmentEnd {
					snap = &db.Snapshot{Label: a.Label, Hash: n.Hash(), State: []byte(n.Position())}
				}
				if _, err := s.AppendOrder(ctx, g.id, db.NewOrder{Author: "u", Side: o.Side.String(), Text: o.String()}, a.Events, snap); err != nil {
					t.Fatalf("game %d order %d: %v", g.id, i+1, err)
				}
			}
			st = n
		}
	}
	play(games[0], 0, 40)

	var out strings.Builder
	cmd := exec.Command(bin, "replicate", "-config", cfg)
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	stopped := false
	stop := func() {
		if stopped {
			return
		}
		stopped = true
		cmd.Process.Signal(syscall.SIGINT)
		done := make(chan error, 1)
		go func() { done <- cmd.Wait() }()
		select {
		case <-done:
		case <-time.After(15 * time.Second):
			cmd.Process.Kill()
			<-done
			t.Errorf("Litestream did not stop on SIGINT:\n%s", out.String())
		}
	}
	defer stop()
	time.Sleep(500 * time.Millisecond) // its first snapshot
	play(games[0], 40, len(games[0].orders))
	play(games[1], 0, len(games[1].orders))
	play(games[2], 0, len(games[2].orders))

	want := map[int64]string{}
	for _, g := range games {
		l, err := s.Load(ctx, g.id, enginereplay.Replayer{Map: m})
		if err != nil {
			t.Fatal(err)
		}
		want[g.id] = l.Replay.Hash()
	}
	// Litestream syncs every 100 ms; a restore is tried until it holds
	// every order written (or 20 s pass), then Litestream is stopped and
	// the last restore made from what it left.
	restored := filepath.Join(dir, "restored.db")
	restore := func() error {
		os.Remove(restored)
		c := exec.Command(bin, "restore", "-config", cfg, "-o", restored, path)
		if b, err := c.CombinedOutput(); err != nil {
			return fmt.Errorf("litestream restore: %v\n%s", err, b)
		}
		return nil
	}
	holds := func() (bool, string) {
		rs, err := db.Open(ctx, restored)
		if err != nil {
			return false, err.Error()
		}
		defer rs.Close()
		for _, g := range games {
			l, err := rs.Load(ctx, g.id, enginereplay.Replayer{Map: m})
			if err != nil {
				return false, fmt.Sprintf("game %d: %v", g.id, err)
			}
			if h := l.Replay.Hash(); h != want[g.id] {
				return false, fmt.Sprintf("game %d replays to %.12s, the original to %.12s", g.id, h, want[g.id])
			}
		}
		return true, ""
	}
	deadline := time.Now().Add(20 * time.Second)
	for {
		time.Sleep(300 * time.Millisecond)
		if err := restore(); err == nil {
			if ok, _ := holds(); ok {
				break
			}
		}
		if time.Now().After(deadline) {
			break
		}
	}
	stop()
	if err := restore(); err != nil {
		t.Fatalf("%v\nreplicate said:\n%s", err, out.String())
	}
	if ok, why := holds(); !ok {
		t.Fatalf("the restored file: %s\nreplicate said:\n%s", why, out.String())
	}
	var report strings.Builder
	if err := run(ctx, []string{"check", "-db", restored, "-full"}, &report); err != nil || !strings.Contains(report.String(), "3 active game(s) checked, 0 do not load") {
		t.Fatalf("rtrbot-admin check on the restored file: %v\n%s", err, report.String())
	}
	t.Logf("restored %d games; %s", len(games), strings.TrimSpace(report.String()))
}
