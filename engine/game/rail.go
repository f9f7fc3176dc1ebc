package game

import (
	"rtrbot/engine/board"
	"rtrbot/engine/hex"
	"rtrbot/engine/units"
	"rtrbot/i18n"
)

// RailLimit is the division-equivalents a side may move by rail each turn
// (8.5: Germans 5, Allies 4).
func RailLimit(side units.Side) int {
	if side == units.German {
		return 5
	}
	return 4
}

// railNet finds every hex reachable by rail movement from h for side (8.5):
// along railways only, in the side's own territory, never entering an
// enemy zone of control or an enemy-occupied hex, nor a hex the unit may
// not be in (mayEnter: the timid reservists 18.1(8), 18.2(11), Aug I
// 18.1(12), the deception 18.1(14)).
func (s *State) railNet(c *units.Counter, from hex.Hex, ezoc, enemy marks) marks {
	side := c.Side()
	mv := s.moverOf(c)
	seen := s.newMarks()
	seen.set(from)
	queue := []hex.Hex{from}
	for len(queue) > 0 {
		h := queue[0]
		queue = queue[1:]
		ch := s.cellAt(h)
		for d, nb := range h.Neighbors() {
			if seen.has(nb) || !ch.rail[d] || !s.RailLand(side, nb) || ezoc.has(nb) || enemy.has(nb) {
				continue
			}
			if s.mayEnterFor(&mv, nb, byRail) != whyNone {
				continue
			}
			seen.set(nb)
			queue = append(queue, nb)
		}
	}
	return seen
}

// canRail says why a unit may not move by rail now, or nil.
func (s *State) canRail(c *units.Counter, ezoc marks) error {
	if err := s.canMove(c); err != nil {
		return err
	}
	u := s.Units[c.Index]
	side := c.Side()
	switch {
	case s.Step != Move1:
		return refuse("rail-wrong-step")
	case !s.rules.Map.HasRail(u.At):
		return refuse("rail-not-on-railway", c.ID)
	case !s.RailLand(side, u.At):
		return refuse("rail-outside-territory", c.ID, side.Name(), ownLands(side))
	case ezoc.has(u.At):
		return refuse("rail-from-ezoc", c.ID)
	case s.RailUsed[side]+c.DE > RailLimit(side):
		return refuse("rail-capacity",
			side.Name(), RailLimit(side), s.RailUsed[side], c.ID, c.DE)
	}
	return nil
}

func ownLands(side units.Side) i18n.Text {
	if side == units.German {
		return i18n.T("Germany and Luxembourg", "独とルクセンブルク領")
	}
	return i18n.T("France and Belgium", "仏とベルギー領")
}

// RailDestinations answers where a unit can go by rail now.
func (s *State) RailDestinations(c *units.Counter) ([]hex.Hex, error) {
	side := c.Side()
	ezoc, enemy := s.zocAndOccupied(side.Other())
	if err := s.canRail(c, ezoc); err != nil {
		return nil, err
	}
	at := s.Units[c.Index].At
	net := s.railNet(c, at, ezoc, enemy)
	var out []hex.Hex
	for _, x := range s.allHexes() {
		if x.At != at && net.has(x.At) {
			out = append(out, x.At)
		}
	}
	return out, nil
}

func (s *State) applyRail(o Order) (*State, []Event, error) {
	c, err := s.oneUnit(o)
	if err != nil {
		return nil, nil, err
	}
	if len(o.Hexes) != 1 {
		return nil, nil, refuse("rail-no-hex", c.ID)
	}
	side := c.Side()
	ezoc, enemy := s.zocAndOccupied(side.Other())
	if err := s.canRail(c, ezoc); err != nil {
		return nil, nil, err
	}
	from, to := s.Units[c.Index].At, o.Hexes[0]
	if to == from {
		return nil, nil, refuse("already-there", c.ID, to)
	}
	if !s.railNet(c, from, ezoc, enemy).has(to) {
		switch {
		case !s.rules.Map.HasRail(to):
			return nil, nil, refuse("rail-no-railway", to)
		case !s.RailLand(side, to):
			return nil, nil, refuse("rail-destination-territory", to, ownLands(side))
		case ezoc.has(to):
			return nil, nil, refuse("rail-into-ezoc", to)
		}
		if why := s.mayEnter(c, to, byRail); why != whyNone {
			return nil, nil, cannotEnter(c.ID, to, why)
		}
		return nil, nil, refuse("rail-no-route", from, to, ownLands(side))
	}
	n := s.clone()
	n.Units[c.Index].At = to
	n.Units[c.Index].Moved = true // 8.5: not combined with other movement
	n.RailUsed[side] += c.DE
	e := ev(EvRailMoved, side, tr("%s moved by rail %s → %s (%d of %d rail capacity used this turn).", "%s が鉄道で %s → %s に移動 (今ターン輸送力 %d/%d 使用)。", c.ID, from, to, n.RailUsed[side], RailLimit(side)))
	e.Units, e.Hexes, e.N = []string{c.ID}, []hex.Hex{from, to}, c.DE
	return n, []Event{e}, nil
}

// EastEdge reports whether h is on the eastern edge of the map (rows grow
// eastwards, map-grid.md): its eastern neighbour along the column is off
// the map.
func (s *State) EastEdge(h hex.Hex) bool {
	return !s.rules.Map.OnMap(hex.Hex{Col: h.Col, Row: h.Row + 1})
}

// WestEdge and SouthEdge are the French map edges of 11.1.
func (s *State) WestEdge(h hex.Hex) bool {
	return !s.rules.Map.OnMap(hex.Hex{Col: h.Col, Row: h.Row - 1})
}

func (s *State) SouthEdge(h hex.Hex) bool {
	return !s.rules.Map.OnMap(hex.Hex{Col: h.Col - 1, Row: h.Row}) && !s.rules.Map.OnMap(h.Neighbor(2))
}

// applyWithdraw sends a unit to the Russian Front (11.7): by rail movement
// within its limits, off the eastern edge, while the Russian Front demands
// attack strength or an HQ this turn. Bavarians and Italians never go.
func (s *State) applyWithdraw(o Order) (*State, []Event, error) {
	c, err := s.oneUnit(o)
	if err != nil {
		return nil, nil, err
	}
	if s.WithdrawAttack <= 0 && s.WithdrawHQ <= 0 {
		return nil, nil, refuse("withdraw-nothing-owed")
	}
	if c.Nation == units.BY || c.Nation == units.IT {
		return nil, nil, refuse("withdraw-never", c.ID, c.Nation.Name())
	}
	side := c.Side()
	ezoc, enemy := s.zocAndOccupied(side.Other())
	if err := s.canRail(c, ezoc); err != nil {
		return nil, nil, err
	}
	if c.Type == units.HQ && s.WithdrawHQ <= 0 {
		return nil, nil, refuse("withdraw-no-hq-owed")
	}
	if c.Type != units.HQ && s.WithdrawAttack <= 0 {
		return nil, nil, refuse("withdraw-only-hq-owed")
	}
	net := s.railNet(c, s.Units[c.Index].At, ezoc, enemy)
	exit := hex.None
	for _, x := range s.allHexes() {
		if net.has(x.At) && s.EastEdge(x.At) {
			exit = x.At
			break
		}
	}
	if exit == hex.None {
		return nil, nil, refuse("withdraw-no-rail-east", c.ID)
	}
	n := s.clone()
	from := n.Units[c.Index].At
	n.Units[c.Index] = Unit{Box: Russia}
	n.RailUsed[side] += c.DE
	if c.Type == units.HQ {
		n.WithdrawHQ--
	} else {
		n.WithdrawAttack -= c.Attack
		if n.WithdrawAttack < 0 {
			n.WithdrawAttack = 0
		}
	}
	e := ev(EvWithdrawn, side, tr("%s withdrawn to the Russian Front by rail from %s via %s (11.7).", "%s を %s から %s 経由でロシア戦線へ転進 (11.7)。", c.ID, from, exit))
	if n.WithdrawAttack > 0 || n.WithdrawHQ > 0 {
		// docs/rulings.md R21: owed this turn; what no unit can meet lapses.
		e.Text = tr("%s Still owed this turn: %d attack strength and %d HQ. The first movement segment cannot end while a unit could still be sent; what no unit can meet (no rail to the eastern edge, or no rail capacity left) lapses at the end of the turn.",
			"%s本ターンの残り要求: 攻撃力 %d、HQ %d。送れるユニットがある限り第1インパルス移動セグメントは終了できません。どのユニットでも満たせない分 (東端への鉄道がない、または鉄道移動の上限 (8.5) に達した) はターン終了時に消滅します。", e.Text, n.WithdrawAttack, n.WithdrawHQ)
	} else {
		e.Text = tr("%s The Russian Front's demand is met.", "%s ロシア戦線の要求を満たしました。", e.Text)
	}
	e.Units, e.Hexes, e.N = []string{c.ID}, []hex.Hex{from, exit}, c.Attack
	return n, []Event{e}, nil
}

// withdrawalOwed refuses to end the German first movement segment while the
// Russian Front still demands units this turn and some unit could still go
// (11.7: "this turn"; what cannot go lapses, docs/rulings.md R21).
func (s *State) withdrawalOwed() error {
	if s.WithdrawAttack <= 0 && s.WithdrawHQ <= 0 {
		return nil
	}
	for i, u := range s.Units {
		c := s.Counter(i)
		if u.Box != OnMap || c.Side() != units.German {
			continue
		}
		if (c.Type == units.HQ && s.WithdrawHQ <= 0) || (c.Type != units.HQ && (s.WithdrawAttack <= 0 || c.Attack == 0)) {
			continue
		}
		if _, _, err := s.applyWithdraw(Order{Side: units.German, Verb: VerbWithdraw, Units: []string{c.ID}}); err == nil {
			return refuse("withdraw-still-owed", s.WithdrawAttack, s.WithdrawHQ, c.ID, c.ID)
		}
	}
	return nil
}

// RailLand reports whether the side may move by rail in h (8.5: own
// territory; with 18.2(4) Belgium lets the Germans use its railways and
// closes them to the Allies).
func (s *State) RailLand(side units.Side, h hex.Hex) bool {
	if s.Option(OptBelgianPassage) {
		if x, ok := s.hexAt(h); ok && x.Country == board.Belgium {
			return side == units.German
		}
	}
	return s.Own(side, h)
}
