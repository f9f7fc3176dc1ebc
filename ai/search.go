package ai

import (
	"math/rand/v2"
	"reflect"
	"time"

	"rtrbot/engine/game"
	"rtrbot/engine/hex"
	"rtrbot/engine/tables"
	"rtrbot/engine/units"
)

// Search plans a segment by evolution over the heuristic's own plans
// (docs/ai.md). In movement it breeds weight vectors of the heuristic
// (Weights), each giving a whole segment's moves; a plan's fitness is
// the mean, over sampled dice, of the position after the side's next
// combat segment played out by the heuristic (with the enemy's retreats
// chosen by the heuristic for the enemy), evaluated by eval; the best
// weights are mutated until the budget (or Iterations) is spent. In
// combat it compares the heuristic's best attacks and ending the segment
// by the same sampled play-outs. Everything happens on the side's Board
// with dice that are not the game's: the search knows no more than the
// view.
type Search struct {
	cfg Config
	h   *Heuristic
	// The segment being thought about and when its budget runs out: the
	// budget is per segment, whatever the number of requests in it.
	seg      [3]int
	deadline time.Time
}

func (p *Search) Level() string { return "search" }

func (p *Search) Orders(v game.View, b *Board) []game.Order {
	side := b.Side()
	if b.ToMove() != side || v.Player != side || !(v.Step.IsMovement() || v.Step.IsCombat()) || len(v.Retreats) > 0 {
		return p.h.Orders(v, b)
	}
	rng := Rand(p.cfg.Seed, v, b)
	if seg := [3]int{int(v.Turn), int(v.Step), int(side)}; seg != p.seg {
		p.seg, p.deadline = seg, time.Now().Add(p.cfg.Budget)
	}
	if v.Step.IsMovement() {
		return p.movement(v, b, rng)
	}
	return p.combat(v, b, rng)
}

// budget says whether another candidate may be tried: a fixed number of
// them when Iterations is set (reproducible), else until the time is up.
type budget struct {
	deadline time.Time
	left     int
}

// budget is a share of what is left of the segment's budget.
func (p *Search) budget(share float64) *budget {
	if p.cfg.Iterations > 0 {
		return &budget{left: p.cfg.Iterations}
	}
	left := time.Until(p.deadline)
	return &budget{deadline: time.Now().Add(time.Duration(float64(left) * share)), left: -1}
}

func (bu *budget) more() bool {
	if bu.left > 0 {
		bu.left--
		return true
	}
	return bu.left == -1 && time.Now().Before(bu.deadline)
}

const samples = 3 // dice samples per candidate

func (p *Search) movement(v game.View, b *Board, rng *rand.Rand) []game.Order {
	k := newKnowledge(v, b, p.h.citiesOf(b))
	end := game.Order{Side: b.Side(), Verb: game.End}
	best := p.h.W
	bestPlan := (&Heuristic{cfg: p.cfg, W: best}).movement(v, b, k)
	dice := diceFor(rng)
	bestFit := p.fitness(b, append(bestPlan, end), dice) + margin
	bu := p.budget(0.6)
	for bu.more() {
		w := mutate(best, rng)
		plan := (&Heuristic{cfg: p.cfg, W: w}).movement(v, b, k)
		if f := p.fitness(b, append(plan, end), dice); f > bestFit {
			best, bestPlan, bestFit = w, plan, f
		}
	}
	return append(bestPlan, end)
}

func mutate(w Weights, rng *rand.Rand) Weights {
	f := func(x float64) float64 { return x * (0.6 + 0.8*rng.Float64()) }
	return Weights{Objective: f(w.Objective), Contact: f(w.Contact), Danger: f(w.Danger), Terrain: f(w.Terrain), Stack: f(w.Stack), MinEV: w.MinEV, Guard: f(w.Guard)}
}

// fitness plays orders then the rest of the side's combat by the
// heuristic over sampled dice and averages eval.
func (p *Search) fitness(b *Board, orders []game.Order, dice []uint64) float64 {
	sum := 0.0
	for _, d := range dice {
		x := b.WithDice(d)
		for _, o := range orders {
			if n, _, err := x.Apply(o); err == nil {
				x = n
			} else {
				break
			}
		}
		x = p.playOut(x, b.Side())
		sum += p.eval(x, b.Side())
	}
	return sum / float64(len(dice))
}

// diceFor draws the dice keys every candidate of a request is played
// with: the same dice for all (common random numbers), so that candidates
// differ by their orders, not their luck.
func diceFor(rng *rand.Rand) []uint64 {
	out := make([]uint64, samples)
	for i := range out {
		out[i] = rng.Uint64()
	}
	return out
}

// margin is what a candidate must gain over the heuristic's own choice to
// be preferred (sampling noise would otherwise pick lucky plans).
const margin = 2.0

// playOut continues the board by the heuristic, both sides played by
// it (the enemy as the heuristic would play it on what the side sees),
// until the enemy has played its whole next player turn: the side's next
// player turn begins, or the game ends.
func (p *Search) playOut(x *Board, side units.Side) *Board {
	enemyPlayed := false
	for guard := 0; guard < 400 && !x.Over(); guard++ {
		if x.s.Player != side {
			enemyPlayed = true
		} else if enemyPlayed {
			break
		}
		mover := x.ToMove()
		xb := &Board{s: x.s, side: mover}
		os := p.h.Orders(xb.View(), xb)
		progressed := false
		for _, o := range os {
			o.Side = mover
			n, _, err := x.Apply(o)
			if err != nil {
				break
			}
			x, progressed = n, true
			if x.Over() || x.ToMove() != mover {
				break
			}
		}
		if progressed {
			continue
		}
		// As Turn does: the step's end, or the answer not given (16.2).
		for _, verb := range []game.Verb{game.End, standVerb} {
			if n, _, err := x.Apply(game.Order{Side: mover, Verb: verb}); err == nil {
				x, progressed = n, true
				break
			}
		}
		if !progressed {
			break
		}
	}
	return x
}

// eval is how good a board is for side: the VP difference now and what
// the end would add (15.23), once the enemy's reply has been played out.
func (p *Search) eval(b *Board, side units.Side) float64 {
	vp := b.VP()
	other := side.Other()
	e := float64(vp[side] - vp[other])
	if !b.Over() { // at the end the cities are already in the VP
		end := b.EndVP()
		e += float64(end[side] - end[other])
	}
	return e
}

func (p *Search) combat(v game.View, b *Board, rng *rand.Rand) []game.Order {
	side := b.Side()
	k := newKnowledge(v, b, p.h.citiesOf(b))
	actors := b.Actors()
	// Siege guns as the heuristic fires them.
	if o, ok := p.h.attack(b, k); ok && o.Verb == game.Siege {
		return []game.Order{o}
	}
	type cand struct {
		o   game.Order
		sum float64
		n   int
	}
	cands := []*cand{{o: game.Order{Side: side, Verb: game.End}}}
	for _, t := range attackTargets(b, actors) {
		if o, ev, ok := planAttack(b, k, actors, t); ok && ev > -0.5 {
			cands = append(cands, &cand{o: o})
		}
	}
	if len(cands) == 1 {
		return []game.Order{cands[0].o}
	}
	bu := p.budget(0.25)
	dice := diceFor(rng)
	for i := 0; bu.more(); i++ {
		c := cands[i%len(cands)]
		c.sum += p.fitness(b, []game.Order{c.o}, dice)
		c.n++
	}
	if cands[1].n == 0 { // no time to compare: the heuristic's choice
		if o, ok := p.h.attack(b, k); ok {
			return []game.Order{o}
		}
		return []game.Order{cands[0].o}
	}
	// The heuristic's own choice is preferred unless another does better
	// by the margin.
	ho, ok := p.h.attack(b, k)
	if !ok {
		ho = cands[0].o
	}
	var best *cand
	bestMean := 0.0
	for _, c := range cands {
		if c.n == 0 {
			continue
		}
		mean := c.sum / float64(c.n)
		if reflect.DeepEqual(c.o, ho) {
			mean += margin
		}
		if best == nil || mean > bestMean {
			best, bestMean = c, mean
		}
	}
	return []game.Order{best.o}
}

// exposure is what the enemy may expect to take from a stack of defence
// def worth sv VP with attack strength t next to it, on the assault table
// (9.0): the chance of each result times the VP it costs (half, or all).
func exposure(t, def, sv float64) float64 {
	odds, err := game.Tables().Odds(min(max(int(t), 1), tables.MaxStrength), min(max(int(def), 1), tables.MaxStrength), 0)
	if err != nil {
		return 0
	}
	crt, err := game.Tables().CRT("assault")
	if err != nil {
		return 0
	}
	loss := 0.0
	for die := 1; die <= 6; die++ {
		code, _ := crt.Lookup(odds.Column, die)
		switch code {
		case "DZ":
			loss += sv
		case "DA", "DH", "BB":
			loss += sv / 2
		}
	}
	return loss / 6
}

// reach is the enemy attack strength that could stand next to h by the
// enemy's next combat: stacks within three hexes (a move and the
// attack), at most six full stacks' worth.
func (k *knowledge) reach(h hex.Hex) float64 {
	t, most := 0.0, 0.0
	for at, e := range k.enemy {
		if hex.Distance(h, at) <= 3 {
			t += e.attack
			most = max(most, e.attack)
		}
	}
	return min(t, 6*most)
}
