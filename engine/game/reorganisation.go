package game

import (
	"rtrbot/engine/hex"
	"rtrbot/engine/units"
)

// available reports whether a counter in the pool may come into play now:
// named reinforcements from their turn on, option counters with their
// option, spares and broken-down corps and divisions always; counters of
// events only when their event brings them (5.0).
func (s *State) available(c *units.Counter) bool {
	if s.Units[c.Index].Box != Pool {
		return false
	}
	switch c.Role {
	case units.Reinf:
		return s.arrives(c) <= s.Turn
	case units.Option:
		return s.Option(Opt(c.OptionCode()))
	case units.Event:
		return s.eventCounter(c) // random_events.go: the Italians after event 26
	case units.Setup:
		return !s.neutralUnit(c)
	case units.Breakdown:
		return s.breakdownAvailable(c) // russian_front.go: the MOVES #91 box
	}
	return true
}

// canReorganise says why a unit may not reorganise now (10.0, 13.0), or nil.
func (s *State) canReorganise(c *units.Counter) error {
	if err := s.ownUnitOnMap(c); err != nil {
		return err
	}
	u := s.Units[c.Index]
	switch {
	case !s.Step.IsReorg():
		return refuse("reorg-wrong-step", s.Phase())
	case u.Edge:
		return refuse("reorg-edge-entry", c.ID)
	case s.Step == Reorg2 && u.OutOfCommand:
		return refuse("reorg-out-of-command", c.ID)
	}
	return nil
}

// freeCounter finds a counter in the pool for a reorganisation: the
// preferred ids first, then any of the type and size whose nation is kin
// (10.0: not necessarily the original divisions; Bavarians with Germans).
func (s *State) freeCounter(prefer []string, nation units.Nation, typ units.Type, size units.Size, skip ...int) *units.Counter {
	taken := func(c *units.Counter) bool {
		for _, k := range skip {
			if k == c.Index {
				return true
			}
		}
		return false
	}
	for _, id := range prefer {
		if c, ok := s.Lookup(id); ok && s.available(c) && !taken(c) {
			return c
		}
	}
	for pass := 0; pass < 2; pass++ {
		for _, c := range s.rules.Counters.All() {
			if c.Type != typ || c.Size != size || taken(c) || !s.available(c) {
				continue
			}
			if (pass == 0 && c.Nation == nation) || (pass == 1 && units.Kin(c.Nation, nation)) {
				return c
			}
		}
	}
	return nil
}

func (s *State) applySplit(o Order) (*State, []Event, error) {
	c, err := s.oneUnitThat(o, s.canReorganise) // 10.0, 13.0
	if err != nil {
		return nil, nil, err
	}
	if !c.IsCorps() {
		return nil, nil, refuse("split-not-corps", c.ID)
	}
	if s.Option(RuleM91Split) && !s.Entrenching {
		return nil, nil, refuse("split-before-entrenchment")
	}
	a := s.freeCounter(c.Parts, c.Nation, c.Type, units.Division)
	var b *units.Counter
	if a != nil {
		b = s.freeCounter(c.Parts, c.Nation, c.Type, units.Division, a.Index)
	}
	if a == nil || b == nil {
		return nil, nil, refuse("split-no-counters", c.Nation.Name(), c.Type.Name(), c.ID)
	}
	n := s.clone()
	u := n.Units[c.Index]
	n.Units[c.Index] = Unit{Box: Pool}
	n.Units[a.Index] = Unit{Box: OnMap, At: u.At, Trench: u.Trench, OutOfCommand: u.OutOfCommand}
	n.Units[b.Index] = n.Units[a.Index]
	e := ev(EvSplit, c.Side(), tr("%s broke down into %s and %s in %s (10.0).", "%s を %s と %s に分割 (%s, 10.0)。", c.ID, a.ID, b.ID, u.At))
	e.Units, e.Hexes = []string{c.ID, a.ID, b.ID}, []hex.Hex{u.At}
	return n, []Event{e}, nil
}

func (s *State) applyMerge(o Order) (*State, []Event, error) {
	if len(o.Units) != 2 {
		return nil, nil, refuse("merge-syntax")
	}
	a, err := s.counter(o.Units[0])
	if err != nil {
		return nil, nil, err
	}
	b, err := s.counter(o.Units[1])
	if err != nil {
		return nil, nil, err
	}
	for _, c := range []*units.Counter{a, b} {
		if err := s.canReorganise(c); err != nil {
			return nil, nil, err
		}
		if c.Size != units.Division {
			return nil, nil, refuse("merge-not-division", c.ID)
		}
	}
	ua, ub := s.Units[a.Index], s.Units[b.Index]
	switch {
	case a == b:
		return nil, nil, refuse("merge-same-division")
	case ua.At != ub.At:
		return nil, nil, refuse("merge-not-together", a.ID, ua.At, b.ID, ub.At)
	case a.Type != b.Type:
		return nil, nil, refuse("merge-type-differs", a.ID, a.Type.Name(), b.ID, b.Type.Name())
	case !units.Kin(a.Nation, b.Nation):
		return nil, nil, refuse("merge-nationality-differs", a.ID, a.Nation.Name(), b.ID, b.Nation.Name())
	}
	var prefer []string
	if a.Parent != "" && a.Parent == b.Parent {
		prefer = append(prefer, a.Parent)
	}
	if a.Parent != "" {
		prefer = append(prefer, a.Parent)
	}
	if b.Parent != "" {
		prefer = append(prefer, b.Parent)
	}
	corps := s.freeCounter(prefer, a.Nation, a.Type, units.Corps)
	if corps == nil {
		return nil, nil, refuse("merge-no-counter", a.Nation.Name(), a.Type.Name(), a.ID, b.ID)
	}
	n := s.clone()
	n.Units[a.Index] = Unit{Box: Pool}
	n.Units[b.Index] = Unit{Box: Pool}
	// The corps is on its trench side only if both divisions were
	// (docs/rulings.md); out of command if either was.
	n.Units[corps.Index] = Unit{Box: OnMap, At: ua.At, Trench: ua.Trench && ub.Trench, OutOfCommand: ua.OutOfCommand || ub.OutOfCommand}
	e := ev(EvMerged, a.Side(), tr("%s and %s combined into %s in %s (10.0).", "%s と %s を %s に統合 (%s, 10.0)。", a.ID, b.ID, corps.ID, ua.At))
	e.Units, e.Hexes = []string{a.ID, b.ID, corps.ID}, []hex.Hex{ua.At}
	return n, []Event{e}, nil
}

// applyEntrench flips a unit to its trench side or back (13.0, 13.3).
func (s *State) applyEntrench(o Order) (*State, []Event, error) {
	c, err := s.oneUnitThat(o, s.canReorganise) // 10.0, 13.0
	if err != nil {
		return nil, nil, err
	}
	u := s.Units[c.Index]
	n := s.clone()
	if o.Verb == VerbEntrench {
		switch {
		case !s.Entrenching:
			return nil, nil, refuse("entrench-not-begun")
		case !c.CanEntrench():
			return nil, nil, refuse("entrench-no-trench-side", c.ID)
		case u.Trench:
			return nil, nil, refuse("entrench-already", c.ID)
		}
		n.Units[c.Index].Trench = true
		e := ev(EvEntrenched, c.Side(), tr("%s entrenched in %s (13.0).", "%s が %s で塹壕構築 (13.0)。", c.ID, u.At))
		e.Units, e.Hexes = []string{c.ID}, []hex.Hex{u.At}
		return n, []Event{e}, nil
	}
	if !u.Trench {
		return nil, nil, refuse("mobile-already", c.ID)
	}
	n.Units[c.Index].Trench = false
	e := ev(EvMobile, c.Side(), tr("%s flipped to its mobile side in %s (13.0).", "%s を %s で機動面に戻しました (13.0)。", c.ID, u.At))
	e.Units, e.Hexes = []string{c.ID}, []hex.Hex{u.At}
	return n, []Event{e}, nil
}
