package ai

import (
	"rtrbot/engine/game"
	"rtrbot/engine/hex"
	"rtrbot/engine/units"
)

// The German campaign's safety (docs/ai.md, HQ safety): where the
// German losses in the Allied combat segments come from, and the moves
// that avoid them.

// reachThreat is the enemy attack strength of the stacks within reach
// hexes of h: those that may move next to h in the enemy's next movement
// segment (8.0; a unit of 4 MP reaches the neighbours of a hex 5 hexes
// away across clear ground) and attack it.
func (k *knowledge) reachThreat(h hex.Hex, reach int) float64 {
	// The hexes near h in a fixed order (not the map's): the sum, with
	// hidden units counted as the average enemy counter, is then the same
	// from run to run.
	t := 0.0
	for dc := -reach; dc <= reach; dc++ {
		for dr := -reach - 1; dr <= reach+1; dr++ {
			x := hex.New(h.Col+dc, h.Row+dr)
			if e := k.enemy[x]; e != nil && hex.Distance(x, h) <= reach {
				t += e.attack
			}
		}
	}
	return t
}

// safety is the campaign's second-impulse safety (docs/ai.md, HQ safety),
// part of each campaign's own settings so that a test or a
// variant changes its own copy, never a package variable.
type safety struct {
	// reach: in the German second movement segment (the last before the
	// Allied player turn, 3.0; the HQs move in it, most units cannot,
	// 4.2, and command is traced only after the first impulse, 4.0) an
	// HQ's exposure counts the enemy within reach hexes, not only those
	// next to it (0: off). 3 kept; 2, 4 and 5 measured worse, and a bare
	// HQ fully exposed within 5 hexes worse too.
	reach int
	// dangerReach: in the German second movement segment a unit's danger
	// counts the enemy within dangerReach hexes (0: only those next to
	// it, as in the heuristic), times dangerScale. 3 and 0.5 kept; scale
	// 1 and 0.3, reach 2 and 4 measured worse.
	dangerReach int
	dangerScale float64
	// hqGuard: whether a German HQ counts as a city's garrison (15.23):
	// it defends 1 and is worth 10 VP (15.22), and alone in Freiburg or
	// Mulhouse the 7. Armee's HQ was killed there.
	hqGuard bool
}

// defaultSafety is the safety the campaign plays with.
var defaultSafety = safety{reach: 3, dangerReach: 3, dangerScale: 0.5}

// hqThreat is the enemy attack strength the exposure of an HQ in h
// counts on board b.
func (p *plan) hqThreat(b *Board, k *knowledge, h hex.Hex) float64 {
	if r := p.cp.safety.reach; r > 0 && b.Step() == game.Move2 {
		return k.reachThreat(h, r)
	}
	return k.threat(h)
}

// ownDanger reports whether the campaign's danger (danger) replaces the
// heuristic's for c on b.
func (p *plan) ownDanger(b *Board, c *units.Counter) bool {
	return p.cp.safety.dangerReach > 0 && b.Step() == game.Move2 && c.Type != units.HQ
}

// danger is what the campaign takes off c's score for ending in h in a
// stack that defends def, where ownDanger: the heuristic's danger term
// (9.0: the odds beyond 1.5 to 1, times weight) with the enemy within
// dangerReach hexes counted, scaled by dangerScale.
func (p *plan) danger(b *Board, k *knowledge, c *units.Counter, h hex.Hex, def, weight float64) float64 {
	if !p.ownDanger(b, c) {
		return 0
	}
	odds := p.cp.safety.dangerScale * k.reachThreat(h, p.cp.safety.dangerReach) / max(def, 1)
	if odds <= 1.5 {
		return 0
	}
	return weight * (odds - 1.5)
}
