package game

import (
	"rtrbot/engine/units"
)

// Check answers "why is this order illegal?": nil if Apply would accept it,
// otherwise the refusal Apply would give.
func Check(s *State, o Order) error {
	_, _, err := Apply(s, o)
	return err
}

// Actors answers "which units of the side to move may still act in this
// step?": units to set up, reinforcements that may enter, units that may
// reorganise, units that may move or rail-move, units that owe a retreat
// or may attack or fire. Steps without unit orders (event, command) have
// none.
func (s *State) Actors() []*units.Counter {
	var out []*units.Counter
	switch {
	case s.Step == SetupStep:
		return s.unplaced(s.Player)
	case s.Step == Reinforcement:
		seen := map[int]bool{}
		for _, d := range s.Dues {
			for _, c := range s.candidates(d) {
				if !seen[c.Index] {
					seen[c.Index] = true
					out = append(out, c)
				}
			}
		}
		return out
	case s.Step.IsReorg():
		for i, u := range s.Units {
			c := s.Counter(i)
			if u.Box != OnMap || c.Side() != s.Player || s.canReorganise(c) != nil {
				continue
			}
			if c.IsCorps() || u.Trench || (s.Entrenching && c.CanEntrench()) || s.hasMergePartner(c) {
				out = append(out, c)
			}
		}
	case len(s.Combat.Retreats) > 0 || s.Step.IsCombat():
		return s.combatActors() // combat.go: units owing a retreat, or able to attack or fire
	case s.Step.IsMovement():
		side := s.Player
		ezoc, enemy := s.zocAndOccupied(side.Other())
		for i, u := range s.Units {
			c := s.Counter(i)
			if u.Box != OnMap || c.Side() != side || !s.mayMove(c) {
				continue
			}
			if s.canReach(c, ezoc, enemy) || (s.canRail(c, ezoc) == nil && s.railNet(c, u.At, ezoc, enemy).count() > 1) {
				out = append(out, c)
			}
		}
	}
	return out
}

func (m marks) count() int {
	n := 0
	for _, b := range m.b {
		if b {
			n++
		}
	}
	return n
}

// hasMergePartner: another division of its type and a kin nation in its hex.
func (s *State) hasMergePartner(c *units.Counter) bool {
	if c.Size != units.Division {
		return false
	}
	u := s.Units[c.Index]
	for _, o := range s.UnitsAt(u.At, c.Side()) {
		if o != c && o.Size == units.Division && o.Type == c.Type && units.Kin(o.Nation, c.Nation) {
			return true
		}
	}
	return false
}

// canReach reports whether a unit has at least one destination: whether
// the movement search (movementSearchIn) would settle a hex besides its
// start. Every hex it settles is reached through a neighbour of the
// start, and a neighbour entered within the allowance is settled, so the
// six neighbours tell, by the search's own tests (6.0, 16.1, 8.53).
func (s *State) canReach(c *units.Counter, ezoc, enemy marks) bool {
	from := s.Units[c.Index].At
	limit := s.Allowance(c)
	si, ch := ezoc.idx(from), s.cellAt(from)
	if si < 0 || ch == nil || limit < 0 {
		return false
	}
	disengaging := ezoc.b[si] && s.Option(RuleDisengagement)
	mv := s.moverOf(c)
	for dir, nb := range ch.nb {
		ni := int(ch.nbi[dir])
		if ni < 0 || enemy.b[ni] {
			continue
		}
		if ezoc.b[si] && ezoc.b[ni] {
			continue
		}
		if disengaging && ezoc.b[ni] {
			continue
		}
		e := s.entryCost(&mv, nb)
		step := 0
		switch {
		case e < 0:
			continue
		case ch.rail[dir]:
			step = 1
		case e == 1:
			continue
		default:
			step = int(e) - 1
			if ch.river[dir] {
				step++
			}
		}
		if step <= limit {
			return true
		}
	}
	return false
}
