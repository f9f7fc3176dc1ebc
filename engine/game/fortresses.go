package game

import (
	"rtrbot/engine/board"
	"rtrbot/engine/hex"
	"rtrbot/engine/units"
	"slices"
)

// Fortresses 12.0-12.7 beyond combat (combat.go adds the intrinsic defence
// and applies 12.5): siege guns (12.6) and abandonment (12.4).

// applySiege: in a combat segment each siege gun fires once on the siege
// table (12.6) at an adjacent undestroyed enemy fortress; rivers do not
// matter and only the fortress is affected.
//
//	german siege G-S1 3021
func (s *State) applySiege(o Order) (*State, []Event, error) {
	c, err := s.ownOneUnit(o)
	if err != nil {
		return nil, nil, err
	}
	if len(o.Hexes) != 1 {
		return nil, nil, refuse("siege-no-hex", c.ID)
	}
	target := o.Hexes[0]
	u := s.Units[c.Index]
	switch {
	case !s.Step.IsCombat():
		return nil, nil, refuse("siege-wrong-step", s.Phase())
	case c.Type != units.Siege:
		return nil, nil, refuse("siege-not-siege-gun", c.ID)
	case slices.Contains(s.Combat.Attacked, c.Index):
		return nil, nil, refuse("siege-fired-already", c.ID)
	case u.Edge:
		return nil, nil, refuse("attack-edge-entry", c.ID)
	case s.Step == Combat2 && u.OutOfCommand:
		return nil, nil, refuse("attack-out-of-command", c.ID)
	case direction(u.At, target) < 0:
		return nil, nil, refuse("siege-not-adjacent", c.ID, u.At, target)
	}
	strength := s.fortressOf(target, c.Side().Other())
	if strength == 0 {
		return nil, nil, refuse("siege-no-fortress", target)
	}
	n := s.clone()
	var evs []Event
	x, _ := n.hexAt(target)
	die := n.roll(c.Side(), tr("siege gun %s against %s (12.6)", "攻城砲 %s → %s (12.6)", c.ID, placeName(x)), &evs)
	res, err := Tables().Siege(strength, die)
	if err != nil {
		return nil, nil, err
	}
	n.Combat.Attacked = append(n.Combat.Attacked, c.Index)
	sortInts(n.Combat.Attacked)
	evs = append(evs, Event{Kind: EvSiege, Side: c.Side(), Units: []string{c.ID}, Hexes: []hex.Hex{u.At, target}, N: res.Total,
		Text: tr("Siege gun %s fires at the %d-strength fortress of %s: die %d %+d = %d, %s (12.6).", "攻城砲 %[1]s が %[3]s の %[2]d 戦力要塞を攻撃: ダイス %[4]d %+[5]d = %[6]d、%[7]s (12.6)。",
			c.ID, strength, placeName(x), die, res.Modifier, res.Total, res.Row.Name)})
	if res.Row.Destroyed {
		n.destroyFortress(target, c.Side(), true, tr("siege gun %s (12.6)", "攻城砲 %s (12.6)", c.ID), &evs)
	}
	return n, evs, nil
}

// applyAbandon: in any of his movement segments a player may abandon one of
// his own fortresses (not a Belgian one): it is marked destroyed for good
// and a Landwehr division of its nationality is placed in it (12.4).
//
//	allied abandon 1819
//	allied abandon F-DT3 1819
func (s *State) applyAbandon(o Order) (*State, []Event, error) {
	if !s.Step.IsMovement() {
		return nil, nil, refuse("abandon-wrong-step", s.Phase())
	}
	if len(o.Hexes) != 1 || len(o.Units) > 1 {
		return nil, nil, refuse("abandon-no-hex")
	}
	h := o.Hexes[0]
	x, ok := s.hexAt(h)
	if !ok || x.Fortress == 0 {
		return nil, nil, refuse("abandon-no-fortress", h)
	}
	if owner, ok := Owner(x.Country); !ok || owner != o.Side {
		return nil, nil, refuse("abandon-not-yours", placeName(x))
	}
	if s.IsDestroyed(h) {
		return nil, nil, refuse("abandon-destroyed", placeName(x))
	}
	if x.Country == board.Belgium {
		return nil, nil, refuse("abandon-belgian")
	}
	nation := units.FR
	if x.Country == board.Germany || x.Country == board.Luxembourg {
		nation = units.DE
	}
	var c *units.Counter
	if len(o.Units) == 1 {
		k, err := s.counter(o.Units[0])
		if err != nil {
			return nil, nil, err
		}
		if k.Nation != nation || k.Type != units.Landwehr || !s.available(k) {
			return nil, nil, refuse("abandon-wrong-landwehr", k.ID, nation.Name(), placeName(x))
		}
		c = k
	} else if c = s.freeCounter(nil, nation, units.Landwehr, units.Division); c == nil {
		return nil, nil, refuse("abandon-no-landwehr", nation.Name(), placeName(x))
	}
	if why := s.mayEnter(c, h, byAbandonment); why != whyNone {
		return nil, nil, cannotEnter(c.ID, h, why) // a neutral country's fortress (14.2)
	}
	n := s.clone()
	var evs []Event
	n.Units[c.Index] = Unit{Box: OnMap, At: h, Moved: true}
	n.destroyFortress(h, o.Side.Other(), false, tr("abandoned by its owner (12.4)", "所有者が放棄 (12.4)"), &evs)
	evs = append(evs, Event{Kind: EvAbandoned, Side: o.Side, Units: []string{c.ID}, Hexes: []hex.Hex{h},
		Text: tr("The %s abandon the fortress of %s and place %s in it (12.4).", "%sが %s の要塞を放棄し、%s を配置 (12.4)。", o.Side.Name(), placeName(x), c.ID)})
	return n, evs, nil
}

func sortInts(a []int) {
	for i := 1; i < len(a); i++ {
		for j := i; j > 0 && a[j] < a[j-1]; j-- {
			a[j], a[j-1] = a[j-1], a[j]
		}
	}
}
