package render

import (
	"image"
	"math"
	"sort"

	"golang.org/x/image/font"

	"rtrbot/engine/board"
	"rtrbot/engine/hex"
)

// Names that matter stay readable under counters. The base
// picture writes every place's name once; a situation's counters then
// cover some. The names of the rules' places (cities, fortresses, the
// victory hexes of 15.23), and then of the towns, that a counter covers
// are written again over the counters, on a pale plate, in the gutter between two rows of
// counters (above or below the stack, or slid sideways) where they cover
// the least counter; an occupied fortress shows its strength (12.0) on a
// small badge at the stack's top left corner; combat tags (9.0) go where
// they cover no name and the least counter. Everything is planned before
// it is drawn, so that the same plan answers PlaceNames.

// placedName is a place's name as the base picture wrote it.
type placedName struct {
	place    place
	px       float64 // font size
	bold     bool
	b        box     // the box kept clear (letters, halo, padding)
	x0, base float64 // left end and baseline of the letters
}

// textSize is the size of the letters inside the kept box (see
// labeller.measure: a pad of 0.3 of the height either side, 2.5 px of
// halo above and below).
func (n placedName) textSize() (w, h float64) {
	h = n.b.y1 - n.b.y0 - 2.5
	return n.b.x1 - n.b.x0 - 0.6*h, h
}

// matters reports whether the rules name the place: a city (15.23), a
// fortress (12.0) or a victory hex named by number (15.23).
func (n placedName) matters(vp map[hex.Hex]bool) bool {
	if n.place.city || n.place.fortress > 0 {
		return true
	}
	for _, h := range n.place.hexes {
		if vp[h] {
			return true
		}
	}
	return false
}

// movedName is a name written again over the counters.
type movedName struct {
	name     string
	px       float64
	bold     bool
	x0, base float64
	b        box
	plate    box // the pale plate behind the letters
}

// fortBadge is an occupied fortress's strength over its stack.
type fortBadge struct {
	x, y, ro float64
	strength int
}

// tagSpot is where a combat's tag goes.
type tagSpot struct {
	label     string
	x, y, px  float64
	b         box
	defender  hex.Hex
	attackers []hex.Hex
}

// namePlan is what the names layer and the combat tags draw.
type namePlan struct {
	counters []box
	moved    []movedName
	forts    []fortBadge
	tags     []tagSpot
	// Rules places whose base name a counter covers, and those still
	// hidden after the plan (covered, or under a tag or another name).
	coveredBefore, hidden []string
}

// victoryHexSet is the set of hexes 15.23 names.
func victoryHexSet() map[hex.Hex]bool {
	out := map[hex.Hex]bool{}
	for _, v := range board.VictoryHexes() {
		out[v.At] = true
	}
	return out
}

// stackBoxes are the boxes the stacks of a situation cover, drawn as
// stacksLayer draws them: the counters, their offset edges, the count
// badge and, in crops, the totals pill.
func stackBoxes(s *Situation, l Layout) []box {
	b, _ := stackBoxesAt(s, l)
	return b
}

// stackBoxesAt is stackBoxes with the hex of each box.
func stackBoxesAt(s *Situation, l Layout) ([]box, []hex.Hex) {
	R := l.R
	a := counterSide(R)
	sp := newStackPlacer(s.Stacks, a)
	var out []box
	var at []hex.Hex
	for _, st := range orderedStacks(s.Stacks) {
		if len(st.Units) == 0 {
			continue
		}
		cx, cy := l.Center(st.At)
		cx, size := sp.place(st.At, cx)
		e := float64(min(len(st.Units)-1, maxEdges))
		d := size * 0.075
		tx, ty := cx-d*e/2, cy+d*e/2
		b := box{tx - size/2, ty - e*d - size/2, tx + e*d + size/2, ty + size/2}
		if len(st.Units) > 1 {
			b.x1 += size * 0.13
			b.y0 -= size * 0.13
		}
		if len(st.Units) > 1 && st.Known() && detailed(a) && sp.alone(st.At) {
			b.y1 += size*0.075*e/2 + R*0.27*1.6
		}
		out = append(out, b)
		at = append(at, st.At)
	}
	return out, at
}

// overlapArea is the area two boxes share.
func overlapArea(a, b box) float64 {
	w := math.Min(a.x1, b.x1) - math.Max(a.x0, b.x0)
	h := math.Min(a.y1, b.y1) - math.Max(a.y0, b.y0)
	if w <= 0 || h <= 0 {
		return 0
	}
	return w * h
}

func coveredArea(b box, by []box) float64 {
	var s float64
	for _, o := range by {
		s += overlapArea(b, o)
	}
	return s
}

func overlapsAny(b box, by []box) bool {
	for _, o := range by {
		if b.overlaps(o) {
			return true
		}
	}
	return false
}

// plan places the names, badges and tags of a situation.
func (r *Renderer) plan(s *Situation) *namePlan {
	p := &namePlan{counters: stackBoxes(s, r.layout)}
	if len(p.counters) == 0 && len(s.Combats) == 0 {
		return p
	}
	mw, mh := r.layout.MapSize()
	np := &namePlanner{r: r, p: p, limit: box{2, 2, float64(mw) - 2, float64(mh) - 2}, vp: victoryHexSet(), a: counterSide(r.layout.R)}
	occupied := map[hex.Hex]bool{}
	for _, st := range s.Stacks {
		if len(st.Units) > 0 {
			occupied[st.At] = true
		}
	}
	for _, n := range np.coveredNames() {
		np.moveName(n)
	}
	np.fortBadges(occupied)
	face := r.font.face(r.layout.R * 0.42)
	for _, cb := range s.Combats {
		np.combatTag(cb, face)
	}
	np.hideUnderTags()
	sort.Strings(p.coveredBefore)
	sort.Strings(p.hidden)
	return p
}

// namePlanner makes a namePlan, step by step: the names that stay and the
// ones moved from under counters, the fortress badges, the combat tags.
type namePlanner struct {
	r     *Renderer
	p     *namePlan
	limit box              // what a moved name stays inside
	vp    map[hex.Hex]bool // the victory hexes, whose names matter
	a     float64          // a counter's side
	// kept are the names that stay where they are, and are kept clear of
	// the moved ones and of the tags; placed are the moved names, badges
	// and tags.
	kept, placed []box
}

// coveredNames are the names under counters, to be written again; the
// others that matter are kept.
func (np *namePlanner) coveredNames() []placedName {
	var todo []placedName
	for _, n := range np.r.names {
		if overlapsAny(n.b, np.p.counters) {
			if n.matters(np.vp) {
				np.p.coveredBefore = append(np.p.coveredBefore, n.place.name)
			}
			todo = append(todo, n)
			continue
		}
		if n.matters(np.vp) {
			np.kept = append(np.kept, n.b)
		}
	}
	return todo
}

// moveName writes a covered name again at the spot, its own or one beside
// its place's hexes, that covers the least counter and no other name.
func (np *namePlanner) moveName(n placedName) {
	r, p, limit, R := np.r, np.p, np.limit, np.r.layout.R
	w, h := n.textSize()
	pad := h * 0.3
	best, bestCost := box{}, math.Inf(1)
	var bx0, bBase float64
	tryAt := func(cx, cy float64, order int, weight float64) {
		x0, y0 := cx-w/2, cy-h/2
		b := box{x0 - pad, y0 - 1, x0 + w + pad, y0 + h + 1.5}
		if b.x0 < limit.x0 || b.y0 < limit.y0 || b.x1 > limit.x1 || b.y1 > limit.y1 {
			return
		}
		cost := weight*coveredArea(b, p.counters) + 0.02*float64(order)
		if overlapsAny(b, np.placed) || overlapsAny(b, np.kept) {
			cost += 1e6
		}
		if cost < bestCost {
			best, bestCost = b, cost
			bx0, bBase = x0, y0+h*0.82
		}
	}
	order := 0
	// A name a counter only grazes (under a third of its box) is
	// written again where it is, over the counter's edge.
	own := (n.b.x1 - n.b.x0) * (n.b.y1 - n.b.y0)
	grazed := coveredArea(n.b, p.counters) < own/3
	// Its own spot is a candidate too, at the cost of the counter
	// it is under: a slight graze may still be the best spot.
	// Written elsewhere, the name would show twice where the counter
	// only grazes it: its own spot counts a third of what it covers.
	tryAt((n.b.x0+n.b.x1)/2, (n.b.y0+n.b.y1)/2, order, 1.0/3)
	for _, hx := range n.place.hexes {
		if grazed && bestCost < 1e6 {
			break
		}
		cx, cy := r.layout.Center(hx)
		gut := np.a/2 + h*0.5 + 0.05*R
		for _, dy := range []float64{gut, -gut, gut + 0.5*h, -gut - 0.5*h} {
			for _, dx := range []float64{0, -0.45, 0.45, -0.9, 0.9, -1.35, 1.35} {
				order++
				tryAt(cx+dx*r.layout.W(), cy+dy, order, 1)
			}
		}
	}
	// A town's name (not a rules place) is written again only where
	// it hides no other name.
	important := n.matters(np.vp)
	if math.IsInf(bestCost, 1) || (!important && bestCost >= 1e6) {
		if important {
			p.hidden = append(p.hidden, n.place.name)
		}
		return
	}
	if bestCost >= 1e6 {
		p.hidden = append(p.hidden, n.place.name)
	}
	np.placed = append(np.placed, best)
	p.moved = append(p.moved, movedName{name: n.place.name, px: n.px, bold: n.bold, x0: bx0, base: bBase, b: best,
		plate: box{best.x0 + pad*0.4, best.y0 + 0.5, best.x1 - pad*0.4, best.y1 - 0.5}})
}

// fortBadges puts a badge on each occupied fortress, over the stack's top
// left corner.
func (np *namePlanner) fortBadges(occupied map[hex.Hex]bool) {
	R, a := np.r.layout.R, np.a
	for _, h := range np.r.m.Hexes() {
		if h.Fortress == 0 || !occupied[h.At] {
			continue
		}
		cx, cy := np.r.layout.Center(h.At)
		ro := fortRadius(h.Fortress, R) * 0.7
		x, y := cx-a/2+ro*0.3, cy-a/2+ro*0.3
		np.p.forts = append(np.p.forts, fortBadge{x: x, y: y, ro: ro, strength: h.Fortress})
		np.placed = append(np.placed, box{x - ro, y - ro, x + ro, y + ro})
	}
}

// combatTag places a combat's tag at the spot farthest from the arrows
// that covers no name, no badge, no other tag and the least counter.
func (np *namePlanner) combatTag(cb Combat, face font.Face) {
	r, R, a := np.r, np.r.layout.R, np.a
	label := cb.Result
	if cb.Odds != "" {
		label = cb.Odds + " " + cb.Result
	}
	if label == "" {
		return
	}
	px := R * 0.42
	w := float64(font.MeasureString(face, label)) / 64
	h := float64(face.Metrics().Height) / 64
	tpad := px * 0.3
	dx, dy := r.layout.Center(cb.Defender)
	var best tagSpot
	bestCost := math.Inf(1)
	for _, spot := range [][2]float64{{0, -0.95}, {0, 0.95}, {-1.25, 0}, {1.25, 0},
		{-0.9, -0.8}, {0.9, -0.8}, {-0.9, 0.8}, {0.9, 0.8}, {0, -1.5}, {0, 1.5}} {
		x, y := dx+spot[0]*R, dy+spot[1]*R
		b := box{x - w/2 - tpad - 1, y - h/2 - tpad - 1, x + w/2 + tpad + 1, y + h/2 + tpad + 1}
		gap := arrowGap(r.layout, cb, dx, dy, spot)
		// An arrow under the tag costs as much as a quarter of a
		// counter; a name under it, far more than any counter.
		cost := coveredArea(b, np.p.counters) + (math.Pi-gap)*a*a/4/math.Pi*4
		if overlapsAny(b, np.kept) || overlapsAny(b, np.placed) {
			cost += 1e6
		}
		for _, n := range r.names {
			if b.overlaps(n.b) {
				cost += 1e4 // a town's name
			}
		}
		if cost < bestCost {
			bestCost = cost
			best = tagSpot{label: label, x: x, y: y, px: px, b: b, defender: cb.Defender, attackers: cb.Attackers}
		}
	}
	np.p.tags = append(np.p.tags, best)
	np.placed = append(np.placed, best.b)
}

// hideUnderTags hides after all a kept or moved name a tag landed on.
func (np *namePlanner) hideUnderTags() {
	for _, n := range np.r.names {
		if !n.matters(np.vp) || overlapsAny(n.b, np.p.counters) {
			continue
		}
		for _, t := range np.p.tags {
			if n.b.overlaps(t.b) {
				np.p.hidden = append(np.p.hidden, n.place.name)
				break
			}
		}
	}
}

// namesLayer draws the plan's moved names and fortress badges.
type namesLayer struct {
	r *Renderer
	p *namePlan
}

func (l namesLayer) DrawLayer(c *Canvas) {
	for _, f := range l.p.forts {
		drawFortress(c.Context, l.r.font, f.x, f.y, f.ro, f.strength)
	}
	for _, m := range l.p.moved {
		pl := m.plate
		c.DrawRoundedRectangle(pl.x0, pl.y0, pl.x1-pl.x0, pl.y1-pl.y0, (pl.y1-pl.y0)*0.3)
		c.SetColor(plateFill)
		c.Fill()
		// The plate is the halo: the letters once (twice for bold), a
		// fifth of what drawHaloText costs.
		c.SetFontSize(m.px)
		c.SetColor(ink)
		c.DrawString(m.name, m.x0, m.base)
		if m.bold {
			c.DrawString(m.name, m.x0+0.6, m.base)
		}
	}
}

// plateFill is the pale plate under a name written over counters.
var plateFill = paper

// tagsLayer draws the combat tags where the plan put them.
type tagsLayer struct{ p *namePlan }

func (l tagsLayer) DrawLayer(c *Canvas) {
	for _, t := range l.p.tags {
		drawTag(c, t.label, t.x, t.y, t.px)
	}
}

// NameReport says how the names of the rules' places fare under a
// situation's counters.
type NameReport struct {
	// Covered are the rules places (cities, fortresses, 15.23's hexes)
	// whose name on the base map a counter covers.
	Covered []string
	// Hidden are those still unreadable once the names are moved: no
	// spot free of other names and tags was found, or a tag covers them.
	Hidden []string
	// Moved are the names written again over the counters, with the
	// box each takes on the whole-map picture (map coordinates, before
	// the status strip is added above).
	Moved []MovedName
	// Counters are the boxes the stacks cover.
	Counters []image.Rectangle
}

// MovedName is one name written over the counters.
type MovedName struct {
	Name string
	Box  image.Rectangle
}

// PlaceNames reports what the names of the rules' places become under a
// situation's counters.
func (r *Renderer) PlaceNames(s *Situation) NameReport {
	p := r.plan(s)
	rect := func(b box) image.Rectangle {
		return image.Rect(int(math.Floor(b.x0)), int(math.Floor(b.y0)), int(math.Ceil(b.x1)), int(math.Ceil(b.y1)))
	}
	out := NameReport{Covered: p.coveredBefore, Hidden: p.hidden}
	for _, m := range p.moved {
		out.Moved = append(out.Moved, MovedName{m.name, rect(m.b)})
	}
	for _, b := range p.counters {
		out.Counters = append(out.Counters, rect(b))
	}
	return out
}
