package game

import (
	"slices"
	"sort"

	"rtrbot/engine/hex"
	"rtrbot/engine/units"
)

// Retreats after combat (9.4): one hex, chosen by the owner with a retreat
// order; never into an enemy-occupied hex, an enemy zone of control, a hex
// already at the stacking limit, or a hex the unit could not enter in a
// movement segment. A unit with nowhere to go is eliminated. Units on
// their trench side flip to the mobile side first (13.3).

// RetreatHexes lists where a unit may retreat now (9.4).
func (s *State) RetreatHexes(i int) []hex.Hex {
	u := s.Units[i]
	if u.Box != OnMap {
		return nil
	}
	c := s.Counter(i)
	side := c.Side()
	ezoc, enemy := s.zocAndOccupied(side.Other())
	var out []hex.Hex
	for _, nb := range u.At.Neighbors() {
		if _, why := s.enterCost(c, u.At, nb, byRetreat); why != whyNone {
			continue
		}
		if enemy.has(nb) || ezoc.has(nb) || s.stackDE(nb, side)+c.DE > StackLimit {
			continue
		}
		out = append(out, nb)
	}
	sort.Slice(out, func(a, b int) bool { return hex.Less(out[a], out[b]) })
	return out
}

// queueRetreats marks the surviving units of a combat result to retreat.
func (s *State) queueRetreats(group []int, evs *[]Event) {
	for _, i := range group {
		if s.Units[i].Box != OnMap || slices.Contains(s.Combat.Retreats, i) {
			continue
		}
		s.Units[i].Trench = false // 13.3: retreat on the mobile side
		s.Combat.Retreats = append(s.Combat.Retreats, i)
		c := s.Counter(i)
		*evs = append(*evs, Event{Kind: EvRetreatDue, Side: c.Side(), Units: []string{c.ID}, Hexes: []hex.Hex{s.Units[i].At},
			Text: tr("%s must retreat one hex from %s (9.4).", "%s は %s から 1ヘクス退却しなければなりません (9.4)。", c.ID, s.Units[i].At)})
	}
}

// settleRetreats eliminates pending units that have nowhere to retreat to
// (9.4), until the first unit that can go or none is left.
func (s *State) settleRetreats(evs *[]Event) {
	for {
		done := true
		for _, i := range s.Combat.Retreats {
			if len(s.RetreatHexes(i)) == 0 {
				s.eliminate(i, tr("no hex to retreat into (9.4)", "退却できるヘクスがない (9.4)"), evs)
				done = false
				break
			}
		}
		if done {
			return
		}
	}
}

// PendingRetreats lists the units that must still retreat.
func (s *State) PendingRetreats() []*units.Counter {
	var out []*units.Counter
	for _, i := range s.Combat.Retreats {
		out = append(out, s.Counter(i))
	}
	return out
}

func (s *State) applyRetreat(o Order) (*State, []Event, error) {
	c, err := s.oneUnit(o)
	if err != nil {
		return nil, nil, err
	}
	if !slices.Contains(s.Combat.Retreats, c.Index) {
		if len(s.Combat.Retreats) == 0 {
			return nil, nil, refuse("retreat-none")
		}
		return nil, nil, refuse("retreat-not-this-unit", c.ID, s.retreatIDs())
	}
	if c.Side() != o.Side {
		return nil, nil, refuse("retreat-not-yours", c.ID)
	}
	options := s.RetreatHexes(c.Index)
	if len(o.Hexes) != 1 || !slices.Contains(options, o.Hexes[0]) {
		return nil, nil, refuse("retreat-wrong-hex", c.ID, hexList(options))
	}
	n := s.clone()
	from, to := n.Units[c.Index].At, o.Hexes[0]
	n.Units[c.Index].At = to
	for k, x := range n.Combat.Retreats {
		if x == c.Index {
			n.Combat.Retreats = append(n.Combat.Retreats[:k], n.Combat.Retreats[k+1:]...)
			break
		}
	}
	evs := []Event{{Kind: EvRetreated, Side: c.Side(), Units: []string{c.ID}, Hexes: []hex.Hex{from, to},
		Text: tr("%s retreated %s → %s (9.4).", "%s が %s → %s に退却 (9.4)。", c.ID, from, to)}}
	n.settleRetreats(&evs)
	return n, evs, nil
}

func (s *State) retreatIDs() string {
	var ids []string
	for _, c := range s.PendingRetreats() {
		ids = append(ids, c.ID)
	}
	return joinIDs(ids)
}

func joinIDs(ids []string) string {
	out := ""
	for i, id := range ids {
		if i > 0 {
			out += " "
		}
		out += id
	}
	return out
}
