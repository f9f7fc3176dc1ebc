package render

import (
	"bytes"
	"fmt"
	"image/color"
	"image/png"
	"sync"

	"github.com/fogleman/gg"
)

// Tournament pictures: the standings table and an elimination bracket,
// drawn with the map's typeface (names may be Japanese). They take plain
// text, so that render does not depend on the tournament package.

// StandingsTable is what the standings picture shows.
type StandingsTable struct {
	Title  string
	Header []string   // column titles; column 1 is the player's name
	Rows   [][]string // one per player, as many cells as Header
}

// BracketMatch is one match of a bracket: two names (empty: nobody yet)
// and the winner's index (0 or 1; -1 while open).
type BracketMatch struct {
	A, B   string
	Winner int
}

// Bracket is an elimination bracket, first round first.
type Bracket struct {
	Title  string
	Rounds [][]BracketMatch
}

var (
	sharedFont     *typeface
	sharedFontErr  error
	sharedFontOnce sync.Once
	tableInk       = color.RGBA{0x20, 0x1c, 0x18, 0xff}
	rowShade       = color.RGBA{0xee, 0xe8, 0xd8, 0xff}
	winnerInk      = color.RGBA{0x1a, 0x5c, 0x1a, 0xff}
)

func tableFont() (*typeface, error) {
	sharedFontOnce.Do(func() { sharedFont, sharedFontErr = parseTypeface() })
	return sharedFont, sharedFontErr
}

const (
	cellPad = 12.0
	rowH    = 30.0
	fontPx  = 18.0
)

// StandingsPNG draws the standings as a PNG.
func StandingsPNG(t StandingsTable) ([]byte, error) {
	tf, err := tableFont()
	if err != nil {
		return nil, err
	}
	if len(t.Header) == 0 {
		return nil, fmt.Errorf("render: a standings table needs columns")
	}
	face := tf.face(fontPx)
	defer face.Close()
	measure := gg.NewContext(1, 1)
	measure.SetFontFace(face)
	widths := make([]float64, len(t.Header))
	for i, h := range t.Header {
		w, _ := measure.MeasureString(h)
		widths[i] = w
	}
	for _, r := range t.Rows {
		for i := 0; i < len(r) && i < len(widths); i++ {
			w, _ := measure.MeasureString(r[i])
			widths[i] = max(widths[i], w)
		}
	}
	W := cellPad
	for _, w := range widths {
		W += w + 2*cellPad
	}
	tw, _ := measure.MeasureString(t.Title)
	W = max(W, tw+2*cellPad)
	H := rowH*float64(len(t.Rows)+2) + cellPad
	dc := gg.NewContext(int(W+0.5), int(H+0.5))
	dc.SetColor(paper)
	dc.Clear()
	dc.SetFontFace(face)
	dc.SetColor(tableInk)
	dc.DrawStringAnchored(t.Title, cellPad, rowH/2, 0, 0.5)
	drawRow := func(y float64, cells []string) {
		x := cellPad
		for i, w := range widths {
			c := ""
			if i < len(cells) {
				c = cells[i]
			}
			if i == 1 {
				dc.DrawStringAnchored(c, x+cellPad, y+rowH/2, 0, 0.5)
			} else {
				dc.DrawStringAnchored(c, x+cellPad+w, y+rowH/2, 1, 0.5)
			}
			x += w + 2*cellPad
		}
	}
	y := rowH
	dc.SetColor(tableInk)
	drawRow(y, t.Header)
	dc.DrawLine(cellPad, y+rowH, W-cellPad, y+rowH)
	dc.SetLineWidth(1.5)
	dc.Stroke()
	for i, r := range t.Rows {
		y += rowH
		if i%2 == 1 {
			dc.SetColor(rowShade)
			dc.DrawRectangle(cellPad, y, W-2*cellPad, rowH)
			dc.Fill()
		}
		dc.SetColor(tableInk)
		drawRow(y, r)
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, dc.Image()); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// BracketPNG draws an elimination bracket as a PNG: a column per round,
// each match a box with its two names, the winner in green, lines to the
// match the winner goes on to.
func BracketPNG(b Bracket) ([]byte, error) {
	tf, err := tableFont()
	if err != nil {
		return nil, err
	}
	if len(b.Rounds) == 0 || len(b.Rounds[0]) == 0 {
		return nil, fmt.Errorf("render: a bracket needs a first round")
	}
	face := tf.face(fontPx)
	defer face.Close()
	const boxW, boxH, gapX, top = 220.0, 56.0, 60.0, 50.0
	first := len(b.Rounds[0])
	slot := boxH + 20
	W := cellPad*2 + float64(len(b.Rounds))*(boxW+gapX)
	H := top + float64(first)*slot + cellPad
	dc := gg.NewContext(int(W), int(H))
	dc.SetColor(paper)
	dc.Clear()
	dc.SetFontFace(face)
	dc.SetColor(tableInk)
	dc.DrawStringAnchored(b.Title, cellPad, top/2, 0, 0.5)
	centre := func(r, i int) (float64, float64) {
		span := slot * float64(int(1)<<r)
		return cellPad + float64(r)*(boxW+gapX), top + span*float64(i) + span/2
	}
	for r, ms := range b.Rounds {
		for i, m := range ms {
			x, cy := centre(r, i)
			dc.SetColor(tableInk)
			dc.SetLineWidth(1.5)
			dc.DrawRectangle(x, cy-boxH/2, boxW, boxH)
			dc.Stroke()
			dc.DrawLine(x, cy, x+boxW, cy)
			dc.SetLineWidth(0.7)
			dc.Stroke()
			for k, name := range []string{m.A, m.B} {
				if name == "" {
					name = "—"
				}
				dc.SetColor(tableInk)
				if m.Winner == k {
					dc.SetColor(winnerInk)
				}
				dc.DrawStringAnchored(name, x+8, cy-boxH/4+float64(k)*boxH/2, 0, 0.5)
			}
			if r+1 < len(b.Rounds) {
				nx, ny := centre(r+1, i/2)
				dc.SetColor(tableInk)
				dc.SetLineWidth(1)
				dc.MoveTo(x+boxW, cy)
				dc.LineTo(x+boxW+gapX/2, cy)
				dc.LineTo(x+boxW+gapX/2, ny)
				dc.LineTo(nx, ny)
				dc.Stroke()
			}
		}
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, dc.Image()); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}
