package game

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"

	"rtrbot/engine/hex"
	"rtrbot/engine/units"
	"rtrbot/i18n"
)

// SelfPlay plays whole games with random legal orders and checks the
// engine's invariants after every order: no unit in two places, none
// put where it may not be (mayEnter),
// stacking legal at the end of movement and combat, VP equal to the start
// plus the sum of their events, no dead end (the side to move can always
// end its step), every game ends after its last turn with a level, and
// replaying the orders gives the same state. The order choices come from
// their own generator (seeded by the game's seed), never from the game's
// dice.

// SelfPlayConfig bounds a self-play game.
type SelfPlayConfig struct {
	MovesPerSegment   int // units moved at most per movement segment (0: 25)
	AttacksPerSegment int // attacks tried at most per combat segment (0: 12)
	Options           []string
}

// SelfPlayResult is one game played.
type SelfPlayResult struct {
	Seed   uint64
	Orders []Order
	Final  *State
	Level  Level
	Winner units.Side
	Counts map[EventKind]int
}

// SelfPlay plays one game from a seed; the error is an invariant failure.
func SelfPlay(r *Rules, seed uint64, cfg SelfPlayConfig) (*SelfPlayResult, error) {
	if cfg.MovesPerSegment == 0 {
		cfg.MovesPerSegment = 25
	}
	if cfg.AttacksPerSegment == 0 {
		cfg.AttacksPerSegment = 12
	}
	rng := rand.New(rand.NewPCG(seed, 0x5e1f))
	s, err := New(r, seed, cfg.Options)
	if err != nil {
		return nil, err
	}
	p := &selfPlayer{seed: seed, s: s, start: s.VP, res: &SelfPlayResult{Seed: seed, Counts: map[EventKind]int{}}}
	for guard := 0; p.s.Step != GameOver && p.failure == nil; guard++ {
		if guard > 100000 {
			return nil, fmt.Errorf("seed %d: no end after %d steps", seed, guard)
		}
		if err := p.playStep(rng, cfg); err != nil {
			return nil, err
		}
	}
	if p.failure != nil {
		return nil, p.failure
	}
	return p.finish(r, cfg.Options)
}

// selfPlayer is a self-played game under way: its state, the orders
// applied and what the invariants compare.
type selfPlayer struct {
	seed         uint64
	s            *State
	start        [2]int // the VP at the start
	res          *SelfPlayResult
	vpFromEvents [2]int
	failure      error // an invariant broken: the game stops
}

// apply gives one order; false if it was refused or broke an invariant
// (failure).
func (p *selfPlayer) apply(o Order) bool {
	if p.failure != nil {
		return false
	}
	n, evs, err := Apply(p.s, o)
	if err != nil {
		if m := i18n.Message(err, i18n.EN) + i18n.Message(err, i18n.JA); strings.Contains(m, "%!") {
			p.failure = fmt.Errorf("seed %d: refusal of %s badly formatted: %s", p.seed, o, m)
		}
		return false
	}
	for _, e := range evs {
		p.res.Counts[e.Kind]++
		if e.Text.EN == "" || e.Text.JA == "" || strings.Contains(e.Text.EN+e.Text.JA, "%!") {
			p.failure = fmt.Errorf("seed %d, order %d (%s): event %s has a bad text: %q / %q", p.seed, len(p.res.Orders)+1, o, e.Kind, e.Text.EN, e.Text.JA)
			return false
		}
		switch e.Kind {
		case EvVP:
			p.vpFromEvents[e.Side] += e.N
		case EvRemoved:
			if p.s.Step != SetupStep {
				p.vpFromEvents[e.Side.Other()] += e.N
			}
		}
	}
	if err := checkSelfPlay(p.s, n, o, p.start, p.vpFromEvents); err != nil {
		p.failure = fmt.Errorf("seed %d, order %d (%s): %w", p.seed, len(p.res.Orders)+1, o, err)
		return false
	}
	p.s = n
	p.res.Orders = append(p.res.Orders, o)
	return true
}

// playStep gives the random orders of the step under way and ends it;
// an error is a dead end, a broken invariant is left in failure.
func (p *selfPlayer) playStep(rng *rand.Rand, cfg SelfPlayConfig) error {
	s, side := p.s, p.s.ToMove()
	cur := func() *State { return p.s }
	switch {
	case len(s.Combat.Retreats) > 0:
		i := s.Combat.Retreats[0]
		opts := s.RetreatHexes(i)
		if len(opts) == 0 || !p.apply(Order{Side: side, Verb: VerbRetreat, Units: []string{s.Counter(i).ID}, Hexes: []hex.Hex{opts[rng.IntN(len(opts))]}}) {
			return fmt.Errorf("seed %d: dead end: %s cannot retreat (%v)", p.seed, s.Counter(i).ID, opts)
		}
		return nil
	case s.Combat.Delaying.Verb != "": // 16.2: the defender answers
		p.apply(Order{Side: side, Verb: []Verb{VerbDelay, VerbStand}[rng.IntN(2)]})
		return nil
	case s.Step == SetupStep:
		p.apply(Order{Side: side, Verb: VerbAutoSetup})
	case s.Step == Reinforcement:
		p.apply(Order{Side: side, Verb: VerbAutoReinforce})
	case s.Step.IsReorg():
		for _, c := range s.Actors() {
			if c.IsCorps() && rng.IntN(10) == 0 {
				p.apply(Order{Side: side, Verb: VerbSplit, Units: []string{c.ID}})
			}
		}
	case s.Step.IsMovement():
		selfPlayMovement(s, rng, cfg, p.apply, cur)
	case s.Step.IsCombat():
		selfPlayCombat(rng, cfg, p.apply, cur)
	}
	if p.failure != nil || len(p.s.Combat.Retreats) > 0 || p.s.Combat.Delaying.Verb != "" {
		return nil
	}
	if !p.apply(Order{Side: p.s.ToMove(), Verb: VerbEnd}) && p.failure == nil {
		_, _, err := Apply(p.s, Order{Side: p.s.ToMove(), Verb: VerbEnd})
		return fmt.Errorf("seed %d: dead end: %s cannot end %s %s: %s", p.seed, p.s.ToMove(), p.s.Turn, p.s.Step, i18n.Message(err, i18n.EN))
	}
	return nil
}

// finish checks the game over: one victory on the last turn, and a replay
// of its orders that gives the same state.
func (p *selfPlayer) finish(r *Rules, options []string) (*SelfPlayResult, error) {
	s, res, seed := p.s, p.res, p.seed
	if s.Turn != r.Scenario.Last || res.Counts[EvVictory] != 1 {
		return nil, fmt.Errorf("seed %d: the game ended at %s with %d victory events", seed, s.Turn, res.Counts[EvVictory])
	}
	again, err := Replay(r, seed, options, res.Orders)
	if err != nil {
		return nil, fmt.Errorf("seed %d: replay: %v", seed, err)
	}
	if again.Hash() != s.Hash() {
		return nil, fmt.Errorf("seed %d: replay of %d orders gives another state", seed, len(res.Orders))
	}
	res.Final = s
	res.Winner, res.Level, _ = s.Result()
	return res, nil
}

func selfPlayMovement(s0 *State, rng *rand.Rand, cfg SelfPlayConfig, apply func(Order) bool, cur func() *State) {
	s := cur()
	side := s.ToMove()
	if s.WithdrawAttack > 0 || s.WithdrawHQ > 0 {
		for _, c := range s.rules.Counters.All() {
			s = cur()
			if s.Step == Move1 && (s.WithdrawAttack > 0 || s.WithdrawHQ > 0) && s.Units[c.Index].Box == OnMap && c.Side() == side {
				apply(Order{Side: side, Verb: VerbWithdraw, Units: []string{c.ID}})
			}
		}
	}
	s = cur()
	if s.Step == Move1 && !s.BadWeather && rng.IntN(2) == 0 {
		for i, u := range s.Units {
			c := s.Counter(i)
			if u.Box == OnMap && c.Side() == side && c.Type == units.HQ {
				h := u.At
				for k := 0; k < 3; k++ {
					h = h.Neighbor(hex.Direction(rng.IntN(6)))
				}
				apply(Order{Side: side, Verb: VerbRecon, Units: []string{c.ID}, Hexes: []hex.Hex{h}})
			}
		}
	}
	if rng.IntN(40) == 0 {
		for _, x := range cur().allHexes() {
			if x.Fortress > 0 && rng.IntN(10) == 0 {
				if apply(Order{Side: side, Verb: VerbAbandon, Hexes: []hex.Hex{x.At}}) {
					break
				}
			}
		}
	}
	actors := cur().Actors()
	rng.Shuffle(len(actors), func(i, j int) { actors[i], actors[j] = actors[j], actors[i] })
	moved := 0
	for _, c := range actors {
		if moved >= cfg.MovesPerSegment {
			break
		}
		s = cur()
		if s.Step == Move1 && rng.IntN(12) == 0 {
			if ds, err := s.RailDestinations(c); err == nil && len(ds) > 0 {
				to := ds[rng.IntN(len(ds))]
				if s.stackDE(to, side)+c.DE <= StackLimit && apply(Order{Side: side, Verb: VerbRail, Units: []string{c.ID}, Hexes: []hex.Hex{to}}) {
					moved++
					continue
				}
			}
		}
		if side == units.Allied && s.Option(RuleSeaTransport) {
			if x, _ := s.hexAt(s.Units[c.Index].At); x.Port && rng.IntN(4) == 0 {
				// 16.3: by sea to any port or coastal hex; the engine
				// refuses what the rules forbid.
				var to []hex.Hex
				for _, y := range s.allHexes() {
					if y.Port || y.Coastal {
						to = append(to, y.At)
					}
				}
				if h := to[rng.IntN(len(to))]; s.stackDE(h, side)+c.DE <= StackLimit && apply(Order{Side: side, Verb: VerbSea, Units: []string{c.ID}, Hexes: []hex.Hex{h}}) {
					moved++
					continue
				}
			}
		}
		ds, err := s.Destinations(c)
		if err != nil || len(ds) == 0 {
			continue
		}
		d := ds[rng.IntN(len(ds))]
		if rng.IntN(3) > 0 { // lean forward: prefer the hex nearest an enemy
			best := -1
			for k, x := range ds {
				if best < 0 || s.nearEnemy(x.To, side) < s.nearEnemy(ds[best].To, side) {
					best = k
				}
			}
			d = ds[best]
		}
		if s.stackDE(d.To, side)+c.DE <= StackLimit && apply(Order{Side: side, Verb: VerbMove, Units: []string{c.ID}, Hexes: []hex.Hex{d.To}}) {
			moved++
		}
	}
	// 7.0: the owner removes what is still over-stacked.
	for _, h := range cur().Overstacked(side) {
		for cur().stackDE(h, side) > StackLimit {
			us := cur().UnitsAt(h, side)
			if !apply(Order{Side: side, Verb: VerbRemove, Units: []string{us[len(us)-1].ID}}) {
				return
			}
		}
	}
}

// nearEnemy is a rough distance from h to the nearest enemy unit (capped).
func (s *State) nearEnemy(h hex.Hex, side units.Side) int {
	best := 99
	for i, u := range s.Units {
		if u.Box == OnMap && s.Counter(i).Side() != side {
			if d := hex.Distance(h, u.At); d < best {
				best = d
			}
		}
	}
	return best
}

func selfPlayCombat(rng *rand.Rand, cfg SelfPlayConfig, apply func(Order) bool, cur func() *State) {
	s := cur()
	side := s.ToMove()
	tablesByID := []string{"RECON", "ASSAULT", "MOBILE"}
	// Siege guns fire at adjacent enemy fortresses.
	for i, u := range s.Units {
		c := s.Counter(i)
		if u.Box == OnMap && c.Side() == side && c.Type == units.Siege {
			for _, nb := range u.At.Neighbors() {
				if cur().fortressOf(nb, side.Other()) > 0 {
					apply(Order{Side: side, Verb: VerbSiege, Units: []string{c.ID}, Hexes: []hex.Hex{nb}})
					break
				}
			}
		}
	}
	for k := 0; k < cfg.AttacksPerSegment; k++ {
		s = cur()
		if len(s.Combat.Retreats) > 0 || s.ToMove() != side || !s.Step.IsCombat() {
			return
		}
		// Targets: enemy-held hexes or enemy fortresses next to own units.
		var targets []hex.Hex
		seen := map[hex.Hex]bool{}
		occ := s.occupancy()
		for i, u := range s.Units {
			if u.Box != OnMap || s.Counter(i).Side() != side || s.Counter(i).Attack == 0 || slices.Contains(s.Combat.Attacked, i) {
				continue
			}
			for _, nb := range u.At.Neighbors() {
				if !seen[nb] && (occ.Has(nb, side.Other()) || s.fortressOf(nb, side.Other()) > 0) {
					seen[nb] = true
					targets = append(targets, nb)
				}
			}
		}
		if len(targets) == 0 {
			return
		}
		t := targets[rng.IntN(len(targets))]
		o := Order{Side: side, Verb: VerbAttack, Units: []string{tablesByID[rng.IntN(3)]}, Hexes: []hex.Hex{t}}
		for _, nb := range t.Neighbors() {
			for _, i := range occ.At(nb, side) {
				c := s.Counter(i)
				if rng.IntN(4) > 0 && s.canAttack(c, t) == nil {
					o.Units = append(o.Units, c.ID)
				}
			}
		}
		if len(o.Units) == 1 {
			continue
		}
		if !apply(o) && o.Units[0] == "MOBILE" {
			o.Units[0] = "ASSAULT"
			apply(o)
		}
		for len(cur().Combat.Retreats) > 0 {
			s = cur()
			i := s.Combat.Retreats[0]
			opts := s.RetreatHexes(i)
			if len(opts) == 0 || !apply(Order{Side: s.ToMove(), Verb: VerbRetreat, Units: []string{s.Counter(i).ID}, Hexes: []hex.Hex{opts[rng.IntN(len(opts))]}}) {
				return
			}
		}
	}
}

// checkSelfPlay checks the invariants after one order.
func checkSelfPlay(prev, s *State, o Order, start, vpEvents [2]int) error {
	occ := s.occupancy()
	for h, st := range occ {
		if len(st.side[0]) > 0 && len(st.side[1]) > 0 {
			return fmt.Errorf("both sides in %s", h)
		}
		if !s.rules.Map.OnMap(h) {
			return fmt.Errorf("units off the map in %s", h)
		}
	}
	// A corps and the division counters it was broken into are never in
	// play at once under the same id; every counter is in one box.
	for i, u := range s.Units {
		if u.Box > Out {
			return fmt.Errorf("%s in no box", s.Counter(i).ID)
		}
	}
	if o.Verb == VerbEnd && (prev.Step.IsMovement() || prev.Step.IsCombat()) {
		if over := s.Overstacked(prev.Player); len(over) > 0 {
			return fmt.Errorf("7.0: over-stacked at the end of %s: %v", prev.Step, over)
		}
	}
	for side := 0; side < 2; side++ {
		if s.VP[side] != start[side]+vpEvents[side] {
			return fmt.Errorf("15.2: %s VP %d, but the start (%d) and the events (%d) give %d", units.Side(side), s.VP[side], start[side], vpEvents[side], start[side]+vpEvents[side])
		}
	}
	for _, i := range s.Combat.Retreats {
		if s.Units[i].Box != OnMap {
			return fmt.Errorf("9.4: %s must retreat but is not on the map", s.Counter(i).ID)
		}
	}
	// A unit the order put in a hex (moved, by rail or sea, retreated,
	// arrived, set up) may be there (mayEnter; the turn's bans are the
	// order's while the turn is the same).
	if prev.Turn == s.Turn {
		for i, u := range s.Units {
			if p := prev.Units[i]; u.Box != OnMap || (p.Box == OnMap && p.At == u.At) {
				continue
			}
			if why := prev.mayEnter(s.Counter(i), u.At, arrivalOf(o.Verb)); why != whyNone {
				return fmt.Errorf("%s: %s is in %s, where it may not be: %s", o.Verb, s.Counter(i).ID, u.At, why.text().In(i18n.EN))
			}
		}
	}
	return nil
}

// arrivalOf is the way an order puts units in hexes (mayEnter); orders
// that bring units on at the end of a step, such as an end, ask the bans
// common to every way.
func arrivalOf(v Verb) arrival {
	switch v {
	case VerbPlace, VerbAutoSetup:
		return bySetup
	case VerbRail:
		return byRail
	case VerbSea:
		return bySea
	case VerbReinforce, VerbAutoReinforce:
		return byReinforcement
	case VerbRetreat:
		return byRetreat
	case VerbAbandon:
		return byAbandonment
	}
	return byMovement
}
