package ai

import (
	"sort"

	"rtrbot/engine/game"
	"rtrbot/engine/hex"
	"rtrbot/engine/units"
)

// Local repair (docs/ai.md, the search as the Germans): the search's
// model of the enemy is the heuristic the enemy plays, so the play-outs of a plan show
// which of the side's units the enemy's reply attacks and eliminates
// (15.22). A repair keeps the plan and changes only the moves of those
// units: each goes, by the heuristic's own score, to its best hex other
// than the one it was lost in, or out of the reach the enemy showed, or
// into a stack of the side's that fights; the rest of the plan's orders
// are kept in their order (an order the change makes illegal is left
// out, never sent). Everything is read off the side's Board and the
// play-outs played on it: the search knows no more than the view.

// reply is what the enemy did to the side's units in the play-outs of a
// plan, over its samples.
type reply struct {
	// at is where the plan leaves each of the side's units (by id).
	at map[string]hex.Hex
	// lost are the VP of each unit of the plan (a corps broken down
	// counts its divisions' losses, 10.0) the enemy eliminated in its
	// player turn, summed over the samples (15.22).
	lost map[string]float64
	// hit counts, for each unit, the samples in which the enemy attacked
	// its stack where the plan left it.
	hit map[string]int
	// from are the hexes the enemy attacked from (its reach).
	from map[hex.Hex]bool
	// samples counts the play-outs followed; hitToo makes the units the
	// enemy attacked in most of them repairs too (GermanSettings.RepairHit).
	samples int
	hitToo  bool
}

func newReply() *reply {
	return &reply{at: map[string]hex.Hex{}, lost: map[string]float64{}, hit: map[string]int{}, from: map[hex.Hex]bool{}}
}

// note records where the plan leaves side's units on x (the board right
// after the plan's orders).
func (r *reply) note(x *Board, side units.Side) {
	for i, u := range x.s.Units {
		if u.Box == game.OnMap {
			if c := x.s.Counter(i); c.Side() == side {
				r.at[c.ID] = u.At
			}
		}
	}
}

// sample follows one play-out's events in the enemy's player turn.
type sample struct {
	r    *reply
	side units.Side
	root map[string]string // a division of a broken-down corps: its corps
	hit  map[string]bool
	byAt map[hex.Hex][]string
}

func (r *reply) sample(side units.Side) *sample {
	r.samples++
	sm := &sample{r: r, side: side, root: map[string]string{}, hit: map[string]bool{}, byAt: map[hex.Hex][]string{}}
	for id, h := range r.at {
		sm.byAt[h] = append(sm.byAt[h], id)
	}
	return sm
}

func (sm *sample) rootOf(id string) string {
	for i := 0; i < 8; i++ {
		r, ok := sm.root[id]
		if !ok {
			break
		}
		id = r
	}
	return id
}

// events reads the events of an order of the enemy's player turn.
func (sm *sample) events(evs []game.Event) {
	for _, e := range evs {
		switch e.Kind {
		case game.EvBrokenDown:
			if e.Side == sm.side && len(e.Units) == 3 {
				r := sm.rootOf(e.Units[0])
				sm.root[e.Units[1]], sm.root[e.Units[2]] = r, r
			}
		case game.EvEliminated:
			if e.Side == sm.side && len(e.Units) > 0 {
				sm.r.lost[sm.rootOf(e.Units[0])] += float64(e.N)
			}
		case game.EvCombat:
			if e.Combat == nil || e.Side == sm.side {
				continue
			}
			for _, h := range e.Combat.Attackers {
				sm.r.from[h] = true
			}
			for _, id := range sm.byAt[e.Combat.Defender] {
				if !sm.hit[id] {
					sm.hit[id] = true
					sm.r.hit[id]++
				}
			}
		}
	}
}

// Repair modes: which hexes a repaired unit may not go to.
const (
	repairNext  = iota // the hex it was lost in
	repairReach        // and every hex next to one the enemy attacked from
	repairJoin         // anything but a stack of the side that has attack strength
	repairModes
)

// repairs are the plan's units to repair: those the enemy eliminated in
// some sample, most VP lost first, the HQs last (they go into the stacks
// the others make, 4.3).
func (r *reply) repairs(b *Board) []*units.Counter {
	var out []*units.Counter
	ids := map[string]bool{}
	for id, vp := range r.lost {
		if vp > 0 {
			ids[id] = true
		}
	}
	if r.hitToo {
		for id, n := range r.hit {
			if 2*n > r.samples {
				ids[id] = true
			}
		}
	}
	for id := range ids {
		if c, ok := b.Counter(id); ok && c.Side() == b.Side() {
			if _, on := r.at[id]; on {
				out = append(out, c)
			}
		}
	}
	sort.Slice(out, func(i, j int) bool {
		if (out[i].Type == units.HQ) != (out[j].Type == units.HQ) {
			return out[j].Type == units.HQ
		}
		if r.lost[out[i].ID] != r.lost[out[j].ID] {
			return r.lost[out[i].ID] > r.lost[out[j].ID]
		}
		return out[i].ID < out[j].ID
	})
	return out
}

// repair is the plan with the moves of the units the enemy eliminated in
// its play-outs (r) changed by mode; false when nothing changes.
func (p *Search) repair(v game.View, b *Board, h *Heuristic, plan []game.Order, r *reply, mode int) ([]game.Order, bool) {
	fix := r.repairs(b)
	if len(fix) == 0 {
		return nil, false
	}
	x := *b
	out := planWithout(&x, plan, fix)
	k := repairKnowledge(v, b, &x, h)
	reach := map[hex.Hex]bool{}
	if mode == repairReach {
		for f := range r.from {
			for _, nb := range f.Neighbors() {
				reach[nb] = true
			}
		}
	}
	changed := false
	for _, c := range fix {
		lostAt := r.at[c.ID]
		from := x.Unit(c).At
		if x.Unit(c).Box != game.OnMap {
			continue
		}
		allowed := func(to hex.Hex) bool {
			return to != lostAt && !reach[to] && (mode != repairJoin || attackBesides(k, c, to) > 0)
		}
		bestH, found := bestRepairHex(&x, k, h, c, allowed)
		if !found {
			// Nowhere allowed: the plan's own move.
			if o, ok := planMoveOf(&x, k, plan, c); ok {
				out = append(out, o)
			}
			continue
		}
		changed = changed || bestH != lostAt
		if bestH == from {
			continue
		}
		o := game.Move(c.ID, bestH).By(b.Side())
		if x.try(o) {
			out = append(out, o)
			k.stacks[from] = without(k.stacks[from], c)
			k.stacks[bestH] = append(k.stacks[bestH], c)
		}
	}
	if len(x.Overstacked()) > 0 {
		return nil, false // 7.0: the segment could not end; never sent
	}
	return out, changed
}

// isUnitMove reports whether o moves one unit, by road or rail.
func isUnitMove(o game.Order) bool {
	return (o.Verb == game.VerbMove || o.Verb == game.VerbRail) && len(o.Units) == 1
}

// planWithout gives x the plan's orders but the moves of the units to
// repair, and returns those it took.
func planWithout(x *Board, plan []game.Order, fix []*units.Counter) []game.Order {
	skip := map[string]bool{}
	for _, c := range fix {
		skip[c.ID] = true
	}
	var out []game.Order
	for _, o := range plan {
		if isUnitMove(o) && skip[o.Unit()] {
			continue
		}
		if x.try(o) {
			out = append(out, o)
		}
	}
	return out
}

// repairKnowledge is what the repair weighs the units' hexes with on x:
// the campaign's plan as the movement made it, on the board b before any
// move (its places, raiders and strikes: campaign.go), and the side's
// stacks on x.
func repairKnowledge(v game.View, b, x *Board, h *Heuristic) *knowledge {
	side := b.Side()
	k := newKnowledge(v, x, h.citiesOf(x))
	if h.campaign != nil && side == units.German {
		k0 := newKnowledge(v, b, h.citiesOf(b))
		k.plan = newPlan(h.campaign, b)
		k.plan.huntRaiders(b, k0)
		if campaignStrikes {
			k.plan.planStrikes(b, k0, b.Actors())
		}
		k.plan.k = k
	}
	k.stacks = map[hex.Hex][]*units.Counter{}
	for i, u := range x.s.Units {
		if u.Box == game.OnMap {
			if c := x.s.Counter(i); c.Side() == side {
				k.stacks[u.At] = append(k.stacks[u.At], c)
			}
		}
	}
	return k
}

// attackBesides is the attack strength of the side's stack in a hex
// without c.
func attackBesides(k *knowledge, c *units.Counter, at hex.Hex) int {
	att := 0
	for _, o := range k.stacks[at] {
		if o != c {
			att += o.Attack
		}
	}
	return att
}

// bestRepairHex is the allowed hex, c's own or one it may move to, that the
// heuristic scores best; found is false if none is allowed.
func bestRepairHex(x *Board, k *knowledge, h *Heuristic, c *units.Counter, allowed func(hex.Hex) bool) (hex.Hex, bool) {
	from := x.Unit(c).At
	bestH, best, found := from, 0.0, false
	if allowed(from) && k.stackDE(from) <= game.StackLimit {
		bestH, best, found = from, h.score(x, k, c, from, true), true
	}
	for _, d := range x.Destinations(c) {
		if k.stackDE(d.To)+c.DE > game.StackLimit || !allowed(d.To) {
			continue
		}
		if k.plan != nil && c.Type != units.Siege && k.plan.besieged[d.To] && k.stackDE(d.To)+c.DE > game.StackLimit-1 {
			continue // room for a siege gun (12.6)
		}
		if s := h.score(x, k, c, d.To, false); !found || s > best {
			bestH, best, found = d.To, s, true
		}
	}
	return bestH, found
}

// planMoveOf gives x the plan's own move of c, if the plan has one that
// still fits, and keeps k's stacks up to date.
func planMoveOf(x *Board, k *knowledge, plan []game.Order, c *units.Counter) (game.Order, bool) {
	from := x.Unit(c).At
	for _, o := range plan {
		if isUnitMove(o) && o.Unit() == c.ID && len(o.Hexes) > 0 && k.stackDE(o.To())+c.DE <= game.StackLimit && x.try(o) {
			k.stacks[from] = without(k.stacks[from], c)
			k.stacks[o.To()] = append(k.stacks[o.To()], c)
			return o, true
		}
	}
	return game.Order{}, false
}

// keyedDice gives each order of a play-out its own dice: before the order
// the board's dice key becomes a hash of the sample's key, the turn, the
// step, the order's verb and first hex, and how many such orders the
// play-out has made before (its rolls counted from the start again,
// game.DieRoll). Two candidates of a request then roll the same die for
// the same attack in the same segment whatever else differs between
// them, instead of every later roll shifting when one attack more or
// less is made: common random numbers for each attack, not just for the
// play-out. The dice are still the
// search's own, never the game's.
type keyedDice struct {
	seed uint64
	n    map[uint64]int
}

func newKeyedDice(seed uint64) *keyedDice { return &keyedDice{seed: seed, n: map[uint64]int{}} }

func (kd *keyedDice) rekey(x *Board, o game.Order) *Board {
	h := mix(kd.seed, uint64(x.s.Turn)<<16|uint64(x.s.Step)<<8|uint64(o.Side))
	for i := 0; i < len(o.Verb); i++ {
		h = mix(h, uint64(o.Verb[i]))
	}
	if len(o.Hexes) > 0 {
		h = mix(h, uint64(o.Hexes[0].Col)<<16|uint64(o.Hexes[0].Row))
	}
	k := kd.n[h]
	kd.n[h] = k + 1
	n := *x.s
	n.Seed = mix(h, uint64(k))
	n.Dice.Rolls = 0
	return &Board{s: &n, side: x.side}
}

// mix is a 64-bit hash step (splitmix64's finaliser of h plus v).
func mix(h, v uint64) uint64 {
	z := h + v*0x9e3779b97f4a7c15 + 0x632be59bd9b4e5f5
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}
