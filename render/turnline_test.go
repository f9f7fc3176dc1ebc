package render

import (
	"testing"

	"rtrbot/i18n"
)

// 17.1: the banner counts the scenario's game turns (the standard game's
// 7), not the 16 boxes of the whole turn track.
func TestTurnLineCountsTheScenariosTurns(t *testing.T) {
	s := &Situation{Turn: 2, Turns: 16, First: 1, Last: 7}
	if got := turnLine(s, i18n.EN); got != "GT 2 of 7" {
		t.Errorf("EN: %q, want GT 2 of 7", got)
	}
	if got := turnLine(s, i18n.JA); got != "第2ターン (全7ターン)" {
		t.Errorf("JA: %q, want 第2ターン (全7ターン)", got)
	}
}
