package render

import (
	"image/color"
	"math"
	"sort"
	"strconv"

	"rtrbot/engine/hex"
	"rtrbot/engine/units"
)

// maxEdges is how many counters under the top one a stack shows as
// offset edges; a taller stack says how tall in its count badge.
const maxEdges = 3

// stacksLayer draws every stack of a situation: its lower counters as
// offset edges in their nationality's colour, the top counter in full
// (or hidden, 14.1), a badge with the count when there are several, the
// out-of-command marker, and for stacks the viewer knows wholly, their
// total attack and defence under them.
type stacksLayer struct{ s *Situation }

// stackPlacer sizes and places the stacks of a situation: two stacks in
// one hex (only in the middle of a combat) sit side by side, smaller.
type stackPlacer struct {
	perHex, seen map[hex.Hex]int
	a            float64 // a counter's side
}

func newStackPlacer(stacks []Stack, a float64) *stackPlacer {
	p := &stackPlacer{perHex: map[hex.Hex]int{}, seen: map[hex.Hex]int{}, a: a}
	for _, st := range stacks {
		p.perHex[st.At]++
	}
	return p
}

// place is the centre's x and the counters' side of the next stack in hex
// at, whose centre is at x cx.
func (p *stackPlacer) place(at hex.Hex, cx float64) (float64, float64) {
	n := p.perHex[at]
	if n <= 1 {
		return cx, p.a
	}
	i := p.seen[at]
	p.seen[at]++
	size := p.a * 0.7
	return cx + (float64(i)-float64(n-1)/2)*size*0.8, size
}

func (l stacksLayer) DrawLayer(c *Canvas) {
	R := c.Layout.R
	a := counterSide(R)
	sp := newStackPlacer(l.s.Stacks, a)
	for _, st := range orderedStacks(l.s.Stacks) {
		if len(st.Units) == 0 {
			continue
		}
		cx, cy := c.Layout.Center(st.At)
		if !near(c, cx, cy, R) {
			continue
		}
		cx, size := sp.place(st.At, cx)
		drawStack(c, st, cx, cy, size)
	}
	// The totals go on last, over the neighbouring counters they may
	// touch, each on a white pill so that it reads over anything.
	for _, st := range orderedStacks(l.s.Stacks) {
		if len(st.Units) < 2 || !st.Known() || !detailed(a) || !sp.alone(st.At) {
			continue
		}
		cx, cy := c.Layout.Center(st.At)
		if near(c, cx, cy, R) {
			drawTotal(c, st, cx, cy, a)
		}
	}
}

// drawTotal writes a stack's total attack and defence (trench defence for
// counters on their trench side, which do not attack, 13.3) on a small
// pill under it, in the gap between the two counters of the row below.
func drawTotal(c *Canvas, st Stack, cx, cy, a float64) {
	att, def := 0, 0
	for _, k := range st.Units {
		if k.Entrenched {
			def += max(k.Trench, k.Defence)
			continue
		}
		att += k.Attack
		def += k.Defence
	}
	label := "Σ" + strconv.Itoa(att) + "-" + strconv.Itoa(def)
	px := c.Layout.R * 0.27
	c.SetFontSize(px)
	w, h := c.MeasureString(label)
	edges := float64(min(len(st.Units)-1, maxEdges))
	y := cy + a/2 + a*0.075*edges/2 + h*0.7
	pad := px * 0.22
	c.DrawRoundedRectangle(cx-w/2-pad, y-h/2-pad, w+2*pad, h+2*pad, pad*1.5)
	c.SetColor(rgb(0xff, 0xff, 0xff))
	c.FillPreserve()
	c.SetColor(rgb(0x50, 0x50, 0x50))
	c.SetLineWidth(1)
	c.Stroke()
	c.SetColor(ink)
	c.DrawStringAnchored(label, cx, y, 0.5, 0.4)
}

// orderedStacks draws stacks top to bottom of the picture so that the
// badges of a lower hex are not covered by the hex above it.
func orderedStacks(in []Stack) []Stack {
	out := append([]Stack(nil), in...)
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].At.Col != out[j].At.Col {
			return out[i].At.Col > out[j].At.Col
		}
		return out[i].At.Row < out[j].At.Row
	})
	return out
}

// near reports whether a hex centred at x, y can show in the clip.
func near(c *Canvas, x, y, R float64) bool {
	b := c.Clip
	return x+2*R >= float64(b.Min.X) && x-2*R <= float64(b.Max.X) && y+2*R >= float64(b.Min.Y) && y-2*R <= float64(b.Max.Y)
}

func drawStack(c *Canvas, st Stack, cx, cy, a float64) {
	n := len(st.Units)
	edges := min(n-1, maxEdges)
	d := a * 0.075
	// Centre the whole stack on the hex: the top counter sits down-left,
	// the ones under it step up and right.
	tx, ty := cx-d*float64(edges)/2, cy+d*float64(edges)/2
	for i := edges; i >= 1; i-- {
		k := st.Units[i]
		s := styleOf(k.Nation)
		c.DrawRoundedRectangle(tx+float64(i)*d-a/2, ty-float64(i)*d-a/2, a, a, a*0.08)
		c.SetColor(s.bg)
		c.FillPreserve()
		c.SetColor(s.edge)
		c.SetLineWidth(math.Max(1, a*0.04))
		c.Stroke()
	}
	top := st.Units[0]
	drawCounter(c, top, tx, ty, a)
	if top.OutOfCommand && !top.Hidden {
		drawOutOfCommand(c, tx-a/2, ty-a*0.1, a)
	}
	for _, k := range st.Units[1:] {
		if k.OutOfCommand && !k.Hidden {
			// A unit lower in the stack is out of command: the marker
			// shows on the stack's edge, hollow.
			drawOutOfCommand(c, tx-a/2, ty+a*0.25, a*0.75)
			break
		}
	}
	if n > 1 {
		bx, by := tx+float64(edges)*d+a/2-a*0.06, ty-float64(edges)*d-a/2+a*0.06
		r := a * 0.19
		edgedDisc(c.Context, bx, by, r, rgb(0x14, 0x14, 0x14), rgb(0xff, 0xff, 0xff), math.Max(1, a*0.035))
		c.SetFontSize(r * 1.45)
		c.DrawStringAnchored(strconv.Itoa(n), bx, by, 0.5, 0.4)
	}
}

// drawOutOfCommand draws the out-of-command marker (4.0) centred on the
// counter's left edge: an orange disc with a black cross-out bar.
func drawOutOfCommand(c *Canvas, x, y, a float64) {
	r := a * 0.17
	edgedDisc(c.Context, x, y, r, rgb(0xff, 0x8c, 0x00), rgb(0x20, 0x10, 0x00), math.Max(1, a*0.035))
	c.SetLineWidth(math.Max(1.2, a*0.055))
	c.DrawLine(x-r*0.6, y+r*0.6, x+r*0.6, y-r*0.6)
	c.Stroke()
}

// sideInk is the colour of a side's trails and arrows.
func sideInk(s units.Side) color.RGBA {
	if s == units.German {
		return rgb(0x30, 0x30, 0x30)
	}
	return rgb(0x1a, 0x4f, 0xa8)
}

// alone reports whether the stack in hex at is the only one there.
func (p *stackPlacer) alone(at hex.Hex) bool { return p.perHex[at] == 1 }
