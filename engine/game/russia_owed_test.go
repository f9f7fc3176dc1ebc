package game

import (
	"strings"
	"testing"

	"rtrbot/engine/tables"
)

// 11.7, 14.3 (docs/rulings.md R21): a Russian Front result that demands
// units says what is owed, when, and what becomes of what cannot be sent.
func TestRussianFrontDemandExplained(t *testing.T) {
	m := newTestMap(10, 10).build()
	for die := 1; die <= 6; die++ {
		r, err := Tables().Russia(die, tables.RussiaOptions{})
		if err != nil || r.Row.ID != "major-defeat" {
			continue
		}
		s := position(t, m, "turn Aug III\nstep event\nplayer german\n0101: F-XX\n")
		var evs []Event
		s.applyRussia(die, &evs)
		var text string
		for _, e := range evs {
			if e.Kind == EvRussia {
				text = e.Text.EN + "\n" + e.Text.JA
			}
		}
		for _, want := range []string{"20 attack strength and 1 HQ", "lapses at the end of the turn", "first movement segment", "攻撃力 20 と HQ 1 個", "ターン終了時に消滅"} {
			if !strings.Contains(text, want) {
				t.Errorf("the Russian Front result lacks %q:\n%s", want, text)
			}
		}
		return
	}
	t.Skip("no die gives a major defeat with an empty box")
}

// The random event of the game names no command: the game rolls the
// Russian Front itself (14.3).
func TestEventTextsNameNoCommand(t *testing.T) {
	for _, r := range Tables().EventRows() {
		for _, txt := range []string{r.Text.EN, r.Text.JA} {
			if strings.Contains(txt, "/russia") {
				t.Errorf("event %s: %s", r.ID, txt)
			}
		}
	}
}
