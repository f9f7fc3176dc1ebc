package commands

import (
	"strings"
	"testing"

	"rtrbot/ai"
	"rtrbot/engine/game"
	"rtrbot/games"
	"rtrbot/i18n"
)

// The analysis' text names each roll with the segment it happened in: a
// roll of the next turn's event phase (3.0 A), begun by a segment's last
// end order, is said to be of that event phase, in either language; a
// roll of the segment itself is not marked.
func TestAnalysisTextPlacesEventPhaseRolls(t *testing.T) {
	start := standardGame(t, 5)
	r := start.Rules()
	m := r.Map
	res, err := ai.PlayGame(r, 5, nil, ai.AnalysisPlayers(5))
	if err != nil {
		t.Fatal(err)
	}
	// A curve that jumps at each new game turn: the swings are the
	// segments that began one.
	a, err := ai.AnalyseBy(start, res.Log, 1, func(s *game.State, seg int) (float64, float64, error) {
		return float64(s.Turn) * 100, 0, nil
	})
	if err != nil {
		t.Fatal(err)
	}
	b := &Bot{Deps: Deps{Map: m}}
	g := &games.Game{ID: 1, Meta: map[string]string{}}
	for _, l := range []i18n.Lang{i18n.EN, i18n.JA} {
		text := analysisTextWith(b, g, a, l, 40)
		marked := 0
		for _, sw := range a.Swings {
			p := a.Points[sw.Point]
			for _, rl := range sw.Rolls {
				line := rollText(b, rl, l)
				next := (p.Turn + 1).String()
				mark := "(rolled as it ended, in the event phase of " + next + "; /replay segment "
				if l == i18n.JA {
					mark = "(終了時、" + (p.Turn + 1).Japanese() + " のイベントフェイズで。/replay ではセグメント "
				}
				if rl.Event.Kind == game.EvRussia || rl.Event.Kind == game.EvRandom {
					marked++
					head := []rune(line)[:min(30, len([]rune(line)))]
					if !strings.Contains(text, mark) || !strings.Contains(text, string(head)) {
						t.Errorf("%s: the event-phase roll %q is not placed in %q:\n%s", l, line, mark, text)
					}
				}
			}
		}
		if testing.Verbose() {
			t.Log(text)
		}
		if marked == 0 {
			t.Fatal("no event-phase roll among the swings: the test proves nothing")
		}
	}
}
