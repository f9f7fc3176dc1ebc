package commands

import (
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"rtrbot/ai"
	"rtrbot/engine/game"
	"rtrbot/games"
	"rtrbot/games/sqlstore"
	"rtrbot/i18n"
)

// estimator is an analysis estimator for tests: each position's estimate
// is a function of its segment alone; it counts its estimates, and with
// release set its first one waits for it (a slow analysis).
type estimator struct {
	calls   atomic.Int64
	entered chan struct{}
	release chan struct{}
	waited  atomic.Bool // the release never came: the ask held on
}

func (e *estimator) make(g *games.Game, n int) ai.Estimate {
	return func(s *game.State, seg int) (float64, float64, error) {
		if e.calls.Add(1) == 1 && e.release != nil {
			e.entered <- struct{}{}
			select {
			case <-e.release:
			case <-time.After(30 * time.Second):
				e.waited.Store(true) // only an ask that waits without a limit gets here
			}
		}
		return float64(seg%7) * 3, 2, nil
	}
}

// An ask for an analysis still being made waits only a moment (the
// default wait, not a test's): the asker is told at once, in private, in
// his language, to ask again; the analysis goes on (once, however often
// it is asked for) and the next ask gets it.
func TestComputerAnalysisWaitsWithALimit(t *testing.T) {
	b, clock := openedGame(t)
	act(t, b, clock, bob, "C1", "/game resign confirm:true")
	slow := &estimator{entered: make(chan struct{}, 1), release: make(chan struct{})}
	b.games.SetAnalysisEstimator(slow.make)
	r := act(t, b, clock, carol, "C1", "/computer analysis")
	if slow.waited.Load() {
		t.Fatal("the ask waited for the whole analysis")
	}
	if expect(t, txt(r), "still running", "ask again later"); !r.Messages[0].Ephemeral || len(r.Messages[0].Files) != 0 {
		t.Fatalf("the answer while it runs: %+v", r.Messages[0])
	}
	<-slow.entered
	ja := actIn(t, b, clock, alice, "C1", "/computer analysis", i18n.JA)
	if expect(t, txt(ja), "まだ計算中", "後でもう一度"); !ja.Messages[0].Ephemeral || strings.Contains(txt(ja), "still") {
		t.Fatalf("the Japanese answer while it runs: %+v", ja.Messages[0])
	}
	close(slow.release)
	b.games.WaitAnalyses()
	r = act(t, b, clock, carol, "C1", "/computer analysis")
	if expect(t, txt(r), "Analysis of game #1"); r.Messages[0].Ephemeral || len(r.Messages[0].Files) != 1 {
		t.Fatalf("the analysis once done: %+v", r.Messages[0])
	}
	if n := b.games.AnalysesComputed(); n != 1 {
		t.Fatalf("%d analyses made for three asks, want 1", n)
	}
}

// An analysis is kept across a restart: asked again after it, it comes
// from the database without a play-out, the same; a kept row that does
// not read (or does not fit the game) is made again, never a panic.
func TestComputerAnalysisKeptAcrossRestart(t *testing.T) {
	path := filepath.Join(t.TempDir(), "g.db")
	b1, clock := openedAt(t, path)
	act(t, b1, clock, bob, "C1", "/game resign confirm:true")
	first := &estimator{}
	b1.games.SetAnalysisEstimator(first.make)
	want := txt(act(t, b1, clock, carol, "C1", "/computer analysis"))
	expect(t, want, "Analysis of game #1")
	if first.calls.Load() == 0 {
		t.Fatal("the first analysis played nothing out")
	}
	b2 := storedBot(t, path, clock)
	second := &estimator{}
	b2.games.SetAnalysisEstimator(second.make)
	if got := txt(act(t, b2, clock, carol, "C1", "/computer analysis")); got != want || second.calls.Load() != 0 {
		t.Fatalf("after a restart: %d estimates; the same answer: %v\n%s", second.calls.Load(), got == want, got)
	}
	for _, bad := range []string{"{", `{"points":[[1,2]]}`, `{"points":"x"}`, `{"points":[[1e999,2]]}`, ""} {
		if _, err := b2.Store.(*sqlstore.Store).DB.Exec(`UPDATE analyses SET data = ?`, bad); err != nil {
			t.Fatal(err)
		}
		b3 := storedBot(t, path, clock)
		third := &estimator{}
		b3.games.SetAnalysisEstimator(third.make)
		if got := txt(act(t, b3, clock, carol, "C1", "/computer analysis")); got != want || third.calls.Load() == 0 {
			t.Fatalf("a kept row %q: %d estimates; the same answer: %v\n%s", bad, third.calls.Load(), got == want, got)
		}
	}
}
