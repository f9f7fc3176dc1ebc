package fromgame

import (
	"bytes"
	"image/png"
	"io"
	"testing"

	"rtrbot/render"
)

// BenchmarkFloorPNGEncode is the floor of BenchmarkFullMapWithUnits:
// image/png encoding, with its defaults, the very picture that benchmark
// draws (decoded once, outside the timer). Figures are quoted as the
// ratio of the two, measured in the same run (docs/benchmarks.md).
func BenchmarkFloorPNGEncode(b *testing.B) {
	mk := withMarkers(b)
	m, v := mk.m, mk.view(render.Public)
	r, err := render.New(m, render.Options{})
	if err != nil {
		b.Fatal(err)
	}
	data, err := r.DrawSituation(&v, nil)
	if err != nil {
		b.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if err := png.Encode(io.Discard, img); err != nil {
			b.Fatal(err)
		}
	}
}
