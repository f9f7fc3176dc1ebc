package ai

import (
	"sort"

	"rtrbot/engine/board"
	"rtrbot/engine/game"
	"rtrbot/engine/hex"
	"rtrbot/engine/units"
)

// The campaign's setup (17.5; docs/ai.md). The
// engine's default placement spreads each army over its setup area, the
// fewest units a hex, so that part of every army starts at the back of its
// area, a march or more behind the rest. A wing that campaign.txt marks
// "setup forward" sets up forward instead: each of its armies' units, and
// the cavalry (set up anywhere in Germany, 17.5) whose preferred hex lies
// in its columns, in the hex its instruction allows nearest the wing's
// first place outside Germany and Luxembourg (Liège for the 1. and 2.
// Armee), the corps first, then the divisions, the HQs last, never over
// the stacking limit (7.0: two corps a hex). The default placement then
// sets up the rest. Measured against the default placement, the north
// and right wings forward gain; the centre and the Verdun wing forward
// lose (docs/ai.md, "Why the defaults").

// setupReach bounds the hexes looked at for a unit: its area lies within
// this many hexes of its wing's first place.
const setupReach = 12

// forwardSetup are the Place orders of the forward wings' units, in the
// order given, on b (the German setup step); the caller adds the default
// placement for the rest and the step's end.
func (p *Heuristic) forwardSetup(b *Board) []game.Order {
	cp := p.campaign
	if cp == nil || cp.defaultSetup {
		return nil
	}
	type item struct {
		c      *units.Counter
		target hex.Hex
	}
	var items []item
	for _, c := range b.Actors() {
		w := cp.armyWing(c)
		if w == nil && c.Type == units.Cavalry {
			if where, _ := c.SetupWhere(); where != "" {
				if h, ok := hintOf(where); ok {
					w = cp.wingOf(c, h)
				}
			}
		}
		if w == nil || !w.forward {
			continue
		}
		if t, ok := w.firstAbroad(b); ok {
			items = append(items, item{c, t})
		}
	}
	rank := func(c *units.Counter) int {
		switch {
		case c.Type == units.HQ:
			return 2
		case c.IsCorps():
			return 0
		}
		return 1
	}
	sort.SliceStable(items, func(i, j int) bool {
		a, c := items[i].c, items[j].c
		if rank(a) != rank(c) {
			return rank(a) < rank(c)
		}
		return a.ID < c.ID
	})
	hexes := b.Rules().Map.Hexes()
	var out []game.Order
	for _, it := range items {
		near := make([]hex.Hex, 0, 64)
		for _, x := range hexes {
			if hex.Distance(x.At, it.target) <= setupReach {
				near = append(near, x.At)
			}
		}
		sort.Slice(near, func(i, j int) bool {
			di, dj := hex.Distance(near[i], it.target), hex.Distance(near[j], it.target)
			if di != dj {
				return di < dj
			}
			return hex.Less(near[i], near[j])
		})
		// The engine checks the instruction and the stacking limit
		// (setupFits): the first hex it accepts is the nearest allowed.
		for _, h := range near {
			o := game.Place(it.c.ID, h).By(b.Side())
			if nb, _, err := b.Apply(o); err == nil {
				b = nb
				out = append(out, o)
				break
			}
		}
	}
	return out
}

// armyWing is the wing that names the army c sets up with (17.5), or nil.
func (cp *campaign) armyWing(c *units.Counter) *wing {
	army := armyOf(c)
	if army == "" {
		return nil
	}
	for _, w := range cp.wings {
		for _, a := range w.armies {
			if a == army {
				return w
			}
		}
	}
	return nil
}

// firstAbroad is the wing's first place outside Germany and Luxembourg:
// where it marches first from its setup area.
func (w *wing) firstAbroad(b *Board) (hex.Hex, bool) {
	for _, t := range w.targets {
		if x, ok := b.Hex(t); ok && x.Country != board.Germany && x.Country != board.Luxembourg {
			return t, true
		}
	}
	return hex.None, false
}

// hintOf is the preferred hex of a setup instruction ("country:DE@3024").
func hintOf(where string) (hex.Hex, bool) {
	w, err := units.ParseWhere(where)
	if err != nil || w.Hint == "" {
		return hex.None, false
	}
	h, err := hex.Parse(w.Hint)
	return h, err == nil
}
