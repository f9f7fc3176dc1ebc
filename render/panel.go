package render

import (
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"math"
	"strconv"

	"github.com/fogleman/gg"

	"rtrbot/engine/units"
	"rtrbot/i18n"
)

// The status panel of the whole map sits over the North Sea in the
// top-left corner (the map has open sea there, map-grid.md): turn and
// turn track, segment, side to move, victory points, whose view, and the
// Russian Front box with its counters (11.7, 14.3).
type panelLayer struct{ s *Situation }

var (
	panelFill = color.NRGBA{0xff, 0xfd, 0xf6, 0xf0}
	panelEdge = rgb(0x3a, 0x32, 0x28)
	trackDone = rgb(0xc8, 0xc0, 0xb0)
	trackNow  = rgb(0xd4, 0x10, 0x10)
)

func (l panelLayer) DrawLayer(c *Canvas) {
	s := l.s
	// The panel is drawn in units of u, a third larger than the hex
	// radius, so that it reads on the whole map scaled to a phone.
	R := c.Layout.R * 1.35
	x0 := float64(c.Clip.Min.X) + R*0.4
	y0 := float64(c.Clip.Min.Y) + R*0.4
	w := R * 13.5
	line := R * 0.78
	turns := max(s.Turns, s.Turn, 1)
	a := R * 1.2 // counters in the Russian Front box
	perRow := int((w - R*1.1) / (a + R*0.3))
	rows := int(math.Ceil(float64(max(len(s.Russia), 1)) / float64(perRow)))
	boxH := R*0.75 + float64(rows)*(a+R*0.25)
	if len(s.Russia) == 0 {
		boxH = R * 0.75
	}
	h := line*6 + R*0.5 + boxH + R*0.5
	c.DrawRoundedRectangle(x0, y0, w, h, R*0.2)
	c.SetColor(panelFill)
	c.FillPreserve()
	c.SetColor(panelEdge)
	c.SetLineWidth(math.Max(1, R*0.06))
	c.Stroke()

	x, y := x0+R*0.4, y0+R*0.3
	lang := c.Lang
	text := func(s string, px float64, bold bool, col color.Color) {
		c.SetFontSize(px)
		c.SetColor(col)
		c.DrawStringAnchored(s, x, y+line/2, 0, 0.4)
		if bold {
			c.DrawStringAnchored(s, x+0.6, y+line/2, 0, 0.4)
		}
		y += line
	}
	text(turnLine(s, lang), R*0.62, true, ink)

	// Turn track: one box a turn, the past ones grey, this one red.
	bw := (w - R*0.8) / float64(turns)
	for t := 1; t <= turns; t++ {
		bx := x + float64(t-1)*bw
		c.DrawRectangle(bx, y+R*0.05, bw-R*0.08, line-R*0.1)
		switch {
		case t == s.Turn:
			c.SetColor(trackNow)
		case t < s.Turn:
			c.SetColor(trackDone)
		default:
			c.SetColor(rgb(0xff, 0xff, 0xff))
		}
		c.FillPreserve()
		c.SetColor(panelEdge)
		c.SetLineWidth(1)
		c.Stroke()
		col := color.Color(ink)
		if t == s.Turn {
			col = rgb(0xff, 0xff, 0xff)
		}
		c.SetFontSize(R * 0.38)
		c.SetColor(col)
		c.DrawStringAnchored(strconv.Itoa(t), bx+(bw-R*0.08)/2, y+line/2, 0.5, 0.4)
	}
	y += line
	text(s.Segment.In(lang), R*0.5, false, ink)
	text(i18n.T("To move: ", "手番: ").In(lang)+s.ToMove.Name().In(lang), R*0.5, true, sideInk(s.ToMove))
	vp := i18n.Sprintf(i18n.T("VP  German %d · Allied %d", "VP  独軍 %d ・ 連合軍 %d"), s.VP[units.German], s.VP[units.Allied]).In(lang)
	if s.NavalHeld > 0 {
		vp += i18n.Sprintf(i18n.T("  · naval gunfire held %d", "  ・ 艦砲射撃 %d 保有"), s.NavalHeld).In(lang)
	}
	text(vp, R*0.5, false, ink)
	text(s.Viewer.Name().In(lang), R*0.46, false, rgb(0x60, 0x50, 0x40))

	// The Russian Front box.
	bx, by := x, y+R*0.15
	c.DrawRectangle(bx, by, w-R*0.8, boxH)
	c.SetColor(rgb(0xf0, 0xe6, 0xd4))
	c.FillPreserve()
	c.SetColor(panelEdge)
	c.SetLineWidth(math.Max(1, R*0.05))
	c.Stroke()
	c.SetFontSize(R * 0.44)
	c.SetColor(ink)
	title := i18n.T("Russian Front box", "ロシア戦線ボックス").In(lang)
	c.DrawStringAnchored(title, bx+R*0.2, by+R*0.38, 0, 0.5)
	if len(s.Russia) == 0 {
		tw, _ := c.MeasureString(title)
		c.SetColor(rgb(0x80, 0x78, 0x70))
		c.DrawStringAnchored(i18n.T("(empty)", "(なし)").In(lang), bx+R*0.5+tw, by+R*0.38, 0, 0.5)
	}
	for i, k := range s.Russia {
		col, row := i%perRow, i/perRow
		drawCounter(c, k, bx+R*0.3+a/2+float64(col)*(a+R*0.3), by+R*0.75+a/2+float64(row)*(a+R*0.25), a)
	}
}

// turnLine is "GT 3/16 · Aug III".
func turnLine(s *Situation, lang i18n.Lang) string {
	out := i18n.Sprintf(i18n.T("GT %d/%d", "第%d/%dターン"), s.Turn, max(s.Turns, s.Turn)).In(lang)
	if n := s.TurnName.In(lang); n != "" {
		out += " · " + n
	}
	return out
}

// bannerHeight is the height of the caption strip over a crop.
func bannerHeight(R float64) int { return int(math.Ceil(R * 1.05)) }

// withBanner puts a one-line caption strip over a crop: turn, segment,
// side to move, victory points and whose view, so that a crop posted
// alone says what it shows.
func (r *Renderer) withBanner(img *image.RGBA, s *Situation) *image.RGBA {
	R := r.layout.R
	bh := bannerHeight(R)
	b := img.Bounds()
	out := image.NewRGBA(image.Rect(0, 0, b.Dx(), b.Dy()+bh))
	draw.Draw(out, image.Rect(0, bh, b.Dx(), b.Dy()+bh), img, b.Min, draw.Src)
	dc := gg.NewContextForRGBA(out)
	dc.DrawRectangle(0, 0, float64(b.Dx()), float64(bh))
	dc.SetColor(rgb(0xff, 0xfd, 0xf6))
	dc.Fill()
	dc.SetColor(panelEdge)
	dc.SetLineWidth(1)
	dc.DrawLine(0, float64(bh)-0.5, float64(b.Dx()), float64(bh)-0.5)
	dc.Stroke()
	lang := r.opt.Lang
	line := fmt.Sprintf("%s · %s · %s · VP %d-%d · %s",
		turnLine(s, lang), s.Segment.In(lang),
		toMove(s, lang),
		s.VP[units.German], s.VP[units.Allied], s.Viewer.Name().In(lang))
	px := R * 0.48
	face := r.font.face(px)
	dc.SetFontFace(face)
	if w, _ := dc.MeasureString(line); w > float64(b.Dx())-R*0.4 {
		px *= (float64(b.Dx()) - R*0.4) / w
		dc.SetFontFace(r.font.face(px))
	}
	dc.SetColor(ink)
	dc.DrawStringAnchored(line, R*0.2, float64(bh)/2, 0, 0.4)
	return out
}

// toMove is "German to move" / "手番 独軍".
func toMove(s *Situation, lang i18n.Lang) string {
	if lang == i18n.JA {
		return "手番 " + s.ToMove.Name().JA
	}
	return s.ToMove.Name().EN + " to move"
}
