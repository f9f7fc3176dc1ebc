package render

import (
	"bytes"
	"image/color"
	"image/png"
	"math"
	"sync"
	"testing"

	"rtrbot/engine/board"
	"rtrbot/engine/hex"
)

func mustHex(s string) hex.Hex { return hex.MustParse(s) }

// North up (map-grid.md): XX grows upward, YY grows to the right, and even
// XX lines sit half a hex to the right of odd ones.
func TestLayoutNorthUp(t *testing.T) {
	l := Layout{R: 20, Cols: 40, Rows: 34, Margin: 10}
	x11, y11 := l.Center(mustHex("0101"))
	x21, y21 := l.Center(mustHex("0201"))
	x12, y12 := l.Center(mustHex("0102"))
	if !(y21 < y11) {
		t.Errorf("0201 is not above 0101: y %v vs %v", y21, y11)
	}
	if !(x12 > x11) || y12 != y11 {
		t.Errorf("0102 is not right of 0101 on the same line: (%v,%v) vs (%v,%v)", x12, y12, x11, y11)
	}
	if d := x21 - x11; math.Abs(d-l.W()/2) > 1e-9 {
		t.Errorf("even line 02 is shifted %v, want half a hex (%v)", d, l.W()/2)
	}
	// Every neighbour the grid names (even-q table of map-grid.md) is drawn
	// touching: centres exactly one hex width apart.
	for _, h := range []hex.Hex{mustHex("1804"), mustHex("1905"), mustHex("3517"), mustHex("3616")} {
		hx, hy := l.Center(h)
		for _, n := range h.Neighbors() {
			nx, ny := l.Center(n)
			if d := math.Hypot(nx-hx, ny-hy); math.Abs(d-l.W()) > 1e-9 {
				t.Errorf("%s and its neighbour %s are %v apart, want %v", h, n, d, l.W())
			}
		}
	}
	// Paris (1804, 1805, 1905) and Antwerp (3517, 3616) are drawn as
	// touching hexes, as the rules require.
	for _, p := range [][2]string{{"1804", "1805"}, {"1804", "1905"}, {"1805", "1905"}, {"3517", "3616"}} {
		ax, ay := l.Center(mustHex(p[0]))
		bx, by := l.Center(mustHex(p[1]))
		if d := math.Hypot(ax-bx, ay-by); math.Abs(d-l.W()) > 1e-9 {
			t.Errorf("%s and %s are not drawn touching (%v apart)", p[0], p[1], d)
		}
	}
}

// A hexside is drawn between two corners that both hexes share.
func TestSideEndsAreSharedCorners(t *testing.T) {
	l := Layout{R: 20, Cols: 40, Rows: 34, Margin: 10}
	h := mustHex("1804")
	for _, n := range h.Neighbors() {
		x1, y1, x2, y2 := l.SideEnds(h, n)
		for _, end := range [][2]float64{{x1, y1}, {x2, y2}} {
			for _, owner := range []hex.Hex{h, n} {
				found := false
				for _, c := range l.Corners(owner) {
					if math.Hypot(c[0]-end[0], c[1]-end[1]) < 1e-6 {
						found = true
					}
				}
				if !found {
					t.Errorf("side %s/%s end %v is not a corner of %s", h, n, end, owner)
				}
			}
		}
	}
}

// The embedded font has every letter of the map's names and Japanese for
// labels.
func TestFontCoverage(t *testing.T) {
	tf, err := parseTypeface()
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{
		"Liège Saarbrücken Épinal 's-Hertogenbosch Châlons Orléans Zürich Besançon",
		"é è ê ë à â ç ô û ü ö ä ß É È Ç Ü Ö Ä ’ — –",
		"ひらがな カタカナ 要塞 鉄道 河川 都市 平地 荒地 山岳 森林 湿地 海 国境 中立 独軍 仏軍 英軍 白軍",
	} {
		if miss := tf.Missing(s); len(miss) > 0 {
			t.Errorf("the embedded font has no glyph for %q (in %q)", string(miss), s)
		}
	}
	// The check itself can fail: a private-use code point is missing.
	if miss := tf.Missing("\ue000"); len(miss) != 1 {
		t.Errorf("Missing did not report U+E000 as missing")
	}
}

func TestNewRejectsBadInput(t *testing.T) {
	if _, err := New(nil, Options{}); err == nil {
		t.Error("New(nil) gave no error")
	}
	if _, err := New(board.NewMap(0, 0, nil, nil, nil), Options{}); err == nil {
		t.Error("New of an empty map gave no error")
	}
	if _, err := New(sampleMap(), Options{Scale: 10}); err == nil {
		t.Error("scale 10 gave no error")
	}
}

func TestCrop(t *testing.T) {
	r := newRenderer(t, sampleMap(), Options{NoLegend: true})
	img, err := r.Image(Frame{Crop: &Crop{Center: mustHex("0707"), Radius: 2}})
	if err != nil {
		t.Fatal(err)
	}
	// five hexes across (radius 2), plus a little paper
	W := r.Layout().W()
	if w := float64(img.Bounds().Dx()); w < 4*W || w > 6.5*W {
		t.Errorf("crop of radius 2 is %v px wide, want about 5 hexes (%v px)", w, 5*W)
	}
	for _, c := range []Crop{{Center: mustHex("9999"), Radius: 2}, {Center: mustHex("0707"), Radius: -1}} {
		if _, err := r.Image(Frame{Crop: &c}); err == nil {
			t.Errorf("crop %+v gave no error", c)
		}
	}
	// A crop at the map's corner is clipped to the picture, not an error.
	if _, err := r.Image(Frame{Crop: &Crop{Center: mustHex("0101"), Radius: 4}}); err != nil {
		t.Errorf("corner crop: %v", err)
	}
}

// Layers draw over the base in whole-map coordinates, also in a crop, and
// never change the cached base.
func TestLayersDrawOverCachedBase(t *testing.T) {
	r := newRenderer(t, sampleMap(), Options{})
	before, _ := r.Draw(Frame{})
	red := color.RGBA{0xff, 0, 0, 0xff}
	target := mustHex("0707")
	dot := LayerFunc(func(c *Canvas) {
		x, y := c.Layout.Center(target)
		c.HexPath(mustHex("0708"))
		c.SetColor(color.NRGBA{0, 0xff, 0, 0x60})
		c.Fill()
		c.SetColor(red)
		c.DrawCircle(x, y, 6)
		c.Fill()
		c.Text("第1軍団", x, y+20, 12, 0.5, 0.5, true, red)
	})
	for _, crop := range []*Crop{nil, {Center: target, Radius: 2}} {
		img, err := r.Image(Frame{Crop: crop, Layers: []Layer{dot}})
		if err != nil {
			t.Fatal(err)
		}
		x, y := r.Layout().Center(target)
		if crop != nil {
			rect, _ := r.cropRect(*crop)
			x -= float64(rect.Min.X)
			y -= float64(rect.Min.Y)
		}
		if got := img.RGBAAt(int(x), int(y)); got != red {
			t.Errorf("crop %v: layer dot not at the hex centre: pixel is %v", crop, got)
		}
		// the highlighted neighbour is greener than the base there
		hx, hy := r.Layout().Center(mustHex("0708"))
		hx, hy = hx+x-r.layoutX(target), hy+y-r.layoutY(target)
		base := r.base.RGBAAt(int(r.layoutX(mustHex("0708"))), int(r.layoutY(mustHex("0708"))))
		if got := img.RGBAAt(int(hx), int(hy)); got.G <= base.G || got.R >= base.R {
			t.Errorf("crop %v: hex 0708 not highlighted: %v over base %v", crop, got, base)
		}
	}
	after, _ := r.Draw(Frame{})
	if !bytes.Equal(before, after) {
		t.Error("drawing a layer changed the cached base picture")
	}
}

func (r *Renderer) layoutX(h hex.Hex) float64 { x, _ := r.layout.Center(h); return x }
func (r *Renderer) layoutY(h hex.Hex) float64 { _, y := r.layout.Center(h); return y }

// Focus outlines its hexes in red just inside each hexside; the hex centre
// keeps its colour.
func TestFocusOutline(t *testing.T) {
	r := newRenderer(t, sampleMap(), Options{NoLegend: true})
	h := mustHex("0305")
	img, err := r.Image(Frame{Layers: []Layer{Focus(h)}})
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range h.Neighbors() {
		x1, y1, x2, y2 := r.layout.SideEnds(h, n)
		cx, cy := r.layout.Center(h)
		mx, my := cx+((x1+x2)/2-cx)*0.88, cy+((y1+y2)/2-cy)*0.88
		p := img.RGBAAt(int(math.Round(mx)), int(math.Round(my)))
		if !(p.R > 180 && p.G < 120 && p.B < 120) {
			t.Errorf("side %s/%s is not outlined red: %v", h, n, p)
		}
	}
	cx, cy := r.layout.Center(h)
	if img.RGBAAt(int(cx), int(cy)) != r.base.RGBAAt(int(cx), int(cy)) {
		t.Error("the outline changed the hex centre")
	}
}

// Renderers are shared by concurrent commands.
func TestConcurrentDraws(t *testing.T) {
	r := newRenderer(t, sampleMap(), Options{})
	want, _ := r.Draw(Frame{})
	var wg sync.WaitGroup
	errs := make(chan string, 8)
	for i := 0; i < 4; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			layer := LayerFunc(func(c *Canvas) { c.SetFontSize(10); c.DrawString("x", 10, 10) })
			if _, err := r.Draw(Frame{Layers: []Layer{layer}}); err != nil {
				errs <- err.Error()
			}
			if got, _ := r.Draw(Frame{}); !bytes.Equal(got, want) {
				errs <- "concurrent draw changed the picture"
			}
			// Situations (the shared palette, the names plan), bare
			// crops (their cache) and the overview, at once.
			sit := sampleSituation()
			crop := &Crop{Center: hex.New(5, 5), Radius: 2}
			for _, c := range []*Crop{nil, crop} {
				if _, err := r.DrawSituation(&sit, c); err != nil {
					errs <- err.Error()
				}
			}
			if _, err := r.Draw(Frame{Crop: crop}); err != nil {
				errs <- err.Error()
			}
			if _, err := r.DrawOverview(&sit, 300); err != nil {
				errs <- err.Error()
			}
		}()
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
}

// Every place of the sample map is named: none had to be dropped.
func TestSampleLabelsAllPlaced(t *testing.T) {
	r := newRenderer(t, sampleMap(), Options{})
	if d := r.Dropped(); len(d) > 0 {
		t.Errorf("names dropped for lack of room: %q", d)
	}
	// Three Paris hexes make one place, labelled once.
	n := 0
	for _, p := range places(sampleMap(), sampleMap().Hexes()) {
		if p.name == "Paris" {
			n++
			if len(p.hexes) != 3 {
				t.Errorf("Paris groups %d hexes, want 3", len(p.hexes))
			}
		}
	}
	if n != 1 {
		t.Errorf("Paris is %d places, want 1", n)
	}
}

func TestMajorRivers(t *testing.T) {
	for name, want := range map[string]bool{"Rhine": true, "Meuse (Maas)": true, "Moselle": true, "marne": true, "Aire": false, "Ourthe": false, "": false} {
		if got := isMajorRiver(name); got != want {
			t.Errorf("isMajorRiver(%q) = %v, want %v", name, got, want)
		}
	}
}

func TestDrawIsPNG(t *testing.T) {
	r := newRenderer(t, sampleMap(), Options{})
	b, err := r.Draw(Frame{})
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	w, h := r.Layout().Size()
	if img.Bounds().Dx() != w || img.Bounds().Dy() != h {
		t.Errorf("picture is %v, layout says %dx%d", img.Bounds().Size(), w, h)
	}
}
