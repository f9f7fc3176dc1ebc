package render

import (
	"image/color"
	"math"
	"strconv"

	"rtrbot/engine/hex"
)

// trailsLayer draws the moves of the last segment as faint lines through
// the hexes each unit passed, a dot where it started, dashed for rail.
type trailsLayer struct{ s *Situation }

func (l trailsLayer) DrawLayer(c *Canvas) {
	R := c.Layout.R
	for _, m := range l.s.Moves {
		if len(m.Path) < 2 {
			continue
		}
		ink := sideInk(m.Side)
		col := color.NRGBA{ink.R, ink.G, ink.B, 0xa0}
		// The line stops at the edge of the counter that ends the move,
		// where an arrowhead shows which way it went: the counters hide
		// the hexes' middles, so on the whole map a one-hex move would
		// otherwise hardly show on a phone.
		pts := make([][2]float64, len(m.Path))
		for i, h := range m.Path {
			pts[i][0], pts[i][1] = c.Layout.Center(h)
		}
		n := len(pts)
		ex, ey := pts[n-1][0], pts[n-1][1]
		px, py := pts[n-2][0], pts[n-2][1]
		d := math.Hypot(ex-px, ey-py)
		var ux, uy float64
		if d > 0 {
			ux, uy = (ex-px)/d, (ey-py)/d
		}
		stop := math.Min(0.66*R, d*0.6)
		tipX, tipY := ex-ux*stop, ey-uy*stop
		head := R * 0.3
		baseX, baseY := tipX-ux*head, tipY-uy*head
		for pass := 0; pass < 2; pass++ {
			w := math.Max(1.5, R*0.16)
			if pass == 0 {
				// a pale casing, so that the trail reads over rivers
				// and rails
				c.SetColor(color.NRGBA{0xff, 0xff, 0xff, 0x90})
				w += math.Max(1.5, R*0.1)
			} else {
				c.SetColor(col)
			}
			c.SetLineWidth(w)
			c.SetLineCapRound()
			c.SetLineJoinRound()
			if m.Rail && pass == 1 {
				c.SetDash(R*0.25, R*0.2)
			}
			for i := 0; i < n-1; i++ {
				if i == 0 {
					c.MoveTo(pts[i][0], pts[i][1])
				} else {
					c.LineTo(pts[i][0], pts[i][1])
				}
			}
			c.LineTo(baseX, baseY)
			c.Stroke()
			c.SetDash()
			if pass == 1 {
				c.MoveTo(tipX, tipY)
				c.LineTo(baseX-uy*head*0.7, baseY+ux*head*0.7)
				c.LineTo(baseX+uy*head*0.7, baseY-ux*head*0.7)
				c.ClosePath()
				c.Fill()
				c.DrawCircle(pts[0][0], pts[0][1], R*0.16)
				c.Fill()
			}
		}
	}
}

// destinationsLayer washes the hexes the selected unit may reach and
// outlines the unit's own hex.
type destinationsLayer struct{ s *Situation }

var (
	destFill    = color.NRGBA{0x20, 0xb0, 0x40, 0x50}
	destOutline = color.NRGBA{0x10, 0x80, 0x30, 0xc0}
	destInk     = rgb(0x0a, 0x5a, 0x1e)
	railFill    = color.NRGBA{0x30, 0x60, 0xd0, 0x40}
	railInk     = rgb(0x12, 0x34, 0x90)
)

func (l destinationsLayer) DrawLayer(c *Canvas) {
	if len(l.s.Destinations) == 0 && l.s.Selected == nil {
		return
	}
	var foot, rail []hex.Hex
	for _, d := range l.s.Destinations {
		if d.Rail {
			rail = append(rail, d.At)
		} else {
			foot = append(foot, d.At)
		}
	}
	Highlight{Hexes: foot, Fill: destFill}.DrawLayer(c)
	Highlight{Hexes: rail, Fill: railFill}.DrawLayer(c)
	if l.s.Selected != nil {
		Highlight{Hexes: []hex.Hex{*l.s.Selected}, Outline: color.NRGBA{0xe0, 0x10, 0x10, 0xd0}}.DrawLayer(c)
	}
}

// costsLayer writes each destination's movement cost low in its hex,
// over any counter standing there ("R" for a hex reached by rail).
type costsLayer struct{ s *Situation }

func (l costsLayer) DrawLayer(c *Canvas) {
	R := c.Layout.R
	for _, d := range l.s.Destinations {
		x, y := c.Layout.Center(d.At)
		if !near(c, x, y, R) {
			continue
		}
		if d.Rail {
			c.Text("R", x, y+R*0.72, R*0.42, 0.5, 0.5, true, railInk)
			continue
		}
		c.Text(strconv.Itoa(d.Cost), x, y+R*0.72, R*0.42, 0.5, 0.5, true, destInk)
	}
}

// fortMarksLayer draws the markers that belong to a hex rather than a
// unit: destroyed fortresses (12.7) and naval gunfire (16.4), at the top
// and bottom corners of the hex, clear of the counters.
type fortMarksLayer struct{ s *Situation }

func (l fortMarksLayer) DrawLayer(c *Canvas) {
	R := c.Layout.R
	for _, h := range l.s.Destroyed {
		x, y := c.Layout.Center(h)
		if !near(c, x, y, R) {
			continue
		}
		drawDestroyed(c, x, y-R*0.6, R*0.5)
	}
	for _, h := range l.s.Naval {
		x, y := c.Layout.Center(h)
		if !near(c, x, y, R) {
			continue
		}
		drawNaval(c, x, y+R*0.62, R*0.52)
	}
}

// drawDestroyed is a destroyed fortress: the fortress's black square
// struck through with a red cross.
func drawDestroyed(c *Canvas, x, y, s float64) {
	c.DrawRectangle(x-s/2, y-s/2, s, s)
	c.SetColor(rgb(0x2a, 0x20, 0x1a))
	c.FillPreserve()
	c.SetColor(rgb(0xff, 0xff, 0xff))
	c.SetLineWidth(math.Max(1, s*0.08))
	c.Stroke()
	c.SetColor(rgb(0xe8, 0x1c, 0x1c))
	c.SetLineWidth(math.Max(1.5, s*0.16))
	c.DrawLine(x-s*0.42, y-s*0.42, x+s*0.42, y+s*0.42)
	c.DrawLine(x-s*0.42, y+s*0.42, x+s*0.42, y-s*0.42)
	c.Stroke()
}

// drawNaval is a naval gunfire marker: a navy disc with a gun's burst.
func drawNaval(c *Canvas, x, y, s float64) {
	r := s / 2
	edgedDisc(c.Context, x, y, r, rgb(0x0c, 0x24, 0x5c), rgb(0xff, 0xff, 0xff), math.Max(1, s*0.07))
	for i := 0; i < 8; i++ {
		a := float64(i) * math.Pi / 4
		c.DrawLine(x+math.Cos(a)*r*0.25, y+math.Sin(a)*r*0.25, x+math.Cos(a)*r*0.7, y+math.Sin(a)*r*0.7)
	}
	c.SetColor(rgb(0xff, 0xd8, 0x40))
	c.SetLineWidth(math.Max(1, s*0.09))
	c.Stroke()
}

// combatsLayer draws each combat of the last segment: a red arrow from
// every attacking hex to the defender and a label with odds and result.
type combatsLayer struct {
	s *Situation
	// planned: the tags are drawn by tagsLayer where the names plan put
	// them; otherwise here, on the side farthest from the arrows.
	planned bool
}

var combatRed = rgb(0xd4, 0x10, 0x10)

func (l combatsLayer) DrawLayer(c *Canvas) {
	R := c.Layout.R
	for _, cb := range l.s.Combats {
		dx, dy := c.Layout.Center(cb.Defender)
		for _, a := range cb.Attackers {
			ax, ay := c.Layout.Center(a)
			drawArrow(c, ax, ay, dx, dy, R)
		}
		c.SetColor(combatRed)
		c.SetLineWidth(math.Max(1.5, R*0.09))
		c.HexPath(cb.Defender)
		c.Stroke()
	}
	if l.planned {
		return
	}
	// Labels last, over every arrow.
	for _, cb := range l.s.Combats {
		label := cb.Result
		if cb.Odds != "" {
			label = cb.Odds + " " + cb.Result
		}
		if label == "" {
			continue
		}
		dx, dy := c.Layout.Center(cb.Defender)
		// The label goes on the side of the defender farthest from every
		// arrow: above, below, left or right.
		best, bestGap := [2]float64{0, -0.95}, -1.0
		for _, spot := range [][2]float64{{0, -0.95}, {0, 0.95}, {-1.25, 0}, {1.25, 0}} {
			gap := arrowGap(c.Layout, cb, dx, dy, spot)
			if gap > bestGap+0.01 {
				best, bestGap = spot, gap
			}
		}
		drawTag(c, label, dx+best[0]*R, dy+best[1]*R, R*0.42)
	}
}

// drawArrow draws a bold arrow from one hex centre towards another,
// starting and stopping short of the centres so that counters show.
func drawArrow(c *Canvas, x1, y1, x2, y2, R float64) {
	dx, dy := x2-x1, y2-y1
	d := math.Hypot(dx, dy)
	if d == 0 {
		return
	}
	ux, uy := dx/d, dy/d
	sx, sy := x1+ux*R*0.35, y1+uy*R*0.35
	ex, ey := x2-ux*R*0.5, y2-uy*R*0.5
	head := R * 0.42
	bx, by := ex-ux*head, ey-uy*head
	px, py := -uy*head*0.55, ux*head*0.55
	// White casing first, so the arrow reads over any counter colour.
	for i, col := range []color.Color{rgb(0xff, 0xff, 0xff), combatRed} {
		w := R * 0.16
		if i == 0 {
			w = R * 0.28
		}
		c.SetColor(col)
		c.SetLineWidth(math.Max(2, w))
		c.SetLineCapRound()
		c.DrawLine(sx, sy, bx, by)
		c.Stroke()
		grow := 0.0
		if i == 0 {
			grow = R * 0.07
		}
		c.MoveTo(ex+ux*grow, ey+uy*grow)
		c.LineTo(bx+px*(1+grow/head)-ux*grow, by+py*(1+grow/head)-uy*grow)
		c.LineTo(bx-px*(1+grow/head)-ux*grow, by-py*(1+grow/head)-uy*grow)
		c.ClosePath()
		c.Fill()
	}
}

// drawTag is a white label with a red frame: a combat's result.
func drawTag(c *Canvas, s string, x, y, px float64) {
	c.SetFontSize(px)
	w, h := c.MeasureString(s)
	pad := px * 0.3
	c.DrawRoundedRectangle(x-w/2-pad, y-h/2-pad, w+2*pad, h+2*pad, pad)
	c.SetColor(rgb(0xff, 0xff, 0xff))
	c.FillPreserve()
	c.SetColor(combatRed)
	c.SetLineWidth(math.Max(1.5, px*0.12))
	c.Stroke()
	c.SetColor(rgb(0x90, 0x00, 0x00))
	c.DrawStringAnchored(s, x, y, 0.5, 0.38)
	c.DrawStringAnchored(s, x+0.5, y, 0.5, 0.38)
}

// arrowGap is the smallest angle between the direction of spot from the
// defender's centre (dx, dy) and a combat's arrows: π when it has none.
func arrowGap(l Layout, cb Combat, dx, dy float64, spot [2]float64) float64 {
	gap := math.Pi
	for _, at := range cb.Attackers {
		ax, ay := l.Center(at)
		d := math.Abs(math.Atan2(ay-dy, ax-dx) - math.Atan2(spot[1], spot[0]))
		if d > math.Pi {
			d = 2*math.Pi - d
		}
		gap = math.Min(gap, d)
	}
	return gap
}
