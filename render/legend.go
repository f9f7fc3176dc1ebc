package render

import (
	"image/color"
	"math"
	"strconv"
	"strings"

	"github.com/fogleman/gg"
	"golang.org/x/image/font"

	"rtrbot/engine/board"
	"rtrbot/i18n"
)

// legendItem is one entry of the key: a small picture and its words.
type legendItem struct {
	text i18n.Text
	icon func(dc *gg.Context, x, y, s float64) // centred on x, y, size about s; nil: words only
	// small: a narrow icon and a narrow gap after the words, for entries
	// that belong together (the logistics colours)
	small bool
}

// iconWidth is the room an item's icon takes before its words.
func (it legendItem) iconWidth(R float64) float64 {
	switch {
	case it.icon == nil:
		return 0
	case it.small:
		return 0.45 * R
	}
	return 1.05 * R
}

func (it legendItem) gap(R float64) float64 {
	if it.small {
		return 0.3 * R
	}
	return 0.6 * R
}

// drawFooter draws the title and the key under the map.
func (r *Renderer) drawFooter(dc *gg.Context) {
	R := r.layout.R
	mw, mh := r.layout.MapSize()
	w, h := r.layout.Size()
	top := float64(mh)
	dc.SetColor(color.RGBA{0xec, 0xe6, 0xd6, 0xff})
	dc.DrawRectangle(0, top, float64(w), float64(h)-top)
	dc.Fill()
	dc.SetColor(color.RGBA{0x80, 0x70, 0x58, 0xff})
	dc.SetLineWidth(1)
	dc.DrawLine(0, top+0.5, float64(w), top+0.5)
	dc.Stroke()

	lang := r.opt.Lang
	margin := r.layout.Margin
	title := i18n.T("Reinforce the Right! — the 1914 map, north up", "Reinforce the Right! — 1914年の地図 (北が上)").In(lang)
	sub := i18n.T(
		"Hex numbers are XXYY: XX counts up the map, YY to the right. Rebuilt from geography; see docs/map.md.",
		"ヘクス番号は XXYY: XX は下から上へ、YY は左から右へ。地理データから再構成 (docs/map.md 参照)。").In(lang)
	dc.SetFontFace(r.font.face(0.62 * R))
	dc.SetColor(ink)
	dc.DrawString(title, margin, top+0.85*R)
	dc.DrawString(title, margin+0.6, top+0.85*R)
	tw, _ := dc.MeasureString(title)
	dc.SetFontFace(r.font.face(0.4 * R))
	dc.SetColor(color.RGBA{0x50, 0x48, 0x3c, 0xff})
	if sw, _ := dc.MeasureString(sub); margin+tw+R+sw < float64(mw)-margin {
		dc.DrawString(sub, margin+tw+R, top+0.85*R)
	} else {
		dc.DrawString(sub, margin, top+1.4*R)
	}

	face := r.font.face(0.42 * R)
	var y float64
	for _, it := range r.legendFlow(dc, face, float64(w)) {
		y = top + 2.1*R + float64(it.row)*legendStep*R
		if it.icon != nil {
			it.icon(dc, it.x+it.iconWidth(R)*0.43, y, 0.8*R)
		}
		dc.SetFontFace(face)
		dc.SetColor(ink)
		dc.DrawStringAnchored(it.label, it.x+it.iconWidth(R), y, 0, 0.35)
	}
	y += legendStep * R
	r.drawScaleAndCredit(dc, margin, y, float64(mw)-margin)
	if len(r.dropped) > 0 {
		dc.SetFontFace(r.font.face(0.4 * R))
		dc.SetColor(color.RGBA{0x50, 0x48, 0x3c, 0xff})
		note := i18n.T("Not named on the map for lack of room (see /hex): ", "場所が足りず名前を省いた地点 (/hex 参照): ").In(lang)
		dc.DrawStringAnchored(note+strings.Join(r.dropped, ", "), margin, y+legendStep*R, 0, 0.35)
	}
}

// kmPerHex is the map's scale: 15 km from a hex's centre to the next
// (docs/map.md).
const kmPerHex = 15

// dataCredit names the sources of the map's geography (docs/map.md,
// Sources), as their licences ask.
var dataCredit = i18n.T(
	"Geography: GSHHG, DCW-GMT (LGPL), IGN Admin Express (Etalab 2.0), Natural Earth, ETOPO5 (NOAA), GeoNames (CC BY 4.0). Details: docs/map.md",
	"地理データ: GSHHG, DCW-GMT (LGPL), IGN Admin Express (Etalab 2.0), Natural Earth, ETOPO5 (NOAA), GeoNames (CC BY 4.0)。詳細は docs/map.md")

// drawScaleAndCredit draws a scale bar of four hexes (0-60 km) at x, y
// (the line's middle) and the data credit after it, up to x1.
func (r *Renderer) drawScaleAndCredit(dc *gg.Context, x, y, x1 float64) {
	R := r.layout.R
	W := r.layout.W()
	grey := color.RGBA{0x50, 0x48, 0x3c, 0xff}
	dc.SetFontFace(r.font.face(0.36 * R))
	for i := 0; i < 4; i++ {
		dc.DrawRectangle(x+float64(i)*W, y-0.07*R, W, 0.14*R)
		if i%2 == 0 {
			dc.SetColor(ink)
		} else {
			dc.SetColor(color.White)
		}
		dc.FillPreserve()
		dc.SetColor(ink)
		dc.SetLineWidth(1)
		dc.Stroke()
	}
	for i := 0; i <= 4; i++ {
		dc.SetColor(ink)
		dc.DrawStringAnchored(strconv.Itoa(i*kmPerHex), x+float64(i)*W, y-0.2*R, 0.5, 0)
	}
	end := x + 4*W + 0.2*R
	dc.DrawStringAnchored(i18n.T("km (a hex is 15 km)", "km (1ヘクス 15 km)").In(r.opt.Lang), end, y, 0, 0.35)
	tw, _ := dc.MeasureString(i18n.T("km (a hex is 15 km)", "km (1ヘクス 15 km)").In(r.opt.Lang))
	cx := end + tw + R
	credit := dataCredit.In(r.opt.Lang)
	if cw, _ := dc.MeasureString(credit); cx+cw > x1 {
		// No room on the line: a smaller type, as far as it reads.
		px := math.Max(0.28*R, 0.36*R*(x1-cx)/cw)
		dc.SetFontFace(r.font.face(px))
	}
	dc.SetColor(grey)
	dc.DrawStringAnchored(credit, cx, y, 0, 0.35)
}

// legendStep is the height of a line of the key, in hex radii.
const legendStep = 0.95

type placedItem struct {
	legendItem
	label string
	x     float64
	row   int
}

// legendFlow lays the key out in lines across the picture's width.
func (r *Renderer) legendFlow(dc *gg.Context, face font.Face, width float64) []placedItem {
	R := r.layout.R
	margin := r.layout.Margin
	dc.SetFontFace(face)
	var out []placedItem
	x, row := margin, 0
	items := r.legendItems()
	width1 := func(it legendItem) float64 {
		lw, _ := dc.MeasureString(it.text.In(r.opt.Lang))
		return it.iconWidth(R) + lw
	}
	for i, it := range items {
		label := it.text.In(r.opt.Lang)
		need := width1(it)
		if it.small && it.icon == nil {
			// a heading and its small entries stay on one line
			for _, next := range items[i+1:] {
				if !next.small || next.icon == nil {
					break
				}
				need += it.gap(R) + width1(next)
			}
		}
		if x+need > width-margin && x > margin {
			x, row = margin, row+1
		}
		out = append(out, placedItem{it, label, x, row})
		x += width1(it) + it.gap(R)
	}
	return out
}

// footerHeight is the height of the title and key strip: the title, the
// lines of the key, and a line for names left off the map.
func (r *Renderer) footerHeight() float64 {
	R := r.layout.R
	w, _ := r.layout.MapSize()
	dc := gg.NewContext(1, 1)
	items := r.legendFlow(dc, r.font.face(0.42*R), float64(w))
	rows := items[len(items)-1].row + 1
	// the rows of the key, the scale and credit, a line for names left
	// off the map
	return math.Round(R * (2.1 + float64(rows+1)*legendStep + 0.5))
}

func (r *Renderer) legendItems() []legendItem {
	R := r.layout.R
	terrain := func(t board.Terrain) func(dc *gg.Context, x, y, s float64) {
		return func(dc *gg.Context, x, y, s float64) {
			dc.DrawRegularPolygon(6, x, y, s*0.55, math.Pi/6)
			dc.SetColor(terrainFill[t])
			dc.FillPreserve()
			dc.SetColor(hexLine)
			dc.SetLineWidth(1)
			dc.Stroke()
			if col, ok := terrainMark[t]; ok {
				// the same mark as on the map
				dc.SetColor(col)
				markAt(dc, t, x, y+0.05*s, R*0.9)
			}
		}
	}
	line := func(c color.Color, width float64, dash bool, band bool) func(dc *gg.Context, x, y, s float64) {
		return func(dc *gg.Context, x, y, s float64) {
			dc.SetLineCapRound()
			if band {
				dc.SetColor(borderBand)
				dc.SetLineWidth(0.3 * R)
				dc.DrawLine(x-s*0.45, y, x+s*0.45, y)
				dc.Stroke()
			}
			if c == railDark {
				dc.SetColor(railCase)
				dc.SetLineWidth(0.17 * R)
				dc.DrawLine(x-s*0.45, y, x+s*0.45, y)
				dc.Stroke()
			}
			dc.SetColor(c)
			dc.SetLineWidth(width)
			if dash {
				dc.SetDash(0.22*R, 0.12*R)
			}
			dc.DrawLine(x-s*0.45, y, x+s*0.45, y)
			dc.Stroke()
			dc.SetDash()
		}
	}
	logistic := func(n board.Nation, name i18n.Text) legendItem {
		return legendItem{text: name, small: true, icon: func(dc *gg.Context, x, y, s float64) { drawLogistic(dc, x, y, 0.12*R, n) }}
	}
	fort := func(n int) func(dc *gg.Context, x, y, s float64) {
		return func(dc *gg.Context, x, y, s float64) { drawFortress(dc, r.font, x, y, fortRadius(n, R), n) }
	}
	return []legendItem{
		{text: i18n.T("clear", "平地"), icon: terrain(board.Clear)},
		{text: i18n.T("rough", "荒地"), icon: terrain(board.Rough)},
		{text: i18n.T("mountain", "山岳"), icon: terrain(board.Mountain)},
		{text: i18n.T("forest", "森林"), icon: terrain(board.Forest)},
		{text: i18n.T("marsh", "湿地"), icon: terrain(board.Marsh)},
		{text: i18n.T("sea", "海"), icon: terrain(board.Sea)},
		{text: i18n.T("river", "河川"), icon: line(riverBlue, math.Max(1.5, 0.08*R), false, false)},
		{text: i18n.T("major river", "大河"), icon: line(riverBlue, 0.17*R, false, false)},
		{text: i18n.T("railway", "鉄道"), icon: line(railDark, math.Max(1.5, 0.08*R), false, false)},
		{text: i18n.T("1914 border", "1914年の国境"), icon: line(borderLine, math.Max(1.2, 0.07*R), true, true)},
		{text: i18n.T("city (victory)", "都市 (VP)"), icon: func(dc *gg.Context, x, y, s float64) {
			q := 0.17 * R
			dc.DrawRectangle(x-q, y-q, 2*q, 2*q)
			dc.SetColor(cityRed)
			dc.Fill()
		}},
		{text: i18n.T("VP to the Germans (15.23)", "独軍のVP (15.23)"), icon: func(dc *gg.Context, x, y, s float64) {
			drawVPTag(dc, r.font.face(vpTagSize*R), x, y, 5, vpGermanInk)
		}},
		{text: i18n.T("VP to the Allies", "連合軍のVP"), icon: func(dc *gg.Context, x, y, s float64) {
			drawVPTag(dc, r.font.face(vpTagSize*R), x, y, 10, vpAlliedInk)
		}},
		{text: i18n.T("town", "町"), icon: func(dc *gg.Context, x, y, s float64) {
			dc.DrawCircle(x, y, 0.09*R)
			dc.SetColor(ink)
			dc.Fill()
		}},
		{text: i18n.T("port", "港湾"), icon: func(dc *gg.Context, x, y, s float64) { drawAnchor(dc, x, y, 0.2*R) }},
		{text: i18n.T("fortress 3", "要塞 3"), icon: fort(3)},
		{text: i18n.T("fortress 6", "要塞 6"), icon: fort(6)},
		{text: i18n.T("fortress 12", "要塞 12"), icon: fort(12)},
		{text: i18n.T("logistics hex:", "兵站:"), small: true},
		logistic(board.French, i18n.T("French", "仏")),
		logistic(board.German, i18n.T("German", "独")),
		logistic(board.British, i18n.T("British", "英")),
		logistic(board.Belgian, i18n.T("Belgian", "ベルギー")),
		{text: i18n.T("neutral", "中立国"), icon: func(dc *gg.Context, x, y, s float64) {
			dc.DrawRegularPolygon(6, x, y, s*0.55, math.Pi/6)
			dc.SetColor(terrainFill[board.Clear])
			dc.FillPreserve()
			dc.SetColor(neutralTint[board.Netherlands])
			dc.Fill()
		}},
	}
}
