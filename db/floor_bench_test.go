package db

import (
	"context"
	"database/sql"
	"path/filepath"
	"testing"
)

// BenchmarkFloorInsertCommit is the floor of BenchmarkAppendOrder: one
// bare INSERT and COMMIT per operation on a database opened with the same
// settings (WAL, synchronous FULL, the single writer connection).
// Figures are quoted as the ratio of the two, measured in the same run
// (docs/benchmarks.md).
func BenchmarkFloorInsertCommit(b *testing.B) {
	ctx := context.Background()
	s, err := openSync(ctx, filepath.Join(b.TempDir(), "f.db"), embedded, "FULL")
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	if _, err := s.DB.ExecContext(ctx, `CREATE TABLE floor(seq INTEGER PRIMARY KEY, text TEXT NOT NULL)`); err != nil {
		b.Fatal(err)
	}
	i := 0
	for b.Loop() {
		insertFloorRow(ctx, b, s.DB, i)
		i++
	}
}

// insertFloorRow writes benchOrder(i) into the floor table in its own
// transaction: the plainest write, the floor the order benchmarks compare to.
func insertFloorRow(ctx context.Context, b *testing.B, db *sql.DB, i int) {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		b.Fatal(err)
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO floor(text) VALUES (?)`, benchOrder(i)); err != nil {
		b.Fatal(err)
	}
	if err := tx.Commit(); err != nil {
		b.Fatal(err)
	}
}
