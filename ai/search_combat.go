package ai

import (
	"math/rand/v2"
	"sort"

	"rtrbot/engine/game"
	"rtrbot/engine/units"
)

// The search's German attacks chosen by play-outs (GermanSettings.
// CombatPlayouts; off by default, (docs/ai.md, "Why the defaults")). At each attack decision
// of a German combat segment (9.0) with no retreats owed, the campaign's
// best few attacks by its own expected VP (campaignAttack's choice first,
// then the next targets, each with the attackers and table planAttack
// gives it) and "no more attacks" (End) are each played out from the
// side's Board as the movement's candidates are (fitnessReply): a guess of
// the hidden Allied units, then both sides by the heuristic (the Germans
// led by the campaign), to the end of the Allied next player turn. The
// attack's own die is not sampled but enumerated: each of the six results
// of the combat results table (9.7) is forced once (game.DiceState.Forced)
// with its own sample of everything after it, the same six samples for
// every candidate (common random numbers; later attacks keyed by the order,
// keyedDice): the candidates are compared on the exact distribution of
// their own result. The campaign's attack is kept unless another beats it
// by CombatMargin. Siege-gun fire (12.6) stays the campaign's.

// combatDice is how many results of an attack's own die are enumerated:
// all six faces.
const combatDice = 6

// combatCandidates are the attacks a German combat request scores besides
// End when GermanSettings.CombatCandidates is 0.
const combatCandidates = 3

// combat is the search's German combat request.
func (p *Search) combat(v game.View, b *Board, rng *rand.Rand) []game.Order {
	side := b.Side()
	h := p.mine(side)
	end := game.End().By(side)
	k := newKnowledge(v, b, h.citiesOf(b))
	k.trapAR = true
	actors := b.Actors()
	if o, ok := siegeShot(b, side, actors); ok {
		return []game.Order{o} // 12.6: the guns fire first, as the campaign's
	}
	gs := p.german()
	n := gs.CombatCandidates
	if n <= 0 {
		n = combatCandidates
	}
	cands := h.attackCandidates(b, k, actors, n)
	// The campaign's choice first (what it would play), then End, then
	// the other attacks: without Iterations the clock may stop the list.
	if len(cands) == 0 {
		return []game.Order{end} // the campaign would end: nothing to weigh
	}
	list := append([]game.Order{cands[0], end}, cands[1:]...)
	samples := max(gs.CombatSamples, 1)
	dice := diceFor(rng, combatDice*samples)
	keep := gs.CombatMargin
	best, bestFit := 0, 0.0
	timed := p.cfg.Iterations <= 0
	bu := p.budget(0.95)
	for i, o := range list {
		if i > 1 && timed && !bu.more() {
			break // the campaign's choice and End are always scored
		}
		f := p.attackFitness(v, b, o, dice)
		if i == 0 {
			bestFit = f + keep
			continue
		}
		if f > bestFit {
			best, bestFit = i, f
		}
	}
	if p.rec.turn(v, side) && list[best].Verb == game.VerbAttack {
		f := bestFit
		if best == 0 {
			f -= keep
		}
		p.rec.attack(b, k, list[best], f, true)
	}
	return []game.Order{list[best]}
}

// attackCandidates are the campaign's attacks in the order of its
// expected VP, best first, at most n: the attacks campaignAttack would
// choose among (above MinEV, not below 1:1 as the side estimates), one
// per target hex, each with planAttack's attackers and table. The first
// is campaignAttack's own choice (ties keep the first target, as it does).
func (p *Heuristic) attackCandidates(b *Board, k *knowledge, actors []*units.Counter, n int) []game.Order {
	type cand struct {
		o  game.Order
		ev float64
	}
	var cs []cand
	for _, t := range attackTargets(b, actors) {
		o, ev, ok := planAttack(b, k, actors, t)
		if !ok || ev <= p.W.MinEV || below1to1(b, k, o) {
			continue
		}
		cs = append(cs, cand{o, ev})
	}
	sort.SliceStable(cs, func(i, j int) bool { return cs[i].ev > cs[j].ev })
	var out []game.Order
	for i := 0; i < len(cs) && i < n; i++ {
		out = append(out, cs[i].o)
	}
	return out
}

// attackFitness is the mean of eval over the play-outs of one German
// combat order: for sample i, the guess of the hidden units and the dice
// key dice[i], the order's own die forced to the face i mod 6 (an order
// that rolls no die, End, just plays on), then the play-out to the end of
// the Allied next player turn.
func (p *Search) attackFitness(v game.View, b *Board, o game.Order, dice []uint64) float64 {
	side := b.Side()
	sum := 0.0
	for i, d := range dice {
		x := b.Determinised(v, rand.New(rand.NewPCG(d, 0x64657465))).WithDice(d)
		if o.Verb != game.VerbEnd {
			x = x.forced(i%combatDice + 1)
		}
		if n, _, err := x.Apply(o); err == nil {
			x = n // its die rolled, or left for the answer it waits for (16.2)
		} else {
			x = x.unforced()
		}
		x = p.playOutWith(x, side, p.mine(side), false, nil)
		sum += p.eval(x, side)
	}
	return sum / float64(len(dice))
}

// forced is the board whose next die is d (game.DiceState.Forced): the
// search's own copy, never the game's.
func (b *Board) forced(d int) *Board {
	n := *b.s
	n.Dice.Forced = []int{d}
	return &Board{s: &n, side: b.side}
}

// unforced is the board without dice still forced (an order refused on
// the guessed board leaves its forced die for no later roll).
func (b *Board) unforced() *Board {
	if len(b.s.Dice.Forced) == 0 {
		return b
	}
	n := *b.s
	n.Dice.Forced = nil
	return &Board{s: &n, side: b.side}
}
