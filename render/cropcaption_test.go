package render

import (
	"image/color"
	"testing"

	"rtrbot/engine/hex"
	"rtrbot/engine/units"
)

// The front crop's caption must not clip the top row of counters. Every
// counter a crop shows at all is shown whole, below the caption band: its
// box lies inside the picture under the band, and the band's pixels over
// the picture's top row are the caption's ground, not a counter's.
func TestCropCaptionClipsNoCounter(t *testing.T) {
	r := newRenderer(t, sampleMap(), Options{Scale: 1.5, NoLegend: true})
	centre := hex.New(5, 5)
	var s Situation
	// Stacks on every hex within 3 of the centre: the crop's edge rows,
	// and the hexes just outside it whose counters reach into it.
	for _, h := range hex.Within(centre, 3) {
		if !r.m.OnMap(h) {
			continue
		}
		side, n := units.German, units.DE
		if (h.Col+h.Row)%2 == 0 {
			side, n = units.Allied, units.FR
		}
		st := Stack{At: h, Side: side, Units: []Counter{{Nation: n, Type: units.Active, Size: Corps, Attack: 6, Defence: 6, Move: 4}}}
		if h.Row%3 == 0 {
			st.Units = append(st.Units, st.Units[0], st.Units[0]) // a stack: edges drawn above the top counter
		}
		s.Stacks = append(s.Stacks, st)
	}
	for _, radius := range []int{1, 2} {
		crop := Crop{Center: centre, Radius: radius}
		img, err := r.SituationImage(&s, &crop)
		if err != nil {
			t.Fatal(err)
		}
		boxes, at := stackBoxesAt(&s, r.layout)
		clip, err := r.situationClip(crop, boxes, at)
		if err != nil {
			t.Fatal(err)
		}
		if clip.Dx() != img.Bounds().Dx() {
			t.Fatalf("radius %d: picture %d px wide, clip %d", radius, img.Bounds().Dx(), clip.Dx())
		}
		bh := bannerHeight(r.layout.R)
		W, H := float64(img.Bounds().Dx()), float64(img.Bounds().Dy())
		bandGround := color.RGBA{0xff, 0xfd, 0xf6, 0xff}
		inCrop := 0
		for i, b := range boxes {
			if hex.Distance(centre, at[i]) > radius {
				continue
			}
			inCrop++
			// The box in the picture's pixels: whole, below the band.
			x0, y0 := b.x0-float64(clip.Min.X), b.y0-float64(clip.Min.Y)+float64(bh)
			x1, y1 := b.x1-float64(clip.Min.X), b.y1-float64(clip.Min.Y)+float64(bh)
			if y0 < float64(bh) {
				t.Errorf("radius %d: the counter box of %s from y %.0f runs under the caption band (0-%d)", radius, at[i], y0, bh)
			}
			if x0 < 0 || x1 > W || y1 > H {
				t.Errorf("radius %d: the counter box of %s (%.0f,%.0f)-(%.0f,%.0f) is cut by the picture's edge (%vx%v)", radius, at[i], x0, y0, x1, y1, W, H)
			}
			// Read back: the counter's top edge is drawn, not the band.
			if c := color.RGBAModel.Convert(img.At(int((x0+x1)/2), int(y0)+3)).(color.RGBA); c == bandGround {
				t.Errorf("radius %d: the top of the counter of %s shows the caption band's ground", radius, at[i])
			}
		}
		if inCrop < 7 {
			t.Errorf("radius %d: only %d counters in the crop", radius, inCrop)
		}
		// No counter at all, of the crop's hexes or beyond, is cut by the
		// band: the picture's first two rows under it are those of the
		// same crop drawn with no counters (river names placed as they
		// are round the counters).
		bare := Situation{Turn: s.Turn}
		drawn := stackBoxes(cropSituation(&s, clip, boxes, at), r.layout)
		bareImg, err := r.imageIn(Frame{Crop: &crop, Layers: r.layers(&bare)}, &clip, bh, drawn)
		if err != nil {
			t.Fatal(err)
		}
		differ := 0
		for x := 0; x < int(W); x++ {
			for _, y := range []int{bh, bh + 1} {
				if img.At(x, y) != bareImg.At(x, y) {
					differ++
				}
			}
		}
		if differ > 0 {
			t.Errorf("radius %d: %d pixels of the picture's top rows differ from the bare crop: a counter is cut by the caption band", radius, differ)
		}
	}
}
