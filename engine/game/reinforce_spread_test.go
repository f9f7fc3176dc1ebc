package game

import (
	"slices"
	"testing"
)

// 11.1 and 7.0 on the real map: the default placement of
// reinforcements (autoreinforce, the /reinforce without a unit) spreads
// them over the side's entry hexes so that no hex ends over the stacking
// limit where that can be avoided. Over the whole extended scenario with
// nobody moving (the worst case: the entry hexes fill up turn after turn),
// each hex that autoreinforce leaves over-stacked must be one that was
// already over the limit, or none of its new units could have stood in
// another of its entry hexes (11.1) within the limit.
func TestAutoReinforceSpreads(t *testing.T) {
	r := realRules(t, "extended")
	s, _ := New(r, 1, nil)
	for _, o := range []string{"allied autosetup", "allied end", "german autosetup", "german end"} {
		s, _ = mustApply(t, s, o)
	}
	placed, phases, created := 0, 0, 0
	for s.Step != GameOver {
		s.Events.Surge, s.Events.Colonial, s.Events.Italy, s.Russia.Return = [2]bool{}, false, 0, 0
		side := s.ToMove()
		if s.Step == Reinforcement && len(s.Dues) > 0 {
			before, before2 := s.Overstacked(side), s
			var evs []Event
			s, evs = mustApply(t, s, side.String()+" autoreinforce")
			phases++
			placed += len(evs)
			for _, h := range s.Overstacked(side) {
				if slices.Contains(before, h) {
					continue
				}
				// Over the limit now: every other hex where the unit could
				// enter (11.1) must be at least as full.
				for _, e := range evs {
					if len(e.Hexes) == 0 || e.Hexes[0] != h {
						continue
					}
					c, _ := s.Lookup(e.Units[0])
					entry, _ := before2.EntryHexes(c.Nation)
					for _, other := range entry {
						if other != h && s.stackDE(other, side)+c.DE <= StackLimit {
							created++
							t.Errorf("%s %s: %s entered over-stacked %s while %s had room (%d DE)", s.Turn, side, c.ID, h, other, s.stackDE(other, side))
						}
					}
				}
			}
		}
		if s.Step.IsMovement() {
			s = spreadOut(t, s) // as TestRealReinforcementsAllEnter: the entry hexes are freed each turn
		}
		s, _ = mustApply(t, s, s.ToMove().String()+" end")
		for len(s.Combat.Retreats) > 0 {
			t.Fatal("no combat in this game, so no retreat")
		}
	}
	if placed < 50 || phases < 10 {
		t.Fatalf("only %d units placed in %d reinforcement phases", placed, phases)
	}
	t.Logf("%d units placed by default in %d reinforcement phases; %d avoidable over-stacked hexes", placed, phases, created)
}
