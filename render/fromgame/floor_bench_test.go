package fromgame

import (
	"bytes"
	"image"
	"image/png"
	"io"
	"sort"
	"testing"
	"time"

	"rtrbot/render"
)

// BenchmarkFloorPNGEncode is the floor of BenchmarkFullMapWithUnits:
// image/png encoding, with its defaults, the very picture that benchmark
// draws (decoded once, outside the timer). Figures are quoted as the
// ratio of the two, measured in the same run (docs/benchmarks.md).
func BenchmarkFloorPNGEncode(b *testing.B) {
	_, _, _, img := fullMapPicture(b)
	for b.Loop() {
		if err := png.Encode(io.Discard, img); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkFullMapVsFloor runs BenchmarkFullMapWithUnits's work and its
// floor's alternately, one of each per iteration, and reports the ratio
// of their total times: on a shared machine the load then weighs on both
// alike, which two benchmarks run one after the other cannot promise.
// The goal is a ratio of at most 1.5 (docs/performance.md).
func BenchmarkFullMapVsFloor(b *testing.B) {
	r, v, data, img := fullMapPicture(b)
	var mapT, floorT time.Duration
	var ratios []float64
	for b.Loop() {
		t0 := time.Now()
		if _, err := r.DrawSituation(&v, nil); err != nil {
			b.Fatal(err)
		}
		t1 := time.Now()
		if err := png.Encode(io.Discard, img); err != nil {
			b.Fatal(err)
		}
		mapT += t1.Sub(t0)
		floorT += time.Since(t1)
		ratios = append(ratios, float64(t1.Sub(t0))/float64(time.Since(t1)))
	}
	// The ratio of the totals, and the median of the iterations' ratios,
	// which a burst of load on one of the two moves least.
	sort.Float64s(ratios)
	b.ReportMetric(float64(mapT)/float64(floorT), "ratio")
	b.ReportMetric(ratios[len(ratios)/2], "median-ratio")
	b.ReportMetric(float64(len(data)), "png-bytes")
}

// fullMapPicture is BenchmarkFullMapWithUnits's renderer and situation,
// the PNG it draws and that PNG decoded: what the floor is measured on.
func fullMapPicture(b *testing.B) (*render.Renderer, render.Situation, []byte, image.Image) {
	r, v := markedRenderer(b, render.Public, render.Options{})
	data, err := r.DrawSituation(&v, nil)
	if err != nil {
		b.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		b.Fatal(err)
	}
	return r, v, data, img
}
