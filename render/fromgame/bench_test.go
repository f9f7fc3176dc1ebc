package fromgame

import (
	"math/rand/v2"
	"runtime"
	"sync/atomic"
	"testing"
	"time"

	"rtrbot/engine/hex"
	"rtrbot/engine/units"
	"rtrbot/i18n"
	"rtrbot/render"
)

// The whole map with every unit of the opening and the markers, as the
// bot posts it after a segment: copy of the cached base, counters,
// status strip, 256 colours, PNG.
func BenchmarkFullMapWithUnits(b *testing.B) {
	r, v := markedRenderer(b, render.Public, render.Options{})
	benchDraw(b, r, v, nil)
}

// A phone crop around the front (radius 5 at scale 1.5, as /map around:).
func BenchmarkCropWithUnits(b *testing.B) {
	r, v := markedRenderer(b, render.GermanView, render.Options{Scale: 1.5, NoLegend: true})
	benchDraw(b, r, v, &render.Crop{Center: hex.MustParse("3021"), Radius: 5})
}

// markedRenderer is the opening with its markers as viewer sees it, and a
// renderer with o for its map: the setting of the situation benchmarks.
func markedRenderer(b *testing.B, viewer render.Viewer, o render.Options) (*render.Renderer, render.Situation) {
	mk := withMarkers(b)
	r, err := render.New(mk.m, o)
	if err != nil {
		b.Fatal(err)
	}
	return r, mk.view(viewer)
}

// benchDraw draws v (within crop; nil for the whole map) once an
// iteration and reports the size of the PNG.
func benchDraw(b *testing.B, r *render.Renderer, v render.Situation, crop *render.Crop) {
	var n int
	for b.Loop() {
		png, err := r.DrawSituation(&v, crop)
		if err != nil {
			b.Fatal(err)
		}
		n = len(png)
	}
	b.ReportMetric(float64(n), "png-bytes")
}

// fifteenTurns is a synthetic game of 15 turns, 8 segments a turn (both
// players' two movement and combat segments): the opening's stacks, each
// segment a third of one side's stacks stepping one hex, with trails.
func fifteenTurns(b *testing.B) []render.Situation { return fifteenTurnsT(b) }

func fifteenTurnsT(b testing.TB) []render.Situation {
	_, s := opening(b)
	start := For(s, nil, render.Public)
	rng := rand.New(rand.NewPCG(15, 8))
	stacks := start.Stacks
	var out []render.Situation
	for turn := 1; turn <= 15; turn++ {
		for seg := 0; seg < 8; seg++ {
			side := units.Side(seg / 4)
			next := append([]render.Stack(nil), stacks...)
			var moves []render.Move
			for i := range next {
				if next[i].Side != side || rng.IntN(3) != 0 {
					continue
				}
				to := next[i].At.Neighbors()[rng.IntN(6)]
				moves = append(moves, render.Move{Side: side, Path: []hex.Hex{next[i].At, to}})
				next[i].At = to
			}
			stacks = next
			v := start
			v.Turn, v.Stacks, v.Moves = turn, stacks, moves
			v.Segment = i18n.T("segment", "セグメント")
			v.ToMove = side
			out = append(out, v)
		}
	}
	return out
}

// The replay of a whole game: 120 frames (15 turns of 8 segments), the
// whole map at scale 0.5.
func BenchmarkReplay15Turns(b *testing.B) {
	m, _ := opening(b)
	frames := fifteenTurns(b)
	r, err := render.New(m, render.Options{Scale: 0.5, NoLegend: true})
	if err != nil {
		b.Fatal(err)
	}
	// The live heap is sampled while the replay is drawn: it should stay
	// near two whole frames, whatever the game's length.
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	base := ms.HeapAlloc
	var peak atomic.Uint64
	stop := make(chan struct{})
	done := make(chan struct{})
	go func() {
		defer close(done)
		t := time.NewTicker(25 * time.Millisecond)
		defer t.Stop()
		for {
			select {
			case <-stop:
				return
			case <-t.C:
				var m runtime.MemStats
				runtime.ReadMemStats(&m)
				if m.HeapAlloc > base && m.HeapAlloc-base > peak.Load() {
					peak.Store(m.HeapAlloc - base)
				}
			}
		}
	}()
	var n int
	for b.Loop() {
		var out countingWriter
		if err := r.WriteReplay(&out, frames, render.ReplayOptions{}); err != nil {
			b.Fatal(err)
		}
		n = int(out)
	}
	close(stop)
	<-done
	b.ReportMetric(float64(n), "gif-bytes")
	b.ReportMetric(float64(len(frames)), "frames")
	b.ReportMetric(float64(peak.Load())/(1<<20), "peak-heap-MB")
}

// countingWriter counts the bytes written and keeps none: the replay's
// memory, not the file's, is what the benchmark watches.
type countingWriter int

func (c *countingWriter) Write(p []byte) (int, error) {
	*c += countingWriter(len(p))
	return len(p), nil
}

// The whole map's drawing alone (copy of the cached base, counters,
// markers, status strip), without the 256-colour reduction and the PNG
// encoding: what redrawing only the changed hexes could save at most.
func BenchmarkFullMapDrawingOnly(b *testing.B) {
	r, v := markedRenderer(b, render.Public, render.Options{})
	for b.Loop() {
		if _, err := r.SituationImage(&v, nil); err != nil {
			b.Fatal(err)
		}
	}
}
