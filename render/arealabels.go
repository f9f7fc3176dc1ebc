package render

import (
	"image/color"

	"rtrbot/engine/hex"
)

// AreaLabel is a short text written on a hex: the name of a setup area on
// the setup map (17.1-17.5).
type AreaLabel struct {
	At   hex.Hex
	Text string
}

// AreaLabels writes each label centred on its hex, in bold with the map's
// halo, so that a shaded area says which it is.
type AreaLabels []AreaLabel

// areaInk is the setup areas' dark amber, the outline's colour.
var areaInk = color.NRGBA{140, 70, 0, 255}

// DrawLayer draws the labels.
func (l AreaLabels) DrawLayer(c *Canvas) {
	for _, x := range l {
		cx, cy := c.Layout.Center(x.At)
		c.Text(x.Text, cx, cy, c.Layout.R*0.55, 0.5, 0.5, true, areaInk)
	}
}
