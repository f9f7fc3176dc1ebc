package render

import (
	"fmt"
	"image/color"
	"math"

	"github.com/fogleman/gg"
	"golang.org/x/image/font"
)

// The analysis of a finished game as a chart: the expected final VP
// margin (German − Allied) after each segment, one line, with the band of
// its play-outs' spread, the zero line (a draw) and the three largest
// swings numbered on it. Like the VP chart it takes plain text and
// numbers; 800 × 480, lettering readable 400 pixels wide.

// AnalysisChart is what the analysis chart shows.
type AnalysisChart struct {
	Title  string
	YLabel string
	// Labels name the points on the x axis: a turn's name at the first
	// point of each turn, "" elsewhere.
	Labels []string
	Values []float64 // the expected margin at each point
	Spread []float64 // the play-outs' standard deviation at each point (may be nil)
	// Swings are the points of the largest swings, numbered 1, 2, 3 in
	// this order on the chart.
	Swings []int
	// Above and Below name the halves of the chart (German ahead, Allies
	// ahead); Note is a line under the chart, or "".
	Above, Below, Note string
}

// AnalysisChartPNG draws the chart as a PNG.
func AnalysisChartPNG(c AnalysisChart) ([]byte, error) {
	if len(c.Values) == 0 || len(c.Labels) != len(c.Values) {
		return nil, fmt.Errorf("render: an analysis chart needs a value and a label a point")
	}
	cv, err := newChartCanvas()
	if err != nil {
		return nil, err
	}
	defer cv.close()
	dc, title, small := cv.dc, cv.title, cv.small
	const W = chartW
	const left, right, top, bottom = 96.0, 24.0, 64.0, 92.0

	lo, hi := 0.0, 0.0
	for i, v := range c.Values {
		s := 0.0
		if i < len(c.Spread) {
			s = c.Spread[i]
		}
		lo, hi = math.Min(lo, v-s), math.Max(hi, v+s)
	}
	f := newChartFrame(lo, hi, len(c.Values), left, right, top, bottom, 20)
	ymin, ymax, step, ph := f.ymin, f.ymax, f.step, f.ph
	xAt, yAt := f.x, f.y

	dc.SetFontFace(title)
	dc.SetColor(tableInk)
	dc.DrawStringAnchored(c.Title, W/2, 24, 0.5, 0.5)

	analysisAxes(dc, c, small, ymin, ymax, step, xAt, yAt, top, left, right, ph, W)

	// The play-outs' spread as a band, then the line.
	line := color.RGBA{0x8a, 0x2b, 0x1e, 0xff}
	if len(c.Spread) == len(c.Values) {
		dc.SetColor(color.NRGBA{0x8a, 0x2b, 0x1e, 0x38})
		for i := range c.Values {
			dc.LineTo(xAt(i), yAt(c.Values[i]+c.Spread[i]))
		}
		for i := len(c.Values) - 1; i >= 0; i-- {
			dc.LineTo(xAt(i), yAt(c.Values[i]-c.Spread[i]))
		}
		dc.ClosePath()
		dc.Fill()
	}
	dc.SetColor(line)
	dc.SetLineWidth(3)
	for i, v := range c.Values {
		if i == 0 {
			dc.MoveTo(xAt(i), yAt(v))
		} else {
			dc.LineTo(xAt(i), yAt(v))
		}
	}
	dc.Stroke()
	// The swings: a numbered disc on the point each swing reached.
	for k, i := range c.Swings {
		if i < 0 || i >= len(c.Values) {
			continue
		}
		x, y := xAt(i), yAt(c.Values[i])
		dc.SetColor(tableInk)
		dc.DrawCircle(x, y, 13)
		dc.Fill()
		dc.SetColor(paper)
		dc.DrawStringAnchored(fmt.Sprint(k+1), x, y-1, 0.5, 0.5)
	}
	if c.Note != "" {
		dc.SetColor(tableInk)
		dc.DrawStringAnchored(c.Note, W/2, top+ph+56, 0.5, 0.5)
	}
	return cv.png()
}

// analysisAxes draws the grid with the margin's numbers (the zero line,
// a draw, darker), the halves' names, the turn labels (at most eight)
// and the axes.
func analysisAxes(dc *gg.Context, c AnalysisChart, small font.Face, ymin, ymax, step float64, xAt func(int) float64, yAt func(float64) float64, top, left, right, ph, W float64) {
	// The grid and the margin's numbers; the zero line (a draw) darker.
	dc.SetFontFace(small)
	for v := ymin; v <= ymax+step/2; v += step {
		y := yAt(v)
		dc.SetColor(rowShade)
		dc.SetLineWidth(1)
		if v == 0 {
			dc.SetColor(tableInk)
		}
		dc.DrawLine(left, y, W-right, y)
		dc.Stroke()
		dc.SetColor(tableInk)
		n := fmt.Sprintf("%+.0f", v)
		if v == 0 {
			n = "0"
		}
		dc.DrawStringAnchored(n, left-10, y, 1, 0.5)
	}
	if c.Above != "" && c.Below != "" {
		dc.SetColor(ChartGerman)
		dc.DrawStringAnchored(c.Above, left+10, top+14, 0, 0.5)
		dc.SetColor(ChartAllied)
		dc.DrawStringAnchored(c.Below, left+10, top+ph-14, 0, 0.5)
	}
	// The turn labels, at most eight, and a tick at each turn's start.
	var marks []int
	for i, l := range c.Labels {
		if l != "" {
			marks = append(marks, i)
		}
	}
	every := max(1, int(math.Ceil(float64(len(marks))/8)))
	dc.SetColor(tableInk)
	for k, i := range marks {
		dc.DrawLine(xAt(i), top+ph, xAt(i), top+ph+6)
		dc.Stroke()
		if k%every == 0 {
			dc.DrawStringAnchored(c.Labels[i], xAt(i), top+ph+20, 0.5, 0.5)
		}
	}
	dc.SetLineWidth(2)
	dc.DrawLine(left, top, left, top+ph)
	dc.DrawLine(left, top+ph, W-right, top+ph)
	dc.Stroke()
	dc.Push()
	dc.RotateAbout(-math.Pi/2, 18, top+ph/2)
	dc.DrawStringAnchored(c.YLabel, 18, top+ph/2, 0.5, 0.5)
	dc.Pop()
}
