package fromgame

import (
	"testing"

	"rtrbot/engine/game"
	"rtrbot/render"
)

// In the phone crops (scale 1.5, as /map draws them) every
// counter of the manifest shows its ID at least 9 px high (the em).
// The figure is the smallest and which counter has it.
func TestCropUnitIDsReadable(t *testing.T) {
	m, s := opening(t)
	r, err := render.New(m, render.Options{Scale: 1.5, NoLegend: true})
	if err != nil {
		t.Fatal(err)
	}
	counters := s.Rules().Counters
	least, which := 0.0, ""
	for _, c := range counters.All() {
		k := Counter(counters, game.VisibleUnit{ID: c.ID, Side: c.Nation.Side(), Nation: c.Nation, Type: c.Type, Size: c.Size})
		px := r.IDTextPx(k)
		if px == 0 {
			t.Fatalf("%s: no ID drawn in a crop", c.ID)
		}
		if which == "" || px < least {
			least, which = px, k.ID+" ("+c.ID+")"
		}
	}
	t.Logf("%d counters: the smallest ID in a crop at scale 1.5 is %.2f px, %s", counters.Len(), least, which)
	if least < 9 {
		t.Errorf("the ID %s is %.2f px in a crop, under 9 px", which, least)
	}
}
