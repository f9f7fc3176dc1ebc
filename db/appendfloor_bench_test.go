package db

import (
	"context"
	"path/filepath"
	"testing"
	"time"
)

// BenchmarkAppendVsFloor interleaves the two operations of
// BenchmarkAppendOrder (synchronous=FULL) and BenchmarkFloorInsertCommit,
// one of each per iteration (which goes first alternates), on two files of
// one directory, and times each: on a shared machine whose fsync takes
// 0.15 ms one second and 1.5 ms the next, the two meet the same disk, and
// their ratio ("append/floor") holds where the two benchmarks run one after
// the other do not. It uses only AppendOrder and the floor's table, so
// scripts/perf runs the same code on both sides.
func BenchmarkAppendVsFloor(b *testing.B) {
	ctx := context.Background()
	dir := b.TempDir()
	a, err := openSync(ctx, filepath.Join(dir, "a.db"), embedded, "FULL")
	if err != nil {
		b.Fatal(err)
	}
	defer a.Close()
	f, err := openSync(ctx, filepath.Join(dir, "f.db"), embedded, "FULL")
	if err != nil {
		b.Fatal(err)
	}
	defer f.Close()
	if _, err := f.DB.ExecContext(ctx, `CREATE TABLE floor(seq INTEGER PRIMARY KEY, text TEXT NOT NULL)`); err != nil {
		b.Fatal(err)
	}
	g, _ := newGame(b, a, "G", "C")
	appendOne := func(i int) {
		if _, err := a.AppendOrder(ctx, g.ID, NewOrder{Author: "u1", Side: "german", Text: benchOrder(i)},
			[]Event{{Kind: "move", Text: "moved"}}, nil); err != nil {
			b.Fatal(err)
		}
	}
	floorOne := func(i int) { insertFloorRow(ctx, b, f.DB, i) }
	var ta, tf time.Duration
	i := 0
	for b.Loop() {
		t0 := time.Now()
		if i%2 == 0 {
			floorOne(i)
			t1 := time.Now()
			appendOne(i)
			tf, ta = tf+t1.Sub(t0), ta+time.Since(t1)
		} else {
			appendOne(i)
			t1 := time.Now()
			floorOne(i)
			ta, tf = ta+t1.Sub(t0), tf+time.Since(t1)
		}
		i++
	}
	if i > 0 && tf > 0 {
		b.ReportMetric(float64(ta.Nanoseconds())/float64(i), "append-ns")
		b.ReportMetric(float64(tf.Nanoseconds())/float64(i), "floor-ns")
		b.ReportMetric(float64(ta)/float64(tf), "append/floor")
	}
}
