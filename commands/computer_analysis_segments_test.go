package commands

import (
	"fmt"
	"strings"
	"testing"

	"rtrbot/engine/game"
	"rtrbot/games"
	"rtrbot/i18n"
)

// The analysis numbers its segments as /replay does: for every point of
// a played game, the /replay frame its number names shows the position
// after that segment (same turn and phase), and each swing's line gives
// that number, so "the biggest swing at segment N" is /replay
// segment:N.
func TestAnalysisSegmentsAreReplays(t *testing.T) {
	b, clock := newStoredBot(t)
	expect(t, txt(act(t, b, clock, bob, "C1", "/game new vs:bot side:german level:random")), "Game #1")
	act(t, b, clock, bob, "C1", "/game setup")
	for i := 0; i < 8; i++ {
		act(t, b, clock, bob, "C1", "/reinforce")
		act(t, b, clock, bob, "C1", "/end")
	}
	expect(t, txt(act(t, b, clock, bob, "C1", "/game resign confirm:true")), "resigns")
	est := &estimator{}
	b.games.SetAnalysisEstimator(est.make)
	g, err := b.games.ReplayGame(t.Context(), games.Where{Guild: "G1", Channel: "C1"}, 1)
	if err != nil {
		t.Fatal(err)
	}
	a, err := b.games.Analysis(t.Context(), g, 1)
	if err != nil {
		t.Fatal(err)
	}
	frames, err := replayFrames(g, game.PublicView)
	if err != nil {
		t.Fatal(err)
	}
	differ := 0
	for k := 1; k < len(a.Points); k++ {
		p := a.Points[k]
		n := replaySegmentOf(g, a, k)
		if n < 1 || n > len(frames) {
			t.Fatalf("point %d: replay segment %d of %d", k, n, len(frames))
		}
		if n != k {
			differ++
		}
		if !replayFrameEnds(p.Step) || g.Orders[p.Order-1].Verb != game.VerbEnd {
			continue // told in the account of the frame after it
		}
		f := frames[n-1]
		if f.turn != p.Turn || f.step.EN != game.PhaseName(p.Step, p.Side).EN {
			t.Errorf("point %d (%s %s) is /replay segment:%d, which shows %s %s", k, p.Turn, game.PhaseName(p.Step, p.Side).EN, n, f.turn, f.step.EN)
		}
	}
	if differ == 0 {
		t.Fatal("every point's number is /replay's already: the test proves nothing")
	}
	for _, lang := range []i18n.Lang{i18n.EN, i18n.JA} {
		text := analysisText(b, g, a, lang)
		for k, s := range a.Swings {
			want := fmt.Sprintf("%d. Segment %d, ", k+1, replaySegmentOf(g, a, s.Point))
			if lang == i18n.JA {
				want = fmt.Sprintf("%d. セグメント %d、", k+1, replaySegmentOf(g, a, s.Point))
			}
			if !strings.Contains(text, want) {
				t.Errorf("%s: swing %d (point %d) is not named %q:\n%s", lang, k+1, s.Point, want, text)
			}
		}
		expect(t, text, "/replay")
	}
}
