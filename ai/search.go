package ai

import (
	"math"
	"math/rand/v2"
	"sort"
	"strings"
	"time"

	"rtrbot/engine/game"
	"rtrbot/engine/units"
)

// Search plans a movement segment by evolution over the heuristic's own
// plans (docs/ai.md): weight vectors of the heuristic (Weights), each
// giving a whole segment's moves, the heuristic's own first, then a few
// markedly different styles, then mutations of the best. A plan's fitness
// is the mean, over sampled dice and guesses of the hidden enemy units
// (Board.Determinised), of the VP and end VP (15.23) once the play has
// gone on, both sides played by the heuristic, to the end of the enemy's
// next player turn: the enemy's reply is part of the score. Combat,
// setup, reinforcements and retreats are the heuristic's. As the Germans
// its own side is the heuristic led by the German campaign (campaign.go),
// in its candidates and play-outs; the enemy in the play-outs is the
// plain heuristic. Everything
// happens on the side's Board with dice that are not the game's: the
// search knows no more than the view.
type Search struct {
	cfg Config
	h   *Heuristic
	// g is the heuristic led by the German campaign (campaign.go): the
	// search's own side when it plays the Germans, in its candidates and
	// play-outs alike; h plays the enemy in the play-outs, and the Allies.
	g *Heuristic
	// The segment being thought about and when its budget runs out: the
	// budget is per segment, whatever the number of requests in it.
	seg      [3]int
	deadline time.Time
	// planned is the last turn the German plan was chosen for
	// (choosePlan); g0 are the campaign's weights it chooses from.
	planned int
	g0      Weights
	// scored counts the candidates played out (the heuristic's own plan
	// aside), over the player's requests.
	scored int
	// rec keeps the account of the player's decisions (explain.go).
	rec *record
}

// Account is the record of the search's player turn (explain.go).
func (p *Search) Account() Account { return p.rec.account() }

// german are the settings of the search's German side.
func (p *Search) german() GermanSettings {
	if p.cfg.German != nil {
		return *p.cfg.German
	}
	return DefaultGerman()
}

func (p *Search) Level() string { return "search" }

func (p *Search) Orders(v game.View, b *Board) []game.Order {
	side := b.Side()
	if b.ToMove() != side || v.Player != side || !(v.Step.IsMovement() || v.Step.IsCombat()) || len(v.Retreats) > 0 {
		return p.heuristics(v, b)
	}
	rec := p.rec
	if !rec.turn(v, side) {
		rec = nil
	}
	rng := Rand(p.cfg.Seed, v, b)
	if gs := p.german(); side == units.German && p.g != nil && gs.PlanTurns > 0 && v.Step == game.Move1 && int(v.Turn) != p.planned && int(v.Turn) <= gs.PlanTurns {
		p.planned = int(v.Turn)
		p.choosePlan(v, b, rng)
	}
	if seg := [3]int{int(v.Turn), int(v.Step), int(side)}; seg != p.seg {
		p.seg, p.deadline = seg, time.Now().Add(p.cfg.Budget)
	}
	if v.Step.IsMovement() {
		if rs := p.mine(side).reconOrders(v, b); len(rs) > 0 {
			return rs // campaign_recon.go; the movement is asked for next
		}
		scored := p.scored
		orders, fit := p.movement(v, b, rng)
		if rec != nil {
			rec.objectives(p.mine(side), b, newKnowledge(v, b, p.h.citiesOf(b)))
			rec.plan(v.Step, fit, p.scored-scored)
			rec.moved(orders)
		}
		return orders
	}
	if gs := p.german(); side == units.German && p.g != nil && gs.CombatPlayouts {
		return p.combat(v, b, rng) // the attacks by play-outs (search_combat.go)
	}
	// Combat is the heuristic's: choosing attacks by sampled play-outs
	// measured worse than its expected values (docs/ai.md, "Why the defaults").
	return p.heuristics(v, b)
}

// heuristics is the request answered by the search's heuristic of the
// side, its decisions kept in the search's account.
func (p *Search) heuristics(v game.View, b *Board) []game.Order {
	h := p.mine(b.Side())
	h.rec = p.rec
	defer func() { h.rec = nil }()
	return h.Orders(v, b)
}

// weighted is h with the weights w (a candidate of the search).
func (h *Heuristic) weighted(w Weights) *Heuristic {
	return &Heuristic{cfg: h.cfg, W: w, cities: h.cities, campaign: h.campaign}
}

// mine is the heuristic that plays side for the search: with the German
// campaign for the Germans.
func (p *Search) mine(side units.Side) *Heuristic {
	if side == units.German && p.g != nil {
		return p.g
	}
	return p.h
}

// budget says whether another candidate may be tried: a fixed number of
// them (left, unless -1), until the time is up (unless the deadline is
// zero).
type budget struct {
	deadline time.Time
	left     int
}

// budget is the candidates of a request (Config.Iterations), and a share
// of what is left of the segment's time where the clock counts.
func (p *Search) budget(share float64) *budget {
	if p.cfg.Iterations > 0 {
		return &budget{left: p.cfg.Iterations}
	}
	bu := &budget{left: -1, deadline: time.Now().Add(time.Duration(float64(time.Until(p.deadline)) * share))}
	if p.cfg.Iterations == 0 {
		bu.left = DefaultIterations
	}
	return bu
}

func (bu *budget) more() bool {
	if !bu.deadline.IsZero() && !time.Now().Before(bu.deadline) {
		return false
	}
	if bu.left == -1 {
		return true
	}
	if bu.left > 0 {
		bu.left--
		return true
	}
	return false
}

const samples = 3 // dice samples per candidate

// germanSamples are the dice samples each German candidate is scored with
// by default: with the dice keyed by the order, 5 samples measured
// better than 3, and 8 no better than 5 (docs/ai.md, "Why the
// defaults"); the Allies keep samples.
const germanSamples = 5

// movement is the chosen plan of a movement request and its fitness.
func (p *Search) movement(v game.View, b *Board, rng *rand.Rand) ([]game.Order, float64) {
	k := newKnowledge(v, b, p.h.citiesOf(b))
	end := game.End().By(b.Side())
	h := p.mine(b.Side())
	best := h.W
	bestPlan := h.weighted(best).movement(v, b, k)
	n, keep := samples, margin
	repair := false
	if b.Side() == units.German {
		gs := p.german()
		keep = gs.Margin
		if gs.Samples > 0 {
			n = gs.Samples
		}
		repair = !gs.NoRepair
	}
	dice := diceFor(rng, n)
	var r *reply
	if repair {
		r = p.newReply(b)
	}
	bestFit := p.fitnessReply(v, b, append(bestPlan, end), dice, r) + keep
	seen := map[string]bool{planKey(bestPlan): true}
	own := scoredPlan{plan: bestPlan, fit: bestFit - keep}
	confirming := b.Side() == units.German && p.german().ConfirmTop > 0 && p.german().ConfirmSamples > 0
	var scoredPlans []scoredPlan // every other candidate scored (confirm)
	// queue are the repairs of the best plan so far (search_repair.go),
	// tried before the styles and mutations.
	var queue [][]game.Order
	if repair {
		queue = p.repairsOf(v, b, h.weighted(best), bestPlan, r)
	}
	tried := p.styles(v, b.Side(), h.W)
	var strikes []strikeSet
	if repair && h.campaign != nil && p.german().StrikeVariants {
		strikes = strikeVariants()
	}
	bu := p.budget(0.95)
	free := 0 // duplicates not counted against Iterations (FreeDuplicates)
	if b.Side() == units.German && p.german().FreeDuplicates && bu.left > 0 {
		free = 4 * bu.left
	}
	for i := 0; bu.more(); {
		var w Weights
		var plan []game.Order
		switch {
		case len(queue) > 0:
			w, plan, queue = best, queue[0], queue[1:]
		case len(strikes) > 0:
			// The best plan's weights with other strikes (campaign.go).
			w = best
			hs := h.weighted(w)
			hs.campaign = hs.campaign.withStrikes(strikes[0])
			plan, strikes = hs.movement(v, b, k), strikes[1:]
		case i < len(tried):
			w = tried[i]
			i++
		default:
			w = mutate(best, rng)
		}
		if plan == nil {
			plan = h.weighted(w).movement(v, b, k)
		}
		if key := planKey(plan); seen[key] {
			if free > 0 {
				// The same orders cost no play-out: with FreeDuplicates
				// they do not use up a candidate either (bounded).
				free--
				bu.left++
			}
			continue // the same orders: already scored
		} else {
			seen[key] = true
		}
		p.scored++
		var rc *reply
		if repair {
			rc = p.newReply(b)
		}
		f := p.fitnessReply(v, b, append(plan, end), dice, rc)
		if confirming {
			scoredPlans = append(scoredPlans, scoredPlan{plan: plan, fit: f})
		}
		if f > bestFit {
			best, bestPlan, bestFit = w, plan, f
			if repair {
				queue = p.repairsOf(v, b, h.weighted(w), plan, rc)
			}
		}
	}
	fit := bestFit
	if planKey(bestPlan) == planKey(own.plan) {
		fit = own.fit // the heuristic's own plan: its score without the margin it is given
	}
	if confirming && bestFit > own.fit+keep {
		bestPlan, fit = p.confirm(v, b, rng, own, scoredPlans, len(dice), keep, p.german())
	}
	return append(bestPlan, end), fit
}

// scoredPlan is a candidate plan and its fitness on the request's samples.
type scoredPlan struct {
	plan []game.Order
	fit  float64
}

// confirm is the final round of a German request whose best candidate
// beat the campaign's own plan: the best candidates (up to gs.ConfirmTop)
// and the campaign's plan are scored again on gs.ConfirmSamples fresh
// samples, common to them, and the plan with the best mean over all its
// samples is played, the campaign's plan given keep. The best of many
// noisy scores reads high (a winner keeps only part of its gain on fresh
// samples); fresh samples tell a lucky plan from a better one.
func (p *Search) confirm(v game.View, b *Board, rng *rand.Rand, own scoredPlan, cands []scoredPlan, n int, keep float64, gs GermanSettings) ([]game.Order, float64) {
	end := game.End().By(b.Side())
	sort.SliceStable(cands, func(i, j int) bool { return cands[i].fit > cands[j].fit })
	if len(cands) > gs.ConfirmTop {
		cands = cands[:gs.ConfirmTop]
	}
	dice := diceFor(rng, gs.ConfirmSamples)
	m := float64(gs.ConfirmSamples)
	mean := func(c scoredPlan) float64 {
		f := p.fitness(v, b, append(c.plan, end), dice)
		return (float64(n)*c.fit + m*f) / (float64(n) + m)
	}
	ownMean := mean(own)
	best, bestFit, fit := own.plan, ownMean+keep, ownMean
	for _, c := range cands {
		if c.fit <= own.fit+keep {
			break // sorted: no later candidate beat the campaign's plan
		}
		if f := mean(c); f > bestFit {
			best, bestFit, fit = c.plan, f, f
		}
	}
	return best, fit
}

// newReply is a record of the enemy's reply for the repairs of a plan.
func (p *Search) newReply(b *Board) *reply {
	r := newReply()
	r.hitToo = b.Side() == units.German && p.german().RepairHit
	return r
}

// repairsOf are the repairs of a plan (search_repair.go), one a mode,
// each once.
func (p *Search) repairsOf(v game.View, b *Board, h *Heuristic, plan []game.Order, r *reply) [][]game.Order {
	var out [][]game.Order
	seen := map[string]bool{planKey(plan): true}
	for mode := 0; mode < repairModes; mode++ {
		if q, ok := p.repair(v, b, h, plan, r, mode); ok {
			if key := planKey(q); !seen[key] {
				seen[key] = true
				out = append(out, q)
			}
		}
	}
	return out
}

// strikeVariants are the strikes the search tries in a German plan
// besides the campaign's (3:1 wanted, 2:1 least, ring 0.5, the attacking
// wings): none, surer ones (4:1 wanted, 3:1 least) and bolder ones (1.5:1
// least) (planStrikes, docs/ai.md).
func strikeVariants() []strikeSet {
	return []strikeSet{
		{off: true},
		{odds: 4, min: 3, ring: strikeRing},
		{odds: strikeOdds, min: 1.5, ring: strikeRing},
	}
}

// styles are the first weights a request tries after the first plan's
// repairs: the styles, with the German settings' changes to them
// (GermanSettings.NoStyles, GrabStyle).
func (p *Search) styles(v game.View, side units.Side, w Weights) []Weights {
	gs := p.german()
	if side != units.German {
		return styles(w)
	}
	if gs.NoStyles {
		return nil // mutations of the best instead
	}
	out := styles(w)
	if gs.GrabStyle > 0 && int(v.Turn) >= gs.GrabFrom {
		grab := w
		grab.Grab = gs.GrabStyle
		out = append([]Weights{grab}, out...)
	}
	return out
}

// styles are the first candidates tried after the heuristic's own plan:
// markedly different ways of playing the segment (bolder contact, less
// pull towards the objectives, more caution, garrisons first),
// before random variations of the best.
func styles(w Weights) []Weights {
	bold, loose, careful, guard := w, w, w, w
	bold.Contact *= 2.5
	loose.Objective *= 0.5
	careful.Danger *= 2
	guard.Guard *= 2
	return []Weights{bold, loose, careful, guard}
}

// planKey identifies a plan by its orders.
func planKey(plan []game.Order) string {
	var b strings.Builder
	for _, o := range plan {
		b.WriteString(o.String())
		b.WriteByte(';')
	}
	return b.String()
}

func mutate(w Weights, rng *rand.Rand) Weights {
	f := func(x float64) float64 { return x * math.Exp(0.7*(2*rng.Float64()-1)) }
	m := Weights{Objective: f(w.Objective), Contact: f(w.Contact), Danger: f(w.Danger), Terrain: f(w.Terrain), Stack: f(w.Stack), MinEV: w.MinEV, Guard: f(w.Guard)}
	if w.Grab != 0 {
		m.Grab = f(w.Grab) // drawn only where set, so that the other mutations stay as they were
	}
	return m
}

// fitness plays orders, then both sides by the heuristic to the end of
// the enemy's next player turn (playOut), over sampled dice, each with its
// own guess at the hidden enemy units, and averages eval.
func (p *Search) fitness(v game.View, b *Board, orders []game.Order, dice []uint64) float64 {
	return p.fitnessReply(v, b, orders, dice, nil)
}

// fitnessReply is fitness that also records in r, where set, what the
// enemy's reply did to the side's units in each play-out (local repair,
// search_repair.go).
func (p *Search) fitnessReply(v game.View, b *Board, orders []game.Order, dice []uint64, r *reply) float64 {
	sum := 0.0
	side := b.Side()
	for _, d := range dice {
		x := b.Determinised(v, rand.New(rand.NewPCG(d, 0x64657465))).WithDice(d)
		for _, o := range orders {
			if o.Verb == game.VerbEnd && r != nil {
				r.note(x, side)
			}
			if n, _, err := x.Apply(o); err == nil {
				x = n
			} else {
				break
			}
		}
		var seen func([]game.Event)
		if r != nil {
			seen = r.sample(side).events
		}
		x = p.playOutWith(x, side, p.mine(side), p.toEnd(v, side), seen)
		sum += p.utility(v, x, side)
	}
	return sum / float64(len(dice))
}

// diceFor draws the dice keys every candidate of a request is played
// with: the same dice for all (common random numbers), so that candidates
// differ by their orders, not their luck.
func diceFor(rng *rand.Rand, n int) []uint64 {
	out := make([]uint64, n)
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
	return p.playOutWith(x, side, p.mine(side), false, nil)
}

// playOutWith is playOut with mine playing side, to the end of the game
// when whole is set; seen, where set, is given the events of every order
// of the enemy's player turns.
func (p *Search) playOutWith(x *Board, side units.Side, mine *Heuristic, whole bool, seen func([]game.Event)) *Board {
	enemyPlayed, back := false, 0
	turns := 1
	if side == units.German {
		turns = max(p.german().Horizon, 1)
	}
	limit := 400 * turns
	if whole {
		limit = 40000
	}
	var keyed *keyedDice
	if side == units.German && !p.german().SequentialDice {
		keyed = newKeyedDice(x.s.Seed)
	}
	blind := side == units.German && !p.german().WholeBoards
	for guard := 0; guard < limit && !x.Over(); guard++ {
		if x.s.Player != side {
			enemyPlayed = true
		} else if enemyPlayed && !whole {
			// The side's next player turn: the enemy has replied.
			if back++; back >= turns {
				break
			}
			enemyPlayed = false
		}
		mover := x.ToMove()
		xb := &Board{s: x.s, side: mover}
		xv := xb.View() // the view of the whole board: what mover sees of it
		if blind {
			// Each side decides on what it would see (14.1), as in the
			// game: on the whole board the heuristic would count a hidden
			// stack's units in the odds and again as its estimate of the
			// hidden rest, and attack less than it does.
			xb = NewBoard(x.s, mover)
		}
		hm := p.h
		if mover == side {
			hm = mine
		}
		os := hm.Orders(xv, xb)
		progressed := false
		for _, o := range os {
			o.Side = mover
			if keyed != nil {
				x = keyed.rekey(x, o)
			}
			n, evs, err := x.Apply(o)
			if err != nil {
				break
			}
			if seen != nil && x.s.Player != side {
				seen(evs)
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
		for _, o := range []game.Order{game.End().By(mover), game.Stand().By(mover)} {
			if keyed != nil {
				x = keyed.rekey(x, o)
			}
			if n, _, err := x.Apply(o); err == nil {
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

// toEnd says whether the play-outs of a request in view v run to the end
// of the game (GermanSettings.EndFrom).
func (p *Search) toEnd(v game.View, side units.Side) bool {
	gs := p.german()
	return side == units.German && gs.EndFrom > 0 && int(v.Turn) >= gs.EndFrom
}

// utility is eval with the victory level counted where the German
// settings ask for it (GermanSettings.WinBonus).
func (p *Search) utility(v game.View, b *Board, side units.Side) float64 {
	e := p.eval(b, side)
	gs := p.german()
	if side != units.German || gs.WinBonus == 0 || int(v.Turn) < gs.WinFrom {
		return e
	}
	sc := gs.WinScale
	if sc <= 0 {
		sc = 10
	}
	return e + gs.WinBonus*0.5*math.Erfc(-(e-50.5)/(sc*math.Sqrt2))
}

// GermanSettings are the search's settings for the German side that
// were measured and left at their defaults (docs/ai.md, "Why the
// defaults"; the arena's flags change them for measuring).
type GermanSettings struct {
	// Horizon is how many enemy player turns the play-outs reach (1: the
	// enemy's next, as the Allies').
	Horizon int
	// Margin is what a candidate must gain over the campaign's own plan.
	Margin float64
	// Samples are the dice samples each German candidate is scored with
	// (0: samples, as the Allies').
	Samples int
	// PlanTurns, PlanSamples and PlanMargin set the choice of the plan by
	// whole-game play-outs (choosePlan): at the first movement segment of
	// each of the first PlanTurns turns (0: never), each variant of the
	// campaign's weights is played to the end of the game PlanSamples
	// times, and one replaces the campaign's weights when it gains
	// PlanMargin.
	PlanTurns, PlanSamples int
	PlanMargin             float64
	// Weights, where set, replace the campaign's (CampaignWeights).
	Weights *Weights
	// SequentialDice plays the German play-outs with the board's dice
	// rolled in sequence instead of keyed by the
	// order (keyedDice).
	SequentialDice bool
	// StrikeVariants makes the search try the campaign's plan with other
	// strikes (strikeVariants) after the repairs.
	StrikeVariants bool
	// WholeBoards lets both sides of the German play-outs decide on the
	// whole board played out instead of on what
	// each would see of it (Blindfold, 14.1).
	WholeBoards bool
	// NoRepair turns off the local repairs of the German plans
	// (search_repair.go): the candidates are then the styles and
	// mutations alone.
	NoRepair bool
	// FreeDuplicates makes a candidate whose plan repeats one already
	// scored not count against Config.Iterations (at most 4 × Iterations
	// such repeats a request): the duplicates cost a movement, not a
	// play-out. Under the clock they only ever cost their time.
	FreeDuplicates bool
	// RepairHit makes the repairs also move the units whose stacks the
	// enemy's reply attacked in most samples without eliminating them.
	RepairHit bool
	// CombatPlayouts makes the search choose the German attacks by
	// play-outs (search_combat.go) instead of the campaign's expected VP:
	// CombatCandidates of the campaign's attacks (0: 3) and End, each
	// played out once for every face of its own die times CombatSamples
	// (0: 1), the campaign's attack kept unless another gains
	// CombatMargin.
	CombatPlayouts   bool
	CombatCandidates int
	CombatSamples    int
	CombatMargin     float64
	// ConfirmTop and ConfirmSamples set a final round (confirm): when a
	// candidate has beaten the campaign's own plan, the ConfirmTop best
	// candidates and the campaign's plan are scored again on
	// ConfirmSamples fresh samples, and the plan played is the best by
	// the mean over all its samples (the campaign's plan still given the
	// margin). 0: no final round.
	ConfirmTop, ConfirmSamples int
	// WinBonus, WinScale and WinFrom make a German play-out's score
	// count the victory level (15.1) as well as the margin: from turn
	// WinFrom on, a play-out whose projected margin (VP and end VP) is m
	// scores m + WinBonus·Φ((m − 50.5)/WinScale), Φ the normal
	// distribution, so that near the line between a draw and a win a
	// plan that crosses it in more samples is preferred. 0: the margin
	// alone.
	WinBonus, WinScale float64
	WinFrom            int
	// NoStyles leaves the styles out of the German candidates: their
	// places go to mutations of the best plan.
	NoStyles bool
	// GrabStyle, where above 0, is a first style of the German
	// candidates from turn GrabFrom on: the campaign's weights with Grab
	// set to it (the enemy cities worth VP at the end, 15.23, entered).
	GrabStyle float64
	GrabFrom  int
	// EndFrom makes the German play-outs from turn EndFrom on run to the
	// end of the game (0: never), so that the last turns are scored on the
	// final VP.
	EndFrom int
	// DefaultSetup sets the campaign's wings up by the engine's default
	// placement instead of
	// the forward setup campaign.txt gives the north and right wings
	// (campaign_setup.go).
	DefaultSetup bool
	// Recon has the campaign's HQs look into enemy stacks (14.12,
	// campaign_recon.go).
	Recon bool
}

// DefaultGerman are the settings the search plays the Germans with.
func DefaultGerman() GermanSettings {
	return GermanSettings{Horizon: 1, Margin: margin, Samples: germanSamples, PlanSamples: 2, PlanMargin: 2, CombatMargin: margin}
}

// planVariants are the German plans choosePlan compares: the campaign's
// weights first (kept unless another beats it by the plan margin), then
// markedly different ways of running the campaign.
func planVariants(w Weights) []Weights {
	// The campaign's weights as tuned (Danger 0.75, Guard 10)
	// and with either or both of the two tuned weights back at their
	// former values (Danger 1.5, Guard 5).
	danger, guard := w, w
	danger.Danger *= 2
	guard.Guard *= 0.5
	both := danger
	both.Guard *= 0.5
	return []Weights{w, danger, guard, both}
}

// choosePlan chooses the German side's weights for the rest of the game
// (or until the next choice) by playing each variant to the end of the
// game on guesses of the board (Board.Determinised, the side's own view)
// with sampled dice, both sides by the heuristic, the Germans led by the
// campaign with the variant's weights; the score is the final VP
// difference. The candidates' play-outs, and the search's own German
// side, then use the chosen weights.
func (p *Search) choosePlan(v game.View, b *Board, rng *rand.Rand) {
	side := b.Side()
	gs := p.german()
	cands := planVariants(p.g0)
	dice := make([]uint64, max(gs.PlanSamples, 1))
	for i := range dice {
		dice[i] = rng.Uint64()
	}
	best, bestF := 0, math.Inf(-1)
	for i, w := range cands {
		g := p.g.weighted(w)
		sum := 0.0
		for _, d := range dice {
			x := b.Determinised(v, rand.New(rand.NewPCG(d, 0x64657465))).WithDice(d)
			x = p.playOutWith(x, side, g, true, nil)
			sum += p.eval(x, side)
		}
		f := sum / float64(len(dice))
		if i > 0 {
			f -= gs.PlanMargin
		}
		if f > bestF {
			best, bestF = i, f
		}
	}
	p.g = p.g.weighted(cands[best])
}
