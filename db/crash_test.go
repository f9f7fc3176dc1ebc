package db

import (
	"bufio"
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// crashText is the order stored at seq: the parent knows what to expect.
func crashText(seq int64) string {
	if seq%9 == 0 {
		return fmt.Sprintf("end segment %d", seq/9)
	}
	return fmt.Sprintf("move unit-%d %04d", seq, seq%10000)
}

// TestCrashChild is the writer the crash test kills. It runs only when the
// parent sets RTRBOT_CRASH_DB: it appends batches of three orders (with
// their events, and a snapshot at each segment's end) in one transaction
// each, and prints "ack SEQ" after each commit, until it is killed.
func TestCrashChild(t *testing.T) {
	path := os.Getenv("RTRBOT_CRASH_DB")
	if path == "" {
		t.Skip("the child of TestCrashSafety")
	}
	ctx := context.Background()
	id, _ := strconv.ParseInt(os.Getenv("RTRBOT_CRASH_GAME"), 10, 64)
	s, err := Open(ctx, path)
	if err != nil {
		fmt.Println("error", err)
		os.Exit(1)
	}
	l, err := s.Load(ctx, id, fakeEngine{})
	if err != nil {
		fmt.Println("error", err)
		os.Exit(1)
	}
	rp := l.Replay
	for {
		err := s.Update(ctx, id, func(tx *GameTx) error {
			for k := 0; k < 3; k++ {
				if err := logOrder(tx, rp, "crash", crashText(tx.Seq()+1)); err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
			fmt.Println("error", err)
			os.Exit(1)
		}
		g, _ := s.Game(ctx, id)
		fmt.Printf("ack %d\n", g.LastSeq) // os.Stdout is unbuffered: printed means committed
	}
}

// TestCrashSafety kills a writing process with SIGKILL at random moments,
// ten times, and checks after each kill that every acknowledged order is in
// the file, that no transaction is half there, that the game still
// replays to its snapshots, and that PRAGMA integrity_check says ok.
func TestCrashSafety(t *testing.T) {
	if testing.Short() {
		t.Skip("starts child processes")
	}
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "crash.db")
	s, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	g, err := s.CreateGame(ctx, NewGame{Guild: "G", Channel: "C", Scenario: "standard", Seed: []byte("crash"), CreatedBy: "crash"})
	if err != nil {
		t.Fatal(err)
	}
	s.Close()
	rng := rand.New(rand.NewPCG(uint64(time.Now().UnixNano()), 1))
	var acked int64
	unacked := 0
	for kill := 1; kill <= 10; kill++ {
		cmd := exec.Command(os.Args[0], "-test.run=^TestCrashChild$", "-test.count=1")
		cmd.Env = append(os.Environ(), "RTRBOT_CRASH_DB="+path, fmt.Sprintf("RTRBOT_CRASH_GAME=%d", g.ID))
		out, err := cmd.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		cmd.Stderr = os.Stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		acks := make(chan int64)
		go func() {
			defer close(acks)
			sc := bufio.NewScanner(out)
			for sc.Scan() {
				line := sc.Text()
				if n, ok := strings.CutPrefix(line, "ack "); ok {
					v, _ := strconv.ParseInt(n, 10, 64)
					acks <- v
				} else if strings.HasPrefix(line, "error") {
					t.Error("child:", line)
				}
			}
		}()
		// Wait for the child to be writing, then kill it a random while later.
		first, ok := <-acks
		if !ok {
			cmd.Wait()
			t.Fatalf("kill %d: the child stopped before writing", kill)
		}
		acked = max(acked, first)
		deadline := time.After(time.Duration(rng.IntN(150)) * time.Millisecond)
	wait:
		for {
			select {
			case v, ok := <-acks:
				if !ok {
					break wait
				}
				acked = max(acked, v)
			case <-deadline:
				break wait
			}
		}
		if err := cmd.Process.Signal(syscall.SIGKILL); err != nil {
			t.Fatal(err)
		}
		for v := range acks { // acks printed before the kill landed still count
			acked = max(acked, v)
		}
		cmd.Wait()
		if n := checkAfterCrash(t, path, g.ID, acked, kill); n > acked {
			unacked++ // killed between a commit and its acknowledgement
		}
	}
	t.Logf("10 kills, %d orders acknowledged and found; %d kills fell between a commit and its acknowledgement", acked, unacked)
}

// checkAfterCrash checks the file after a kill and returns its log length.
func checkAfterCrash(t *testing.T, path string, id, acked int64, kill int) int64 {
	t.Helper()
	ctx := context.Background()
	s, err := Open(ctx, path)
	if err != nil {
		t.Fatalf("kill %d: reopen: %v", kill, err)
	}
	defer s.Close()
	var ok string
	if err := s.DB.QueryRow(`PRAGMA integrity_check`).Scan(&ok); err != nil || ok != "ok" {
		t.Fatalf("kill %d: integrity_check: %q %v", kill, ok, err)
	}
	g, err := s.Game(ctx, id)
	if err != nil {
		t.Fatalf("kill %d: %v", kill, err)
	}
	if g.LastSeq < acked {
		t.Fatalf("kill %d: %d orders acknowledged, only %d in the file", kill, acked, g.LastSeq)
	}
	if g.LastSeq%3 != 0 {
		t.Fatalf("kill %d: %d orders: a transaction of three is half there", kill, g.LastSeq)
	}
	log, err := s.Log(ctx, g, 1)
	if err != nil {
		t.Fatalf("kill %d: %v", kill, err)
	}
	for _, o := range log {
		if o.Text != crashText(o.Seq) {
			t.Fatalf("kill %d: order %d is %q, want %q", kill, o.Seq, o.Text, crashText(o.Seq))
		}
	}
	evs, _ := s.Events(ctx, id, 1, 0)
	if int64(len(evs)) != g.LastSeq {
		t.Fatalf("kill %d: %d events for %d orders", kill, len(evs), g.LastSeq)
	}
	if _, err := s.Verify(ctx, id, fakeEngine{}); err != nil {
		t.Fatalf("kill %d: %v", kill, err)
	}
	return g.LastSeq
}
