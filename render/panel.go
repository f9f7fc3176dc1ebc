package render

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"strconv"

	"github.com/fogleman/gg"

	"rtrbot/engine/units"
	"rtrbot/i18n"
)

// The status strip over the whole map: turn and turn track, segment,
// side to move, victory points and whose view on the left, the key to
// the situation's marks in the middle, and the Russian Front box with its
// counters (11.7, 14.3) on the right. It is a strip of its own above the
// map, so that it covers no hex.

var (
	panelFill = rgb(0xff, 0xfd, 0xf6)
	panelEdge = rgb(0x3a, 0x32, 0x28)
	trackDone = rgb(0xc8, 0xc0, 0xb0)
	trackNow  = rgb(0xd4, 0x10, 0x10)
	// turns outside the scenario
	trackOut    = rgb(0xee, 0xea, 0xe2)
	trackOutInk = rgb(0xa8, 0xa0, 0x94)
	weatherInk  = rgb(0x30, 0x40, 0x70)
)

// headerUnit is the strip's unit of size: a third larger than the hex
// radius, so that it reads on the whole map scaled to a phone.
func headerUnit(R float64) float64 { return R * 1.35 }

// headerHeight is the height of the status strip.
func headerHeight(R float64) int {
	u := headerUnit(R)
	return int(math.Ceil(u*0.78*4 + u*0.42 + u*0.7))
}

// withHeader draws the status strip in the empty top rows of a picture
// of the whole map (drawn by imageBelow).
func (r *Renderer) withHeader(out *image.RGBA, s *Situation) *image.RGBA {
	R := r.layout.R
	hh := headerHeight(R)
	b := out.Bounds()
	dc := gg.NewContextForRGBA(out)
	c := &Canvas{Context: dc, Layout: r.layout, Clip: out.Bounds(), Lang: r.opt.Lang, font: r.font}
	dc.DrawRectangle(0, 0, float64(b.Dx()), float64(hh))
	dc.SetColor(panelFill)
	dc.Fill()
	dc.SetColor(panelEdge)
	dc.SetLineWidth(math.Max(1, R*0.06))
	dc.DrawLine(0, float64(hh)-0.5, float64(b.Dx()), float64(hh)-0.5)
	dc.Stroke()
	drawStatus(c, s, float64(b.Dx()), float64(hh))
	return out
}

// drawStatus draws the strip's three parts in a strip w wide, h high:
// the state of the game, the keys, the Russian Front box.
func drawStatus(c *Canvas, s *Situation, w, h float64) {
	u := headerUnit(c.Layout.R)
	line := u * 0.78
	x := u * 0.4
	colW := u * 13
	drawGameState(c, s, x, u*0.35, colW, line, u)

	// The key.
	kx := x + colW + u*0.8
	kw := u * 11.5
	drawKey(c, kx, u*0.35, kw, line, u)

	// The key to the counters (2.4), when the strip is wide enough for
	// it and the Russian Front box.
	bx := kx + kw + u*0.5
	if w-bx >= counterKeyWidth*u+u*8 {
		drawCounterKey(c, bx, u*0.35, counterKeyWidth*u, line, u)
		bx += counterKeyWidth*u + u*0.5
	}
	drawRussianFrontBox(c, s, bx, w, h, u)
}

// drawGameState writes the strip's first part from (x, y), colW wide, a
// line each: the turn and the viewer, the turn track with the months under
// it, the segment and who is to move, the VP.
func drawGameState(c *Canvas, s *Situation, x, y, colW, line, u float64) {
	lang := c.Lang
	text := func(t string, px float64, bold bool, col color.Color) {
		c.SetFontSize(px)
		c.SetColor(col)
		c.DrawStringAnchored(t, x, y+line/2, 0, 0.4)
		if bold {
			c.DrawStringAnchored(t, x+0.6, y+line/2, 0, 0.4)
		}
		y += line
	}
	text(turnLine(s, lang)+"   "+s.Viewer.Name().In(lang), u*0.56, true, ink)
	turns := max(s.Turns, s.Turn, 1)
	bw := colW / float64(turns)
	drawTurnTrack(c, s, x, y, bw, line, u)
	y += line
	drawMonths(c, s, x, y, bw, u)
	y += u * 0.42
	text(s.Segment.In(lang)+"  ·  "+toMove(s, lang), u*0.5, true, sideInk(s.ToMove))
	vp := i18n.Sprintf(i18n.T("VP  German %d · Allied %d", "VP  独軍 %d ・ 連合軍 %d"), s.VP[units.German], s.VP[units.Allied]).In(lang)
	if s.NavalHeld > 0 {
		vp += i18n.Sprintf(i18n.T("  · naval gunfire held %d", "  ・ 艦砲射撃 %d 保有"), s.NavalHeld).In(lang)
	}
	if s.BadWeather {
		// Random events 11-14, after the VP on their line.
		c.SetFontSize(u * 0.5)
		vw, _ := c.MeasureString(vp)
		c.SetFontSize(u * 0.44)
		c.SetColor(weatherInk)
		c.DrawStringAnchored(weatherText.In(lang), x+vw+u*0.5, y+line/2, 0, 0.4)
		c.DrawStringAnchored(weatherText.In(lang), x+vw+u*0.5+0.6, y+line/2, 0, 0.4)
	}
	text(vp, u*0.5, false, ink)
}

// drawTurnTrack draws the turn track from (x, y), one box bw wide a turn:
// the past ones grey, this one red, the turns outside the scenario (17.1)
// pale, and a red bar after its last turn.
func drawTurnTrack(c *Canvas, s *Situation, x, y, bw, line, u float64) {
	turns := max(s.Turns, s.Turn, 1)
	first, last := max(s.First, 1), s.Last
	if last <= 0 {
		last = turns
	}
	for t := 1; t <= turns; t++ {
		bx := x + float64(t-1)*bw
		c.DrawRectangle(bx, y+u*0.05, bw-u*0.08, line-u*0.1)
		out := t < first || t > last
		switch {
		case t == s.Turn:
			c.SetColor(trackNow)
		case out:
			c.SetColor(trackOut)
		case t < s.Turn:
			c.SetColor(trackDone)
		default:
			c.SetColor(rgb(0xff, 0xff, 0xff))
		}
		c.FillPreserve()
		c.SetColor(panelEdge)
		if out {
			c.SetColor(trackOutInk)
		}
		c.SetLineWidth(1)
		c.Stroke()
		col := color.Color(ink)
		switch {
		case t == s.Turn:
			col = rgb(0xff, 0xff, 0xff)
		case out:
			col = trackOutInk
		}
		c.SetFontSize(u * 0.38)
		c.SetColor(col)
		c.DrawStringAnchored(strconv.Itoa(t), bx+(bw-u*0.08)/2, y+line/2, 0.5, 0.4)
	}
	if last < turns {
		ex := x + float64(last)*bw - u*0.04
		c.SetColor(trackNow)
		c.SetLineWidth(math.Max(2, u*0.1))
		c.DrawLine(ex, y-u*0.06, ex, y+line+u*0.1)
		c.Stroke()
	}
}

// drawMonths writes under the turn track, from (x, y), one label under
// each run of turns of the same month.
func drawMonths(c *Canvas, s *Situation, x, y, bw, u float64) {
	lang := c.Lang
	turns := max(s.Turns, s.Turn, 1)
	if len(s.Months) > 0 {
		c.SetFontSize(u * 0.34)
		c.SetColor(rgb(0x50, 0x48, 0x3c))
		for t := 1; t <= turns && t <= len(s.Months); {
			m := s.Months[t-1]
			end := t
			for end+1 <= turns && end+1 <= len(s.Months) && s.Months[end] == m {
				end++
			}
			mx := x + (float64(t-1)+float64(end))/2*bw - u*0.04
			c.DrawStringAnchored(m.In(lang), mx, y+u*0.18, 0.5, 0.45)
			if t > 1 {
				c.DrawLine(x+float64(t-1)*bw-u*0.04, y, x+float64(t-1)*bw-u*0.04, y+u*0.32)
				c.SetLineWidth(1)
				c.Stroke()
			}
			t = end + 1
		}
	}
}

// drawRussianFrontBox draws the Russian Front box from bx in what is left
// of the strip's width: one line when it is empty, else as wide as its
// counters need.
func drawRussianFrontBox(c *Canvas, s *Situation, bx, w, h, u float64) {
	lang := c.Lang
	bwBox := w - bx - u*0.4
	if bwBox < u*3 {
		return
	}
	by, bh := u*0.3, h-u*0.6
	if len(s.Russia) == 0 {
		bh = u * 0.8
	}
	c.SetFontSize(u * 0.44)
	title := i18n.T("Russian Front box", "ロシア戦線ボックス").In(lang)
	tw, _ := c.MeasureString(title)
	if len(s.Russia) == 0 {
		ew, _ := c.MeasureString(i18n.T("(empty)", "(なし)").In(lang))
		bwBox = math.Min(bwBox, tw+ew+u*0.8)
	} else {
		a := math.Min(u*1.3, bh-u*1.0)
		bwBox = math.Min(bwBox, math.Max(tw+u*0.5, float64(len(s.Russia))*a*1.22+u*0.5))
	}
	c.DrawRectangle(bx, by, bwBox, bh)
	c.SetColor(rgb(0xf0, 0xe6, 0xd4))
	c.FillPreserve()
	c.SetColor(panelEdge)
	c.SetLineWidth(math.Max(1, u*0.05))
	c.Stroke()
	c.SetFontSize(u * 0.44)
	c.SetColor(ink)
	c.DrawStringAnchored(title, bx+u*0.2, by+u*0.38, 0, 0.5)
	if len(s.Russia) == 0 {
		c.SetColor(rgb(0x80, 0x78, 0x70))
		c.DrawStringAnchored(i18n.T("(empty)", "(なし)").In(lang), bx+u*0.5+tw, by+u*0.38, 0, 0.5)
		return
	}
	// Counters as large as the box allows, in as few rows as fit.
	a := math.Min(u*1.3, bh-u*1.0)
	gap := a * 0.22
	perRow := max(1, int((bwBox-u*0.3)/(a+gap)))
	rows := (len(s.Russia) + perRow - 1) / perRow
	if avail := bh - u*0.8; float64(rows)*(a+gap) > avail {
		a = avail/float64(rows) - gap
		gap = a * 0.22
		perRow = max(1, int((bwBox-u*0.3)/(a+gap)))
	}
	for i, k := range s.Russia {
		col, row := i%perRow, i/perRow
		drawCounter(c, k, bx+u*0.25+a/2+float64(col)*(a+gap), by+u*0.75+a/2+float64(row)*(a+gap), a)
	}
}

// drawKey explains the marks a situation adds to the map, two rows of
// small icons with their names, and returns the y below it.
func drawKey(c *Canvas, x, y, w, line, R float64) float64 {
	lang := c.Lang
	s := R * 0.5 // icon size
	items := []struct {
		name i18n.Text
		icon func(cx, cy float64)
		wide float64 // icon width in icon sizes (1 when zero)
	}{
		{i18n.T("out of command", "指揮不通"), func(cx, cy float64) { drawOutOfCommand(c, cx, cy, s*2) }, 1},
		{i18n.T("trench side", "塹壕面"), func(cx, cy float64) {
			c.DrawRectangle(cx-s/2, cy-s/2, s, s)
			c.SetColor(nationStyles["FR"].bg)
			c.Fill()
			c.DrawRectangle(cx-s/2, cy, s, s/2)
			c.SetColor(trenchBrown)
			c.Fill()
		}, 1},
		{i18n.T("hidden unit", "不明ユニット"), func(cx, cy float64) {
			c.DrawRectangle(cx-s/2, cy-s/2, s, s)
			c.SetColor(nationStyles["DE"].bg)
			c.Fill()
			c.SetFontSize(s * 0.9)
			c.SetColor(ink)
			c.DrawStringAnchored("?", cx, cy, 0.5, 0.4)
		}, 1},
		{i18n.T("destroyed fortress", "破壊された要塞"), func(cx, cy float64) { drawDestroyed(c, cx, cy, s) }, 1},
		{i18n.T("naval gunfire", "艦砲射撃"), func(cx, cy float64) { drawNaval(c, cx, cy, s) }, 1},
		{i18n.T("attack, odds and result", "攻撃 (比率と結果)"), func(cx, cy float64) { drawArrow(c, cx-s*1.5, cy, cx+s*1.3, cy, s*1.1) }, 2.4},
		{i18n.T("last moves", "直前の移動"), func(cx, cy float64) {
			ink := sideInk(units.German)
			c.SetColor(color.NRGBA{ink.R, ink.G, ink.B, 0x78})
			c.SetLineWidth(s * 0.3)
			c.DrawLine(cx-s*0.9, cy, cx+s*0.9, cy)
			c.Stroke()
			c.DrawCircle(cx-s*0.9, cy, s*0.3)
			c.Fill()
		}, 2},
	}
	px := R * 0.4
	c.SetFontSize(px)
	cx, top := x, y
	for _, it := range items {
		label := it.name.In(lang)
		tw, _ := c.MeasureString(label)
		iw := s * 1.2 * max(it.wide, 1)
		if cx+iw+tw > x+w && cx > x {
			cx, y = x, y+line
		}
		it.icon(cx+iw/2, y+line/2)
		c.SetFontSize(px)
		c.SetColor(ink)
		c.DrawStringAnchored(label, cx+iw+R*0.1, y+line/2, 0, 0.4)
		cx += iw + tw + R*0.55
	}
	_ = top
	return y + line
}

// counterKeyWidth is the width of the key to the counters, in header
// units.
const counterKeyWidth = 12.5

// drawCounterKey explains the counters' colours and symbols (2.4): a
// swatch of each nationality, then the unit type symbols and letters.
func drawCounterKey(c *Canvas, x, y, w, line, u float64) {
	lang := c.Lang
	s := u * 0.46 // swatch size
	px := u * 0.38
	type item struct {
		label string
		icon  func(cx, cy float64)
	}
	var items []item
	for _, n := range []units.Nation{units.DE, units.BY, units.AH, units.FR, units.GB, units.BE, units.NL, units.IT} {
		st := styleOf(n)
		items = append(items, item{n.Name().In(lang), func(cx, cy float64) {
			c.DrawRectangle(cx-s/2, cy-s/2, s, s)
			c.SetColor(st.bg)
			c.FillPreserve()
			c.SetColor(st.edge)
			c.SetLineWidth(math.Max(1, s*0.1))
			c.Stroke()
			drawTypeSymbol(c, Counter{Nation: n, Type: units.Active}, cx-s*0.3, cy-s*0.2, s*0.6, s*0.4, st.fg, st.bg)
		}})
	}
	fr := styleOf(units.FR)
	sym := func(t units.Type) func(cx, cy float64) {
		return func(cx, cy float64) {
			drawTypeSymbol(c, Counter{Nation: units.FR, Type: t}, cx-s*0.45, cy-s*0.3, s*0.9, s*0.6, fr.fg, fr.bg)
		}
	}
	items = append(items,
		item{i18n.T("infantry (A assault, R reserve, L/T Landwehr)", "歩兵 (A突撃・R予備・L/T後備)").In(lang), sym(units.Active)},
		item{i18n.T("cavalry", "騎兵").In(lang), sym(units.Cavalry)},
		item{i18n.T("HQ", "HQ").In(lang), sym(units.HQ)},
		item{i18n.T("siege artillery", "攻城砲").In(lang), sym(units.Siege)},
	)
	cx := x
	for _, it := range items {
		c.SetFontSize(px)
		tw, _ := c.MeasureString(it.label)
		iw := s * 1.3
		if cx+iw+tw > x+w && cx > x {
			cx, y = x, y+line
		}
		it.icon(cx+iw/2, y+line/2)
		c.SetFontSize(px)
		c.SetColor(ink)
		c.DrawStringAnchored(it.label, cx+iw+u*0.05, y+line/2, 0, 0.4)
		cx += iw + tw + u*0.4
	}
}

// weatherText says a bad (or autumn) weather event is in force (random
// events 11-14) and what it does.
var weatherText = i18n.T("bad weather: MA −1, HQ range −1, no air recon",
	"悪天候: 移動力−1・指揮範囲−1・航空偵察不可")

// turnLine is "GT 3 (2 of 7) · Aug III": the turn as the track numbers
// it, then its place among the scenario's game turns (17.1: the standard
// game is GT 2 to GT 8, seven turns).
func turnLine(s *Situation, lang i18n.Lang) string {
	first, last := max(s.First, 1), s.Last
	if last <= 0 {
		last = max(s.Turns, s.Turn)
	}
	last = max(last, s.Turn)
	out := i18n.Sprintf(i18n.T("GT %d (%d of %d)", "第%[1]dターン (全%[3]dターン中%[2]dターン目)"), s.Turn, s.Turn-first+1, last-first+1).In(lang)
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
func (r *Renderer) withBanner(out *image.RGBA, s *Situation) *image.RGBA {
	R := r.layout.R
	bh := bannerHeight(R)
	b := out.Bounds()
	dc := gg.NewContextForRGBA(out)
	dc.DrawRectangle(0, 0, float64(b.Dx()), float64(bh))
	dc.SetColor(rgb(0xff, 0xfd, 0xf6))
	dc.Fill()
	dc.SetColor(panelEdge)
	dc.SetLineWidth(1)
	dc.DrawLine(0, float64(bh)-0.5, float64(b.Dx()), float64(bh)-0.5)
	dc.Stroke()
	lang := r.opt.Lang
	tl := turnLine(s, lang) // a crop has no turn track: the line says the scenario's length
	line := fmt.Sprintf("%s · %s · %s · VP %d-%d · %s",
		tl, s.Segment.In(lang),
		toMove(s, lang),
		s.VP[units.German], s.VP[units.Allied], s.Viewer.Name().In(lang))
	if s.BadWeather {
		line += " · " + i18n.T("bad weather", "悪天候").In(lang)
	}
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
