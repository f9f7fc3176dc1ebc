package render

import (
	"bytes"
	"fmt"
	"image"
	"image/draw"
	"image/gif"
	"math/rand/v2"
	"testing"

	"rtrbot/engine/hex"
	"rtrbot/engine/units"
	"rtrbot/i18n"
)

// every counter kind the game has, one of each type for a nation that
// fields it (units/data/types.tsv), with made-up values.
func allKinds() []Counter {
	return []Counter{
		{Nation: units.DE, Type: units.Assault, Size: Corps, ID: "III", Attack: 8, Defence: 6, Move: 4, Trench: 10},
		{Nation: units.BY, Type: units.Active, Size: Corps, ID: "I B", Attack: 6, Defence: 6, Move: 4, Trench: 10},
		{Nation: units.DE, Type: units.Reserve, Size: Division, ID: "30R", Attack: 2, Defence: 2, Move: 4, Trench: 3},
		{Nation: units.DE, Type: units.Landwehr, Size: Division, ID: "LW5", Attack: 1, Defence: 2, Move: 3, Trench: 3},
		{Nation: units.DE, Type: units.Siege, Size: Division, ID: "S2", Attack: 0, Defence: 1, Move: 2},
		{Nation: units.DE, Type: units.HQ, Size: Army, ID: "1A", Attack: 0, Defence: 1, Move: 3},
		{Nation: units.DE, Type: units.Armoured, Size: Division, ID: "PK2", Attack: 1, Defence: 1, Move: 10},
		{Nation: units.DE, Type: units.Light, Size: Brigade, ID: "J", Attack: 2, Defence: 2, Move: 4, Trench: 3},
		{Nation: units.AH, Type: units.Siege, Size: Division, ID: "M", Attack: 0, Defence: 1, Move: 2},
		{Nation: units.IT, Type: units.Active, Size: Corps, ID: "I", Attack: 4, Defence: 4, Move: 4, Trench: 6},
		{Nation: units.FR, Type: units.Active, Size: Corps, ID: "XX", Attack: 6, Defence: 6, Move: 4, Trench: 10, Entrenched: true},
		{Nation: units.FR, Type: units.Landwehr, Size: Division, ID: "84T", Attack: 1, Defence: 2, Move: 3, Trench: 3, OutOfCommand: true},
		{Nation: units.FR, Type: units.Cavalry, Size: Division, ID: "10C", Attack: 1, Defence: 1, Move: 8},
		{Nation: units.FR, Type: units.Dismounted, Size: Division, ID: "1D", Attack: 1, Defence: 2, Move: 4, Trench: 3},
		{Nation: units.FR, Type: units.Marine, Size: Brigade, ID: "FM", Attack: 1, Defence: 2, Move: 4, Trench: 3},
		{Nation: units.GB, Type: units.Active, Size: Corps, ID: "I", Attack: 6, Defence: 8, Move: 4, Trench: 12},
		{Nation: units.GB, Type: units.Marine, Size: Division, ID: "RND", Attack: 1, Defence: 2, Move: 4, Trench: 3},
		{Nation: units.BE, Type: units.Infantry, Size: Division, ID: "2", Attack: 2, Defence: 3, Move: 4, Trench: 5},
		{Nation: units.NL, Type: units.Infantry, Size: Division, ID: "3", Attack: 2, Defence: 2, Move: 4, Trench: 3},
		{Hidden: true, Nation: units.DE},
	}
}

// sampleSituation puts every kind of counter on the sample map, one a
// hex, with stacks of two and four, a hidden stack, and one of every
// marker.
func sampleSituation() Situation {
	s := Situation{Viewer: GermanView, Turn: 3, Turns: 16, TurnName: i18n.T("Aug III", "8月III"),
		Segment: i18n.T("German combat, 1st impulse", "独軍 第1インパルス 戦闘セグメント"), ToMove: units.German, VP: [2]int{4, 9}, NavalHeld: 1,
		First: 2, Last: 8, BadWeather: true}
	for _, m := range [][2]string{{"Aug", "8月"}, {"Sep", "9月"}, {"Oct", "10月"}, {"Nov", "11月"}} {
		for w := 0; w < 4; w++ {
			s.Months = append(s.Months, i18n.T(m[0], m[1]))
		}
	}
	i := 0
	for c := 2; c <= 11 && i < len(allKinds()); c += 2 {
		for r := 2; r <= 12 && i < len(allKinds()); r += 3 {
			k := allKinds()[i]
			s.Stacks = append(s.Stacks, Stack{At: hex.New(c, r), Side: k.Nation.Side(), Units: []Counter{k}})
			i++
		}
	}
	k := allKinds()
	s.Stacks = append(s.Stacks,
		Stack{At: hex.New(1, 13), Side: units.German, Units: []Counter{k[0], k[2], k[3], k[5]}},
		Stack{At: hex.New(1, 10), Side: units.Allied, Units: []Counter{k[15], {Hidden: true, Nation: units.GB}, {Hidden: true, Nation: units.FR}}},
	)
	s.Russia = []Counter{k[0], k[1]}
	s.Destroyed = []hex.Hex{hex.New(9, 9)}
	s.Naval = []hex.Hex{hex.New(9, 5)}
	s.Combats = []Combat{{Attackers: []hex.Hex{hex.New(2, 13), hex.New(1, 12)}, Defender: hex.New(1, 13), Odds: "2:1", Result: "DR"}}
	s.Moves = []Move{{Side: units.German, Path: []hex.Hex{hex.New(5, 13), hex.New(4, 13), hex.New(3, 13), hex.New(2, 13)}}, {Side: units.Allied, Path: []hex.Hex{hex.New(6, 2), hex.New(6, 6)}, Rail: true}}
	sel := hex.New(4, 8)
	s.Selected = &sel
	for _, h := range hex.Within(sel, 1) {
		if h != sel {
			s.Destinations = append(s.Destinations, Destination{At: h, Cost: 1 + h.Row%3})
		}
	}
	s.Destinations = append(s.Destinations, Destination{At: hex.New(6, 9), Rail: true}, Destination{At: hex.New(6, 10), Rail: true})
	return s
}

// Every counter kind, nation and marker on the sample map, whole and as
// a phone crop: the renderer's own golden, independent of the game data.
func TestGoldenSampleSituation(t *testing.T) {
	s := sampleSituation()
	en := newRenderer(t, sampleMap(), Options{})
	big := newRenderer(t, sampleMap(), Options{Scale: 2, NoLegend: true, Lang: i18n.JA})
	for _, c := range []struct {
		name string
		r    *Renderer
		crop *Crop
	}{
		{"sample-situation.png", en, nil},
		{"sample-situation-crop-ja.png", big, &Crop{Center: hex.New(5, 8), Radius: 4}},
	} {
		t.Run(c.name, func(t *testing.T) {
			png, err := c.r.DrawSituation(&s, c.crop)
			if err != nil {
				t.Fatal(err)
			}
			checkGolden(t, c.name, png)
		})
	}
}

// A hidden counter draws nothing of what it hides: the same stack with a
// different hidden counter under the top one makes the same picture, and
// the picture differs once the counter is known (14.1).
func TestHiddenCounterDrawsOnlyItsNation(t *testing.T) {
	r := newRenderer(t, sampleMap(), Options{Scale: 1.5, NoLegend: true})
	k := allKinds()
	draw := func(under Counter) []byte {
		s := Situation{Stacks: []Stack{{At: hex.New(5, 5), Side: units.German, Units: []Counter{k[0], under}}}}
		png, err := r.DrawSituation(&s, &Crop{Center: hex.New(5, 5), Radius: 1})
		if err != nil {
			t.Fatal(err)
		}
		return png
	}
	a := draw(Counter{Hidden: true, Nation: units.DE})
	if !bytes.Equal(a, draw(Counter{Hidden: true, Nation: units.DE})) {
		t.Fatal("the same situation drew two different pictures")
	}
	if bytes.Equal(a, draw(k[2])) {
		t.Error("a known counter under the top one draws the same as a hidden one: the private view would show nothing more")
	}
	if bytes.Equal(a, draw(Counter{Hidden: true, Nation: units.AH})) {
		t.Error("the nationality of a hidden counter does not show on the stack's edge")
	}
}

func TestFrontCrop(t *testing.T) {
	s := Situation{Stacks: []Stack{
		{At: hex.New(10, 10), Side: units.German, Units: []Counter{{Nation: units.DE}}},
		{At: hex.New(10, 11), Side: units.Allied, Units: []Counter{{Nation: units.FR}}},
		{At: hex.New(2, 2), Side: units.Allied, Units: []Counter{{Nation: units.FR}}},
	}}
	c := FrontCrop(&s, 8)
	if c == nil || hex.Distance(c.Center, hex.New(10, 10)) > 1 || c.Radius != 3 {
		t.Errorf("front crop %+v, want around 1010/1011 with radius 3 (the units in contact, not the lone one at 0202)", c)
	}
	s.Stacks = s.Stacks[2:]
	if c := FrontCrop(&s, 8); c == nil || c.Center != hex.New(2, 2) {
		t.Errorf("with no contact the crop holds every unit, got %+v", c)
	}
	if c := FrontCrop(&Situation{}, 8); c != nil {
		t.Errorf("no units: want no crop (the whole map), got %+v", c)
	}
}

// syntheticGame is n segments of a made-up game on the sample map: a few
// stacks of each side wandering one hex a segment.
func syntheticGame(n int) []Situation {
	rng := rand.New(rand.NewPCG(1, 2))
	k := allKinds()
	at := []hex.Hex{hex.New(3, 3), hex.New(4, 6), hex.New(6, 9), hex.New(8, 3), hex.New(9, 7), hex.New(10, 11)}
	var out []Situation
	for i := 0; i < n; i++ {
		s := Situation{Turn: 1 + i/8, Turns: 16, Segment: i18n.T(fmt.Sprintf("segment %d", i%8+1), fmt.Sprintf("セグメント %d", i%8+1)), VP: [2]int{i / 3, i / 4}}
		for j := range at {
			from := at[j]
			nb := from.Neighbors()[rng.IntN(6)]
			if nb.Col >= 1 && nb.Col <= 12 && nb.Row >= 1 && nb.Row <= 14 {
				at[j] = nb
				s.Moves = append(s.Moves, Move{Side: units.Side(j % 2), Path: []hex.Hex{from, nb}})
			}
			c := k[j*3%len(k)]
			s.Stacks = append(s.Stacks, Stack{At: at[j], Side: c.Nation.Side(), Units: []Counter{c}})
		}
		out = append(out, s)
	}
	return out
}

// The replay is a GIF with one frame a segment, each frame only the part
// that changed, and the whole picture's size.
func TestReplay(t *testing.T) {
	r := newRenderer(t, sampleMap(), Options{Scale: 0.6, NoLegend: true})
	frames := syntheticGame(12)
	b, err := r.Replay(frames, ReplayOptions{})
	if err != nil {
		t.Fatal(err)
	}
	g, err := gif.DecodeAll(bytes.NewReader(b))
	if err != nil {
		t.Fatalf("the replay does not decode as GIF: %v", err)
	}
	if len(g.Image) != len(frames) {
		t.Errorf("%d frames, want %d (one a segment)", len(g.Image), len(frames))
	}
	first, err := r.SituationImage(&frames[0], nil)
	if err != nil {
		t.Fatal(err)
	}
	w, h := first.Bounds().Dx(), first.Bounds().Dy()
	if g.Config.Width != w || g.Config.Height != h {
		t.Errorf("replay is %dx%d, want the picture's %dx%d", g.Config.Width, g.Config.Height, w, h)
	}
	smaller := 0
	for _, im := range g.Image[1:] {
		if im.Bounds().Dx()*im.Bounds().Dy() < w*h {
			smaller++
		}
	}
	if smaller == 0 {
		t.Error("every frame holds the whole picture: frames should hold only what changed")
	}
	if g.LoopCount != 0 || g.Delay[0] != 80 || g.Delay[len(g.Delay)-1] != 400 {
		t.Errorf("loop %d, delays %d..%d: want loop forever, 0.8 s a frame, 4 s the last", g.LoopCount, g.Delay[0], g.Delay[len(g.Delay)-1])
	}
	// Played to its end, the animation shows the last situation: every
	// frame drawn over the one before gives the picture of the last
	// segment (up to the 256-colour rounding of antialiased edges).
	screen := image.NewRGBA(image.Rect(0, 0, w, h))
	for _, im := range g.Image {
		draw.Draw(screen, im.Bounds(), im, im.Bounds().Min, draw.Over)
	}
	last, err := r.SituationImage(&frames[len(frames)-1], nil)
	if err != nil {
		t.Fatal(err)
	}
	off := 0
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			r1, g1, b1, _ := screen.At(x, y).RGBA()
			r2, g2, b2, _ := last.At(x, y).RGBA()
			if max(diff8(r1, r2), diff8(g1, g2), diff8(b1, b2)) > 48 {
				off++
			}
		}
	}
	if off > w*h/200 {
		t.Errorf("the replay's last screen differs from the last situation in %d of %d pixels", off, w*h)
	}
	if _, err := r.Replay(nil, ReplayOptions{}); err == nil {
		t.Error("a replay of no situation should be refused")
	}
	t.Logf("replay of %d segments: %d bytes", len(frames), len(b))
}
