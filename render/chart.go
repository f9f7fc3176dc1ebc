package render

import (
	"bytes"
	"image/png"
	"math"

	"github.com/fogleman/gg"
	"golang.org/x/image/font"
)

// The charts (the VP chart of a game's story, the analysis of a finished
// game) share their paper, faces and plot area: an 800×480 picture whose
// y axis runs in nice steps over the values drawn and whose points are
// spread across, inset so that the end labels stay on the picture.

const chartW, chartH = 800.0, 480.0

// chartCanvas is a chart's paper with its title and label faces; close
// releases the faces.
type chartCanvas struct {
	dc           *gg.Context
	title, small font.Face
}

func newChartCanvas() (*chartCanvas, error) {
	tf, err := tableFont()
	if err != nil {
		return nil, err
	}
	dc := gg.NewContext(int(chartW), int(chartH))
	dc.SetColor(paper)
	dc.Clear()
	return &chartCanvas{dc: dc, title: tf.face(26), small: tf.face(20)}, nil
}

func (c *chartCanvas) close() {
	c.title.Close()
	c.small.Close()
}

// png encodes the chart.
func (c *chartCanvas) png() ([]byte, error) {
	var buf bytes.Buffer
	if err := png.Encode(&buf, c.dc.Image()); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// chartFrame is the plot area: n points across, values from ymin to ymax
// in steps of step.
type chartFrame struct {
	left, top, pw, ph, inset float64
	ymin, ymax, step         float64
	n                        int
}

// newChartFrame fits the axis to the values from lo to hi (about five
// steps) inside the margins given.
func newChartFrame(lo, hi float64, n int, left, right, top, bottom, inset float64) chartFrame {
	step := niceStep((hi - lo) / 5)
	ymin, ymax := math.Floor(lo/step)*step, math.Ceil(hi/step)*step
	if ymax == ymin {
		ymax = ymin + step
	}
	return chartFrame{left: left, top: top, pw: chartW - left - right, ph: chartH - top - bottom, inset: inset,
		ymin: ymin, ymax: ymax, step: step, n: n}
}

// x is where point i stands.
func (f chartFrame) x(i int) float64 {
	if f.n == 1 {
		return f.left + f.pw/2
	}
	return f.left + f.inset + (f.pw-2*f.inset)*float64(i)/float64(f.n-1)
}

// y is where value v stands.
func (f chartFrame) y(v float64) float64 { return f.top + f.ph*(1-(v-f.ymin)/(f.ymax-f.ymin)) }

// niceStep rounds a raw step up to 1, 2 or 5 times a power of ten.
func niceStep(raw float64) float64 {
	if raw <= 0 {
		return 10
	}
	p := math.Pow(10, math.Floor(math.Log10(raw)))
	for _, m := range []float64{1, 2, 5, 10} {
		if m*p >= raw {
			return m * p
		}
	}
	return 10 * p
}
