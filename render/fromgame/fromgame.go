// Package fromgame turns a game position into the render.Situation one
// viewer may see: the adapter between the rules engine and the renderer,
// so that package render never imports the game.
//
// The fog of war (14.1) is applied here, in Filter, on the situation
// itself: a counter the viewer may not see leaves this package as a
// render.Counter with only its nationality. Until engine/game offers a
// view of the state for each side (issue 5 item 7), For reads the state
// and filters at once; when the engine's view lands, For should read that
// view instead, and Filter stays as the renderer-side guard.
package fromgame

import (
	"strings"

	"rtrbot/engine/game"
	"rtrbot/engine/hex"
	"rtrbot/engine/turn"
	"rtrbot/engine/units"
	"rtrbot/i18n"
	"rtrbot/render"
)

// For is the situation viewer may see of state s, with the moves of the
// last segment taken from its events (last: the events since the
// segment before this one began).
func For(s *game.State, last []game.Event, viewer render.Viewer) render.Situation {
	return Filter(full(s, last), viewer)
}

// Filter reduces a situation to what viewer may see (14.1): the public
// sees only the top unit of every stack; a side sees all of its own
// stacks and only the top unit of the enemy's. Stacks in a hex of one of
// the last segment's combats stay revealed: combat shows the stacks in it
// (14.1). Hidden counters keep only their nationality, so that the stack
// keeps its true height and the colour of its edges, as on the table.
// Filter never adds anything; it is safe to apply twice.
func Filter(full render.Situation, viewer render.Viewer) render.Situation {
	out := full
	out.Viewer = viewer
	revealed := map[hex.Hex]bool{}
	for _, c := range full.Combats {
		revealed[c.Defender] = true
		for _, a := range c.Attackers {
			revealed[a] = true
		}
	}
	out.Stacks = make([]render.Stack, len(full.Stacks))
	for i, st := range full.Stacks {
		own := (viewer == render.GermanView && st.Side == units.German) || (viewer == render.AlliedView && st.Side == units.Allied)
		cp := st
		cp.Units = append([]render.Counter(nil), st.Units...)
		if !own && !revealed[st.At] {
			for j := 1; j < len(cp.Units); j++ {
				cp.Units[j] = render.Counter{Hidden: true, Nation: cp.Units[j].Nation}
			}
		}
		out.Stacks[i] = cp
	}
	// The Russian Front box is public knowledge: units go there by an
	// announced withdrawal (11.7).
	out.Russia = append([]render.Counter(nil), full.Russia...)
	// Legal destinations belong to the owner of the unit asked about:
	// never public, never the enemy's.
	if !ownsSelected(full, viewer) {
		out.Selected, out.Destinations = nil, nil
	}
	return out
}

// ownsSelected reports whether the selected hex holds a stack of the
// viewer's own side.
func ownsSelected(s render.Situation, viewer render.Viewer) bool {
	if s.Selected == nil || viewer == render.Public {
		return false
	}
	for _, st := range s.Stacks {
		if st.At == *s.Selected && render.ViewerOf(st.Side) == viewer {
			return true
		}
	}
	return false
}

// full is every counter of the position, known: it never leaves this
// package unfiltered.
func full(s *game.State, last []game.Event) render.Situation {
	out := render.Situation{
		Turn:     int(s.Turn),
		Turns:    int(turn.Last),
		TurnName: i18n.T(s.Turn.String(), s.Turn.Japanese()),
		Segment:  s.Step.Name(),
		ToMove:   s.ToMove(),
		VP:       s.VP,
	}
	type key struct {
		at   hex.Hex
		side units.Side
	}
	index := map[key]int{}
	n := s.Rules().Counters.Len()
	for i := 0; i < n; i++ {
		c := s.Counter(i)
		u := s.Units[i]
		switch u.Box {
		case game.OnMap:
			k := key{u.At, c.Side()}
			j, ok := index[k]
			if !ok {
				j = len(out.Stacks)
				index[k] = j
				out.Stacks = append(out.Stacks, render.Stack{At: u.At, Side: c.Side()})
			}
			out.Stacks[j].Units = append(out.Stacks[j].Units, Counter(c, u))
		case game.Russia:
			out.Russia = append(out.Russia, Counter(c, u))
		}
	}
	out.Destroyed = append(out.Destroyed, s.Destroyed...)
	out.NavalHeld = s.NavalGunfire
	for _, e := range last {
		switch e.Kind {
		case game.EvMoved, game.EvRailMoved:
			if len(e.Hexes) >= 2 {
				out.Moves = append(out.Moves, render.Move{Side: e.Side, Path: append([]hex.Hex(nil), e.Hexes...), Rail: e.Kind == game.EvRailMoved})
			}
		}
	}
	return out
}

// Counter is a counter as its owner sees it. The engine keeps no order
// within a stack, so the top of a stack is its first counter in the
// manifest (corps before the divisions of the same army, HQ first where
// the manifest lists it first).
func Counter(c *units.Counter, u game.Unit) render.Counter {
	k := render.Counter{
		Nation:       c.Nation,
		Type:         c.Type,
		ID:           shortID(c.ID),
		Attack:       c.Attack,
		Defence:      c.Defence,
		Move:         c.Move,
		Trench:       c.Trench,
		Entrenched:   u.Trench,
		OutOfCommand: u.OutOfCommand,
	}
	switch {
	case c.Size == units.Corps:
		k.Size = render.Corps
	case c.Size == units.HQSize:
		k.Size = render.Army
	case strings.Contains(strings.ToLower(c.Name), "brigade"):
		// The game counts brigades as divisions (units.Size); the counter
		// shows what they were.
		k.Size = render.Brigade
	default:
		k.Size = render.Division
	}
	return k
}

// shortID is the counter's ID without its nation prefix: "G-III" prints
// "III" on a grey counter.
func shortID(id string) string {
	if i := strings.IndexByte(id, '-'); i >= 0 && i < len(id)-1 {
		return id[i+1:]
	}
	return id
}

// Destinations converts the engine's legal destinations of a unit for
// the situation's highlight.
func Destinations(ds []game.Dest) []render.Destination {
	out := make([]render.Destination, 0, len(ds))
	for _, d := range ds {
		out = append(out, render.Destination{At: d.To, Cost: d.Cost})
	}
	return out
}
