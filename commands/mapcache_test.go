package commands

import (
	"bytes"
	"errors"
	"fmt"
	"sync"
	"testing"

	"rtrbot/actor"
	"rtrbot/i18n"
	"rtrbot/render"
	"rtrbot/render/fromgame"
)

func testKey(n int) mapKey { return mapKey{lang: i18n.EN, kind: fmt.Sprint("k", n)} }

// One picture asked by many at once is drawn once and shared; another is
// drawn apart; a failed drawing is not kept; a panicking one leaves its
// waiters an error; the least lately used goes first when the bound is
// reached.
func TestMapCacheDrawsOnce(t *testing.T) {
	var c mapCache
	release := make(chan struct{})
	var calls sync.WaitGroup
	got := make([][]byte, 8)
	for i := range got {
		calls.Add(1)
		go func() {
			defer calls.Done()
			got[i], _ = c.picture(testKey(1), func() ([]byte, error) {
				<-release // the others ask while this one draws
				return []byte("picture one"), nil
			})
		}()
	}
	close(release)
	calls.Wait()
	if c.drawn.Load() != 1 || c.reused.Load() != 7 {
		t.Errorf("8 asked at once: drawn %d, reused %d; want 1 and 7", c.drawn.Load(), c.reused.Load())
	}
	for _, p := range got {
		if string(p) != "picture one" {
			t.Fatalf("a caller got %q", p)
		}
	}
	if p, _ := c.picture(testKey(2), func() ([]byte, error) { return []byte("two"), nil }); string(p) != "two" || c.drawn.Load() != 2 {
		t.Errorf("another key: %q, drawn %d", p, c.drawn.Load())
	}
	fail := errors.New("no")
	for range 2 {
		if _, err := c.picture(testKey(3), func() ([]byte, error) { return nil, fail }); err != fail {
			t.Errorf("failed drawing: %v", err)
		}
	}
	if c.drawn.Load() != 4 {
		t.Errorf("a failed drawing was kept: drawn %d, want 4", c.drawn.Load())
	}
	func() {
		defer func() {
			if recover() == nil {
				t.Error("the drawing's panic was swallowed")
			}
		}()
		c.picture(testKey(4), func() ([]byte, error) { panic("drawing bug") })
	}()
	if _, err := c.picture(testKey(4), func() ([]byte, error) { return []byte("four"), nil }); err != nil {
		t.Errorf("after a panic: %v", err)
	}

	small := mapCache{maxBytes: 10}
	put := func(n int) { small.picture(testKey(n), func() ([]byte, error) { return []byte("abcd"), nil }) }
	put(1)
	put(2)
	put(1) // 1 used last: 2 goes first
	put(3)
	if small.bytes > 10 || len(small.byKey) != 2 {
		t.Fatalf("bound: %d bytes in %d entries", small.bytes, len(small.byKey))
	}
	if _, ok := small.byKey[testKey(2)]; ok {
		t.Error("the least lately used picture was kept")
	}
	if _, ok := small.byKey[testKey(1)]; !ok {
		t.Error("the picture used last was dropped")
	}
	small.picture(testKey(9), func() ([]byte, error) { return make([]byte, 11), nil })
	if _, ok := small.byKey[testKey(9)]; ok {
		t.Error("a picture over the whole bound was kept")
	}
}

// /map asked twice for the same game position draws its pictures once:
// the second answer's files are the first's bytes. Another view draws
// anew; so does the position after an order.
func TestMapDrawnOnceForSamePosition(t *testing.T) {
	b := mapGameBot(t)
	before := b.maps.drawn.Load()
	first := mapIn(b, "c", map[string]string{}).Messages[0]
	drawn := b.maps.drawn.Load() - before
	if drawn < 3 || len(first.Files) < 3 {
		t.Fatalf("first /map: %d pictures drawn, %d files", drawn, len(first.Files))
	}
	second := mapIn(b, "c", map[string]string{}).Messages[0]
	if again := b.maps.drawn.Load() - before; again != drawn {
		t.Errorf("the same /map drew %d more pictures", again-drawn)
	}
	if len(second.Files) != len(first.Files) {
		t.Fatalf("second /map: %d files, first %d", len(second.Files), len(first.Files))
	}
	for i := range first.Files {
		if !bytes.Equal(first.Files[i].Data, second.Files[i].Data) {
			t.Errorf("file %s differs between the two answers", first.Files[i].Name)
		}
	}
	mine := mapIn(b, "c", map[string]string{"view": "mine"})
	if len(mine.Messages) == 0 || b.maps.drawn.Load()-before == drawn {
		t.Error("the private view was not drawn: it was given another view's picture")
	}
	g := peek(b, "c")
	c := g.State.Actors()[0]
	ds, _ := g.State.Destinations(c)
	n := b.maps.drawn.Load()
	resp := b.Router.Run(t.Context(), &Request{Path: "move", Options: map[string]string{"unit": c.ID, "to": ds[len(ds)-1].To.String()}, Channel: "c", Lang: i18n.EN, User: actor.Actor{ID: "u1", Name: "Ann"}})
	if peek(b, "c").State.Orders == g.State.Orders {
		t.Fatalf("the move was not played: %+v", resp.Messages)
	}
	after := mapIn(b, "c", map[string]string{}).Messages[0]
	if b.maps.drawn.Load() == n || bytes.Equal(after.Files[0].Data, first.Files[0].Data) {
		t.Error("the position after a move was given the old picture")
	}
}

// A whole public map drawn, and the same asked again through the cache
// (the situation's digest and a lookup; drawn once before the timing, so
// "drawn" stays 1). ns/op of "cached" against "draw" is what a picture
// asked again costs against drawing it.
func BenchmarkMapCache(b *testing.B) {
	bot := mapGameBot(b)
	s := peek(bot, "c").State
	sit := fromgame.For(s, nil, render.Public)
	r, err := bot.pics.renderer(bot.Map, i18n.EN, false)
	if err != nil {
		b.Fatal(err)
	}
	draw := func() ([]byte, error) { return r.DrawSituation(&sit, nil) }
	b.Run("draw", func(b *testing.B) {
		for b.Loop() {
			if _, err := draw(); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("cached", func(b *testing.B) {
		var c mapCache
		if _, err := c.situation(bot.Map, i18n.EN, "situation", &sit, nil, draw); err != nil { // drawn once, before the timing
			b.Fatal(err)
		}
		for b.Loop() {
			if _, err := c.situation(bot.Map, i18n.EN, "situation", &sit, nil, draw); err != nil {
				b.Fatal(err)
			}
		}
		b.ReportMetric(float64(c.drawn.Load()), "drawn")
	})
}
