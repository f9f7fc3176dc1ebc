package render

import (
	"image/color"
	"math"

	"rtrbot/engine/hex"
)

// Highlight is a layer that marks hexes: the hex or place a crop is
// centred on, later a unit's legal destinations or a setup area. Each hex
// gets a translucent wash (if Fill is set) and a bold outline.
type Highlight struct {
	Hexes   []hex.Hex
	Outline color.Color // nil: no outline
	Fill    color.Color // nil: no wash
}

// DrawLayer draws the highlight.
func (h Highlight) DrawLayer(c *Canvas) {
	if len(h.Hexes) == 0 {
		return
	}
	if h.Fill != nil {
		for _, x := range h.Hexes {
			c.HexPath(x)
		}
		c.SetColor(h.Fill)
		c.Fill()
	}
	if h.Outline != nil {
		// Just inside the hex, so that the hexside, a river or a border
		// on it stays visible.
		for _, x := range h.Hexes {
			cx, cy := c.Layout.Center(x)
			k := c.Layout.Corners(x)
			for i := 0; i <= 6; i++ {
				px, py := cx+(k[i%6][0]-cx)*0.88, cy+(k[i%6][1]-cy)*0.88
				if i == 0 {
					c.MoveTo(px, py)
				} else {
					c.LineTo(px, py)
				}
			}
			c.ClosePath()
		}
		c.SetColor(h.Outline)
		c.SetLineWidth(math.Max(2, c.Layout.R*0.09))
		c.SetLineJoinRound()
		c.Stroke()
	}
}

// Focus outlines the hexes a picture is about (the hex of /map around:,
// the hexes of the place of /map area:) in red.
func Focus(hexes ...hex.Hex) Highlight {
	return Highlight{Hexes: hexes, Outline: color.NRGBA{0xe0, 0x10, 0x10, 0xb8}}
}
