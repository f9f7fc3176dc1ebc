package game

import (
	"slices"
	"sort"
	"strings"

	"rtrbot/engine/hex"
	"rtrbot/engine/units"
)

// Overstacked lists the hexes where side has more than 2 corps (7.0).
func (s *State) Overstacked(side units.Side) []hex.Hex {
	de := map[hex.Hex]int{}
	for i, u := range s.Units {
		if u.Box == OnMap && s.Counter(i).Side() == side {
			de[u.At] += s.Counter(i).DE
		}
	}
	var out []hex.Hex
	for h, n := range de {
		if n > StackLimit {
			out = append(out, h)
		}
	}
	sort.Slice(out, func(i, j int) bool { return hex.Less(out[i], out[j]) })
	return out
}

// stackingCheck refuses to end a movement or combat segment while a hex is
// over-stacked (7.0: checked at the end of movement and combat; the owner
// chooses which units go).
func (s *State) stackingCheck(side units.Side) error {
	if h, mixed := s.ahWithItalians(); mixed && side == units.German {
		return refuse("stacking-ah-with-italians", h) // 18.1(13), MOVES #91
	}
	over := s.Overstacked(side)
	if len(over) == 0 {
		return nil
	}
	var hs []string
	for _, h := range over {
		var ids []string
		for _, c := range s.UnitsAt(h, side) {
			ids = append(ids, c.ID)
		}
		hs = append(hs, h.String()+" ("+strings.Join(ids, " ")+")")
	}
	return refuse("stacking-over-limit", strings.Join(hs, "; "))
}

// applyRemove removes one of the owner's units from an over-stacked hex
// (7.0). The enemy scores its VP as for any eliminated unit (15.22;
// docs/rulings.md).
func (s *State) applyRemove(o Order) (*State, []Event, error) {
	c, err := s.ownOneUnit(o)
	if err != nil {
		return nil, nil, err
	}
	if !s.Step.IsMovement() && !s.Step.IsCombat() {
		return nil, nil, refuse("remove-wrong-step")
	}
	at := s.Units[c.Index].At
	if s.stackDE(at, c.Side()) <= StackLimit {
		return nil, nil, refuse("remove-not-over-stacked", at)
	}
	n := s.clone()
	n.Units[c.Index] = Unit{Box: Eliminated}
	other := c.Side().Other()
	n.VP[other] += c.VP
	e := ev(EvRemoved, c.Side(), tr("%s removed from over-stacked %s (7.0); %s +%d VP.", "%s をスタック超過の %s から除去 (7.0)。%s +%d VP。", c.ID, at, other.Name(), c.VP))
	e.Units, e.Hexes, e.N = []string{c.ID}, []hex.Hex{at}, c.VP
	return n, []Event{e}, nil
}

// ahWithItalians finds a hex where Austro-Hungarian and Italian units
// stand together, which the MOVES #91 version of 18.1(13) forbids.
func (s *State) ahWithItalians() (hex.Hex, bool) {
	if !s.Option(OptAustrians) {
		return hex.None, false
	}
	ah, it := map[hex.Hex]bool{}, map[hex.Hex]bool{}
	for i, u := range s.Units {
		switch c := s.Counter(i); {
		case u.Box != OnMap:
		case c.Nation == units.AH:
			ah[u.At] = true
		case c.Nation == units.IT:
			it[u.At] = true
		}
	}
	var found []hex.Hex
	for h := range ah {
		if it[h] {
			found = append(found, h)
		}
	}
	if len(found) == 0 {
		return hex.None, false
	}
	slices.SortFunc(found, func(a, b hex.Hex) int {
		if hex.Less(a, b) {
			return -1
		}
		return 1
	})
	return found[0], true
}
