package game

import (
	"rtrbot/engine/units"
)

// Setup reductions of the German starting forces, chosen by the German
// player during his setup: 18.1(1) sends attack strength (and HQs) to the
// Russian Front box; 18.1(7) takes 10 attack strength out of the game.

// eastFront is the demand of the chosen 18.1(1) level: attack and HQs.
func (s *State) eastFront() (attack, hqs int, ok bool) {
	switch {
	case s.Option(OptEastA):
		return 10, 0, true
	case s.Option(OptEastB):
		return 20, 1, true
	case s.Option(OptEastC):
		return 30, 1, true
	case s.Option(OptEastD):
		return 40, 2, true
	}
	return 0, 0, false
}

// boxed sums the attack strength and HQs of German setup units in a box.
func (s *State) boxed(box Box) (attack, hqs int) {
	for i, u := range s.Units {
		c := s.Counter(i)
		if u.Box == box && c.Side() == units.German && c.Role == units.Setup {
			attack += c.Attack
			if c.Type == units.HQ {
				hqs++
			}
		}
	}
	return attack, hqs
}

// setupReduction handles withdraw (18.1(1)) and remove (18.1(7)) orders in
// the German setup.
func (s *State) setupReduction(o Order) (*State, []Event, error) {
	c, err := s.oneUnit(o)
	if err != nil {
		return nil, nil, err
	}
	if c.Side() != units.German || s.Player != units.German {
		return nil, nil, refuse("reduce-german-only")
	}
	if c.Role != units.Setup || (s.Units[c.Index].Box != Unplaced && s.Units[c.Index].Box != OnMap) {
		return nil, nil, refuse("reduce-not-starting", c.ID)
	}
	n := s.clone()
	var e Event
	if o.Verb == VerbWithdraw {
		if _, _, ok := s.eastFront(); !ok {
			return nil, nil, refuse("reduce-russia-needs-option")
		}
		if c.Nation == units.BY || c.Nation == units.IT {
			return nil, nil, refuse("reduce-never-russia", c.ID, c.Nation.Name())
		}
		n.Units[c.Index] = Unit{Box: Russia}
		a, h := n.boxed(Russia)
		e = ev(EvWithdrawn, units.German, tr("%s goes to the Russian Front box (18.1(1)): %d attack and %d HQ there now.", "%s をロシア戦線ボックスへ (18.1(1))。現在の攻撃力 %d、HQ %d。", c.ID, a, h))
	} else {
		if !s.Option(OptInvadeNetherlands) {
			return nil, nil, refuse("reduce-remove-needs-option")
		}
		n.Units[c.Index] = Unit{Box: Out}
		a, _ := n.boxed(Out)
		e = ev(EvRemoved, units.German, tr("%s removed from the starting forces (18.1(7)): %d attack removed so far.", "%s を初期部隊から削減 (18.1(7))。削減した攻撃力 %d。", c.ID, a))
	}
	e.Units = []string{c.ID}
	return n, []Event{e}, nil
}

// reductionDone says what the options still require at the end of the
// German setup.
func (s *State) reductionDone() error {
	if s.Player != units.German {
		return nil
	}
	if want, hqs, ok := s.eastFront(); ok {
		if a, h := s.boxed(Russia); a < want || h < hqs {
			return refuse("reduce-russia-short", want, hqs, a, h)
		}
	}
	if s.Option(OptInvadeNetherlands) {
		if a, _ := s.boxed(Out); a < 10 {
			return refuse("reduce-remove-short", a)
		}
	}
	return nil
}

// autoReduce makes the default reductions: reserve corps and divisions of
// the armies furthest from the right wing first (7th, 6th, 5th Army...),
// HQs of the 7th and then the 5th Army.
func (s *State) autoReduce(evs *[]Event) {
	pick := func(box Box, want, hqs int) {
		order := []string{"DE-7A", "DE-5A", "DE-4A+country:LU", "DE-3A", "country:DE", "DE-6A", "DE-2A", "DE-1A"}
		for _, area := range order {
			for _, typ := range []units.Type{units.Reserve, units.Landwehr, units.Active, units.Assault} {
				for i := len(s.Units) - 1; i >= 0; i-- {
					a, _ := s.boxed(box)
					if a >= want {
						break
					}
					c := s.Counter(i)
					place, _ := c.SetupWhere()
					if base, _, _ := cut(place, "@"); c.Side() != units.German || c.Nation == units.BY || c.Role != units.Setup || c.Type != typ || base != area || s.Units[i].Box != Unplaced {
						continue
					}
					s.Units[i] = Unit{Box: box}
					*evs = append(*evs, Event{Kind: EvWithdrawn, Side: units.German, Units: []string{c.ID}, Text: tr("%s leaves the starting forces (%s).", "%s を初期部隊から外しました (%s)。", c.ID, box.Name())})
				}
			}
		}
		for _, id := range []string{"G-7A", "G-5A"} {
			if _, h := s.boxed(box); h >= hqs {
				break
			}
			if c, ok := s.Lookup(id); ok && s.Units[c.Index].Box == Unplaced {
				s.Units[c.Index] = Unit{Box: box}
				*evs = append(*evs, Event{Kind: EvWithdrawn, Side: units.German, Units: []string{c.ID}, Text: tr("%s leaves the starting forces (%s).", "%s を初期部隊から外しました (%s)。", c.ID, box.Name())})
			}
		}
	}
	if want, hqs, ok := s.eastFront(); ok {
		pick(Russia, want, hqs)
	}
	if s.Option(OptInvadeNetherlands) {
		pick(Out, 10, 0)
	}
}

func cut(s, sep string) (string, string, bool) {
	for i := 0; i+len(sep) <= len(s); i++ {
		if s[i:i+len(sep)] == sep {
			return s[:i], s[i+len(sep):], true
		}
	}
	return s, "", false
}

// reductionOption: an option that reduces the German starting forces.
func (s *State) reductionOption() bool {
	_, _, east := s.eastFront()
	return east || s.Option(OptInvadeNetherlands)
}
