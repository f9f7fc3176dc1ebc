package commands

import (
	"testing"
	"time"

	"rtrbot/games"
	"rtrbot/i18n"
)

// After a game ended by adjudication the analysis ends at the game's
// recorded result, the adjudication's median margin, not its own
// play-outs of the final position, and says the game was adjudicated,
// in either language; the kept analysis itself is not changed.
func TestAnalysisOfAnAdjudicatedGame(t *testing.T) {
	b, clock := newStoredBot(t)
	cheapAdjudication(b)
	b.analysisWait = time.Hour // this test reads the analysis at its first ask
	est := &estimator{}
	b.games.SetAnalysisEstimator(est.make)
	expect(t, txt(act(t, b, clock, bob, "C1", "/game new vs:bot side:german level:random")), "Game #1")
	act(t, b, clock, bob, "C1", "/game setup")
	act(t, b, clock, bob, "C1", "/end")
	act(t, b, clock, bob, "C1", "/computer adjudicate")
	expect(t, txt(act(t, b, clock, bob, "C1", "/computer adjudicate")), "ends by adjudication")
	g, err := b.games.ReplayGame(t.Context(), games.Where{Guild: "G1", Channel: "C1"}, 1)
	if err != nil {
		t.Fatal(err)
	}
	adj, ok := g.Adjudicated()
	if !ok {
		t.Fatal("the game is not adjudicated")
	}
	a, err := b.games.Analysis(t.Context(), g, analysisPlayOuts)
	if err != nil {
		t.Fatal(err)
	}
	last := len(a.Points) - 1
	own := a.Points[last].Margin
	if own == float64(adj.Margin) {
		t.Fatalf("the analysis' own last point is the adjudicated margin %d already: the test proves nothing", adj.Margin)
	}
	c := adjudicatedAnalysis(g, a)
	if c.Points[last].Margin != float64(adj.Margin) || c.Final != adj.Margin {
		t.Errorf("the last point %v and final %d, want the adjudicated margin %d", c.Points[last].Margin, c.Final, adj.Margin)
	}
	if a.Points[last].Margin != own {
		t.Error("the kept analysis was changed")
	}
	for _, s := range c.Swings {
		if want := c.Points[s.Point].Margin - c.Points[s.Point-1].Margin; s.Change != want {
			t.Errorf("swing at point %d: %+.1f, want %+.1f", s.Point, s.Change, want)
		}
	}
	r := act(t, b, clock, carol, "C1", "/computer analysis")
	expect(t, txt(r), "ended by adjudication", adjudicationResult(adj, i18n.EN), marginText(float64(adj.Margin), i18n.EN), "recorded result")
	if r.Messages[0].Ephemeral || len(r.Messages[0].Files) != 1 {
		t.Errorf("the analysis of the adjudicated game: public, with its chart: %+v", r.Messages[0])
	}
	ja := actIn(t, b, clock, carol, "C1", "/computer analysis", i18n.JA)
	if testing.Verbose() {
		t.Log(txt(r) + "\n" + txt(ja))
	}
	expect(t, txt(ja), "判定で終了", adjudicationResult(adj, i18n.JA), marginText(float64(adj.Margin), i18n.JA))
}
