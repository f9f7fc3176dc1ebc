package db

import (
	"context"
	"os"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// TestBackupWhileWriting backs up while another goroutine appends orders:
// the copy opens, passes integrity_check, replays, and holds every order
// committed before the backup began.
func TestBackupWhileWriting(t *testing.T) {
	ctx := context.Background()
	s := openTest(t)
	g, rp := newGame(t, s, "G", "C")
	play(t, s, rp, g.ID, "u1", "german", "move a 1", "end seg")
	var committed atomic.Int64
	committed.Store(2)
	stop := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		for i := 0; ; i++ {
			select {
			case <-stop:
				return
			default:
			}
			text := "move w 1"
			if i%5 == 4 {
				text = "end w"
			}
			a, _ := rp.Apply(Order{Text: text, Author: "u1"})
			var snap *Snapshot
			if a.SegmentEnd {
				st, _ := rp.State()
				snap = &Snapshot{Hash: rp.Hash(), State: st}
			}
			o, err := s.AppendOrder(ctx, g.ID, NewOrder{Author: "u1", Side: "german", Text: text}, a.Events, snap)
			if err != nil {
				t.Error(err)
				return
			}
			committed.Store(o.Seq)
		}
	}()
	for committed.Load() < 20 {
		time.Sleep(time.Millisecond)
	}
	before := committed.Load()
	path, size, err := s.Backup(ctx, "")
	after := committed.Load()
	close(stop)
	wg.Wait()
	if err != nil {
		t.Fatal(err)
	}
	if st, err := os.Stat(path); err != nil || st.Size() != size || size == 0 || st.Mode().Perm() != 0o600 {
		t.Fatalf("backup %s: size %d, stat %v %v", path, size, st, err)
	}
	b, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	var ok string
	b.DB.QueryRow(`PRAGMA integrity_check`).Scan(&ok)
	if ok != "ok" {
		t.Errorf("backup integrity_check: %s", ok)
	}
	l := verifyFake(t, b, g.ID)
	if n := l.Game.LastSeq; n < before || n > after {
		t.Errorf("backup holds %d orders; %d were committed before it began and %d when it ended", n, before, after)
	}
	t.Logf("backup of %d orders (%d..%d committed around it), %d bytes", l.Game.LastSeq, before, after, size)
	// A second backup never overwrites the first.
	if _, err := s.BackupTo(ctx, path); err == nil {
		t.Error("a backup overwrote an existing file")
	}
}
