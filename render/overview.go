package render

import (
	"fmt"
	"image"
	"image/color"
	"math"

	"github.com/fogleman/gg"
	"golang.org/x/image/font"

	"rtrbot/engine/board"
	"rtrbot/engine/hex"
	"rtrbot/engine/units"
)

// The phone overview: Discord shows a picture about 400 px
// wide before it is tapped, where the whole map is a blur of hexes. The
// overview draws the whole map small and plain instead: each country
// tinted, no grid, the major rivers, the cities of 15.23 named in large
// type, every stack as a solid hex in its side's colour (so that the
// fronts read as lines), the last combats outlined in red and the last
// moves as lines, with a one-line caption.

var overviewTint = map[board.Country]color.RGBA{
	board.France:      rgb(0xe6, 0xe9, 0xf2),
	board.Germany:     rgb(0xec, 0xe6, 0xd6),
	board.Belgium:     rgb(0xf4, 0xdf, 0xd6),
	board.Luxembourg:  rgb(0xe8, 0xe0, 0xd0),
	board.Netherlands: rgb(0xf6, 0xd9, 0xb4),
	board.Switzerland: rgb(0xf2, 0xd4, 0xd4),
}

var (
	overviewSea    = rgb(0xb8, 0xd4, 0xec)
	overviewBorder = rgb(0x7a, 0x10, 0x60)
	overviewSide   = [2]color.RGBA{rgb(0x3c, 0x3c, 0x3c), rgb(0x1f, 0x5f, 0xc8)} // German, Allied
)

// OverviewMinTextPx is the smallest type of the overview, in pixels.
const OverviewMinTextPx = 11

// OverviewImage draws the phone overview of a situation, width pixels
// wide (at least 200).
func (r *Renderer) OverviewImage(s *Situation, width int) (*image.RGBA, error) {
	img, _, err := r.overviewImage(s, width)
	return img, err
}

// overviewImage is OverviewImage with the names of the cities that found
// no free place and were written over another name (forced).
func (r *Renderer) overviewImage(s *Situation, width int) (img *image.RGBA, forced []string, err error) {
	if width < 200 || width > 4000 {
		return nil, nil, fmt.Errorf("render: overview width %d is out of range (200 to 4000)", width)
	}
	m := r.m
	// The hex radius that makes the map width pixels wide.
	R := float64(width) / ((float64(m.Rows)+0.5)*math.Sqrt(3) + 2*0.5)
	l := Layout{R: R, Cols: m.Cols, Rows: m.Rows, Margin: math.Round(R * 0.5)}
	mw, mh := l.MapSize()
	capH := int(math.Ceil(OverviewMinTextPx * 1.9))
	img = image.NewRGBA(image.Rect(0, 0, mw, mh+capH))
	dc := gg.NewContextForRGBA(img)
	dc.SetColor(paper)
	dc.Clear()
	dc.Translate(0, float64(capH))
	o := &overview{dc: dc, l: l, m: m}
	o.ground()
	o.bordersAndRivers()
	o.moves(s.Moves) // under the stacks
	o.stacks(s.Stacks)
	o.combats(s.Combats)
	forced = o.cities(r.font.face(OverviewMinTextPx+1), float64(mw), float64(mh))
	r.overviewCaption(dc, s, mw, capH)
	return img, forced, nil
}

// overview draws the layers of the phone overview on its context.
type overview struct {
	dc *gg.Context
	l  Layout
	m  *board.Map
}

// hexPath outlines hex h, scale times its size.
func (o *overview) hexPath(h hex.Hex, scale float64) {
	cx, cy := o.l.Center(h)
	for i := 0; i < 6; i++ {
		a := math.Pi/180*(60*float64(i)) - math.Pi/2
		x, y := cx+o.l.R*scale*math.Cos(a), cy+o.l.R*scale*math.Sin(a)
		if i == 0 {
			o.dc.MoveTo(x, y)
		} else {
			o.dc.LineTo(x, y)
		}
	}
	o.dc.ClosePath()
}

// ground tints countries and sea, each hex a hair larger than itself so
// that no seam shows.
func (o *overview) ground() {
	dc := o.dc
	for _, h := range o.m.Hexes() {
		o.hexPath(h.At, 1.04)
		if h.Terrain == board.Sea {
			dc.SetColor(overviewSea)
		} else if c, ok := overviewTint[h.Country]; ok {
			dc.SetColor(c)
		} else {
			dc.SetColor(paper)
		}
		dc.Fill()
	}
}

// bordersAndRivers draws the borders and major rivers along hexsides.
func (o *overview) bordersAndRivers() {
	dc, m, R := o.dc, o.m, o.l.R
	for _, sd := range sortedSides(m.Hexsides()) {
		a, okA := m.Hex(sd.A)
		b, okB := m.Hex(sd.B)
		if !okA || !okB {
			continue
		}
		x1, y1, x2, y2 := o.l.SideEnds(sd.A, sd.B)
		switch {
		case a.Terrain != board.Sea && b.Terrain != board.Sea && a.Country != b.Country:
			dc.SetColor(overviewBorder)
			dc.SetLineWidth(math.Max(1, R*0.22))
		case isMajorRiver(m.Hexside(sd.A, sd.B).River):
			dc.SetColor(color.NRGBA{riverBlue.R, riverBlue.G, riverBlue.B, 0x70})
			dc.SetLineWidth(math.Max(1, R*0.16))
		default:
			continue
		}
		dc.DrawLine(x1, y1, x2, y2)
		dc.Stroke()
	}
}

// moves draws the last moves as lines in their side's colour.
func (o *overview) moves(moves []Move) {
	dc := o.dc
	for _, mv := range moves {
		if len(mv.Path) < 2 {
			continue
		}
		ink := overviewSide[mv.Side]
		dc.SetColor(color.NRGBA{ink.R, ink.G, ink.B, 0x90})
		dc.SetLineWidth(math.Max(1, o.l.R*0.35))
		for i, h := range mv.Path {
			x, y := o.l.Center(h)
			if i == 0 {
				dc.MoveTo(x, y)
			} else {
				dc.LineTo(x, y)
			}
		}
		dc.Stroke()
	}
}

// stacks draws every stack as a solid hex in its side's colour.
func (o *overview) stacks(stacks []Stack) {
	for _, st := range stacks {
		if len(st.Units) == 0 {
			continue
		}
		o.hexPath(st.At, 0.92)
		o.dc.SetColor(overviewSide[st.Side])
		o.dc.Fill()
	}
}

// combats outlines the last combats' defending hexes in red.
func (o *overview) combats(combats []Combat) {
	for _, cb := range combats {
		o.hexPath(cb.Defender, 1.1)
		o.dc.SetColor(combatRed)
		o.dc.SetLineWidth(math.Max(1.5, o.l.R*0.3))
		o.dc.Stroke()
	}
}

// cities draws the cities of 15.23, a dot and the name in large type,
// placed clear of one another, and returns the names that found no free
// place and were written over another name's edge.
func (o *overview) cities(face font.Face, mw, mh float64) (forced []string) {
	dc, l := o.dc, o.l
	lb := &labeller{dc: dc, limit: box{1, 1, mw - 1, mh - 1}}
	done := map[string]bool{}
	var cities []board.VictoryHex
	for _, v := range board.VictoryHexes() {
		if done[v.Name] {
			continue
		}
		done[v.Name] = true
		cities = append(cities, v)
	}
	// Every dot first, so that no name is written where a later dot is
	// drawn (Dunkerque's name over Calais' dot).
	for _, v := range cities {
		x, y := l.Center(v.At)
		edgedDisc(dc, x, y, math.Max(2, l.R*0.35), cityRed, color.White, 1)
		lb.taken = append(lb.taken, box{x - 3, y - 3, x + 3, y + 3})
	}
	for _, v := range cities {
		name := v.Name
		if h, ok := o.m.Hex(v.At); ok && h.Name != "" {
			name = displayName(o.m, h)
		}
		if !o.nameCity(lb, face, name, v.At) {
			forced = append(forced, name)
		}
	}
	return forced
}

// nameCity writes a city's name at the first free spot around its dot and
// reports whether there was one; if not, every city of 15.23 is named
// still, over another name's edge, inside the picture.
func (o *overview) nameCity(lb *labeller, face font.Face, name string, at hex.Hex) bool {
	x, y := o.l.Center(at)
	spots := [][4]float64{{x + 4, y, 0, 0.5}, {x - 4, y, 1, 0.5}, {x, y + 4, 0.5, 0}, {x, y - 4, 0.5, 1},
		{x + 3, y + 3, 0, 0}, {x - 3, y + 3, 1, 0}, {x + 3, y - 3, 0, 1}, {x - 3, y - 3, 1, 1},
		{x + 10, y, 0, 0.5}, {x - 10, y, 1, 0.5}, {x, y + 9, 0.5, 0}, {x, y - 9, 0.5, 1},
		// Farther off, for the crowded coast (Dunkerque, Calais,
		// Boulogne two hexes apart), still nearer this dot than any other.
		{x + 8, y + 8, 0, 0}, {x - 8, y + 8, 1, 0}, {x + 8, y - 8, 0, 1}, {x - 8, y - 8, 1, 1},
		{x + 4, y + 14, 0.2, 0}, {x + 4, y - 14, 0.2, 1}, {x + 16, y, 0, 0.5}, {x - 16, y, 1, 0.5}}
	for _, sp := range spots {
		if lb.try(name, face, sp[0], sp[1], sp[2], sp[3], true, ink) {
			return true
		}
	}
	for _, sp := range spots {
		_, _, b := lb.measure(name, face, sp[0], sp[1], sp[2], sp[3])
		if b.x0 >= lb.limit.x0 && b.x1 <= lb.limit.x1 && b.y0 >= lb.limit.y0 && b.y1 <= lb.limit.y1 {
			lb.force(name, face, sp[0], sp[1], sp[2], sp[3], true, ink)
			break
		}
	}
	return false
}

// overviewCaption writes the caption's one line: turn, VP, whose view.
func (r *Renderer) overviewCaption(dc *gg.Context, s *Situation, mw, capH int) {
	dc.Identity()
	dc.SetColor(panelFill)
	dc.DrawRectangle(0, 0, float64(mw), float64(capH))
	dc.Fill()
	lang := r.opt.Lang
	line := fmt.Sprintf("%s · VP %d-%d · %s", turnLine(s, lang), s.VP[units.German], s.VP[units.Allied], s.Viewer.Name().In(lang))
	px := float64(OverviewMinTextPx + 1)
	dc.SetFontFace(r.font.face(px))
	if w, _ := dc.MeasureString(line); w > float64(mw)-8 {
		// Too long for the width: the viewer is left out, never the
		// type made smaller than OverviewMinTextPx.
		line = fmt.Sprintf("%s · VP %d-%d", turnLine(s, lang), s.VP[units.German], s.VP[units.Allied])
	}
	dc.SetColor(ink)
	dc.DrawStringAnchored(line, 4, float64(capH)/2, 0, 0.4)
}

// DrawOverview is OverviewImage as PNG.
func (r *Renderer) DrawOverview(s *Situation, width int) ([]byte, error) {
	img, err := r.OverviewImage(s, width)
	if err != nil {
		return nil, err
	}
	return EncodePNG(img)
}
