package render

import (
	"fmt"
	"image/color"
	"math"
	"strconv"

	"github.com/fogleman/gg"

	"rtrbot/engine/units"
)

// nationStyle is a counter's colours (2.4): the ground, the ink of its
// symbol and numbers, and its edge.
type nationStyle struct {
	bg, fg, edge color.RGBA
}

// The nationality colours of 2.4: German grey, Austro-Hungarian black,
// Bavarian blue on white, Italian pale green; French pale blue, British
// tan, Belgian red, Dutch orange. Ink is chosen for contrast on each.
var nationStyles = map[units.Nation]nationStyle{
	units.DE: {bg: rgb(0x9c, 0x9c, 0x9c), fg: rgb(0x10, 0x10, 0x10), edge: rgb(0x40, 0x40, 0x40)},
	units.AH: {bg: rgb(0x1c, 0x1c, 0x1c), fg: rgb(0xf4, 0xf4, 0xf4), edge: rgb(0x00, 0x00, 0x00)},
	units.BY: {bg: rgb(0xfc, 0xfc, 0xfc), fg: rgb(0x16, 0x4c, 0xb4), edge: rgb(0x16, 0x4c, 0xb4)},
	units.IT: {bg: rgb(0xb4, 0xdc, 0xa2), fg: rgb(0x10, 0x10, 0x10), edge: rgb(0x3c, 0x6a, 0x30)},
	units.FR: {bg: rgb(0x9e, 0xc4, 0xee), fg: rgb(0x0c, 0x1c, 0x3a), edge: rgb(0x2c, 0x50, 0x86)},
	units.GB: {bg: rgb(0xd6, 0xb8, 0x86), fg: rgb(0x1e, 0x14, 0x08), edge: rgb(0x6a, 0x50, 0x2a)},
	units.BE: {bg: rgb(0xc8, 0x2c, 0x26), fg: rgb(0xff, 0xff, 0xff), edge: rgb(0x6a, 0x10, 0x0c)},
	units.NL: {bg: rgb(0xf4, 0x8a, 0x1c), fg: rgb(0x10, 0x10, 0x10), edge: rgb(0x80, 0x44, 0x00)},
}

func rgb(r, g, b uint8) color.RGBA { return color.RGBA{r, g, b, 0xff} }

func styleOf(n units.Nation) nationStyle {
	if s, ok := nationStyles[n]; ok {
		return s
	}
	return nationStyle{bg: rgb(0xee, 0xee, 0xee), fg: rgb(0, 0, 0), edge: rgb(0x60, 0x60, 0x60)}
}

// trenchBrown is the band of a counter on its trench side (13.0).
var trenchBrown = rgb(0x6b, 0x47, 0x22)

// typeLetter tells apart the infantry types that share the NATO infantry
// cross (assault, active, reserve, Landwehr/territorial) and the special
// infantry, as a letter in the counter's top-left corner.
func typeLetter(k Counter) string {
	switch k.Type {
	case units.Assault:
		return "A"
	case units.Reserve:
		return "R"
	case units.Landwehr:
		if k.Nation.Side() == units.Allied {
			return "T" // territorial
		}
		return "L"
	case units.Light:
		return "Lt"
	case units.Marine:
		return "M"
	case units.Dismounted:
		return "D"
	}
	return ""
}

// counterSide is the side length of a counter for hexes of radius R: as
// large as fits inside the hex with room for the stack's offset edges.
func counterSide(R float64) float64 { return 1.2 * R }

// detailed reports whether a counter of side a is big enough for its
// small print (type letter and ID): in crops, not on the whole map.
func detailed(a float64) bool { return a >= 36 }

// drawCounter draws one counter centred on x, y with side a.
func drawCounter(c *Canvas, k Counter, x, y, a float64) {
	st := styleOf(k.Nation)
	x0, y0 := x-a/2, y-a/2
	rr := a * 0.08
	c.DrawRoundedRectangle(x0, y0, a, a, rr)
	c.SetColor(st.bg)
	c.FillPreserve()
	c.SetColor(st.edge)
	c.SetLineWidth(math.Max(1, a*0.04))
	c.Stroke()
	if k.Hidden {
		// Only the nationality shows (14.1).
		c.SetFontSize(a * 0.5)
		c.SetColor(withAlpha(st.fg, 0xb0))
		c.DrawStringAnchored("?", x, y, 0.5, 0.4)
		return
	}
	detail := detailed(a)

	if detail {
		// In crops: the ID across the top row, as large as it fits
		// beside the size mark at the top right, so that it reads on a
		// phone; the type letter left of the NATO box.
		c.SetColor(st.fg)
		mark := k.Size.Mark()
		px, full := idLayout(c.Context, c.SetFontSize, k, a)
		bw, bh := a*0.52, a*0.3
		bx, by := x-a*0.16, y-a*0.1
		if k.Entrenched {
			by -= a * 0.06
		}
		c.SetFontSize(a * 0.17)
		if full {
			// A long ID takes the whole row; the size mark goes beside
			// the NATO box, which narrows.
			bw = a * 0.4
			c.DrawStringAnchored(mark, x0+a*0.95, by+bh/2, 1, 0.5)
		} else {
			c.DrawStringAnchored(mark, x0+a*0.95, y0+a*0.14, 1, 0.5)
		}
		if k.ID != "" {
			c.SetFontSize(px)
			c.SetColor(st.fg)
			c.DrawStringAnchored(k.ID, x0+a*0.05, y0+a*0.17, 0, 0.5)
			bold(c, k.ID, x0+a*0.05, y0+a*0.17, 0, st.fg)
		}
		drawTypeSymbol(c, k, bx, by, bw, bh, st.fg, st.bg)
		if l := typeLetter(k); l != "" {
			fitText(c, l, x0+a*0.05, by+bh/2, a*0.26, a*0.24, 0, st.fg)
		}
	} else {
		// The NATO symbol, the size mark above it.
		bw, bh := a*0.64, a*0.34
		bx, by := x-a*0.32, y-a*0.2
		if k.Entrenched {
			by -= a * 0.04
		}
		drawTypeSymbol(c, k, bx, by, bw, bh, st.fg, st.bg)
		c.SetColor(st.fg)
		c.SetFontSize(a * 0.2)
		c.DrawStringAnchored(k.Size.Mark(), bx+bw/2, by-a*0.02, 0.5, 0)
	}

	if l := typeLetter(k); l != "" && !detail {
		c.SetFontSize(a * 0.22)
		c.DrawStringAnchored(l[:1], x0+a*0.06, y0+a*0.04, 0, 0.8)
	}

	if k.Entrenched {
		drawTrenchBand(c, k, x0, y0, a)
		return
	}
	v := fmt.Sprintf("%d-%d-%d", k.Attack, k.Defence, k.Move)
	fitText(c, v, x, y0+a*0.82, a*0.96, a*0.34, 0.5, st.fg)
	bold(c, v, x, y0+a*0.82, 0.5, st.fg)
}

// drawTrenchBand marks the trench side (13.0): a brown band with a
// crenellated top edge, the trench line of a map symbol, and the trench
// defence in white; a unit on this side neither attacks nor moves (13.3).
func drawTrenchBand(c *Canvas, k Counter, x0, y0, a float64) {
	top := y0 + a*0.56
	teeth := 5
	w := a / float64(teeth*2)
	c.MoveTo(x0, y0+a)
	c.LineTo(x0, top)
	for i := 0; i < teeth*2; i++ {
		xx := x0 + float64(i)*w
		if i%2 == 0 {
			c.LineTo(xx, top-a*0.08)
			c.LineTo(xx+w, top-a*0.08)
			c.LineTo(xx+w, top)
		} else {
			c.LineTo(xx+w, top)
		}
	}
	c.LineTo(x0+a, y0+a)
	c.ClosePath()
	c.SetColor(trenchBrown)
	c.Fill()
	d := k.Trench
	if d == 0 {
		d = k.Defence
	}
	s := strconv.Itoa(d)
	white := rgb(0xff, 0xff, 0xff)
	c.SetFontSize(a * 0.34)
	c.SetColor(white)
	c.DrawStringAnchored(s, x0+a/2, y0+a*0.8, 0.5, 0.5)
	bold(c, s, x0+a/2, y0+a*0.8, 0.5, white)
}

// bold draws s once more half a pixel to the right, over the same
// string drawn by the caller: numbers read better thick at small sizes.
func bold(c *Canvas, s string, x, y, ax float64, col color.Color) {
	c.SetColor(col)
	c.DrawStringAnchored(s, x+0.5, y, ax, 0.5)
}

// fitText draws s at x, y (anchored ax horizontally, centred
// vertically) at px pixels, smaller if it would be wider than w.
func fitText(c *Canvas, s string, x, y, w, px, ax float64, col color.Color) {
	c.SetFontSize(px)
	if tw, _ := c.MeasureString(s); tw > w && tw > 0 {
		px *= w / tw
		c.SetFontSize(px)
	}
	c.SetColor(col)
	c.DrawStringAnchored(s, x, y, ax, 0.5)
}

// drawTypeSymbol draws the NATO box of a unit type: infantry a cross,
// cavalry one diagonal, armoured car a diagonal and an oval, HQ a box on
// a staff, siege artillery a filled disc on a base.
func drawTypeSymbol(c *Canvas, k Counter, x, y, w, h float64, fg, bg color.RGBA) {
	lw := math.Max(1, w*0.07)
	c.SetLineWidth(lw)
	c.SetColor(fg)
	c.DrawRectangle(x, y, w, h)
	c.Stroke()
	switch k.Type {
	case units.Cavalry:
		c.DrawLine(x, y+h, x+w, y)
		c.Stroke()
	case units.Dismounted:
		c.DrawLine(x, y+h, x+w, y)
		c.DrawLine(x, y, x+w*0.5, y+h*0.5)
		c.Stroke()
	case units.Armoured:
		c.DrawLine(x, y+h, x+w, y)
		c.Stroke()
		c.DrawEllipse(x+w/2, y+h/2, w*0.3, h*0.28)
		c.Stroke()
	case units.HQ:
		// The staff hangs from the box's lower-left corner.
		c.DrawLine(x, y, x, y+h*1.7)
		c.Stroke()
		c.DrawRectangle(x, y, w*0.5, h*0.5)
		c.Fill()
	case units.Siege:
		c.DrawCircle(x+w/2, y+h/2, h*0.26)
		c.Fill()
		c.DrawLine(x+w*0.25, y+h*0.85, x+w*0.75, y+h*0.85)
		c.Stroke()
	default: // every kind of infantry: the cross
		c.DrawLine(x, y, x+w, y+h)
		c.DrawLine(x, y+h, x+w, y)
		c.Stroke()
		switch k.Type {
		case units.Marine: // a small anchor-like hook under the cross
			c.DrawArc(x+w/2, y+h*0.55, h*0.22, 0.15*math.Pi, 0.85*math.Pi)
			c.Stroke()
		case units.Light: // light infantry: a bugle-like half ring on top
			c.DrawArc(x+w/2, y+h*0.3, h*0.2, 1.1*math.Pi, 1.9*math.Pi)
			c.Stroke()
		case units.Assault: // assault troops: the box filled at its base
			c.DrawRectangle(x, y+h*0.72, w, h*0.28)
			c.Fill()
		}
	}
}

func withAlpha(c color.RGBA, a uint8) color.NRGBA {
	return color.NRGBA{c.R, c.G, c.B, a}
}

// minIDShare is the smallest ID a crop's counter writes beside its size
// mark, as a share of the counter's side; a longer ID takes the whole
// top row (IDs of at least 9 px on a phone).
const minIDShare = 0.2

// idLayout is the size of a detailed counter's ID and whether it takes
// the whole top row (the size mark then goes beside the NATO box).
func idLayout(dc interface {
	MeasureString(string) (float64, float64)
}, setSize func(float64), k Counter, a float64) (px float64, full bool) {
	setSize(a * 0.17)
	mw, _ := dc.MeasureString(k.Size.Mark())
	if k.ID == "" {
		return a * 0.28, false
	}
	setSize(a * 0.28)
	tw, _ := dc.MeasureString(k.ID)
	if tw <= 0 {
		return a * 0.28, false
	}
	px = a * 0.28 * math.Min(1, (a*0.88-mw)/tw)
	if px >= a*minIDShare {
		return px, false
	}
	return a * 0.28 * math.Min(1, a*0.9/tw), true
}

// IDTextPx is the size in pixels of counter k's ID in this renderer's
// pictures (0 when its counters are too small for IDs: the whole map).
func (r *Renderer) IDTextPx(k Counter) float64 {
	a := counterSide(r.layout.R)
	if !detailed(a) || k.ID == "" {
		return 0
	}
	dc := gg.NewContext(1, 1)
	c := &Canvas{Context: dc, Layout: r.layout, font: r.font}
	px, _ := idLayout(dc, c.SetFontSize, k, a)
	return px
}
