package commands

import (
	"context"
	"fmt"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"rtrbot/ai"
	"rtrbot/engine/game"
	"rtrbot/games"
	"rtrbot/i18n"
)

// heldAt is an analysis estimator that holds at its call at (1-based)
// until release is closed.
type heldAt struct {
	at      int64
	calls   atomic.Int64
	entered chan struct{}
	release chan struct{}
}

func (e *heldAt) make(g *games.Game, n int) ai.Estimate {
	return func(s *game.State, seg int) (float64, float64, error) {
		if e.calls.Add(1) == e.at {
			e.entered <- struct{}{}
			select {
			case <-e.release:
			case <-time.After(30 * time.Second):
			}
		}
		return float64(seg%5) * 2, 1, nil
	}
}

// The "still running" answer says how far the analysis is (the positions
// played out of all), in each reader's language, so that a player sees
// it move; asking again does not start it afresh.
func TestComputerAnalysisRunningTellsProgress(t *testing.T) {
	b, clock := openedGame(t)
	act(t, b, clock, bob, "C1", "/game resign confirm:true")
	g, err := b.games.ReplayGame(context.Background(), games.Where{Guild: "G1", Channel: "C1"}, 0)
	if err != nil {
		t.Fatal(err)
	}
	total := 1
	for i, o := range g.Orders {
		if o.Verb == game.VerbEnd || i == len(g.Orders)-1 {
			total++
		}
	}
	held := &heldAt{at: 4, entered: make(chan struct{}, 1), release: make(chan struct{})}
	b.games.SetAnalysisEstimator(held.make)
	act(t, b, clock, carol, "C1", "/computer analysis")
	<-held.entered // three positions made, the fourth under way
	r := act(t, b, clock, carol, "C1", "/computer analysis")
	expect(t, txt(r), fmt.Sprintf("3 of %d positions played out", total), "still running")
	ja := actIn(t, b, clock, alice, "C1", "/computer analysis", i18n.JA)
	if expect(t, txt(ja), fmt.Sprintf("3 / %d 局面", total), "まだ計算中"); strings.Contains(txt(ja), "positions") {
		t.Fatalf("English in the Japanese answer: %s", txt(ja))
	}
	close(held.release)
	b.games.WaitAnalyses()
	expect(t, txt(act(t, b, clock, carol, "C1", "/computer analysis")), "Analysis of game #1")
	if n, c := b.games.AnalysesComputed(), held.calls.Load(); n != 1 || c != int64(total) {
		t.Fatalf("%d analyses, %d positions played out for three asks; want 1 and %d", n, c, total)
	}
}

// While another game's analysis holds the one slot, an ask is told that
// this one waits for it, not that it is under way.
func TestComputerAnalysisRunningTellsItWaits(t *testing.T) {
	b, clock := openedGame(t)
	dave := alice
	dave.ID, dave.Name = "444", "Dave"
	act(t, b, clock, dave, "C2", "/game new scenario:standard seed:9")
	act(t, b, clock, dave, "C2", "/game join side:allied")
	act(t, b, clock, bob, "C2", "/game join side:german")
	act(t, b, clock, bob, "C1", "/game resign confirm:true")
	act(t, b, clock, bob, "C2", "/game resign confirm:true")
	held := &heldAt{at: 1, entered: make(chan struct{}, 1), release: make(chan struct{})}
	b.games.SetAnalysisEstimator(held.make)
	act(t, b, clock, carol, "C1", "/computer analysis")
	<-held.entered
	expect(t, txt(act(t, b, clock, carol, "C2", "/computer analysis")), "waits for another game's analysis", "still running")
	expect(t, txt(actIn(t, b, clock, carol, "C2", "/computer analysis", i18n.JA)), "他のゲームの分析が終わるのを待っています")
	close(held.release)
	b.games.WaitAnalyses()
	expect(t, txt(act(t, b, clock, carol, "C2", "/computer analysis")), "Analysis of game #2")
}
