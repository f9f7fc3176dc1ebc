package render

import (
	"testing"

	"rtrbot/i18n"
)

// 17.1: the standard game runs from GT 2 to GT 8 on the turn track, seven
// game turns: the banner gives the track's number and the turn's place
// among the seven, not "of 8" nor the 16 boxes of the whole track.
func TestTurnLineCountsTheScenariosTurns(t *testing.T) {
	s := &Situation{Turn: 3, Turns: 16, First: 2, Last: 8}
	if got := turnLine(s, i18n.EN); got != "GT 3 (2 of 7)" {
		t.Errorf("EN: %q, want GT 3 (2 of 7)", got)
	}
	if got := turnLine(s, i18n.JA); got != "第3ターン (全7ターン中2ターン目)" {
		t.Errorf("JA: %q, want 第3ターン (全7ターン中2ターン目)", got)
	}
}
