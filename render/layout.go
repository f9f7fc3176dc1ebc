package render

import (
	"image"
	"math"

	"rtrbot/engine/hex"
)

// Layout places hexes on the picture, north up as map-grid.md asks: XX
// grows upward, YY grows to the right, hexes are pointy-topped and even XX
// lines sit half a hex further right. All coordinates are pixels of the
// whole-map picture; a crop only changes which part is copied out.
type Layout struct {
	R      float64 // hex radius: centre to corner
	Cols   int     // XX runs 1..Cols, bottom to top
	Rows   int     // YY runs 1..Rows, left to right
	Margin float64 // paper around the hexes
	Footer float64 // height of the title and legend strip under the map
}

// W is the width of a hex (flat side to flat side).
func (l Layout) W() float64 { return math.Sqrt(3) * l.R }

// Center is the centre of hex h.
func (l Layout) Center(h hex.Hex) (x, y float64) {
	shift := 0.0
	if h.Col%2 == 0 {
		shift = 0.5
	}
	x = l.Margin + l.W()/2 + (float64(h.Row-1)+shift)*l.W()
	y = l.Margin + l.R + float64(l.Cols-h.Col)*1.5*l.R
	return x, y
}

// Corners are the six corners of h, clockwise from the top.
func (l Layout) Corners(h hex.Hex) [6][2]float64 {
	cx, cy := l.Center(h)
	var out [6][2]float64
	for i := range out {
		a := math.Pi/180*(60*float64(i)) - math.Pi/2
		out[i] = [2]float64{cx + l.R*math.Cos(a), cy + l.R*math.Sin(a)}
	}
	return out
}

// SideEnds are the two ends of the hexside between adjacent hexes a and b:
// the segment through the midpoint of their centres, at right angles to
// the line joining them, one hex radius long.
func (l Layout) SideEnds(a, b hex.Hex) (x1, y1, x2, y2 float64) {
	ax, ay := l.Center(a)
	bx, by := l.Center(b)
	mx, my := (ax+bx)/2, (ay+by)/2
	dx, dy := bx-ax, by-ay
	d := math.Hypot(dx, dy)
	if d == 0 {
		return mx, my, mx, my
	}
	px, py := -dy/d*l.R/2, dx/d*l.R/2
	return mx + px, my + py, mx - px, my - py
}

// MapSize is the size of the hex area with its margin (no footer).
func (l Layout) MapSize() (w, h int) {
	w = int(math.Ceil(2*l.Margin + (float64(l.Rows)+0.5)*l.W()))
	h = int(math.Ceil(2*l.Margin + 2*l.R + float64(l.Cols-1)*1.5*l.R))
	return w, h
}

// Size is the whole picture: map plus footer.
func (l Layout) Size() (w, h int) {
	w, h = l.MapSize()
	return w, h + int(math.Ceil(l.Footer))
}

// Bounds is the pixel rectangle that holds every hex listed, with a little
// paper around it, clipped to the picture.
func (l Layout) Bounds(hexes []hex.Hex) image.Rectangle {
	if len(hexes) == 0 {
		return image.Rectangle{}
	}
	minX, minY := math.Inf(1), math.Inf(1)
	maxX, maxY := math.Inf(-1), math.Inf(-1)
	for _, h := range hexes {
		x, y := l.Center(h)
		minX, maxX = math.Min(minX, x), math.Max(maxX, x)
		minY, maxY = math.Min(minY, y), math.Max(maxY, y)
	}
	pad := l.R * 1.15
	r := image.Rect(int(math.Floor(minX-pad)), int(math.Floor(minY-pad)),
		int(math.Ceil(maxX+pad)), int(math.Ceil(maxY+pad)))
	w, h := l.MapSize()
	return r.Intersect(image.Rect(0, 0, w, h))
}
