package fromgame

import (
	"testing"

	"rtrbot/render"
)

// At the opening, no name of a rules place (a city, a
// fortress, a victory hex of 15.23) may stay hidden by counters. The
// figure reported is how many of them the counters cover on the base
// map, and how many are still hidden once they are written again.
// The pictures are checked too: where a name is written again there is
// a pale plate with dark letters on it.
func TestOpeningRulesPlaceNamesReadable(t *testing.T) {
	m, s := opening(t)
	sit := For(s, nil, render.Public)
	r, err := render.New(m, render.Options{})
	if err != nil {
		t.Fatal(err)
	}
	rep := r.PlaceNames(&sit)
	t.Logf("opening, public view: %d rules places' names covered by counters on the base map %v; hidden after moving: %d %v; names written again: %d",
		len(rep.Covered), rep.Covered, len(rep.Hidden), rep.Hidden, len(rep.Moved))
	if len(rep.Covered) == 0 {
		t.Fatalf("no rules place is covered at the opening: the test no longer measures anything (Metz, Verdun and Toul are occupied)")
	}
	if len(rep.Hidden) != 0 {
		t.Errorf("%d names of rules places stay hidden at the opening: %v", len(rep.Hidden), rep.Hidden)
	}
	moved := map[string]render.MovedName{}
	for _, mv := range rep.Moved {
		moved[mv.Name] = mv
	}
	for _, name := range rep.Covered {
		if _, ok := moved[name]; !ok {
			t.Errorf("%s is covered and not written again", name)
		}
	}
	// Moved names of rules places never cover one another.
	for i, a := range rep.Moved {
		for _, b := range rep.Moved[i+1:] {
			if a.Box.Overlaps(b.Box) && contains(rep.Covered, a.Name) && contains(rep.Covered, b.Name) {
				t.Errorf("%s and %s are written over each other (%v, %v)", a.Name, b.Name, a.Box, b.Box)
			}
		}
	}
	img, err := r.SituationImage(&sit, nil)
	if err != nil {
		t.Fatal(err)
	}
	_, h := r.Layout().Size()
	top := img.Bounds().Dy() - h
	for _, name := range rep.Covered {
		b := moved[name].Box
		var pale, dark, all int
		for y := b.Min.Y; y < b.Max.Y; y++ {
			for x := b.Min.X; x < b.Max.X; x++ {
				c := img.RGBAAt(x, y+top)
				all++
				switch {
				case c.R >= 0xf0 && c.G >= 0xf0 && c.B >= 0xe8:
					pale++
				case c.R < 0x50 && c.G < 0x50 && c.B < 0x50:
					dark++
				}
			}
		}
		if all == 0 || pale*4 < all || dark*33 < all {
			t.Errorf("%s at %v: %d pale and %d dark pixels of %d: no plate with letters drawn", name, b, pale, dark, all)
		}
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
