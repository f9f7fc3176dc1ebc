package ai

import (
	"math"
	"testing"

	"rtrbot/engine/game"
	"rtrbot/engine/hex"
	"rtrbot/engine/units"
)

// TestReachThreat checks reachThreat against a plain sum over the enemy
// stacks the side sees, by distance, on played positions: within 1 hex it
// is the heuristic's threat (the enemy next to the hex, 9.0).
func TestReachThreat(t *testing.T) {
	r := rules(t)
	seed := uint64(1000)
	players := campaignPlayers(seed, seed)
	checked, positive := 0, 0
	beforeGermanEnds(t, r, seed, players, isMove2, func(s *game.State, b *Board, k *knowledge) {
		for _, c := range b.Actors() {
			h := b.Unit(c).At
			if k.enemy[h] != nil {
				continue
			}
			for reach := 1; reach <= 5; reach++ {
				want := 0.0
				for at, e := range k.enemy {
					if hex.Distance(at, h) <= reach {
						want += e.attack
					}
				}
				got := k.reachThreat(h, reach)
				if math.Abs(got-want) > 1e-6 {
					t.Fatalf("%s %s, %s within %d: %v, want %v", s.Turn, s.Step, h, reach, got, want)
				}
				if reach == 1 && math.Abs(got-k.threat(h)) > 1e-6 {
					t.Fatalf("%s within 1: %v, threat %v", h, got, k.threat(h))
				}
				checked++
				if got > 0 {
					positive++
				}
			}
		}
	})
	if checked == 0 || positive == 0 {
		t.Fatalf("%d sums checked, %d with an enemy near", checked, positive)
	}
}

// TestCampaignSecondImpulseSafety plays the campaign against the
// heuristic with and without its second-impulse safety (the campaign's
// safety settings) and counts, at the end of each German second
// movement segment (the last before the Allied player turn, 3.0), the
// German HQs without a unit that has an attack strength in their hex and
// an enemy stack within 3 hexes (the HQs the Allies reach and kill,
// 15.22): fewer with it.
func TestCampaignSecondImpulseSafety(t *testing.T) {
	r := rules(t)
	if s := germanCampaign.safety; s.reach == 0 || s.dangerReach == 0 || s.hqGuard {
		t.Fatalf("the safety is off: %+v", s)
	}
	bare := map[bool]int{}
	for _, with := range []bool{false, true} {
		cp := *germanCampaign
		if !with {
			cp.safety = safety{hqGuard: true}
		}
		for seed := uint64(1000); seed < 1010; seed++ {
			g := newCampaignHeuristic(Config{Side: units.German, Seed: seed})
			g.campaign = &cp
			players := [2]Computer{g, NewHeuristic(Config{Side: units.Allied, Seed: seed})}
			beforeGermanEnds(t, r, seed, players, isMove2, func(s *game.State, b *Board, k *knowledge) {
				for i, u := range s.Units {
					c := s.Counter(i)
					if u.Box != game.OnMap || c.Side() != units.German || c.Type != units.HQ {
						continue
					}
					fighters := false
					for _, o := range b.UnitsAt(u.At, units.German) {
						fighters = fighters || o.Attack > 0
					}
					if !fighters && k.reachThreat(u.At, 3) > 0 {
						bare[with]++
					}
				}
			})
		}
	}
	t.Logf("German HQs without fighters within 3 hexes of the enemy at the end of the second impulse's movement: %d with the safety, %d without", bare[true], bare[false])
	if bare[true] >= bare[false] {
		t.Errorf("HQs left bare near the enemy: %d with the safety, %d without", bare[true], bare[false])
	}
}
