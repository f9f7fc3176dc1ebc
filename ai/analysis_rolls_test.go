package ai

import (
	"testing"

	"rtrbot/engine/game"
)

// The rolls of a swing are placed in the step they were rolled in: the
// event phase's (the Russian Front, the random event, 3.0 A) that the
// last end order of a game turn began are in the next turn's event
// phase, not in the step that order ended.
func TestAnalysisRollsInTheirStep(t *testing.T) {
	start, orders, _ := playedGame(t, 5)
	// A curve that jumps at each new game turn: the swings are the
	// segments that began one, whose rolls include its event phase.
	a, err := AnalyseBy(start, orders, 1, func(s *game.State, seg int) (float64, float64, error) {
		return float64(s.Turn) * 100, 0, nil
	})
	if err != nil {
		t.Fatal(err)
	}
	events := 0
	for _, sw := range a.Swings {
		p := a.Points[sw.Point]
		for _, r := range sw.Rolls {
			switch r.Event.Kind {
			case game.EvRussia, game.EvRandom:
				events++
				if r.Step != game.EventStep || r.Turn != p.Turn+1 {
					t.Errorf("%s of the segment ending %s %s placed in %s %s; want the event phase of the next turn", r.Event.Kind, p.Turn, p.Step, r.Turn, r.Step)
				}
			default:
				if r.Turn != p.Turn || r.Step != p.Step {
					t.Errorf("%s of the segment %s %s placed in %s %s", r.Event.Kind, p.Turn, p.Step, r.Turn, r.Step)
				}
			}
		}
	}
	if events == 0 {
		t.Fatal("no event-phase roll among the swings: the test proves nothing")
	}
}
