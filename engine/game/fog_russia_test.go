package game

import (
	"strings"
	"testing"
)

// TestRussianReturnNamesHiddenFromEnemy: the units back from the Russian
// Front box (14.3 major victory) are named to the Germans only; the
// Allies and the public, who only count the box (14.1), read how many.
func TestRussianReturnNamesHiddenFromEnemy(t *testing.T) {
	s := mustNew(t, realRules(t, "standard"), 1, nil)
	n := 0
	for i, u := range s.Units {
		if c := s.Counter(i); c.ID == "G-V" || c.ID == "G-XIII" {
			u.Box = Russia
			s.Units[i] = u
			n++
		}
	}
	if n != 2 {
		t.Fatalf("%d units put in the box", n)
	}
	s.Russia.Return = 100
	var evs []Event
	s.russiaReturn(&evs)
	after := s
	text := func(v Viewer) string {
		var b strings.Builder
		for _, e := range EventsFor(v, s, after, evs) {
			if v == GermanView || e.Kind.Public() {
				b.WriteString(e.Text.EN + " " + e.Text.JA + "\n")
			}
		}
		return b.String()
	}
	if got := text(GermanView); !strings.Contains(got, "G-V") || !strings.Contains(got, "G-XIII") {
		t.Errorf("the Germans read %q", got)
	}
	for _, v := range []Viewer{AlliedView, PublicView} {
		got := text(v)
		if strings.Contains(got, "G-V") || strings.Contains(got, "G-XIII") {
			t.Errorf("viewer %d reads the names: %q", v, got)
		}
		if !strings.Contains(got, "2 German units back from the Russian Front") {
			t.Errorf("viewer %d is not told how many came back: %q", v, got)
		}
	}
}
