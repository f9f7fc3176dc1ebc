package render

import (
	"bytes"
	"strconv"
	"testing"

	"rtrbot/engine/board"
)

// benchMap is the real embedded map, or the sample map until it exists.
func benchMap(b *testing.B) *board.Map {
	m, err := board.Default()
	if err != nil {
		b.Logf("embedded map not available (%v): benchmarking the sample map", err)
		return sampleMap()
	}
	return m
}

// New: parse the font and draw the whole base picture (done once per
// renderer; this is the cost of a full draw without the cache).
func BenchmarkNewBase(b *testing.B) {
	m := benchMap(b)
	for b.Loop() {
		if _, err := New(m, Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

// Full map as /map posts it before a game adds layers: the PNG is
// encoded once per renderer and copied.
func BenchmarkDrawFullCached(b *testing.B) {
	r := newRenderer(b, benchMap(b), Options{})
	benchDraw(b, r, Frame{})
	w, h := r.Layout().Size()
	b.ReportMetric(float64(w*h), "pixels")
}

// Full map with a layer over the cached base, PNG included: what a map
// after every segment will cost (copy, layers, 256 colours, encode).
func BenchmarkDrawFullWithLayer(b *testing.B) {
	r := newRenderer(b, benchMap(b), Options{})
	dot := LayerFunc(func(c *Canvas) { c.DrawCircle(100, 100, 10); c.Fill() })
	benchDraw(b, r, Frame{Layers: []Layer{dot}})
}

// Full map from the cached base without encoding: the copy and layers.
func BenchmarkImageFull(b *testing.B) {
	r := newRenderer(b, benchMap(b), Options{})
	for b.Loop() {
		if _, err := r.Image(Frame{}); err != nil {
			b.Fatal(err)
		}
	}
}

// Reducing the full map to 256 colours alone (part of EncodePNG).
func BenchmarkPalettizeFull(b *testing.B) {
	r := newRenderer(b, benchMap(b), Options{})
	img, _ := r.Image(Frame{})
	for b.Loop() {
		palettize(img)
	}
}

// PNG encoding of the full map alone (256 colours, then deflate).
func BenchmarkEncodePNGFull(b *testing.B) {
	r := newRenderer(b, benchMap(b), Options{})
	img, _ := r.Image(Frame{})
	for b.Loop() {
		if _, err := EncodePNG(img); err != nil {
			b.Fatal(err)
		}
	}
}

// A phone-sized crop (radius 5 at scale 1.5), PNG included.
func BenchmarkDrawCrop(b *testing.B) {
	m := benchMap(b)
	r := newRenderer(b, m, Options{Scale: 1.5, NoLegend: true})
	hexes := m.Hexes()
	centre := hexes[len(hexes)/2].At
	benchDraw(b, r, Frame{Crop: &Crop{Center: centre, Radius: 5}})
}

// The fixed palette's mapping of the whole map (encode.go), against
// palettize's per-picture palette above.
func BenchmarkFixedPaletteFull(b *testing.B) {
	r := newRenderer(b, benchMap(b), Options{})
	img, _ := r.Image(Frame{})
	fp := r.palette()
	for b.Loop() {
		fp.paletted(img)
	}
}

// writePNG at each zlib level on the whole map in the fixed palette:
// time and bytes, to choose pngLevel.
func BenchmarkWritePNGLevels(b *testing.B) {
	r := newRenderer(b, benchMap(b), Options{})
	img, _ := r.Image(Frame{})
	p := r.palette().paletted(img)
	for _, level := range []int{1, 2, 3, 4, 6} {
		b.Run(strconv.Itoa(level), func(b *testing.B) {
			var n int
			for b.Loop() {
				var buf bytes.Buffer
				if err := writePNG(&buf, p, level); err != nil {
					b.Fatal(err)
				}
				n = buf.Len()
			}
			b.ReportMetric(float64(n), "png-bytes")
		})
	}
}

// benchDraw draws f with r once an iteration and reports the size of the PNG.
func benchDraw(b *testing.B, r *Renderer, f Frame) {
	var n int
	for b.Loop() {
		png, err := r.Draw(f)
		if err != nil {
			b.Fatal(err)
		}
		n = len(png)
	}
	b.ReportMetric(float64(n), "png-bytes")
}
