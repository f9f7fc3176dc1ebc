package game

import (
	"slices"
	"sync/atomic"

	"rtrbot/engine/hex"
	"rtrbot/engine/units"
)

// The zones of control and the occupied hexes of a side (6.0) change only
// when that side's units come, go or move, or a fortress falls (12.7):
// while the other side moves unit after unit they stay the same, and a
// game's states (each a copy of the one before, made by Apply) share what
// was found for them. What was found is kept with what it was found from
// (the side's units on the map, the options, the destroyed fortresses)
// and used only while the state asking has the same; otherwise found
// again. Nothing in it is ever changed once published, so states read by
// several goroutines at once may share it.

// memo is shared by the states of one game (clone copies the pointer);
// New and ParsePosition make one, a state without one finds everything
// afresh.
type memo struct {
	side [2]atomic.Pointer[sideMemo]
}

// sideMemo is what was found for one side, and from what.
type sideMemo struct {
	at        []unitAt  // the side's units on the map, in index order
	options   []string  // State.Options
	destroyed []hex.Hex // State.Destroyed
	zoc, occ  marks     // ZOC and occupiedBy; b nil if not found yet
}

type unitAt struct {
	i  int
	at hex.Hex
}

// sideMemoFor is the side's entry if it was found from what s holds.
func (s *State) sideMemoFor(side units.Side) *sideMemo {
	if s.memo == nil {
		return nil
	}
	e := s.memo.side[side].Load()
	if e == nil || !slices.Equal(e.options, s.Options) || !slices.Equal(e.destroyed, s.Destroyed) {
		return nil
	}
	if !s.standsAt(side, e.at) {
		return nil
	}
	return e
}

// standsAt reports whether the side's units on the map are those of at,
// each in its hex.
func (s *State) standsAt(side units.Side, at []unitAt) bool {
	k := 0
	same := func(i int) bool {
		u := &s.Units[i]
		if u.Box != OnMap {
			return true
		}
		if k >= len(at) || at[k] != (unitAt{i, u.At}) {
			return false
		}
		k++
		return true
	}
	if is := s.sideIndexes(side); is != nil {
		for _, i := range is {
			if !same(i) {
				return false
			}
		}
	} else {
		for i := range s.Units {
			if s.sideOf(i) == side && !same(i) {
				return false
			}
		}
	}
	return k == len(at)
}

// remember publishes what was found for side in s: zoc or occ (the other
// left with b nil), joined to what old (found from the same) holds.
func (s *State) remember(side units.Side, old *sideMemo, zoc, occ marks) {
	if s.memo == nil {
		return
	}
	e := &sideMemo{zoc: zoc, occ: occ}
	if old != nil {
		e.at, e.options, e.destroyed = old.at, old.options, old.destroyed
		if e.zoc.b == nil {
			e.zoc = old.zoc
		}
		if e.occ.b == nil {
			e.occ = old.occ
		}
	} else {
		for i, u := range s.Units {
			if u.Box == OnMap && s.sideOf(i) == side {
				e.at = append(e.at, unitAt{i, u.At})
			}
		}
		e.options = slices.Clone(s.Options)
		e.destroyed = slices.Clone(s.Destroyed)
	}
	s.memo.side[side].Store(e)
}
