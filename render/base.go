package render

import (
	"image"
	"image/color"
	"math"
	"strconv"

	"github.com/fogleman/gg"
	"golang.org/x/image/font"

	"rtrbot/engine/board"
	"rtrbot/engine/hex"
)

// drawBase draws everything that never changes during a game, in the order
// that keeps each thing visible: ground, then lines (coast, borders, rails,
// rivers over rails so that no river disappears under a railway), then
// hex numbers, symbols and names on top.
func (r *Renderer) drawBase() *image.RGBA {
	w, h := r.layout.Size()
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	dc := gg.NewContextForRGBA(img)
	dc.SetColor(paper)
	dc.Clear()
	hexes := r.m.Hexes()

	r.drawTerrain(dc, hexes)
	r.drawGrid(dc, hexes)
	r.drawCoast(dc, hexes)
	r.drawBorders(dc)
	r.drawRails(dc)
	r.drawRivers(dc)
	numbers := r.drawHexNumbers(dc, hexes)
	marks := r.drawSymbols(dc, hexes)
	marks = append(marks, r.drawVPTags(dc, hexes)...)
	r.drawLabels(dc, hexes, marks, numbers)
	if !r.opt.NoLegend {
		r.drawFooter(dc)
	}
	return img
}

func (r *Renderer) hexPath(dc *gg.Context, h hex.Hex) {
	c := r.layout.Corners(h)
	dc.MoveTo(c[0][0], c[0][1])
	for i := 1; i < 6; i++ {
		dc.LineTo(c[i][0], c[i][1])
	}
	dc.ClosePath()
}

func (r *Renderer) drawTerrain(dc *gg.Context, hexes []*board.Hex) {
	// One path per terrain: fewer fills, and no hairline seams between
	// neighbouring hexes of the same ground.
	for t := board.Clear; t <= board.Sea; t++ {
		n := 0
		for _, h := range hexes {
			if h.Terrain == t {
				r.hexPath(dc, h.At)
				n++
			}
		}
		if n == 0 {
			continue
		}
		dc.SetColor(terrainFill[t])
		dc.Fill()
	}
	for _, c := range []board.Country{board.Netherlands, board.Switzerland} {
		tint := neutralTint[c]
		n := 0
		for _, h := range hexes {
			if h.Country == c && h.Terrain != board.Sea {
				r.hexPath(dc, h.At)
				n++
			}
		}
		if n > 0 {
			dc.SetColor(tint)
			dc.Fill()
		}
	}
	for _, h := range hexes {
		r.drawTerrainMark(dc, h)
	}
}

// drawTerrainMark draws small symbols left and right of the hex centre
// (the centre and the space above and below it are kept for the city
// symbol, the name and the hex number).
func (r *Renderer) drawTerrainMark(dc *gg.Context, h *board.Hex) {
	col, ok := terrainMark[h.Terrain]
	if !ok {
		return
	}
	R := r.layout.R
	cx, cy := r.layout.Center(h.At)
	dc.SetColor(col)
	for _, side := range []float64{-1, 1} {
		markAt(dc, h.Terrain, cx+side*0.55*R, cy+0.08*R, R)
	}
}

// markAt draws one terrain mark centred on x, y for hexes of radius R: it
// tells terrain apart without relying on colour alone (colour-blind
// players, washed-out phone screens). The colour is already set.
func markAt(dc *gg.Context, t board.Terrain, x, y, R float64) {
	switch t {
	case board.Forest: // a clump of two trees
		for _, p := range [][3]float64{{-0.1, 0.04, 0.12}, {0.1, -0.04, 0.14}} {
			dc.DrawCircle(x+p[0]*R, y+p[1]*R, p[2]*R)
			dc.Fill()
			dc.SetLineWidth(math.Max(1, 0.05*R))
			dc.DrawLine(x+p[0]*R, y+p[1]*R+p[2]*R, x+p[0]*R, y+p[1]*R+p[2]*R+0.1*R)
			dc.Stroke()
		}
	case board.Mountain: // two peaks
		for _, p := range [][2]float64{{-0.1, 0.05}, {0.1, 0}} {
			px, py, s := x+p[0]*R, y+p[1]*R, 0.17*R
			dc.MoveTo(px-s, py+s*0.8)
			dc.LineTo(px, py-s*0.8)
			dc.LineTo(px+s, py+s*0.8)
			dc.ClosePath()
			dc.Fill()
		}
	case board.Rough: // hummocks
		dc.SetLineWidth(math.Max(1, 0.06*R))
		for _, p := range [][2]float64{{-0.1, 0.06}, {0.1, -0.06}} {
			dc.NewSubPath()
			dc.DrawArc(x+p[0]*R, y+p[1]*R+0.05*R, 0.1*R, math.Pi, 2*math.Pi)
			dc.Stroke()
		}
	case board.Marsh: // reeds over water lines
		dc.SetLineWidth(math.Max(1, 0.05*R))
		for i := -1; i <= 1; i++ {
			yy := y + float64(i)*0.1*R
			dc.DrawLine(x-0.14*R, yy, x+0.14*R, yy)
		}
		dc.DrawLine(x, y-0.1*R, x, y-0.28*R)
		dc.DrawLine(x-0.07*R, y-0.1*R, x-0.12*R, y-0.24*R)
		dc.DrawLine(x+0.07*R, y-0.1*R, x+0.12*R, y-0.24*R)
		dc.Stroke()
	case board.Sea: // a wave
		dc.SetLineWidth(math.Max(1, 0.05*R))
		dc.MoveTo(x-0.16*R, y)
		dc.QuadraticTo(x-0.08*R, y-0.1*R, x, y)
		dc.QuadraticTo(x+0.08*R, y+0.1*R, x+0.16*R, y)
		dc.Stroke()
	}
}

// drawGrid strokes every hex edge exactly once (the grid line is
// translucent: an edge drawn twice would be darker), a line of hexes at a
// time: the rasterizer slows down badly on one huge path.
func (r *Renderer) drawGrid(dc *gg.Context, hexes []*board.Hex) {
	dc.SetColor(hexLine)
	dc.SetLineWidth(math.Max(1, r.layout.R*0.04))
	col := -1
	for _, h := range hexes {
		if h.At.Col != col && col != -1 {
			dc.Stroke()
		}
		col = h.At.Col
		for _, n := range h.At.Neighbors() {
			if r.m.OnMap(n) && !hex.Less(h.At, n) {
				continue // drawn from the other side
			}
			r.sidePath(dc, h.At, n)
		}
	}
	dc.Stroke()
}

func (r *Renderer) sidePath(dc *gg.Context, a, b hex.Hex) {
	x1, y1, x2, y2 := r.layout.SideEnds(a, b)
	dc.MoveTo(x1, y1)
	dc.LineTo(x2, y2)
}

// drawCoast outlines land against sea so the coast reads at a glance.
func (r *Renderer) drawCoast(dc *gg.Context, hexes []*board.Hex) {
	n := 0
	for _, h := range hexes {
		if h.Terrain == board.Sea {
			continue
		}
		for _, nb := range h.At.Neighbors() {
			if x, ok := r.m.Hex(nb); ok && x.Terrain == board.Sea {
				r.sidePath(dc, h.At, nb)
				n++
			}
		}
	}
	if n == 0 {
		return
	}
	dc.SetColor(coastLine)
	dc.SetLineWidth(math.Max(1.2, 0.07*r.layout.R))
	dc.SetLineCapRound()
	dc.Stroke()
}

// pathSides adds to dc's path the hexsides of sides whose map data want
// accepts and says how many, so that one kind of hexside is stroked at once.
func (r *Renderer) pathSides(dc *gg.Context, sides []hex.Hexside, want func(board.Hexside) bool) int {
	n := 0
	for _, s := range sides {
		if want(r.m.Hexside(s.A, s.B)) {
			r.sidePath(dc, s.A, s.B)
			n++
		}
	}
	return n
}

// drawBorders draws 1914 borders as a broad translucent band with a dashed
// line in it: distinct from rivers (blue, solid) and rails (dark, centre to
// centre), and still visible where a river runs along the border.
func (r *Renderer) drawBorders(dc *gg.Context) {
	sides := sortedSides(r.m.Hexsides())
	R := r.layout.R
	if r.pathSides(dc, sides, func(x board.Hexside) bool { return x.Border }) == 0 {
		return
	}
	dc.SetLineCapRound()
	dc.SetColor(borderBand)
	dc.SetLineWidth(0.3 * R)
	dc.StrokePreserve()
	dc.SetColor(borderLine)
	dc.SetLineWidth(math.Max(1.2, 0.07*R))
	dc.SetDash(0.22*R, 0.12*R)
	dc.Stroke()
	dc.SetDash()
}

// drawRails draws each rail link from hex centre to hex centre: a dark line
// on a pale casing, so that it reads over every ground colour.
func (r *Renderer) drawRails(dc *gg.Context) {
	links := r.m.RailLinks()
	if len(links) == 0 {
		return
	}
	R := r.layout.R
	path := func() {
		for _, s := range links {
			x1, y1 := r.layout.Center(s.A)
			x2, y2 := r.layout.Center(s.B)
			dc.MoveTo(x1, y1)
			dc.LineTo(x2, y2)
		}
	}
	dc.SetLineCapRound()
	dc.SetLineJoinRound()
	path()
	dc.SetColor(railCase)
	dc.SetLineWidth(0.17 * R)
	dc.Stroke()
	path()
	dc.SetColor(railDark)
	dc.SetLineWidth(math.Max(1.5, 0.08*R))
	dc.Stroke()
}

// drawRivers draws rivers along hexsides, the major ones thicker.
func (r *Renderer) drawRivers(dc *gg.Context) {
	sides := sortedSides(r.m.Hexsides())
	R := r.layout.R
	for _, major := range []bool{false, true} {
		isRiver := func(x board.Hexside) bool { return x.River != "" && isMajorRiver(x.River) == major }
		if r.pathSides(dc, sides, isRiver) == 0 {
			continue
		}
		dc.SetLineCapRound()
		dc.SetColor(riverBlue)
		if major {
			dc.SetLineWidth(0.17 * R)
		} else {
			dc.SetLineWidth(math.Max(1.5, 0.08*R))
		}
		dc.Stroke()
	}
}

// numberDrop places the hex number's middle this far above the centre (in
// hex radii): high enough to clear the biggest fortress, low enough to fit
// between the hex's upper sides.
const numberDrop = 0.56

// drawHexNumbers writes XXYY in the upper part of every hex.
// It returns the boxes they cover, which the country names avoid.
func (r *Renderer) drawHexNumbers(dc *gg.Context, hexes []*board.Hex) []box {
	R := r.layout.R
	dc.SetFontFace(r.font.face(0.34 * R))
	nw, nh := dc.MeasureString("0000")
	var out []box
	for _, h := range hexes {
		cx, cy := r.layout.Center(h.At)
		y := cy - numberDrop*R
		// A thin rim of the hex's own ground colour keeps the number
		// readable where a river or a railway passes under it.
		dc.SetColor(groundColour(h))
		for _, d := range [][2]float64{{-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
			dc.DrawStringAnchored(h.At.String(), cx+d[0], y+d[1], 0.5, 0.5)
		}
		if h.Terrain == board.Sea {
			dc.SetColor(seaNumber)
		} else {
			dc.SetColor(hexNumber)
		}
		dc.DrawStringAnchored(h.At.String(), cx, y, 0.5, 0.5)
		out = append(out, box{cx - nw/2, cy - numberDrop*R - nh/2, cx + nw/2, cy - numberDrop*R + nh/2})
	}
	return out
}

// groundColour is the colour a hex is filled with: its terrain, washed
// with its country's tint if neutral.
func groundColour(h *board.Hex) color.RGBA {
	c := terrainFill[h.Terrain]
	t, ok := neutralTint[h.Country]
	if !ok || h.Terrain == board.Sea {
		return c
	}
	mix := func(a, b uint8) uint8 {
		return uint8((int(a)*(255-int(t.A)) + int(b)*int(t.A) + 127) / 255)
	}
	return color.RGBA{mix(c.R, t.R), mix(c.G, t.G), mix(c.B, t.B), 0xff}
}

// box is a rectangle in picture pixels, used to keep labels apart.
type box struct{ x0, y0, x1, y1 float64 }

func (a box) overlaps(b box) bool {
	return a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1
}

// drawSymbols draws the city, fortress and port symbols and returns the
// boxes they cover, so that names are placed beside them, not over them.
func (r *Renderer) drawSymbols(dc *gg.Context, hexes []*board.Hex) []box {
	R := r.layout.R
	var marks []box
	for _, h := range hexes {
		cx, cy := r.layout.Center(h.At)
		switch {
		case h.Fortress > 0:
			ro := fortRadius(h.Fortress, R)
			fy := cy + fortDrop*R
			drawFortress(dc, r.font, cx, fy, ro, h.Fortress)
			marks = append(marks, box{cx - ro, fy - ro, cx + ro, fy + ro})
		case h.City:
			s := 0.17 * R
			dc.DrawRectangle(cx-s, cy-s, 2*s, 2*s)
			dc.SetColor(cityRed)
			dc.FillPreserve()
			dc.SetColor(color.White)
			dc.SetLineWidth(math.Max(1, 0.05*R))
			dc.Stroke()
			marks = append(marks, box{cx - s, cy - s, cx + s, cy + s})
		case h.Name != "":
			s := 0.09 * R
			edgedDisc(dc, cx, cy, s, ink, color.White, math.Max(1, 0.04*R))
			marks = append(marks, box{cx - s, cy - s, cx + s, cy + s})
		}
		for i, n := range h.Logistic {
			x, y := cx-0.48*R-float64(i)*0.27*R, cy-0.06*R
			drawLogistic(dc, x, y, 0.12*R, n)
			marks = append(marks, box{x - 0.13*R, y - 0.13*R, x + 0.13*R, y + 0.13*R})
		}
		if h.Port {
			ax, ay := cx+0.5*R, cy-0.08*R
			drawAnchor(dc, ax, ay, 0.2*R)
			marks = append(marks, box{ax - 0.2*R, ay - 0.24*R, ax + 0.2*R, ay + 0.22*R})
		}
	}
	return marks
}

// drawLogistic marks a logistics hex (兵站) with a disc in the colour of
// the nation it serves (2.4 counter colours: French pale blue, German grey,
// British tan, Belgian red).
func drawLogistic(dc *gg.Context, x, y, s float64, n board.Nation) {
	edgedDisc(dc, x, y, s, logisticColour[n], ink, math.Max(1, s*0.22))
}

// fortDrop sets a fortress a little below the hex centre, clear of the
// hex number (in hex radii).
const fortDrop = 0.06

func fortRadius(strength int, R float64) float64 {
	switch {
	case strength >= 12:
		return 0.41 * R
	case strength >= 6:
		return 0.36 * R
	}
	return 0.31 * R
}

// drawFortress draws a star fort (eight bastions) with its strength (3, 6
// or 12, rule 12.0) in white inside it; bigger forts draw bigger.
func drawFortress(dc *gg.Context, tf *typeface, cx, cy, ro float64, strength int) {
	const n = 8
	ri := ro * 0.76
	for i := 0; i < 2*n; i++ {
		a := float64(i)*math.Pi/n - math.Pi/2
		rr := ro
		if i%2 == 1 {
			rr = ri
		}
		x, y := cx+rr*math.Cos(a), cy+rr*math.Sin(a)
		if i == 0 {
			dc.MoveTo(x, y)
		} else {
			dc.LineTo(x, y)
		}
	}
	dc.ClosePath()
	dc.SetColor(fortFill)
	dc.FillPreserve()
	dc.SetColor(color.White)
	dc.SetLineWidth(math.Max(1, ro*0.1))
	dc.Stroke()
	label := strconv.Itoa(strength)
	size := ri * 1.35
	if len(label) > 1 {
		size = ri * 1.15
	}
	dc.SetFontFace(tf.face(size))
	dc.SetColor(color.White)
	dc.DrawStringAnchored(label, cx, cy-size*0.06, 0.5, 0.42)
	dc.DrawStringAnchored(label, cx+0.5, cy-size*0.06, 0.5, 0.42)
}

// drawAnchor draws a port's anchor of height about 2s centred on x, y.
func drawAnchor(dc *gg.Context, x, y, s float64) {
	dc.SetLineCapRound()
	// white casing first, then the anchor in dark blue
	for pass := 0; pass < 2; pass++ {
		if pass == 0 {
			dc.SetColor(halo)
			dc.SetLineWidth(math.Max(2.5, s*0.45))
		} else {
			dc.SetColor(portBlue)
			dc.SetLineWidth(math.Max(1.2, s*0.18))
		}
		dc.DrawCircle(x, y-s*0.85, s*0.22)
		dc.Stroke()
		dc.DrawLine(x, y-s*0.63, x, y+s)
		dc.DrawLine(x-s*0.45, y-s*0.35, x+s*0.45, y-s*0.35)
		dc.Stroke()
		dc.DrawArc(x, y+s*0.25, s*0.75, 0.15*math.Pi, 0.85*math.Pi)
		dc.Stroke()
	}
}

func sortedSides(m map[hex.Hexside]board.Hexside) []hex.Hexside {
	out := make([]hex.Hexside, 0, len(m))
	for s := range m {
		out = append(out, s)
	}
	sortSides(out)
	return out
}

// VP tags: what holding a hex at the end is worth (15.23), on a small
// tag below and right of its symbol, in the colour of the side that
// scores it: grey for the Germans' objectives (Paris 10 a hex, Lille 10,
// the named 5s, every other French or Belgian city 2), blue for the
// Allies' (Metz and Strasbourg 20, every other German city 10).
var (
	vpGermanInk = rgb(0x30, 0x30, 0x30)
	vpAlliedInk = rgb(0x1a, 0x4f, 0xa8)
)

// vpTagSize is the size of the tag's figures, in hex radii.
const vpTagSize = 0.34

// drawVPTags draws the VP tags and returns the boxes they cover.
func (r *Renderer) drawVPTags(dc *gg.Context, hexes []*board.Hex) []box {
	R := r.layout.R
	face := r.font.face(vpTagSize * R)
	var out []box
	for _, h := range hexes {
		g, a := r.m.CityVP(h.At, board.Germans), r.m.CityVP(h.At, board.Allies)
		v, col := g, vpGermanInk
		if a > g {
			v, col = a, vpAlliedInk
		}
		if v == 0 {
			continue
		}
		cx, cy := r.layout.Center(h.At)
		x, y := cx+0.36*R, cy+0.3*R
		if h.Fortress > 0 {
			x = cx + fortRadius(h.Fortress, R) + 0.16*R
		}
		out = append(out, drawVPTag(dc, face, x, y, v, col))
	}
	return out
}

// drawVPTag draws one tag centred on x, y and returns its box.
func drawVPTag(dc *gg.Context, face font.Face, x, y float64, v int, col color.RGBA) box {
	dc.SetFontFace(face)
	label := strconv.Itoa(v)
	w, h := dc.MeasureString(label)
	pw, ph := w+h*0.45, h*1.05
	dc.DrawRoundedRectangle(x-pw/2, y-ph/2, pw, ph, ph*0.3)
	dc.SetColor(color.White)
	dc.FillPreserve()
	dc.SetColor(col)
	dc.SetLineWidth(math.Max(1, h*0.1))
	dc.Stroke()
	dc.DrawStringAnchored(label, x, y, 0.5, 0.4)
	dc.DrawStringAnchored(label, x+0.4, y, 0.5, 0.4)
	return box{x - pw/2 - 1, y - ph/2 - 1, x + pw/2 + 1, y + ph/2 + 1}
}
