package render

import (
	"testing"

	"rtrbot/engine/board"
)

// On a phone, in the 400 px overview, the names of Dunkerque, Calais and
// Boulogne must not be written over one another. Every city
// of 15.23 finds a free place for its name, at the widths /map posts.
func TestOverviewCityNamesClear(t *testing.T) {
	m, err := board.Default()
	if err != nil {
		t.Fatal(err)
	}
	r := newRenderer(t, m, Options{})
	for _, w := range []int{400, 560} {
		_, forced, err := r.overviewImage(&Situation{Turn: 1, Turns: 16}, w)
		if err != nil {
			t.Fatal(err)
		}
		if len(forced) > 0 {
			t.Errorf("%d px overview: %d names written over others: %v", w, len(forced), forced)
		}
	}
}
