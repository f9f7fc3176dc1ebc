package commands

import (
	"fmt"
	"strings"
	"testing"

	"rtrbot/ai"
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

// A die that a segment's end rolled in the next step (the new turn's
// event phase, 3.0 A) is named with the /replay segment whose account
// tells it: the frame it names holds that roll's own sentence.
func TestAnalysisRollsNameTheirReplaySegment(t *testing.T) {
	b, clock := newStoredBot(t)
	expect(t, txt(act(t, b, clock, bob, "C1", "/game new vs:bot side:german level:random")), "Game #1")
	act(t, b, clock, bob, "C1", "/game setup")
	for i := 0; i < 8; i++ {
		act(t, b, clock, bob, "C1", "/reinforce")
		act(t, b, clock, bob, "C1", "/end")
	}
	expect(t, txt(act(t, b, clock, bob, "C1", "/game resign confirm:true")), "resigns")
	g, err := b.games.ReplayGame(t.Context(), games.Where{Guild: "G1", Channel: "C1"}, 1)
	if err != nil {
		t.Fatal(err)
	}
	start, err := game.NewKey(g.State.Rules(), g.Key, g.Options)
	if err != nil {
		t.Fatal(err)
	}
	// A curve that jumps at each new game turn: the swings are the
	// segments whose end began one, with its event phase's dice.
	a, err := ai.AnalyseBy(start, g.Orders, 1, func(s *game.State, seg int) (float64, float64, error) {
		return float64(s.Turn) * 100, 0, nil
	})
	if err != nil {
		t.Fatal(err)
	}
	frames, err := replayFrames(g, game.PublicView)
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	for _, s := range a.Swings {
		p := a.Points[s.Point]
		for _, r := range s.Rolls {
			if r.Attack || (r.Turn == p.Turn && r.Step == p.Step) {
				continue
			}
			n := rollReplaySegment(g, a, s.Point)
			if n < 1 || n > len(frames) {
				t.Fatalf("a roll's /replay segment %d of %d", n, len(frames))
			}
			found := false
			for _, l := range frames[n-1].lines {
				found = found || l.EN == r.Event.Text.EN
			}
			if !found {
				t.Errorf("%q is said to be /replay segment %d, whose account does not tell it", r.Event.Text.EN, n)
			}
			checked++
			for _, lang := range []i18n.Lang{i18n.EN, i18n.JA} {
				want := fmt.Sprintf("/replay segment %d)", n)
				if lang == i18n.JA {
					want = fmt.Sprintf("/replay ではセグメント %d)", n)
				}
				expect(t, analysisTextWith(b, g, a, lang, 40), want)
			}
		}
	}
	if checked == 0 {
		t.Fatal("no die of a later step among the swings: the test proves nothing")
	}
}
