package db

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"sync"
	"testing"
)

// Writes given at the same time are committed in groups (Write): each
// still stands or falls alone. Of 64 writers at once, every third fails
// after writing its row and one panics; exactly the others' rows are
// stored, each failure comes back to its own writer, and the panic is
// raised in its own goroutine only.
func TestGroupCommitKeepsWritesApart(t *testing.T) {
	ctx := context.Background()
	s := openTest(t)
	if err := s.Write(ctx, func(tx *sql.Tx) error {
		_, err := tx.Exec(`CREATE TABLE g(n INTEGER PRIMARY KEY)`)
		return err
	}); err != nil {
		t.Fatal(err)
	}
	const n, boom = 64, 31
	errs := make([]error, n)
	panicked := make([]any, n)
	var wg sync.WaitGroup
	start := make(chan struct{})
	for i := 0; i < n; i++ {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			defer func() { panicked[i] = recover() }()
			<-start
			errs[i] = s.Write(ctx, func(tx *sql.Tx) error {
				if _, err := tx.Exec(`INSERT INTO g(n) VALUES (?)`, i); err != nil {
					return err
				}
				switch {
				case i == boom:
					panic(fmt.Sprint("writer ", i))
				case i%3 == 0:
					return fmt.Errorf("writer %d gives up", i)
				}
				return nil
			})
		}(i)
	}
	close(start)
	wg.Wait()
	stored := map[int]bool{}
	rows, err := s.DB.Query(`SELECT n FROM g`)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var k int
		rows.Scan(&k)
		stored[k] = true
	}
	rows.Close()
	for i := 0; i < n; i++ {
		switch {
		case i == boom:
			if panicked[i] != fmt.Sprint("writer ", i) || stored[i] {
				t.Errorf("writer %d: panic %v, stored %v; want its own panic and nothing stored", i, panicked[i], stored[i])
			}
		case i%3 == 0:
			if errs[i] == nil || errs[i].Error() != fmt.Sprintf("writer %d gives up", i) || stored[i] || panicked[i] != nil {
				t.Errorf("writer %d: err %v, stored %v, panic %v; want its own error and nothing stored", i, errs[i], stored[i], panicked[i])
			}
		default:
			if errs[i] != nil || !stored[i] || panicked[i] != nil {
				t.Errorf("writer %d: err %v, stored %v, panic %v; want its row stored", i, errs[i], stored[i], panicked[i])
			}
		}
	}
	// A cancelled writer's write is not run; the path is free afterwards.
	cctx, cancel := context.WithCancel(ctx)
	cancel()
	if err := s.Write(cctx, func(tx *sql.Tx) error { t.Error("a cancelled write ran"); return nil }); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled write: %v", err)
	}
	if err := s.Write(ctx, func(tx *sql.Tx) error { _, err := tx.Exec(`INSERT INTO g(n) VALUES (1000)`); return err }); err != nil {
		t.Fatal(err)
	}
}
