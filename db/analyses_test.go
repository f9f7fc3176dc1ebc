package db

import (
	"context"
	"testing"
)

// A kept analysis reads back under its game and key only, and a second
// save under the same key replaces it.
func TestAnalysesKept(t *testing.T) {
	ctx := context.Background()
	s := openTest(t)
	g, _ := exampleGame(t, s)
	if _, ok, err := s.Analysis(ctx, g.ID, "k1"); ok || err != nil {
		t.Fatalf("an analysis before any: %v %v", ok, err)
	}
	for _, data := range []string{`{"points":[[1,2]]}`, `{"points":[[3,4]]}`} {
		if err := s.SaveAnalysis(ctx, g.ID, "k1", data); err != nil {
			t.Fatal(err)
		}
		if got, ok, err := s.Analysis(ctx, g.ID, "k1"); !ok || err != nil || got != data {
			t.Fatalf("read back %q %v %v, want %q", got, ok, err, data)
		}
	}
	if _, ok, _ := s.Analysis(ctx, g.ID, "k2"); ok {
		t.Error("another key read the analysis")
	}
	if _, ok, _ := s.Analysis(ctx, g.ID+1, "k1"); ok {
		t.Error("another game read the analysis")
	}
	if err := s.SaveAnalysis(ctx, 999999, "k1", "{}"); err == nil {
		t.Error("an analysis of no game was kept")
	}
}
