package render

import (
	"fmt"
	"image/color"
	"math"

	"github.com/fogleman/gg"
	"golang.org/x/image/font"
)

// The story of a game (package story) as a chart: each side's VP at the
// end of every turn, one line a side, drawn with the map's typeface. It
// takes plain text and numbers, so that render does not depend on the
// game's packages. The picture is 800 × 480 and its lettering large
// enough to read when a phone shows it 400 pixels wide.

// VPSeries is one side's line.
type VPSeries struct {
	Name   string
	Colour color.RGBA
	Values []int // one per turn label
}

// VPChart is what the chart shows.
type VPChart struct {
	Title  string
	Turns  []string // the x axis: one label a turn
	YLabel string
	Series []VPSeries
	// Note is a line under the chart (e.g. the victory level), or "".
	Note string
}

// Side colours for charts: the German grey darkened to read as a line,
// the French blue for the Allies.
var (
	ChartGerman = color.RGBA{0x50, 0x50, 0x50, 0xff}
	ChartAllied = color.RGBA{0x2c, 0x64, 0xb0, 0xff}
)

// VPChartPNG draws the chart as a PNG.
func VPChartPNG(c VPChart) ([]byte, error) {
	if len(c.Turns) == 0 || len(c.Series) == 0 {
		return nil, fmt.Errorf("render: a VP chart needs turns and a series")
	}
	cv, err := newChartCanvas()
	if err != nil {
		return nil, err
	}
	defer cv.close()
	dc, title, small := cv.dc, cv.title, cv.small
	const W = chartW
	const left, right, top, bottom = 78.0, 24.0, 64.0, 92.0

	lo, hi := 0, 0
	for _, s := range c.Series {
		for _, v := range s.Values {
			lo, hi = min(lo, v), max(hi, v)
		}
	}
	f := newChartFrame(float64(lo), float64(hi), len(c.Turns), left, right, top, bottom, 36) // the first and last turns' labels stay on the picture
	ymin, ymax, step, ph := f.ymin, f.ymax, f.step, f.ph
	xAt, yAt := f.x, f.y

	dc.SetFontFace(title)
	dc.SetColor(tableInk)
	dc.DrawStringAnchored(c.Title, W/2, 24, 0.5, 0.5)

	drawAxes(dc, c, small, ymin, ymax, step, xAt, yAt, top, left, right, ph, W)

	// The lines, their points and the legend under the axis.
	lx := left
	for _, s := range c.Series {
		dc.SetColor(s.Colour)
		dc.SetLineWidth(4)
		for i, v := range s.Values {
			if i == 0 {
				dc.MoveTo(xAt(i), yAt(float64(v)))
			} else {
				dc.LineTo(xAt(i), yAt(float64(v)))
			}
		}
		dc.Stroke()
		for i, v := range s.Values {
			dc.DrawCircle(xAt(i), yAt(float64(v)), 5)
			dc.Fill()
		}
		ly := top + ph + 50
		dc.DrawRectangle(lx, ly-4, 28, 8)
		dc.Fill()
		dc.SetColor(tableInk)
		dc.DrawStringAnchored(s.Name, lx+36, ly, 0, 0.5)
		w, _ := dc.MeasureString(s.Name)
		lx += 36 + w + 40
	}
	if c.Note != "" {
		dc.SetColor(tableInk)
		dc.DrawStringAnchored(c.Note, W-right, top+ph+50, 1, 0.5)
	}
	return cv.png()
}

// drawAxes draws the chart's grid, its numbers, the turn labels (at most
// eight) and the VP axis with its title.
func drawAxes(dc *gg.Context, c VPChart, small font.Face, ymin, ymax, step float64, xAt func(int) float64, yAt func(float64) float64, top, left, right, ph, W float64) {
	// The grid and the axes' numbers.
	dc.SetFontFace(small)
	for v := ymin; v <= ymax+step/2; v += step {
		y := yAt(v)
		dc.SetColor(rowShade)
		dc.SetLineWidth(1)
		dc.DrawLine(left, y, W-right, y)
		dc.Stroke()
		dc.SetColor(tableInk)
		dc.DrawStringAnchored(fmt.Sprintf("%.0f", v), left-10, y, 1, 0.5)
	}
	every := max(1, int(math.Ceil(float64(len(c.Turns))/8))) // at most 8 turn labels
	for i, t := range c.Turns {
		if i%every == 0 || i == len(c.Turns)-1 {
			dc.DrawStringAnchored(t, xAt(i), top+ph+18, 0.5, 0.5)
		}
	}
	dc.SetLineWidth(2)
	dc.DrawLine(left, top, left, top+ph)
	dc.DrawLine(left, top+ph, W-right, top+ph)
	dc.Stroke()
	dc.Push()
	dc.RotateAbout(-math.Pi/2, 22, top+ph/2)
	dc.DrawStringAnchored(c.YLabel, 22, top+ph/2, 0.5, 0.5)
	dc.Pop()

}
