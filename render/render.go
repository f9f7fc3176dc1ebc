// Package render draws the map of Reinforce the Right! as PNG with
// github.com/fogleman/gg, north up (map-grid.md).
//
// A Renderer is built once from a *board.Map. It draws the static base map
// (terrain, coast, rails, rivers, borders, hex numbers, places, title and
// legend) once and keeps it; every later picture copies the base (or the
// part a crop needs) and draws only its own layers on top. Layers are how
// counters, markers and highlights come in later: they receive a
// Canvas with the geometry and fonts, and what they draw comes from a
// side's view of the game, never from the game state itself, which this
// package does not know.
package render

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"math"
	"sync"

	"github.com/fogleman/gg"
	"golang.org/x/image/font"

	"rtrbot/engine/board"
	"rtrbot/engine/hex"
	"rtrbot/i18n"
)

// DefaultHexRadius is the hex radius in pixels at scale 1: large enough for
// four-digit hex numbers and place names to be read at full size, small
// enough for the whole map to stay well under 1 MB as PNG.
const DefaultHexRadius = 26

// Options fix what a Renderer draws the same way every time.
type Options struct {
	// Scale multiplies DefaultHexRadius (1 when zero): crops for phones
	// are drawn by a Renderer with a larger scale.
	Scale float64
	// Lang is the language of the title and legend.
	Lang i18n.Lang
	// NoLegend leaves out the title and legend strip.
	NoLegend bool
}

// Renderer draws one map. It is safe for concurrent use: the cached base
// picture is never written after New.
type Renderer struct {
	m      *board.Map
	opt    Options
	layout Layout
	font   *typeface
	base   *image.RGBA
	// The PNG of the whole map with no layers, encoded the first time it
	// is asked for: until a game adds counters, /map costs nothing.
	bareOnce sync.Once
	barePNG  []byte
	bareErr  error
	// Bare crops drawn so far, as PNG (at most maxBareCrops; the lot
	// is dropped when full).
	cropMu    sync.Mutex
	bareCrops map[Crop][]byte
	// The palette of every picture, fixed from the base the first time
	// one is encoded (encode.go).
	palOnce sync.Once
	pal     *fixedPalette
	// Labels that could not be placed without covering another (their
	// places still get their symbol); kept for tests and the report.
	dropped []string
	// Every place name the base picture carries, where it is written
	// (names.go moves those that counters cover).
	names []placedName
	// Every river name the base picture carries.
	riverNames []riverName
	// What the base picture's labels took (names, symbols) and the hex
	// numbers, for the names crops add.
	taken, soft []box
}

// maxBareCrops bounds the cache of bare crops: a crop of radius 5 at
// phone scale is about 200 KB.
const maxBareCrops = 64

// New builds a renderer for m and draws its base picture.
func New(m *board.Map, opt Options) (*Renderer, error) {
	if m == nil {
		return nil, fmt.Errorf("render: no map")
	}
	if m.Cols < 1 || m.Rows < 1 {
		return nil, fmt.Errorf("render: the map has %d columns and %d rows", m.Cols, m.Rows)
	}
	if opt.Scale == 0 {
		opt.Scale = 1
	}
	if opt.Scale < 0.25 || opt.Scale > 4 {
		return nil, fmt.Errorf("render: scale %.2f is out of range (0.25 to 4)", opt.Scale)
	}
	if opt.Lang == "" {
		opt.Lang = i18n.Default
	}
	tf, err := parseTypeface()
	if err != nil {
		return nil, err
	}
	r := DefaultHexRadius * opt.Scale
	l := Layout{R: r, Cols: m.Cols, Rows: m.Rows, Margin: math.Round(r * 0.9)}
	rd := &Renderer{m: m, opt: opt, layout: l, font: tf}
	if !opt.NoLegend {
		rd.layout.Footer = rd.footerHeight()
	}
	rd.base = rd.drawBase()
	return rd, nil
}

// Layout is the geometry of the whole-map picture.
func (r *Renderer) Layout() Layout { return r.layout }

// Map is the map the renderer draws.
func (r *Renderer) Map() *board.Map { return r.m }

// Dropped lists the places ("Neuss 3429") whose names the base picture had
// no room for; the footer names them too.
func (r *Renderer) Dropped() []string { return append([]string(nil), r.dropped...) }

// Crop asks for the part of the map around a hex: every hex within Radius
// of Center (for /map around:XXYY and /map area:NAME).
type Crop struct {
	Center hex.Hex
	Radius int
}

// Frame is one picture to draw: the whole map or a crop, with layers.
type Frame struct {
	Crop   *Crop   // nil: the whole map, with title and legend
	Layers []Layer // drawn in order over the base map
}

// Layer draws something over the base map: counters, markers, highlights.
type Layer interface {
	DrawLayer(c *Canvas)
}

// LayerFunc makes a function a Layer.
type LayerFunc func(c *Canvas)

// DrawLayer calls f.
func (f LayerFunc) DrawLayer(c *Canvas) { f(c) }

// Canvas is what a layer draws on: a gg context whose coordinates are
// those of the whole-map picture (already shifted for a crop), the layout
// to find hexes, and the embedded font.
type Canvas struct {
	*gg.Context
	Layout Layout
	// Clip is the part of the whole-map picture being drawn; layers may
	// skip anything outside it.
	Clip image.Rectangle
	// Lang is the language of the picture's words.
	Lang i18n.Lang
	font *typeface
	// faces made so far by size: a face is cheap to use and dear to make,
	// and a picture with hundreds of counters asks for a handful of sizes.
	faces map[float64]font.Face
}

// SetFontSize selects the embedded font at px pixels for DrawString.
func (c *Canvas) SetFontSize(px float64) {
	px = math.Round(px*4) / 4
	f, ok := c.faces[px]
	if !ok {
		if c.faces == nil {
			c.faces = map[float64]font.Face{}
		}
		f = c.font.face(px)
		c.faces[px] = f
	}
	c.SetFontFace(f)
}

// HexPath adds the outline of hex h to the current path, to fill or stroke
// (a highlighted destination, a combat hex).
func (c *Canvas) HexPath(h hex.Hex) {
	k := c.Layout.Corners(h)
	c.MoveTo(k[0][0], k[0][1])
	for i := 1; i < 6; i++ {
		c.LineTo(k[i][0], k[i][1])
	}
	c.ClosePath()
}

// Text writes s in the embedded font at px pixels, anchored at x, y as
// gg.DrawStringAnchored does, with the pale halo the map's own names have
// so that it reads over any ground; bold thickens it.
func (c *Canvas) Text(s string, x, y, px, ax, ay float64, bold bool, col color.Color) {
	c.SetFontSize(px)
	w, h := c.MeasureString(s)
	drawHaloText(c.Context, s, x-ax*w, y-ay*h+h*0.82, bold, col)
}

// Image draws a frame and returns the picture.
func (r *Renderer) Image(f Frame) (*image.RGBA, error) { return r.imageBelow(f, 0, nil) }

// imageBelow draws a frame with top empty rows above it, where a status
// strip or caption goes, without copying the picture a second time.
// A crop names the rivers in it that the whole map names elsewhere,
// clear of the boxes in avoid (counters).
func (r *Renderer) imageBelow(f Frame, top int, avoid []box) (*image.RGBA, error) {
	return r.imageIn(f, nil, top, avoid)
}

// imageIn is imageBelow with the crop's rectangle given (clip, when not
// nil) rather than worked out from the crop.
func (r *Renderer) imageIn(f Frame, given *image.Rectangle, top int, avoid []box) (*image.RGBA, error) {
	clip := r.base.Bounds()
	if f.Crop != nil {
		var err error
		if given != nil {
			clip = *given
		} else if clip, err = r.cropRect(*f.Crop); err != nil {
			return nil, err
		}
		if names := r.cropRiverNames(clip, avoid); len(names) > 0 {
			f.Layers = append([]Layer{cropRiversLayer{r, names}}, f.Layers...)
		}
	}
	img := image.NewRGBA(image.Rect(0, 0, clip.Dx(), clip.Dy()+top))
	draw.Draw(img, image.Rect(0, top, clip.Dx(), clip.Dy()+top), r.base, clip.Min, draw.Src)
	if len(f.Layers) > 0 {
		dc := gg.NewContextForRGBA(img)
		dc.Translate(float64(-clip.Min.X), float64(top-clip.Min.Y))
		c := &Canvas{Context: dc, Layout: r.layout, Clip: clip, Lang: r.opt.Lang, font: r.font}
		for _, l := range f.Layers {
			dc.Push()
			l.DrawLayer(c)
			dc.Pop()
		}
	}
	return img, nil
}

// Draw draws a frame and returns it as PNG. The caller owns the bytes.
func (r *Renderer) Draw(f Frame) ([]byte, error) {
	if f.Crop == nil && len(f.Layers) == 0 {
		r.bareOnce.Do(func() { r.barePNG, r.bareErr = r.encodeRef(r.base, baseRef{ok: true}) })
		return bytes.Clone(r.barePNG), r.bareErr
	}
	if f.Crop != nil && len(f.Layers) == 0 {
		// A bare crop (/map area:Paris) is drawn once and kept.
		r.cropMu.Lock()
		b, ok := r.bareCrops[*f.Crop]
		r.cropMu.Unlock()
		if ok {
			return bytes.Clone(b), nil
		}
		img, err := r.Image(f)
		if err != nil {
			return nil, err
		}
		rect, _ := r.cropRect(*f.Crop)
		b, err = r.encodeRef(img, baseRef{ok: true, dx: rect.Min.X, dy: rect.Min.Y})
		if err != nil {
			return nil, err
		}
		r.cropMu.Lock()
		if r.bareCrops == nil || len(r.bareCrops) >= maxBareCrops {
			r.bareCrops = map[Crop][]byte{}
		}
		r.bareCrops[*f.Crop] = b
		r.cropMu.Unlock()
		return bytes.Clone(b), nil
	}
	img, err := r.Image(f)
	if err != nil {
		return nil, err
	}
	ref := baseRef{ok: true}
	if f.Crop != nil {
		rect, _ := r.cropRect(*f.Crop)
		ref.dx, ref.dy = rect.Min.X, rect.Min.Y
	}
	return r.encodeRef(img, ref)
}

// EncodePNG encodes a picture as PNG, reduced to 256 colours (see
// palettize): maps are posted to Discord, where bytes count.
func EncodePNG(img image.Image) ([]byte, error) {
	var buf bytes.Buffer
	if rgba, ok := img.(*image.RGBA); ok {
		img = palettize(rgba)
	}
	enc := png.Encoder{CompressionLevel: png.DefaultCompression}
	if err := enc.Encode(&buf, img); err != nil {
		return nil, fmt.Errorf("render: encoding PNG: %w", err)
	}
	return buf.Bytes(), nil
}

// situationClip is the crop's rectangle grown to hold whole every counter
// of the crop's hexes (boxes and at: stackBoxesAt). A counter cut by the
// caption or the picture's edge shows a box without its numbers, or
// numbers without a unit: the front crop's caption clipped the top row of
// counters. Counters of hexes beyond the crop that the grown
// rectangle still cuts are left out of the picture (cropSituation).
func (r *Renderer) situationClip(c Crop, boxes []box, at []hex.Hex) (image.Rectangle, error) {
	rect, err := r.cropRect(c)
	if err != nil {
		return rect, err
	}
	grown := rect
	for i, b := range boxes {
		if hex.Distance(c.Center, at[i]) <= c.Radius {
			grown = grown.Union(pixelBox(b))
		}
	}
	return grown.Intersect(r.base.Bounds()), nil
}

// pixelBox is a box in whole pixels, with a pixel to spare all round.
func pixelBox(b box) image.Rectangle {
	return image.Rect(int(math.Floor(b.x0))-1, int(math.Floor(b.y0))-1, int(math.Ceil(b.x1))+1, int(math.Ceil(b.y1))+1)
}

// cropSituation is s without the stacks of the hexes whose counters clip
// would cut (hexes beyond the crop, at its edge): every counter a crop
// shows, it shows whole.
func cropSituation(s *Situation, clip image.Rectangle, boxes []box, at []hex.Hex) *Situation {
	cut := map[hex.Hex]bool{}
	for i, b := range boxes {
		if pb := pixelBox(b); pb.Overlaps(clip) && !pb.In(clip) {
			cut[at[i]] = true
		}
	}
	if len(cut) == 0 {
		return s
	}
	out := *s
	out.Stacks = nil
	for _, st := range s.Stacks {
		if !cut[st.At] {
			out.Stacks = append(out.Stacks, st)
		}
	}
	return &out
}

func (r *Renderer) cropRect(c Crop) (image.Rectangle, error) {
	if !r.m.OnMap(c.Center) {
		return image.Rectangle{}, fmt.Errorf("render: hex %s is not on the map", c.Center)
	}
	if c.Radius < 0 {
		return image.Rectangle{}, fmt.Errorf("render: crop radius %d is negative", c.Radius)
	}
	var in []hex.Hex
	for _, h := range hex.Within(c.Center, c.Radius) {
		if r.m.OnMap(h) {
			in = append(in, h)
		}
	}
	return r.layout.Bounds(in), nil
}
