package game

import (
	"strings"
	"testing"

	"rtrbot/engine/units"
)

// TestRussianReturnNamesHiddenFromEnemy: the units back from the Russian
// Front box are named to the Germans only; the Allies and the public,
// who only count the box (14.3, 14.1), read the event without the names.
func TestRussianReturnNamesHiddenFromEnemy(t *testing.T) {
	s, err := New(realRules(t, "standard"), 1, nil)
	if err != nil {
		t.Fatal(err)
	}
	back := []string{"G-V", "G-XIII"}
	evs := []Event{{Kind: EvDue, Side: units.German, Units: back,
		Text: tr("Back from the Russian Front as reinforcements (14.3): %s.", "ロシア戦線から増援として帰還 (14.3): %s。", strings.Join(back, " "))}}
	if got := EventsFor(GermanView, s, s, evs); len(got) != 1 || !strings.Contains(got[0].Text.EN, "G-V") {
		t.Errorf("the Germans read %+v", got)
	}
	for _, v := range []Viewer{AlliedView, PublicView} {
		for _, e := range EventsFor(v, s, s, evs) {
			if strings.Contains(e.Text.EN, "G-V") || strings.Contains(e.Text.JA, "G-XIII") {
				t.Errorf("viewer %d reads the names: %v", v, e.Text)
			}
		}
	}
	// Reinforcements due without names stay public.
	due := []Event{{Kind: EvDue, Side: units.German, Text: tr("DE reserve x2", "DE reserve x2")}}
	if got := EventsFor(AlliedView, s, s, due); len(got) != 1 || got[0].Text.EN != "DE reserve x2" {
		t.Errorf("a due event without names: %+v", got)
	}
}
