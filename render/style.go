package render

import (
	"image/color"
	"strings"

	"github.com/fogleman/gg"

	"rtrbot/engine/board"
)

// Colours a wargamer reads without a key: pale clear ground, tan rough
// ground, brown mountains, green forest, blue-green marsh, blue sea. They
// stay light so that counters, names and numbers drawn on top stand out.
var terrainFill = map[board.Terrain]color.RGBA{
	board.Clear:    {0xf1, 0xec, 0xd2, 0xff},
	board.Rough:    {0xdc, 0xc8, 0x9a, 0xff},
	board.Mountain: {0xc4, 0xa0, 0x78, 0xff},
	board.Forest:   {0xa9, 0xcc, 0x8e, 0xff},
	board.Marsh:    {0xbd, 0xdb, 0xcf, 0xff},
	board.Sea:      {0xa8, 0xcb, 0xe8, 0xff},
}

// Marks drawn inside a hex to tell terrain apart without relying on
// colour alone (colour-blind players, washed-out phone screens).
var terrainMark = map[board.Terrain]color.RGBA{
	board.Rough:    {0xa0, 0x82, 0x4c, 0xff},
	board.Mountain: {0x6e, 0x4a, 0x2a, 0xff},
	board.Forest:   {0x4c, 0x86, 0x3c, 0xff},
	board.Marsh:    {0x3d, 0x85, 0x8a, 0xff},
	board.Sea:      {0x7e, 0xaa, 0xd2, 0xff},
}

var (
	paper      = color.RGBA{0xfa, 0xf8, 0xf2, 0xff}
	hexLine    = color.NRGBA{0x5a, 0x50, 0x40, 0x55}
	coastLine  = color.RGBA{0x3b, 0x6e, 0x9c, 0xff}
	riverBlue  = color.RGBA{0x1f, 0x6f, 0xd0, 0xff}
	riverText  = color.RGBA{0x10, 0x4c, 0xa0, 0xff}
	railDark   = color.RGBA{0x26, 0x22, 0x1e, 0xff}
	railCase   = color.NRGBA{0xff, 0xff, 0xff, 0xb0}
	borderBand = color.NRGBA{0xb0, 0x30, 0x90, 0x50}
	borderLine = color.RGBA{0x7a, 0x10, 0x60, 0xff}
	hexNumber  = color.NRGBA{0x40, 0x3a, 0x30, 0xd0}
	seaNumber  = color.NRGBA{0x2f, 0x55, 0x80, 0xb0}
	ink        = color.RGBA{0x1a, 0x1a, 0x1a, 0xff}
	halo       = color.NRGBA{0xff, 0xff, 0xf6, 0xe0}
	cityRed    = color.RGBA{0xb0, 0x1e, 0x1e, 0xff}
	fortFill   = color.RGBA{0x3a, 0x2a, 0x20, 0xff}
	portBlue   = color.RGBA{0x10, 0x3c, 0x78, 0xff}
)

// Logistics hexes carry a disc in their nation's counter colour (2.4).
var logisticColour = map[board.Nation]color.RGBA{
	board.French:  {0x8f, 0xb4, 0xe3, 0xff},
	board.German:  {0x9a, 0x9a, 0x9a, 0xff},
	board.British: {0xc9, 0xa6, 0x6b, 0xff},
	board.Belgian: {0xc8, 0x35, 0x2e, 0xff},
}

// Neutral countries are washed with their own tint and named, so that no
// one marches into the Netherlands by mistake. Belgium and Luxembourg are
// not washed: the game's opening move is to invade them.
var neutralTint = map[board.Country]color.NRGBA{
	board.Netherlands: {0xff, 0x8c, 0x00, 0x40},
	board.Switzerland: {0xd0, 0x20, 0x20, 0x30},
}

// majorRivers are drawn thicker: the rivers the 1914 campaign turned on.
// The map data names rivers but does not rank them, so the list lives here;
// names are matched on their first word, case-insensitively, in the
// spellings the map data may use.
var majorRivers = []string{
	"rhine", "rhein", "rijn", "waal", "meuse", "maas", "moselle", "mosel",
	"marne", "seine", "oise", "aisne", "scheldt", "escaut", "schelde",
	"somme", "sambre",
}

func isMajorRiver(name string) bool {
	n := strings.ToLower(strings.TrimSpace(name))
	if i := strings.IndexAny(n, " (/,"); i > 0 {
		n = n[:i]
	}
	for _, m := range majorRivers {
		if n == m {
			return true
		}
	}
	return false
}

// edgedDisc draws a disc of radius r at x, y filled with fill and edged
// with edge, w wide.
func edgedDisc(dc *gg.Context, x, y, r float64, fill, edge color.Color, w float64) {
	dc.DrawCircle(x, y, r)
	dc.SetColor(fill)
	dc.FillPreserve()
	dc.SetColor(edge)
	dc.SetLineWidth(w)
	dc.Stroke()
}
