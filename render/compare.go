package render

import (
	"bytes"
	"fmt"
	"image"
	"image/png"
)

// Pictures are compared pixel by pixel after decoding: a channel may differ
// by channelTolerance (rounding in antialiasing), and at most
// pixelBudget pixels may differ by more (a stray antialiased edge on
// another CPU). A missing label, symbol or line changes hundreds.
const (
	channelTolerance = 2
	pixelBudget      = 16
)

// SamePicture reports how two PNGs differ, or nil if they are the same
// picture within the tolerance: the comparison of the golden-image tests
// (here and in render/fromgame).
func SamePicture(wantPNG, gotPNG []byte) error {
	want, err := png.Decode(bytes.NewReader(wantPNG))
	if err != nil {
		return fmt.Errorf("golden picture does not decode: %v", err)
	}
	got, err := png.Decode(bytes.NewReader(gotPNG))
	if err != nil {
		return fmt.Errorf("picture drawn does not decode: %v", err)
	}
	if want.Bounds() != got.Bounds() {
		return fmt.Errorf("size %v, want %v", got.Bounds().Size(), want.Bounds().Size())
	}
	return comparePixels(want, got)
}

func comparePixels(want, got image.Image) error {
	b := want.Bounds()
	bad, worst := 0, 0
	var first image.Point
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			r1, g1, b1, a1 := want.At(x, y).RGBA()
			r2, g2, b2, a2 := got.At(x, y).RGBA()
			d := max(diff8(r1, r2), diff8(g1, g2), diff8(b1, b2), diff8(a1, a2))
			if d > channelTolerance {
				if bad == 0 {
					first = image.Pt(x, y)
				}
				bad++
				worst = max(worst, d)
			}
		}
	}
	if bad > pixelBudget {
		return fmt.Errorf("%d pixels differ (by up to %d of 255; first at %v)", bad, worst, first)
	}
	return nil
}

func diff8(a, b uint32) int {
	d := int(a>>8) - int(b>>8)
	if d < 0 {
		return -d
	}
	return d
}
