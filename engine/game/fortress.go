package game

import (
	"rtrbot/engine/board"
	"rtrbot/engine/hex"
	"rtrbot/engine/units"
)

// Fortresses 12.0-12.7 beyond combat (combat.go adds the intrinsic defence
// and applies 12.5): siege guns (12.6) and abandonment (12.4).

// applySiege: in a combat segment each siege gun fires once on the siege
// table (12.6) at an adjacent undestroyed enemy fortress; rivers do not
// matter and only the fortress is affected.
//
//	german siege G-S1 3021
func (s *State) applySiege(o Order) (*State, []Event, error) {
	c, err := s.oneUnit(o)
	if err != nil {
		return nil, nil, err
	}
	if err := s.ownUnitOnMap(c); err != nil {
		return nil, nil, err
	}
	if len(o.Hexes) != 1 {
		return nil, nil, refuse("Say which fortress: /siege unit:%s hex:XXYY (12.6).", "目標の要塞を指定してください: /siege unit:%s hex:XXYY (12.6)。", c.ID)
	}
	target := o.Hexes[0]
	u := s.Units[c.Index]
	switch {
	case !s.Step.IsCombat():
		return nil, nil, refuse("Siege guns fire in a combat segment (12.6); now it is the %s.", "攻城砲は戦闘セグに攻撃します (12.6)。現在は %s です。", s.Step)
	case c.Type != units.Siege:
		return nil, nil, refuse("%s is not a siege gun; only siege guns use the siege table (12.6).", "%s は攻城砲ではありません。攻城砲表を使えるのは攻城砲のみです (12.6)。", c.ID)
	case hasInt(s.Ext.Attacked, c.Index):
		return nil, nil, refuse("%s has already fired in this combat segment: once each (12.6).", "%s はこの戦闘セグで既に攻撃しました (12.6: 各1回)。", c.ID)
	case u.Edge:
		return nil, nil, refuse("%s entered at the map edge this turn and may not attack (11.1).", "%s は今ターン盤端から登場したため攻撃できません (11.1)。", c.ID)
	case s.Step == Combat2 && u.OutOfCommand:
		return nil, nil, refuse("%s is out of command: in the second impulse only units in command attack (4.2).", "%s は指揮不通です。第2インパルスには指揮下ユニットのみ攻撃できます (4.2)。", c.ID)
	case direction(u.At, target) < 0:
		return nil, nil, refuse("%s in %s is not adjacent to %s (12.6).", "%s (%s) は %s に隣接していません (12.6)。", c.ID, u.At, target)
	}
	strength := s.fortressOf(target, c.Side().Other())
	if strength == 0 {
		return nil, nil, refuse("%s holds no undestroyed enemy fortress (12.6).", "%s に未破壊の敵要塞はありません (12.6)。", target)
	}
	n := s.clone()
	var evs []Event
	x, _ := n.hexAt(target)
	die := n.roll(c.Side(), tr("siege gun %s against %s (12.6)", "攻城砲 %s → %s (12.6)", c.ID, placeName(x)), &evs)
	res, err := Tables().Siege(strength, die)
	if err != nil {
		return nil, nil, err
	}
	n.Ext.Attacked = append(n.Ext.Attacked, c.Index)
	sortInts(n.Ext.Attacked)
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
		return nil, nil, refuse("Fortresses are abandoned in your movement segment (12.4); now it is the %s.", "要塞の放棄は自軍移動セグに行います (12.4)。現在は %s です。", s.Step)
	}
	if len(o.Hexes) != 1 || len(o.Units) > 1 {
		return nil, nil, refuse("Say which fortress: /abandon hex:XXYY (and optionally the Landwehr division to place, 12.4).", "放棄する要塞を指定してください: /abandon hex:XXYY (配置する後備師団も指定可, 12.4)。")
	}
	h := o.Hexes[0]
	x, ok := s.hexAt(h)
	if !ok || x.Fortress == 0 {
		return nil, nil, refuse("%s has no fortress (12.4).", "%s に要塞はありません (12.4)。", h)
	}
	if owner, ok := Owner(x.Country); !ok || owner != o.Side {
		return nil, nil, refuse("The fortress of %s is not yours to abandon (12.4).", "%s の要塞はあなたの要塞ではありません (12.4)。", placeName(x))
	}
	if s.IsDestroyed(h) {
		return nil, nil, refuse("The fortress of %s is already destroyed or abandoned (12.4: abandoned fortresses never come back).", "%s の要塞は既に破壊 (放棄) されています (12.4)。", placeName(x))
	}
	if x.Country == board.Belgium {
		return nil, nil, refuse("Belgian fortresses cannot be abandoned (12.4).", "ベルギーの要塞は放棄できません (12.4)。")
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
			return nil, nil, refuse("%s is not a %s Landwehr division out of play: abandoning %s places one (12.4).", "%s は盤外の%s後備師団ではありません。%s の放棄ではそれを1個配置します (12.4)。", k.ID, nation.Name(), placeName(x))
		}
		c = k
	} else if c = s.freeCounter(nil, nation, units.Landwehr, units.Division); c == nil {
		return nil, nil, refuse("No %s Landwehr division is out of play to place in %s (12.4: the counters provided are the limit).", "%[2]s に配置する%[1]s後備師団の駒がありません (12.4)。", nation.Name(), placeName(x))
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
