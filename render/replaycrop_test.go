package render

import (
	"bytes"
	"image/gif"
	"testing"

	"rtrbot/engine/hex"
	"rtrbot/engine/units"
)

// A cropped replay keeps one size: a crop grows to hold its counters whole
// (situationClip), and a frame whose counters reach farther than another's
// must not make a frame of another size.
func TestCroppedReplayOneSize(t *testing.T) {
	r := newRenderer(t, sampleMap(), Options{Scale: 1.5, NoLegend: true})
	crop := Crop{Center: hex.New(5, 5), Radius: 2}
	st := func(h hex.Hex, n int) Stack {
		s := Stack{At: h, Side: units.German}
		for i := 0; i < n; i++ {
			s.Units = append(s.Units, Counter{Nation: units.DE, Type: units.Active, Size: Corps, Attack: 6, Defence: 6, Move: 4})
		}
		return s
	}
	frames := []Situation{
		{Turn: 1, Stacks: []Stack{st(hex.New(5, 5), 1)}},
		{Turn: 1, Stacks: []Stack{st(hex.New(3, 5), 3)}}, // a stack's totals pill at the crop's foot: the crop grows
		{Turn: 2, Stacks: []Stack{st(hex.New(5, 5), 1)}},
	}
	var buf bytes.Buffer
	if err := r.WriteReplay(&buf, frames, ReplayOptions{Crop: &crop}); err != nil {
		t.Fatal(err)
	}
	g, err := gif.DecodeAll(&buf)
	if err != nil {
		t.Fatal(err)
	}
	if len(g.Image) != len(frames) {
		t.Fatalf("%d frames, want %d", len(g.Image), len(frames))
	}
	first := g.Image[0].Bounds()
	if first.Dx() != g.Config.Width || first.Dy() != g.Config.Height {
		t.Errorf("first frame %v, picture %dx%d", first, g.Config.Width, g.Config.Height)
	}
	for i, im := range g.Image {
		if b := im.Bounds(); b.Max.X > g.Config.Width || b.Max.Y > g.Config.Height {
			t.Errorf("frame %d (%v) outside the %dx%d picture", i+1, b, g.Config.Width, g.Config.Height)
		}
	}
	// The same frames one by one: the middle one needs the largest crop.
	one, err := r.SituationImage(&frames[0], &crop)
	if err != nil {
		t.Fatal(err)
	}
	mid, err := r.SituationImage(&frames[1], &crop)
	if err != nil {
		t.Fatal(err)
	}
	if one.Bounds() == mid.Bounds() {
		t.Fatalf("the stack at the crop's foot did not grow the crop (%v): the test proves nothing", mid.Bounds())
	}
	if g.Config.Width < mid.Bounds().Dx() || g.Config.Height < mid.Bounds().Dy() {
		t.Errorf("replay %dx%d smaller than its largest frame %v", g.Config.Width, g.Config.Height, mid.Bounds())
	}
}
