package ai

import (
	"time"

	"rtrbot/engine/game"
)

// A hint: the search player's orders for the side to move, as it would
// give them in its seat, from that side's view and blindfolded board only
// (never the state), at a fixed number of candidates so that it answers
// in seconds and the same position always gives the same hint.

// HintIterations are the search's candidates for a hint (Config.Iterations).
const HintIterations = 6

// HintSeed seeds the hint's search player: a constant, so that a hint is
// a function of what the side sees and nothing else.
const HintSeed = 1914

// HintOrder is one order of a hint; an attack carries its odds against
// the units the side sees.
type HintOrder struct {
	Order game.Order
	Odds  *game.CombatOdds
}

// Hint is the search's batch for the side to move. EndsStep says the
// batch ends the step; otherwise the search would look at the results
// (an attack's) before giving more.
type Hint struct {
	Orders   []HintOrder
	EndsStep bool
}

// HintFor is the search's batch for the side of b, to move, from its view
// and board.
func HintFor(v game.View, b *Board, iterations int) (Hint, error) {
	if iterations < 1 {
		iterations = HintIterations
	}
	// Without the German search's plan of its first turns (PlanTurns),
	// which plays whole turns out and would take minutes: a hint answers
	// in seconds.
	gs := DefaultGerman()
	gs.PlanTurns = 0
	p, err := New("search", Config{Side: b.Side(), Seed: HintSeed, Iterations: iterations, Budget: 3 * time.Second, German: &gs})
	if err != nil {
		return Hint{}, err
	}
	orders, err := Ask(p, v, b)
	if err != nil {
		return Hint{}, err
	}
	var h Hint
	for _, o := range orders {
		o.Side = b.Side()
		if o.Verb == game.VerbEnd {
			h.EndsStep = true
			break
		}
		ho := HintOrder{Order: o}
		if o.Verb == game.VerbAttack {
			if odds, err := b.Odds(o); err == nil {
				ho.Odds = &odds
			}
		}
		h.Orders = append(h.Orders, ho)
	}
	return h, nil
}
