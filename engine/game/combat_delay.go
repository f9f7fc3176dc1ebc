package game

import (
	"rtrbot/engine/units"
)

// The delaying action (16.2, an optional rule in force by default): an
// attack on a stack of cavalry waits for the defender, who may answer
// "delay" to have it resolved on the reconnaissance-in-force table, or
// "stand" to take the attacker's table.

// EvDelayOffered: an attack waits for the defender's answer (16.2).
const EvDelayOffered EventKind = "delay-offered"

// delayer reports whether a unit may make a delaying action: cavalry
// (16.2), and armoured cars while 16.7 is in force ("may delay like
// cavalry").
func (s *State) delayer(c *units.Counter) bool {
	return c.Type == units.Cavalry || (c.Type == units.Armoured && s.Option(RuleArmouredCars))
}

// mayDelay reports whether the defender of a checked attack may choose the
// reconnaissance-in-force table instead of the attacker's (16.2): every
// defending unit cavalry, no cavalry among the attackers, another table
// chosen, and a neighbouring hex free of enemy units and of the attacker's
// zone of control that every defending unit could enter and all of them
// retreat into within the stacking limit (docs/rulings.md R36).
func (s *State) mayDelay(p *AttackPlan) bool {
	if !s.Option(RuleDelaying) || p.Table.ID == "recon" {
		return false
	}
	def := s.occupancy().At(p.Target, p.Side.Other())
	if len(def) == 0 {
		return false
	}
	de := 0
	for _, i := range def {
		if !s.delayer(s.Counter(i)) {
			return false
		}
		de += s.Counter(i).DE
	}
	for _, i := range p.Attackers {
		if s.Counter(i).Type == units.Cavalry {
			return false
		}
	}
	zoc, enemy := s.zocAndOccupied(p.Side)
	for _, nb := range p.Target.Neighbors() {
		if enemy.has(nb) || zoc.has(nb) || s.stackDE(nb, p.Side.Other())+de > StackLimit {
			continue
		}
		ok := true
		for _, i := range def {
			if _, why := s.enterCost(s.Counter(i), p.Target, nb, byRetreat); why != whyNone {
				ok = false
				break
			}
		}
		if ok {
			return true
		}
	}
	return false
}

// offerDelay keeps the attack order until the defender answers (16.2).
func (s *State) offerDelay(o Order) (*State, []Event, error) {
	n := s.clone()
	n.Combat.Delaying = o
	d := o.Side.Other()
	return n, []Event{{Kind: EvDelayOffered, Side: o.Side, Hexes: o.Hexes, Text: tr(
		"The attack on %s waits: the %s defenders are all cavalry and may make a delaying action (16.2). %s: delay (the reconnaissance-in-force table) or stand (the %s table).",
		"%s への攻撃は保留: 防御側の%sは全て騎兵のため遅滞行動ができます (16.2)。%s: delay (威力偵察 CRT) か stand (%s) を選んでください。",
		s.hexName(o.Hexes[0]), d.Name(), d.Name(), o.Units[0])}}, nil
}

// delayOrderRefused says why an order is refused while an attack waits for
// the defender's answer, or why delay or stand is refused when none waits.
func (s *State) delayOrderRefused() error {
	if s.Combat.Delaying.Verb == "" {
		return refuse("delay-nothing-pending")
	}
	return refuse("delay-answer-first", s.Combat.Delaying.Hexes[0])
}

// applyDelay resolves the waiting attack on the defender's answer: delay
// takes it on the reconnaissance-in-force table, stand on the attacker's.
func (s *State) applyDelay(o Order) (*State, []Event, error) {
	if len(o.Units) > 0 || len(o.Hexes) > 0 {
		return nil, nil, refuse("delay-syntax", o.Verb)
	}
	w := s.clone()
	pending := w.Combat.Delaying
	w.Combat.Delaying = Order{}
	p, err := w.PlanAttack(pending)
	if err != nil { // cannot happen: nothing changed since it was checked
		return nil, nil, err
	}
	var evs []Event
	if o.Verb == VerbDelay {
		p.Table, _ = Tables().CRT("recon")
		evs = append(evs, ev(EvDelayOffered, o.Side, tr("Delaying action (16.2): the attack on %s is resolved on the reconnaissance-in-force table.", "遅滞行動 (16.2): %s への攻撃は威力偵察 CRT で解決。", w.hexName(p.Target))))
	}
	w.resolveAttack(p, &evs)
	return w, evs, nil
}
