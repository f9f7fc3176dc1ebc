package ai

import (
	"testing"

	"rtrbot/engine/game"
	"rtrbot/engine/hex"
	"rtrbot/engine/units"
)

// TestCampaignRecon: with reconnaissance on, the campaign's first request
// of a German first movement segment is aerial reconnaissance (14.12):
// each order legal, one look per HQ, into an enemy stack within 4 hexes
// of it whose units the Germans do not all see (14.1); after the looks
// those stacks show their units, and the next request moves. Without
// it, no look is taken.
func TestCampaignRecon(t *testing.T) {
	r := rules(t)
	looked, seen := 0, 0
	for seed := uint64(1); seed <= 3; seed++ {
		eachGermanMovement(t, r, seed, func(s *game.State, b *Board, k *knowledge, p *plan) bool {
			if s.Step != game.Move1 {
				return false
			}
			v := s.ViewFor(game.GermanView)
			off := newCampaignHeuristic(Config{Side: units.German, Seed: seed})
			for _, o := range off.Orders(v, b) {
				if o.Verb == game.VerbRecon {
					t.Fatalf("seed %d: a look without reconnaissance on: %s", seed, o)
				}
			}
			h := newCampaignHeuristic(Config{Side: units.German, Seed: seed})
			cp := *h.campaign
			cp.recon = true
			h.campaign = &cp
			orders := h.Orders(v, b)
			if len(orders) == 0 || orders[0].Verb != game.VerbRecon {
				return false
			}
			hidden := map[hex.Hex]bool{}
			for _, st := range v.Stacks {
				if st.Side == units.Allied && !st.Full && st.Count > len(st.Units) {
					hidden[st.At] = true
				}
			}
			hqs := map[string]bool{}
			n := s
			for _, o := range orders {
				c, _ := b.Counter(o.Unit())
				if o.Verb != game.VerbRecon || c.Type != units.HQ || hqs[c.ID] {
					t.Fatalf("seed %d %s: %s is not one HQ's look", seed, s.Turn, o)
				}
				hqs[c.ID] = true
				if !hidden[o.To()] || hex.Distance(b.Unit(c).At, o.To()) > 4 {
					t.Fatalf("seed %d %s: %s looks at no hidden stack within 4 hexes", seed, s.Turn, o)
				}
				var err error
				if n, _, err = game.Apply(n, o); err != nil {
					t.Fatalf("seed %d %s: %s refused: %v", seed, s.Turn, o, err)
				}
				looked++
			}
			for _, st := range n.ViewFor(game.GermanView).Stacks {
				if hidden[st.At] && st.Full {
					seen++
				}
			}
			next := h.Orders(n.ViewFor(game.GermanView), NewBoard(n, units.German))
			for _, o := range next {
				if o.Verb == game.VerbRecon {
					t.Fatalf("seed %d %s: a second look: %s", seed, s.Turn, o)
				}
			}
			return false
		})
	}
	if looked == 0 || seen == 0 {
		t.Fatalf("%d looks taken, %d hidden stacks shown: reconnaissance never played", looked, seen)
	}
	t.Logf("%d looks, %d hidden stacks shown", looked, seen)
}
