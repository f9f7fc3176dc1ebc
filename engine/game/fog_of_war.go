package game

import (
	"slices"
	"sort"

	"rtrbot/engine/hex"
	"rtrbot/engine/turn"
	"rtrbot/engine/units"
)

// Fog of war (14.1): a player may not look into enemy stacks; the top unit
// can always be seen. Combat shows both stacks of an attack (to both
// players, for the rest of that combat segment), aerial reconnaissance
// (14.12) shows one hex per HQ to its side during its first movement
// segment, and the counter-intelligence events (15, 16) show the side every
// enemy unit for the turn. A View is all a renderer or a message may see:
// it is built from the state and holds nothing the viewer may not know.

// SightState is what fog of war keeps: what a side sees beyond its own
// units this segment or turn.
type SightState struct {
	// Revealed are the hexes whose stacks a combat of this segment showed
	// to both players (14.1).
	Revealed []hex.Hex
	// Recon are the aerial reconnaissance looks of this segment (14.12).
	Recon []Look
	// Intel: the side may inspect every enemy unit this turn (events 15, 16).
	Intel [2]bool
}

// Look is one aerial reconnaissance (14.12): an HQ looked into a hex.
type Look struct {
	HQ int
	At hex.Hex
}

// Viewer is who looks: a side, or the public (spectators, the channel).
type Viewer int

const (
	GermanView Viewer = Viewer(units.German)
	AlliedView Viewer = Viewer(units.Allied)
	PublicView Viewer = 2
)

// ViewerOf is the viewer of a side.
func ViewerOf(side units.Side) Viewer { return Viewer(side) }

// VisibleUnit is a counter as the viewer sees it.
type VisibleUnit struct {
	ID           string
	Side         units.Side
	Nation       units.Nation
	Type         units.Type
	Size         units.Size
	Box          Box
	At           hex.Hex
	Trench       bool
	OutOfCommand bool // shown for the viewer's own units only
}

// VisibleStack is the units of one side in one hex as the viewer sees them:
// all of them, or only the top one and how many counters the stack has.
type VisibleStack struct {
	At    hex.Hex
	Side  units.Side
	Units []VisibleUnit
	Count int  // counters in the stack (its height can be seen)
	Full  bool // every unit is shown
}

// View is what one viewer may know of a game.
type View struct {
	Viewer      Viewer
	Turn        turn.Turn
	Step        Step
	Player      units.Side
	ToMove      units.Side
	VP          [2]int
	BadWeather  bool
	Entrenching bool
	Destroyed   []hex.Hex
	Stacks      []VisibleStack
	// Boxes are the counters off the map the viewer may see: his own in
	// every box and everyone's eliminated units (removed in front of both
	// players); enemy units in the Russian Front box are counted only.
	Boxes        []VisibleUnit
	RussiaCounts [2]int
	// Retreats are the units that must retreat now (public: combat result).
	Retreats   []string
	Commitment string
	// Seed is revealed once the game is over (0 before); so is Key, the
	// dice key as players read it (State.KeyText; empty before).
	Seed   uint64
	Key    string
	Over   bool
	Winner units.Side
	Level  Level
}

// Sees reports whether the viewer sees the whole stack of side in h.
func (s *State) Sees(v Viewer, side units.Side, h hex.Hex) bool {
	if v != PublicView && units.Side(v) == side {
		return true
	}
	if s.Step == GameOver || slices.Contains(s.Sight.Revealed, h) {
		return true
	}
	if v == PublicView {
		return false
	}
	if s.Sight.Intel[units.Side(v)] {
		return true
	}
	for _, l := range s.Sight.Recon {
		if l.At == h && s.Counter(l.HQ).Side() == units.Side(v) {
			return true
		}
	}
	return false
}

// ViewFor builds the view of a viewer.
func (s *State) ViewFor(v Viewer) View {
	w := View{Viewer: v, Turn: s.Turn, Step: s.Step, Player: s.Player, ToMove: s.ToMove(), VP: s.VP,
		BadWeather: s.BadWeather, Entrenching: s.Entrenching, Destroyed: append([]hex.Hex(nil), s.Destroyed...),
		Commitment: s.Commitment(), Over: s.Step == GameOver}
	if w.Over {
		w.Seed, w.Key = s.Seed, s.KeyText()
		w.Winner, w.Level, _ = s.Result()
	}
	own := func(side units.Side) bool { return v != PublicView && units.Side(v) == side }
	w.Stacks = s.visibleStacks(v, own)
	for i, u := range s.Units {
		c := s.Counter(i)
		switch {
		case u.Box == OnMap || u.Box == Pool:
		case own(c.Side()) || u.Box == Eliminated || w.Over:
			w.Boxes = append(w.Boxes, s.visible(i, own(c.Side())))
		}
		if u.Box == Russia {
			w.RussiaCounts[c.Side()]++
		}
	}
	if len(s.Combat.Retreats) > 0 {
		w.Retreats = []string{}
		for _, c := range s.PendingRetreats() {
			w.Retreats = append(w.Retreats, c.ID)
		}
	}
	return w
}

// visibleStacks are the stacks on the map as v sees them: by hex (column,
// then row), the Germans' before the Allies' in a hex, each stack's units
// by counter index (the top unit is the first counter of the stack,
// docs/rulings.md C15), all of them when v sees the stack (Sees), else
// the top one.
func (s *State) visibleStacks(v Viewer, own func(units.Side) bool) []VisibleStack {
	// The units on the map as sort keys: hex, side, counter index, so
	// that one sort of numbers puts them in the view's order.
	const bits = 20
	keys := make([]uint64, 0, 64)
	for i, u := range s.Units {
		if u.Box != OnMap {
			continue
		}
		if u.At.Col < 0 || u.At.Row < 0 || u.At.Col >= 1<<bits || u.At.Row >= 1<<bits || i >= 1<<bits {
			return s.visibleStacksByMap(v, own) // not a map this packing fits
		}
		keys = append(keys, uint64(u.At.Col)<<(2*bits+1)|uint64(u.At.Row)<<(bits+1)|uint64(s.sideOf(i))<<bits|uint64(i))
	}
	slices.Sort(keys)
	var out []VisibleStack
	for k := 0; k < len(keys); {
		group := keys[k] >> bits
		n := 1
		for k+n < len(keys) && keys[k+n]>>bits == group {
			n++
		}
		first := int(keys[k] & (1<<bits - 1))
		h, side := s.Units[first].At, s.sideOf(first)
		st := VisibleStack{At: h, Side: side, Count: n, Full: s.Sees(v, side, h)}
		m := 1
		if st.Full {
			m = n
		}
		st.Units = make([]VisibleUnit, 0, m)
		for _, key := range keys[k : k+m] {
			st.Units = append(st.Units, s.visible(int(key&(1<<bits-1)), own(side)))
		}
		out = append(out, st)
		k += n
	}
	return out
}

// visibleStacksByMap is visibleStacks by the occupancy index (the stacks
// in the same order).
func (s *State) visibleStacksByMap(v Viewer, own func(units.Side) bool) []VisibleStack {
	var out []VisibleStack
	occ := s.occupancy()
	hs := make([]hex.Hex, 0, len(occ))
	for h := range occ {
		hs = append(hs, h)
	}
	sort.Slice(hs, func(i, j int) bool { return hex.Less(hs[i], hs[j]) })
	for _, h := range hs {
		for side := units.German; side <= units.Allied; side++ {
			list := append([]int(nil), occ.At(h, side)...)
			if len(list) == 0 {
				continue
			}
			sort.Ints(list) // the top unit is the first counter of the stack (docs/rulings.md C15)
			st := VisibleStack{At: h, Side: side, Count: len(list), Full: s.Sees(v, side, h)}
			for k, i := range list {
				if k > 0 && !st.Full {
					break
				}
				st.Units = append(st.Units, s.visible(i, own(side)))
			}
			out = append(out, st)
		}
	}
	return out
}

func (s *State) visible(i int, own bool) VisibleUnit {
	c, u := s.Counter(i), s.Units[i]
	return VisibleUnit{ID: c.ID, Side: c.Side(), Nation: c.Nation, Type: c.Type, Size: c.Size, Box: u.Box, At: u.At, Trench: u.Trench, OutOfCommand: own && u.OutOfCommand}
}

// VisibleIDs is every counter id a view shows, for tests and checks.
func (w View) VisibleIDs() map[string]bool {
	out := map[string]bool{}
	for _, st := range w.Stacks {
		for _, u := range st.Units {
			out[u.ID] = true
		}
	}
	for _, u := range w.Boxes {
		out[u.ID] = true
	}
	for _, id := range w.Retreats {
		out[id] = true
	}
	return out
}

// applyRecon: in his first impulse's movement segment each HQ of a side
// may look into one hex within 4 hexes (14.12); not in bad weather.
//
//	german recon G-1A 2917
func (s *State) applyRecon(o Order) (*State, []Event, error) {
	c, err := s.ownOneUnit(o)
	if err != nil {
		return nil, nil, err
	}
	if len(o.Hexes) != 1 {
		return nil, nil, refuse("recon-no-hex", c.ID, c.ID)
	}
	h := o.Hexes[0]
	switch {
	case s.Step != Move1:
		return nil, nil, refuse("recon-wrong-step")
	case s.BadWeather:
		return nil, nil, refuse("recon-bad-weather")
	case c.Type != units.HQ:
		return nil, nil, refuse("recon-not-hq", c.ID)
	case !s.rules.Map.OnMap(h):
		return nil, nil, refuse("hex-off-map", h)
	case hex.Distance(s.Units[c.Index].At, h) > 4:
		return nil, nil, refuse("recon-too-far", h, hex.Distance(s.Units[c.Index].At, h), c.ID)
	}
	for _, l := range s.Sight.Recon {
		if l.HQ == c.Index {
			return nil, nil, refuse("recon-looked-already", c.ID, l.At)
		}
	}
	n := s.clone()
	n.Sight.Recon = append(n.Sight.Recon, Look{c.Index, h})
	e := Event{Kind: EvRecon, Side: o.Side, Units: []string{c.ID}, Hexes: []hex.Hex{h},
		Text: tr("%s's aircraft look into %s (14.12).", "%s の航空機が %s を偵察 (14.12)。", c.ID, h)}
	return n, []Event{e}, nil
}

// publicKinds are events everyone witnesses: combat and its results, the
// dice, the events tables, VP, fortresses, turn and step changes.
var publicKinds = map[EventKind]bool{
	EvCombat: true, EvEliminated: true, EvBrokenDown: true, EvRetreatDue: true, EvRetreated: true, EvFortress: true,
	EvSiege: true, EvAbandoned: true, EvRoll: true, EvRandom: true, EvRussia: true, EvVP: true, EvVictory: true,
	EvSeed: true, EvRekey: true, EvStep: true, EvTurn: true, EvGameOver: true, EvEventPhase: true, EvDue: true, EvSetupDone: true,
}

// Public says whether every viewer witnesses events of kind k; what else
// a viewer may read of an order's events, EventsFor says.
func (k EventKind) Public() bool { return publicKinds[k] }

// EventsFor is what a viewer may read of the events of one order (14.1):
// public events as they are; the viewer's own side's events as they are,
// except that nothing private to the other side is shown; an event that
// names an enemy unit the viewer sees neither before nor after the order
// keeps its kind, side and hexes but loses its units and says only that a
// unit of that side acted there. Messages built from events should pass
// through it, as renderers pass through ViewFor.
func EventsFor(v Viewer, before, after *State, evs []Event) []Event {
	seen := before.ViewFor(v).VisibleIDs()
	for id := range after.ViewFor(v).VisibleIDs() {
		seen[id] = true
	}
	var out []Event
	for _, e := range evs {
		own := v != PublicView && units.Side(v) == e.Side
		if own || publicKinds[e.Kind] {
			out = append(out, e)
			continue
		}
		if e.Kind == EvRecon {
			continue // the other side's reconnaissance is its own business
		}
		hidden := false
		for _, id := range e.Units {
			if c, ok := before.Lookup(id); ok && !seen[id] && (v == PublicView || c.Side() != units.Side(v)) {
				hidden = true
			}
		}
		if !hidden {
			out = append(out, e)
			continue
		}
		r := Event{Kind: e.Kind, Side: e.Side, Hexes: e.Hexes}
		if len(e.Hexes) > 0 {
			r.Text = tr("One %s unit acted in %s (%s; hidden by the fog of war, 14.1).", "%sのユニットが %s で行動しました (%s。詳細は戦場の霧により非公開、14.1)。", e.Side.Name(), hexList(e.Hexes), e.Kind.Name())
		} else {
			r.Text = tr("The %s player acted (%s; hidden by the fog of war, 14.1).", "%sが行動しました (%s。詳細は戦場の霧により非公開、14.1)。", e.Side.Name(), e.Kind.Name())
		}
		out = append(out, r)
	}
	return out
}
