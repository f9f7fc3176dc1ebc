// Package fromgame turns a side's view of a game (game.View, 14.1) into
// the render.Situation the renderer draws: the adapter between the rules
// engine and the renderer, so that package render never imports the game.
//
// It reads only the view, the static counter manifest (printed values of
// the counters the view shows) and the events of the last segment (for
// trails and combat arrows). The view already holds nothing its viewer
// may not know: a counter it does not show becomes a render.Counter with
// only Hidden set, so that the stack keeps its true height.
package fromgame

import (
	"regexp"
	"strings"

	"rtrbot/engine/game"
	"rtrbot/engine/hex"
	"rtrbot/engine/scenario"
	"rtrbot/engine/turn"
	"rtrbot/engine/units"
	"rtrbot/i18n"
	"rtrbot/render"
)

// For is the situation viewer may see of state s: the engine's view of
// s for that viewer, with the moves and combats of the last segment (last:
// the events since the segment began). The state is asked for nothing but
// its view and its counter manifest.
func For(s *game.State, last []game.Event, viewer render.Viewer) render.Situation {
	return FromView(s.ViewFor(gameViewer(viewer)), s.Rules().Counters, last)
}

// WithScenario marks on a situation's turn track the turns of the
// game's scenario (17.1: the standard game is Aug II to Sep IV): the
// turns outside it pale, a bar after its last. The view does not say
// which scenario is played; the caller, who holds the rules, does.
func WithScenario(sit *render.Situation, sc scenario.Scenario) {
	sit.First, sit.Last = int(sc.First), int(sc.Last)
}

// viewers pair the renderer's and the engine's names of the viewers that
// are a side; anyone else is the public.
var viewers = []struct {
	r render.Viewer
	g game.Viewer
}{{render.GermanView, game.GermanView}, {render.AlliedView, game.AlliedView}}

// gameViewer is the engine's name for a viewer.
func gameViewer(v render.Viewer) game.Viewer {
	for _, x := range viewers {
		if x.r == v {
			return x.g
		}
	}
	return game.PublicView
}

// renderViewer is the renderer's name for a viewer.
func renderViewer(v game.Viewer) render.Viewer {
	for _, x := range viewers {
		if x.g == v {
			return x.r
		}
	}
	return render.Public
}

// FromView is the situation of a view. counters is the game's manifest,
// for the printed values of the counters the view shows.
func FromView(v game.View, counters *units.Set, last []game.Event) render.Situation {
	out := render.Situation{
		Viewer:   renderViewer(v.Viewer),
		Turn:     int(v.Turn),
		Turns:    int(turn.Last),
		TurnName: i18n.T(v.Turn.String(), v.Turn.Japanese()),
		Segment:  v.Step.Name(),
		ToMove:   v.ToMove,
		VP:       v.VP,
		// Random events 11-14: bad (or autumn) weather this turn.
		BadWeather: v.BadWeather,
	}
	for t := turn.First; t <= turn.Last; t++ {
		en, ja := t.String(), t.Japanese()
		out.Months = append(out.Months, i18n.T(strings.Fields(en)[0], strings.TrimRight(ja, "IV")))
	}
	for _, st := range v.Stacks {
		rs := render.Stack{At: st.At, Side: st.Side}
		for _, u := range st.Units {
			rs.Units = append(rs.Units, Counter(counters, u))
		}
		// The counters the viewer may not see: their number only (the
		// height of a stack can be seen, 14.1).
		for len(rs.Units) < st.Count {
			rs.Units = append(rs.Units, render.Counter{Hidden: true})
		}
		out.Stacks = append(out.Stacks, rs)
	}
	// The Russian Front box: the viewer's own counters in it, and the
	// enemy's as many hidden counters as the view counts.
	shown := [2]int{}
	for _, u := range v.Boxes {
		if u.Box == game.Russia {
			out.Russia = append(out.Russia, Counter(counters, u))
			shown[u.Side]++
		}
	}
	for side := range shown {
		for i := shown[side]; i < v.RussiaCounts[side]; i++ {
			out.Russia = append(out.Russia, render.Counter{Hidden: true})
		}
	}
	out.Destroyed = append(out.Destroyed, v.Destroyed...)
	for _, e := range last {
		switch e.Kind {
		case game.EvMoved, game.EvRailMoved, game.EvRetreated:
			if len(e.Hexes) >= 2 {
				out.Moves = append(out.Moves, render.Move{Side: e.Side, Path: append([]hex.Hex(nil), e.Hexes...), Rail: e.Kind == game.EvRailMoved})
			}
		case game.EvCombat:
			if c, ok := combat(e); ok {
				out.Combats = append(out.Combats, c)
			}
		}
	}
	return out
}

// combat is the arrows of one combat event. The engine's events carry
// the combat's values (game.CombatFacts): the defender's hex, the
// attackers' hexes, the odds column after shifts and the result code.
// An event without them (made by hand) gives its arrows from its hexes,
// the first the defender's, and its odds and result from its sentence.
func combat(e game.Event) (render.Combat, bool) {
	if f := e.Combat; f != nil {
		if len(f.Attackers) == 0 {
			return render.Combat{}, false
		}
		return render.Combat{
			Defender:  f.Defender,
			Attackers: append([]hex.Hex(nil), f.Attackers...),
			Odds:      f.Odds.String(),
			Result:    string(f.Result),
		}, true
	}
	if len(e.Hexes) < 2 {
		return render.Combat{}, false
	}
	c := render.Combat{Defender: e.Hexes[0]}
	seen := map[hex.Hex]bool{}
	for _, h := range e.Hexes[1:] {
		if !seen[h] {
			seen[h] = true
			c.Attackers = append(c.Attackers, h)
		}
	}
	if m := combatText.FindStringSubmatch(e.Text.EN); m != nil {
		c.Odds, c.Result = m[1], m[2]
	}
	return c, true
}

// combatText finds the odds column and the result code in the sentence
// of a combat event without CombatFacts ("... at 3:1, die 4: DR — ...").
var combatText = regexp.MustCompile(` at ([0-9]+:[0-9]+), die [0-9]+: ([A-Z]{2})\b`)

// Counter is a counter as the view shows it, with the printed values of
// its manifest entry (public knowledge once the counter is seen).
func Counter(counters *units.Set, u game.VisibleUnit) render.Counter {
	k := render.Counter{
		Nation:       u.Nation,
		Type:         u.Type,
		ID:           shortID(u.ID),
		Entrenched:   u.Trench,
		OutOfCommand: u.OutOfCommand,
	}
	name := ""
	if c, ok := counters.Lookup(u.ID); ok {
		k.Attack, k.Defence, k.Move, k.Trench = c.Attack, c.Defence, c.Move, c.Trench
		name = c.Name
	}
	switch {
	case u.Size == units.Corps:
		k.Size = render.Corps
	case u.Size == units.HQSize:
		k.Size = render.Army
	case strings.Contains(strings.ToLower(name), "brigade"):
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
// the situation's highlight: by movement with their cost, and by rail
// (rail: hexes the unit may reach by rail movement, 8.5) where it cannot
// walk. The caller shows them only to the unit's own side.
func Destinations(ds []game.Dest, rail []hex.Hex) []render.Destination {
	out := make([]render.Destination, 0, len(ds)+len(rail))
	walk := map[hex.Hex]bool{}
	for _, d := range ds {
		out = append(out, render.Destination{At: d.To, Cost: d.Cost})
		walk[d.To] = true
	}
	for _, h := range rail {
		if !walk[h] {
			out = append(out, render.Destination{At: h, Rail: true})
			walk[h] = true
		}
	}
	return out
}
