package commands

import (
	"errors"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"rtrbot/ai"
	"rtrbot/engine/game"
	"rtrbot/games"
	"rtrbot/games/sqlstore"
)

// stopping is an analysis estimator whose analysis stops (as a bot that
// is stopped does) after its first made points.
type stopping struct {
	made  int64
	calls atomic.Int64
}

func (e *stopping) make(g *games.Game, n int) ai.Estimate {
	return func(s *game.State, seg int) (float64, float64, error) {
		if e.calls.Add(1) > e.made {
			return 0, 0, errors.New("the bot stopped")
		}
		return float64(seg%7) * 3, 2, nil
	}
}

// An analysis the bot stopped in the middle of is not lost: asked again
// after a restart, it goes on from the points it had made (each kept as
// it is made), plays out only the rest, and answers as an analysis made
// in one go; never "still running" for good.
func TestComputerAnalysisResumedAfterRestart(t *testing.T) {
	path := filepath.Join(t.TempDir(), "g.db")
	b1, clock := openedAt(t, path)
	act(t, b1, clock, bob, "C1", "/game resign confirm:true")
	stop := &stopping{made: 3}
	b1.games.SetAnalysisEstimator(stop.make)
	if r := txt(act(t, b1, clock, carol, "C1", "/computer analysis")); strings.Contains(r, "Analysis of game #1") {
		t.Fatalf("the stopped analysis answered: %s", r)
	}
	b1.games.WaitAnalyses()

	b2 := storedBot(t, path, clock)
	second := &estimator{}
	b2.games.SetAnalysisEstimator(second.make)
	got := txt(act(t, b2, clock, carol, "C1", "/computer analysis"))
	expect(t, got, "Analysis of game #1")

	// The same analysis made from nothing.
	if _, err := b2.Store.(*sqlstore.Store).DB.Exec(`DELETE FROM analyses`); err != nil {
		t.Fatal(err)
	}
	b3 := storedBot(t, path, clock)
	whole := &estimator{}
	b3.games.SetAnalysisEstimator(whole.make)
	want := txt(act(t, b3, clock, carol, "C1", "/computer analysis"))
	if got != want {
		t.Fatalf("resumed:\n%s\nmade in one go:\n%s", got, want)
	}
	if n, all := second.calls.Load(), whole.calls.Load(); all <= 3 || n != all-3 {
		t.Fatalf("after the restart %d points made of %d; want %d (3 were kept)", n, all, all-3)
	}
}
