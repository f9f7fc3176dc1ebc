package render

import (
	"image"
	"image/color"
	"math"
	"sort"
	"strings"

	"github.com/fogleman/gg"
	"golang.org/x/image/font"

	"rtrbot/engine/board"
	"rtrbot/engine/hex"
	"rtrbot/i18n"
)

// place is one named place: a name and the connected hexes that carry it
// (Paris is three hexes, Antwerp two), labelled once.
type place struct {
	name     string
	hexes    []hex.Hex
	city     bool
	fortress int
	port     bool
}

// displayName is a place's name as the map writes it: as the 1914 maps
// and the rules do. The data's Name is the common modern
// form, its Local the 1914 local one; the local form is written (its
// qualifier in brackets dropped: "Saarburg (Lothringen)" is Saarburg)
// where it is not a bilingual pair ("Liège / Luik"), not the name with a
// suffix ("Châlons-sur-Marne"), and, outside the German Empire, no more
// than a few letters longer, which keeps later mergers out
// ("Charleville-Mézières" dates from 1966). So the German-held towns of
// 1914 are Diedenhofen, Mülhausen, Straßburg, Saarburg, and the rules'
// Dunkerque is not Dunkirk. The other form stays searchable (/hex).
//
// A shortened form that a search would not lead back to the hex (another
// Saarburg lies near Trier) keeps its qualifier.
func displayName(m *board.Map, h *board.Hex) string {
	full := strings.TrimSpace(h.Local)
	local := full
	if i := strings.Index(local, " ("); i > 0 {
		local = local[:i]
		found := false
		for _, x := range m.Find(local) {
			found = found || x.At == h.At
		}
		if !found {
			local = full
		}
	}
	if local == "" || h.Name == "" || strings.Contains(local, "/") || strings.HasPrefix(local, h.Name) {
		return h.Name
	}
	if h.Country != board.Germany && len([]rune(local)) > len([]rune(h.Name))+3 {
		return h.Name
	}
	return local
}

// places groups named hexes into places: hexes with the same name that
// touch each other are one place.
func places(m *board.Map, hexes []*board.Hex) []place {
	byName := map[string][]*board.Hex{}
	var names []string
	for _, h := range hexes {
		if h.Name == "" {
			continue
		}
		n := displayName(m, h)
		if _, ok := byName[n]; !ok {
			names = append(names, n)
		}
		byName[n] = append(byName[n], h)
	}
	var out []place
	for _, n := range names {
		hs := byName[n]
		used := make([]bool, len(hs))
		for i := range hs {
			if used[i] {
				continue
			}
			p := place{name: n}
			queue := []int{i}
			used[i] = true
			for len(queue) > 0 {
				j := queue[0]
				queue = queue[1:]
				h := hs[j]
				p.hexes = append(p.hexes, h.At)
				p.city = p.city || h.City
				p.port = p.port || h.Port
				p.fortress = max(p.fortress, h.Fortress)
				for k := range hs {
					if !used[k] && hex.Adjacent(h.At, hs[k].At) {
						used[k] = true
						queue = append(queue, k)
					}
				}
			}
			out = append(out, p)
		}
	}
	// Most important first, so that when names collide the lesser yields.
	sort.SliceStable(out, func(i, j int) bool {
		a, b := out[i], out[j]
		if a.city != b.city {
			return a.city
		}
		if a.fortress != b.fortress {
			return a.fortress > b.fortress
		}
		if a.port != b.port {
			return a.port
		}
		return a.name < b.name
	})
	return out
}

// labeller places text without overlaps, with a light halo so it reads over
// any ground, rail or river.
type labeller struct {
	dc    *gg.Context
	taken []box // never covered: symbols and names already placed
	soft  []box // covered only if there is no other way: hex numbers
	// strict: avoid the soft boxes too
	strict bool
	limit  box // labels stay inside the map area
	// The last text placed: its box, left end and baseline.
	last            box
	lastX, lastBase float64
}

func (l *labeller) fits(b box) bool {
	if b.x0 < l.limit.x0 || b.y0 < l.limit.y0 || b.x1 > l.limit.x1 || b.y1 > l.limit.y1 {
		return false
	}
	for _, t := range l.taken {
		if b.overlaps(t) {
			return false
		}
	}
	if l.strict {
		for _, t := range l.soft {
			if b.overlaps(t) {
				return false
			}
		}
	}
	return true
}

// try places text with its top-left corner chosen by anchor ax, ay at x, y
// (as gg.DrawStringAnchored) if it fits, and reports whether it did.
func (l *labeller) try(s string, face font.Face, x, y, ax, ay float64, bold bool, fg color.Color) bool {
	x0, base, b := l.measure(s, face, x, y, ax, ay)
	if !l.fits(b) {
		return false
	}
	l.put(s, b, x0, base, bold, fg)
	return true
}

// force places text whatever it touches.
func (l *labeller) force(s string, face font.Face, x, y, ax, ay float64, bold bool, fg color.Color) {
	x0, base, b := l.measure(s, face, x, y, ax, ay)
	l.put(s, b, x0, base, bold, fg)
}

// put writes text measured to box b, starting at x0 on baseline base, and
// keeps its box clear of the names placed after it.
func (l *labeller) put(s string, b box, x0, base float64, bold bool, fg color.Color) {
	l.taken = append(l.taken, b)
	l.last, l.lastX, l.lastBase = b, x0, base
	drawHaloText(l.dc, s, x0, base, bold, fg)
}

// measure returns the left end of the text, its baseline, and the box it keeps
// clear: the letters, the halo, and a space's width on either side so
// that neighbouring names never run into one another.
func (l *labeller) measure(s string, face font.Face, x, y, ax, ay float64) (x0, baseline float64, b box) {
	l.dc.SetFontFace(face)
	w, h := l.dc.MeasureString(s)
	x0 = x - ax*w
	y0 := y - ay*h
	pad := h * 0.3
	b = box{x0 - pad, y0 - 1, x0 + w + pad, y0 + h + 1.5}
	return x0, y0 + h*0.82, b
}

// drawHaloText draws s with its baseline at y, a pale halo around the
// letters, and a second pass half a pixel to the right for bold (the
// embedded font has no bold cut).
func drawHaloText(dc *gg.Context, s string, x, y float64, bold bool, fg color.Color) {
	dc.SetColor(halo)
	extra := 0.0
	if bold {
		extra = 0.6
	}
	for _, d := range [][2]float64{{-1.2, 0}, {1.2 + extra, 0}, {0, -1.2}, {0, 1.2}, {-0.9, -0.9}, {0.9 + extra, -0.9}, {-0.9, 0.9}, {0.9 + extra, 0.9}} {
		dc.DrawString(s, x+d[0], y+d[1])
	}
	dc.SetColor(fg)
	dc.DrawString(s, x, y)
	if bold {
		dc.DrawString(s, x+extra, y)
	}
}

// drawLabels names every place and the countries. A name goes below its
// symbol if there is room, else above, right or left; a minor place with
// no room anywhere keeps its dot and loses its name (recorded in dropped).
func (r *Renderer) drawLabels(dc *gg.Context, hexes []*board.Hex, marks, numbers []box) {
	R := r.layout.R
	mw, mh := r.layout.MapSize()
	l := &labeller{dc: dc, taken: append([]box(nil), marks...), soft: numbers, limit: box{2, 2, float64(mw) - 2, float64(mh) - 2}}
	cityFace := r.font.face(0.5 * R)
	bigCityFace := r.font.face(0.62 * R) // cities of several hexes: Paris, Antwerp
	placeFace := r.font.face(0.4 * R)
	for _, p := range places(r.m, hexes) {
		face, bold, px := placeFace, false, 0.4*R
		if p.city {
			face, bold, px = cityFace, true, 0.5*R
			if len(p.hexes) > 1 {
				face, px = bigCityFace, 0.62*R
			}
		}
		// First every spot that leaves the hex numbers readable, then
		// every spot that at least covers no other name or symbol.
		// A name next to its own symbol matters more than a hex number
		// it half covers; a name drifted off its hex would mislead.
		near, far := r.labelSpots(p)
		placed := false
		for _, pass := range []struct {
			spots  [][4]float64
			strict bool
		}{{near, true}, {near, false}, {far, true}, {far, false}} {
			l.strict = pass.strict
			for _, c := range pass.spots {
				if l.try(p.name, face, c[0], c[1], c[2], c[3], bold, ink) {
					placed = true
					break
				}
			}
			if placed {
				break
			}
		}
		if !placed && p.city {
			// A city's name is never left out: it goes below its symbol
			// even if it touches another name.
			c := near[0]
			l.force(p.name, face, c[0], c[1], c[2], c[3], bold, ink)
			placed = true
		}
		if !placed {
			r.dropped = append(r.dropped, p.name+" "+p.hexes[0].String())
			continue
		}
		r.names = append(r.names, placedName{place: p, px: px, bold: bold, b: l.last, x0: l.lastX, base: l.lastBase})
	}
	// Country and river names never hide hex numbers.
	l.strict = true
	r.drawCountryNames(l, hexes)
	r.drawRiverNames(l)
	// Kept for the crops, which name the rivers the whole map names
	// elsewhere (cropRiverNames).
	r.taken, r.soft = l.taken, l.soft
}

// labelSpots are the places a name may go, best first, as x, y and the
// anchor (ax, ay) of gg.DrawStringAnchored: below the symbol, above it,
// right, left, at its corners (near), then a little further off (far); for a place of several hexes
// (Paris) first around their middle, then around each of its hexes.
func (r *Renderer) labelSpots(p place) (near, far [][4]float64) {
	R := r.layout.R
	gapFor := func(fort int) float64 {
		if fort > 0 {
			return fortRadius(fort, R) + 0.04*R
		}
		return 0.26 * R
	}
	var out [][4]float64
	around := func(cx, cy, gap float64) {
		out = append(out,
			[4]float64{cx, cy + gap, 0.5, 0},
			[4]float64{cx, cy - gap, 0.5, 1},
			// beside: clear of the symbol by the name's own padding
			[4]float64{cx + gap + 0.25*R, cy, 0, 0.5},
			[4]float64{cx - gap - 0.25*R, cy, 1, 0.5},
			// corners: starting beside the symbol, below or above it
			[4]float64{cx + 0.1*R, cy + gap, 0, 0},
			[4]float64{cx - 0.1*R, cy + gap, 1, 0},
			[4]float64{cx + 0.1*R, cy - gap, 0, 1},
			[4]float64{cx - 0.1*R, cy - gap, 1, 1},
		)
	}
	var mx, my float64
	for _, h := range p.hexes {
		x, y := r.layout.Center(h)
		mx += x
		my += y
	}
	mx /= float64(len(p.hexes))
	my /= float64(len(p.hexes))
	symY := func(y float64) float64 {
		if p.fortress > 0 {
			return y + fortDrop*R
		}
		return y
	}
	if len(p.hexes) == 1 {
		around(mx, symY(my), gapFor(p.fortress))
	} else {
		around(mx, my, gapFor(p.fortress)*0.6)
		hs := append([]hex.Hex(nil), p.hexes...)
		// lowest hex first: a name under a city reads most naturally
		sort.Slice(hs, func(i, j int) bool {
			_, yi := r.layout.Center(hs[i])
			_, yj := r.layout.Center(hs[j])
			if yi != yj {
				return yi > yj
			}
			return hex.Less(hs[i], hs[j])
		})
		for _, h := range hs {
			x, y := r.layout.Center(h)
			around(x, symY(y), gapFor(p.fortress))
		}
	}
	off := 0.5 * R
	far = [][4]float64{
		{mx, symY(my) + gapFor(p.fortress) + off, 0.5, 0},
		{mx, symY(my) - gapFor(p.fortress) - off, 0.5, 1},
	}
	return out, far
}

// countryNames are the names the map shows for each country, in capitals.
var countryNames = map[board.Country][2]string{
	board.France:      {"FRANCE", "フランス"},
	board.Germany:     {"GERMAN EMPIRE", "ドイツ帝国"},
	board.Belgium:     {"BELGIUM", "ベルギー"},
	board.Luxembourg:  {"LUXEMBOURG", "ルクセンブルク"},
	board.Netherlands: {"NETHERLANDS (neutral)", "オランダ (中立)"},
	board.Switzerland: {"SWITZERLAND (neutral)", "スイス (中立)"},
}

var countryInk = map[board.Country]color.NRGBA{
	board.France:      {0x2a, 0x4a, 0x9a, 0xb0},
	board.Germany:     {0x40, 0x40, 0x40, 0xb0},
	board.Belgium:     {0x9a, 0x20, 0x20, 0xb0},
	board.Luxembourg:  {0x40, 0x40, 0x40, 0x90},
	board.Netherlands: {0xc0, 0x50, 0x00, 0xc0},
	board.Switzerland: {0xa0, 0x10, 0x10, 0xb0},
}

// drawCountryNames writes each country's name in large spaced capitals at
// the free spot of its land nearest its middle.
func (r *Renderer) drawCountryNames(l *labeller, hexes []*board.Hex) {
	R := r.layout.R
	face := r.font.face(0.62 * R)
	byCountry := map[board.Country][]hex.Hex{}
	for _, h := range hexes {
		if h.Terrain != board.Sea && h.Country != board.NoCountry {
			byCountry[h.Country] = append(byCountry[h.Country], h.At)
		}
	}
	order := []board.Country{board.France, board.Germany, board.Belgium, board.Netherlands, board.Switzerland, board.Luxembourg}
	for _, c := range order {
		hs := byCountry[c]
		if len(hs) < 4 {
			continue // too small to name without covering it
		}
		var mx, my float64
		for _, h := range hs {
			x, y := r.layout.Center(h)
			mx += x
			my += y
		}
		mx /= float64(len(hs))
		my /= float64(len(hs))
		sort.Slice(hs, func(i, j int) bool {
			xi, yi := r.layout.Center(hs[i])
			xj, yj := r.layout.Center(hs[j])
			di, dj := math.Hypot(xi-mx, yi-my), math.Hypot(xj-mx, yj-my)
			if di != dj {
				return di < dj
			}
			return hex.Less(hs[i], hs[j])
		})
		names := countryNames[c]
		name := names[0]
		if r.opt.Lang == i18n.JA {
			name = names[1]
		} else {
			name = spaced(name)
		}
		for _, h := range hs {
			x, y := r.layout.Center(h)
			// across the middle of a line of hexes, below the numbers
			if l.try(name, face, x, y+0.22*R, 0.5, 0.5, true, countryInk[c]) {
				break
			}
		}
	}
}

// spaced letter-spaces capitals as maps do: "FRANCE" -> "F R A N C E";
// a note in brackets is left as it is.
func spaced(s string) string {
	head, tail := s, ""
	if i := strings.Index(s, " ("); i >= 0 {
		head, tail = s[:i], s[i:]
	}
	words := strings.Fields(head)
	for i, w := range words {
		words[i] = strings.Join(strings.Split(w, ""), " ")
	}
	return strings.Join(words, "   ") + tail
}

func sortSides(s []hex.Hexside) {
	sort.Slice(s, func(i, j int) bool {
		if s[i].A != s[j].A {
			return hex.Less(s[i].A, s[j].A)
		}
		return hex.Less(s[i].B, s[j].B)
	})
}

// drawRiverNames writes river names in blue beside their rivers, once for
// every stretch of about twenty hexsides (at least once for a river of
// four or more), never over a hexside of the river itself.
func (r *Renderer) drawRiverNames(l *labeller) {
	R := r.layout.R
	face := r.font.face(0.4 * R)
	names, bySide := r.riverSidesByName(nil)
	mid := func(s hex.Hexside) (float64, float64) {
		x1, y1, x2, y2 := r.layout.SideEnds(s.A, s.B)
		return (x1 + x2) / 2, (y1 + y2) / 2
	}
	for _, n := range names {
		sides := bySide[n]
		if len(sides) < 4 {
			continue
		}
		want := 1 + len(sides)/20
		// Start from the middle of the river's course and go outwards;
		// names of one river stay ten hexes apart.
		var mx, my float64
		for _, s := range sides {
			x, y := mid(s)
			mx += x
			my += y
		}
		mx /= float64(len(sides))
		my /= float64(len(sides))
		order := append([]hex.Hexside(nil), sides...)
		sort.SliceStable(order, func(i, j int) bool {
			xi, yi := mid(order[i])
			xj, yj := mid(order[j])
			return math.Hypot(xi-mx, yi-my) < math.Hypot(xj-mx, yj-my)
		})
		var placed [][2]float64
		for _, s := range order {
			if len(placed) == want {
				break
			}
			x, y := mid(s)
			far := true
			for _, p := range placed {
				if math.Hypot(p[0]-x, p[1]-y) < 10*r.layout.W() {
					far = false
				}
			}
			if !far {
				continue
			}
			for _, off := range [][4]float64{{0.22, 0, 0, 0.5}, {-0.22, 0, 1, 0.5}, {0, 0.3, 0.5, 0}, {0, -0.3, 0.5, 1}} {
				if l.tryColoured(n, face, x+off[0]*R, y+off[1]*R, off[2], off[3], riverText, r.riverSideBoxes(sides)) {
					placed = append(placed, [2]float64{x, y})
					r.riverNames = append(r.riverNames, riverName{n, l.last})
					break
				}
			}
		}
	}
}

// riverSideBoxes are small boxes along a river's hexsides, which its
// name must not cover.
func (r *Renderer) riverSideBoxes(sides []hex.Hexside) []box {
	var out []box
	for _, s := range sides {
		x1, y1, x2, y2 := r.layout.SideEnds(s.A, s.B)
		for _, t := range []float64{0, 0.25, 0.5, 0.75, 1} {
			x, y := x1+(x2-x1)*t, y1+(y2-y1)*t
			out = append(out, box{x - 2, y - 2, x + 2, y + 2})
		}
	}
	return out
}

// tryColoured is try with extra boxes to avoid, for names drawn in colour.
func (l *labeller) tryColoured(s string, face font.Face, x, y, ax, ay float64, fg color.Color, avoid []box) bool {
	x0, base, b := l.measure(s, face, x, y, ax, ay)
	for _, a := range avoid {
		if b.overlaps(a) {
			return false
		}
	}
	if !l.fits(b) {
		return false
	}
	l.put(s, b, x0, base, false, fg)
	return true
}

// riverName is a river's name as the base picture wrote it.
type riverName struct {
	name string
	b    box
}

// RiverNamesIn lists, for a crop, each river with at least minSides of
// its hexsides inside the crop, and whether its name is written inside
// the crop (for the tests that want rivers named in every picture).
func (r *Renderer) RiverNamesIn(c Crop, minSides int) (named, unnamed []string, err error) {
	rect, err := r.cropRect(c)
	if err != nil {
		return nil, nil, err
	}
	in := func(x, y float64) bool {
		return x >= float64(rect.Min.X) && x < float64(rect.Max.X) && y >= float64(rect.Min.Y) && y < float64(rect.Max.Y)
	}
	count := map[string]int{}
	for _, s := range sortedSides(r.m.Hexsides()) {
		n := r.m.Hexside(s.A, s.B).River
		if n == "" {
			continue
		}
		x1, y1, x2, y2 := r.layout.SideEnds(s.A, s.B)
		if in((x1+x2)/2, (y1+y2)/2) {
			count[n]++
		}
	}
	has := map[string]bool{}
	for _, rn := range append(append([]riverName(nil), r.riverNames...), r.cropRiverNames(rect, nil)...) {
		if in(rn.b.x0, rn.b.y0) && in(rn.b.x1, rn.b.y1) {
			has[rn.name] = true
		}
	}
	var names []string
	for n, k := range count {
		if k >= minSides {
			names = append(names, n)
		}
	}
	sort.Strings(names)
	for _, n := range names {
		if has[n] {
			named = append(named, n)
		} else {
			unnamed = append(unnamed, n)
		}
	}
	return named, unnamed, nil
}

// riverSidesByName groups the river hexsides whose middle keep accepts
// (all of them with a nil keep) by river name, and lists the names longest
// river first, map order among equals: they are the ones players name, so
// they are placed first.
func (r *Renderer) riverSidesByName(keep func(x, y float64) bool) ([]string, map[string][]hex.Hexside) {
	bySide := map[string][]hex.Hexside{}
	var names []string
	for _, s := range sortedSides(r.m.Hexsides()) {
		n := r.m.Hexside(s.A, s.B).River
		if n == "" {
			continue
		}
		if keep != nil {
			x1, y1, x2, y2 := r.layout.SideEnds(s.A, s.B)
			if !keep((x1+x2)/2, (y1+y2)/2) {
				continue
			}
		}
		if _, ok := bySide[n]; !ok {
			names = append(names, n)
		}
		bySide[n] = append(bySide[n], s)
	}
	sort.SliceStable(names, func(i, j int) bool { return len(bySide[names[i]]) > len(bySide[names[j]]) })
	return names, bySide
}

// cropRiverNames names, for a crop, the rivers with 3 hexsides or more
// inside it whose name the whole map writes elsewhere: once each, at the
// hexside nearest the crop's middle where the name covers no other name,
// symbol, counter (avoid) or hex number (if it can), nor the river's own
// line, so that a crop names its rivers (the Marne in the Paris crop, the
// Ourcq and the Morins on the Marne battlefield).
func (r *Renderer) cropRiverNames(rect image.Rectangle, avoid []box) []riverName {
	R := r.layout.R
	in := func(x, y float64) bool {
		return x >= float64(rect.Min.X) && x < float64(rect.Max.X) && y >= float64(rect.Min.Y) && y < float64(rect.Max.Y)
	}
	names, bySide := r.riverSidesByName(in)
	named := map[string]bool{}
	for _, rn := range r.riverNames {
		if in(rn.b.x0, rn.b.y0) && in(rn.b.x1, rn.b.y1) {
			named[rn.name] = true
		}
	}
	dc := gg.NewContext(1, 1)
	lim := box{float64(rect.Min.X) + 2, float64(rect.Min.Y) + 2, float64(rect.Max.X) - 2, float64(rect.Max.Y) - 2}
	l := &labeller{dc: dc, taken: append(append([]box(nil), r.taken...), avoid...), soft: r.soft, limit: lim}
	face := r.font.face(0.4 * R)
	cx, cy := float64(rect.Min.X+rect.Max.X)/2, float64(rect.Min.Y+rect.Max.Y)/2
	var out []riverName
	for _, n := range names {
		sides := bySide[n]
		if named[n] || len(sides) < 3 {
			continue
		}
		order := append([]hex.Hexside(nil), sides...)
		mid := func(s hex.Hexside) (float64, float64) {
			x1, y1, x2, y2 := r.layout.SideEnds(s.A, s.B)
			return (x1 + x2) / 2, (y1 + y2) / 2
		}
		sort.SliceStable(order, func(i, j int) bool {
			xi, yi := mid(order[i])
			xj, yj := mid(order[j])
			return math.Hypot(xi-cx, yi-cy) < math.Hypot(xj-cx, yj-cy)
		})
		lines := r.riverSideBoxes(r.riverAllSides(n))
		done := false
		// First clear of hex numbers and of the river's own line, then
		// over hex numbers, then over the line too (the halo keeps it
		// readable).
		for pass, strict := range []bool{true, false, false} {
			l.strict = strict
			for _, s := range order {
				x, y := mid(s)
				for _, off := range [][4]float64{{0.22, 0, 0, 0.5}, {-0.22, 0, 1, 0.5}, {0, 0.3, 0.5, 0}, {0, -0.3, 0.5, 1},
					{0.5, 0, 0, 0.5}, {-0.5, 0, 1, 0.5}, {0, 0.6, 0.5, 0}, {0, -0.6, 0.5, 1}} {
					_, _, b := l.measure(n, face, x+off[0]*R, y+off[1]*R, off[2], off[3])
					if (pass < 2 && overlapsAny(b, lines)) || !l.fits(b) {
						continue
					}
					l.taken = append(l.taken, b)
					out = append(out, riverName{n, b})
					done = true
					break
				}
				if done {
					break
				}
			}
			if done {
				break
			}
		}
	}
	return out
}

// riverAllSides are the hexsides of one river.
func (r *Renderer) riverAllSides(name string) []hex.Hexside {
	var out []hex.Hexside
	for _, s := range sortedSides(r.m.Hexsides()) {
		if r.m.Hexside(s.A, s.B).River == name {
			out = append(out, s)
		}
	}
	return out
}

// cropRiversLayer writes the names cropRiverNames chose.
type cropRiversLayer struct {
	r     *Renderer
	names []riverName
}

func (l cropRiversLayer) DrawLayer(c *Canvas) {
	c.SetFontSize(0.4 * l.r.layout.R)
	for _, n := range l.names {
		w, h := c.MeasureString(n.name)
		// The box is the letters' with a pad of 0.3 h either side and
		// the halo's pixel above (labeller.measure).
		x0 := (n.b.x0+n.b.x1)/2 - w/2
		drawHaloText(c.Context, n.name, x0, n.b.y0+1+h*0.82, false, riverText)
	}
}
