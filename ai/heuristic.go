package ai

import (
	"sort"

	"rtrbot/engine/board"
	"rtrbot/engine/game"
	"rtrbot/engine/hex"
	"rtrbot/engine/units"
)

// Heuristic plays by rules of thumb (docs/ai.md): the default setup and
// reinforcements (which follow the options in force), the Russian Front's
// withdrawals, then in movement each unit to the hex that best balances
// the objectives (cities worth VP not yet its side's, 15.23), closing on
// enemy stacks it can attack at good odds, the safety of the stack it
// ends in (the enemy's attack strength next to it against its defence,
// terrain doubling, 9.0) and the stacking limit (7.0); in combat the
// attacks whose expected VP on the combat results table is best, with the
// table chosen for it (9.7); retreats away from the enemy towards friends
// (9.4).
type Heuristic struct {
	cfg    Config
	W      Weights
	cities *cities
	// campaign, when set, leads the German side's movement (campaign.go).
	campaign *campaign
	// rec, when set, keeps the account of the player's decisions
	// (explain.go): set on the player a game is given, never on the
	// candidates and play-outs of a search.
	rec *record
}

// cities are the hexes worth VP to each side at the end (15.23), listed
// once per game's rules: the map does not change.
type cities struct {
	rules *game.Rules
	vp    [2][]hex.Hex
	// worth is what each city hex is worth to each side at the end.
	worth [2]map[hex.Hex]int
}

func (p *Heuristic) citiesOf(b *Board) *cities {
	if p.cities != nil && p.cities.rules == b.Rules() {
		return p.cities
	}
	c := &cities{rules: b.Rules(), worth: [2]map[hex.Hex]int{{}, {}}}
	m := b.Rules().Map
	for _, x := range m.Hexes() {
		if v := m.CityVP(x.At, board.Germans); v > 0 {
			c.vp[units.German] = append(c.vp[units.German], x.At)
			c.worth[units.German][x.At] = v
		}
		if v := m.CityVP(x.At, board.Allies); v > 0 {
			c.vp[units.Allied] = append(c.vp[units.Allied], x.At)
			c.worth[units.Allied][x.At] = v
		}
	}
	p.cities = c
	return c
}

// Weights tune the heuristic (the search player varies them).
type Weights struct {
	Objective float64 // per hex closer to the nearest objective
	Contact   float64 // for ending next to an enemy stack we outgun
	Danger    float64 // per point of enemy odds against the stack
	Terrain   float64 // for a hex that doubles defence
	Stack     float64 // per DE already in the hex (concentration)
	MinEV     float64 // an attack is made when its expected VP exceed this
	Guard     float64 // per 10 VP of an own city the enemy could take, for garrisoning it (15.23)
	Grab      float64 // per 10 VP of an enemy city entered that its side does not hold (15.23)
}

// DefaultWeights are the heuristic player's.
var DefaultWeights = Weights{Objective: 1, Contact: 2, Danger: 1.5, Terrain: 1, Stack: 0.3, MinEV: 0.2, Guard: 5}

// NewHeuristic is a heuristic player.
func NewHeuristic(cfg Config) *Heuristic { return &Heuristic{cfg: cfg, W: DefaultWeights} }

func (p *Heuristic) Level() string { return "heuristic" }

// Account is the record of the heuristic's player turn (explain.go).
func (p *Heuristic) Account() Account { return p.rec.account() }

func (p *Heuristic) Orders(v game.View, b *Board) []game.Order {
	side := b.Side()
	k := newKnowledge(v, b, p.citiesOf(b))
	k.trapAR = p.campaign != nil && side == units.German
	rec := p.rec
	if !rec.turn(v, side) {
		rec = nil
	}
	if o, ok := retreatOrder(v, b, side, k.bestRetreat); ok {
		return []game.Order{o}
	}
	if answering(v, side) {
		// 16.2: the cavalry delays: the recon table has no "defender
		// eliminated" result.
		return []game.Order{game.Delay().By(side)}
	}
	end := game.End().By(side)
	switch st := v.Step; {
	case st == game.SetupStep:
		var orders []game.Order
		if p.campaign != nil && side == units.German {
			orders = p.forwardSetup(b) // campaign_setup.go
		}
		return append(orders, game.AutoSetup().By(side), end)
	case st == game.Reinforcement:
		return []game.Order{game.AutoReinforce().By(side), end}
	case st.IsMovement():
		if rs := p.reconOrders(v, b); len(rs) > 0 {
			return rs // campaign_recon.go; the movement is asked for next
		}
		orders := p.movement(v, b, k)
		if rec != nil {
			rec.objectives(p, b, k)
			rec.moved(orders)
		}
		return append(orders, end)
	case st.IsCombat():
		if o, ev, ok := p.attack(b, k); ok {
			if rec != nil {
				rec.attack(b, k, o, ev, false)
			}
			return []game.Order{o}
		}
	}
	return []game.Order{end}
}

// knowledge is what the heuristic reads off the view once per request.
type knowledge struct {
	side    units.Side
	cities  *cities
	held    map[hex.Hex]units.Side
	enemy   map[hex.Hex]*estimate
	objs    []hex.Hex
	avgDef  float64
	avgAtt  float64
	avgVP   float64
	hexInfo func(hex.Hex) (*board.Hex, bool)
	// stacks are the side's units by hex while movement plans (nil
	// otherwise: the board is asked).
	stacks map[hex.Hex][]*units.Counter
	// plan is the German campaign on this board (nil: none).
	plan *plan
	// trapAR values an AR as the loss of the attackers that have no hex
	// to retreat to (9.4), as the campaign's combat does.
	trapAR bool
	// facts are the hexes' facts found so far (hexFacts), and free the
	// unused rest of the block they are taken from.
	facts map[hex.Hex]*hexFacts
	free  []hexFacts
	// noRetreat says, by counter index, whether a unit has no hex to
	// retreat to (9.4) on the board trapped is for: asked for every
	// table and every choice of attackers (expectedVP).
	noRetreat map[int]bool
	trapped   *game.State
}

// retreatless reports whether c has no hex to retreat to on b (9.4),
// found once per board.
func (k *knowledge) retreatless(b *Board, c *units.Counter) bool {
	if k.trapped != b.s || k.noRetreat == nil {
		k.trapped, k.noRetreat = b.s, map[int]bool{}
	}
	v, ok := k.noRetreat[c.Index]
	if !ok {
		v = len(b.RetreatHexes(c)) == 0
		k.noRetreat[c.Index] = v
	}
	return v
}

// hexFacts are what scoring a move asks of a hex that does not change
// within a request (the enemy stacks, the objectives and the map stay
// as they were): found once for the hex instead of once for every unit
// that might go there (speed only: the same values).
type hexFacts struct {
	threat        float64
	near, obj     int // enemyNear, objectiveDistance; -1 until found
	worth         int // what h is worth to the enemy at the end (15.23, guard); -1 until found
	doubles, city bool
}

// fact is h's facts, found when first asked.
func (k *knowledge) fact(h hex.Hex) *hexFacts {
	if f := k.facts[h]; f != nil {
		return f
	}
	if k.facts == nil {
		k.facts = make(map[hex.Hex]*hexFacts, 256)
	}
	if len(k.free) == 0 {
		k.free = make([]hexFacts, 64)
	}
	f := &k.free[0]
	k.free = k.free[1:]
	*f = hexFacts{threat: k.threatOf(h), near: -1, obj: -1, worth: -1}
	if x, ok := k.hexInfo(h); ok {
		f.doubles = x.Terrain == board.Rough || x.Terrain == board.Mountain || x.Fortress > 0
		f.city = x.City
	}
	k.facts[h] = f
	return f
}

// unitsAt are the side's units in h.
func (k *knowledge) unitsAt(b *Board, h hex.Hex) []*units.Counter {
	if k.stacks != nil {
		return k.stacks[h]
	}
	return b.UnitsAt(h, k.side)
}

// stackDE is the side's division-equivalents in h (7.0).
func (k *knowledge) stackDE(h hex.Hex) int {
	n := 0
	for _, c := range k.stacks[h] {
		n += c.DE
	}
	return n
}

func without(cs []*units.Counter, c *units.Counter) []*units.Counter {
	out := make([]*units.Counter, 0, len(cs))
	for _, x := range cs {
		if x != c {
			out = append(out, x)
		}
	}
	return out
}

// estimate is an enemy stack as far as it is known: the units shown and,
// for the hidden rest, the average enemy counter (14.1).
type estimate struct {
	at               hex.Hex
	attack, defence  float64
	vp               float64
	hidden           int
	visibleDefenders []string
}

func newKnowledge(v game.View, b *Board, cs *cities) *knowledge {
	side := b.Side()
	k := &knowledge{side: side, cities: cs, held: map[hex.Hex]units.Side{}, enemy: map[hex.Hex]*estimate{}, hexInfo: b.Hex}
	for _, x := range b.s.Victory.Held {
		k.held[x.At] = x.Side
	}
	// The average enemy counter on the map as far as seen: the prior for
	// hidden units.
	var n, sa, sd, sv float64
	for _, st := range v.Stacks {
		if st.Side == side {
			continue
		}
		for _, u := range st.Units {
			if c, ok := b.Counter(u.ID); ok {
				n++
				sa += float64(c.Attack)
				sd += float64(c.Defence)
				sv += float64(c.VP)
			}
		}
	}
	k.avgAtt, k.avgDef, k.avgVP = 4, 4, 2
	if n > 0 {
		k.avgAtt, k.avgDef, k.avgVP = sa/n, sd/n, sv/n
	}
	for _, st := range v.Stacks {
		if st.Side == side {
			continue
		}
		e := &estimate{at: st.At, hidden: st.Count - len(st.Units)}
		for _, u := range st.Units {
			if c, ok := b.Counter(u.ID); ok {
				e.attack += float64(c.Attack)
				d := c.Defence
				if u.Trench {
					d = c.Trench
				}
				e.defence += float64(d)
				e.vp += float64(c.VP)
			}
		}
		e.attack += float64(e.hidden) * k.avgAtt
		e.defence += float64(e.hidden) * k.avgDef
		e.vp += float64(e.hidden) * k.avgVP
		k.enemy[st.At] = e
	}
	for _, h := range cs.vp[side] {
		if holder, ok := b.Holder(h); !ok || holder != side {
			k.objs = append(k.objs, h)
		}
	}
	return k
}

// doubles reports whether a hex doubles its defenders (9.0: rough,
// mountain, fortress).
func (k *knowledge) doubles(h hex.Hex) bool { return k.fact(h).doubles }

// threat is the enemy attack strength next to h.
func (k *knowledge) threat(h hex.Hex) float64 { return k.fact(h).threat }

func (k *knowledge) threatOf(h hex.Hex) float64 {
	t := 0.0
	for _, nb := range h.Neighbors() {
		if e := k.enemy[nb]; e != nil {
			t += e.attack
		}
	}
	return t
}

func (k *knowledge) enemyNear(h hex.Hex) int {
	f := k.fact(h)
	if f.near < 0 {
		f.near = k.enemyNearOf(h)
	}
	return f.near
}

func (k *knowledge) enemyNearOf(h hex.Hex) int {
	best := 99
	for at := range k.enemy {
		best = min(best, hex.Distance(h, at))
	}
	return best
}

func (k *knowledge) objectiveDistance(h hex.Hex) int {
	f := k.fact(h)
	if f.obj < 0 {
		f.obj = k.objectiveDistanceOf(h)
	}
	return f.obj
}

func (k *knowledge) objectiveDistanceOf(h hex.Hex) int {
	best := 30
	for _, o := range k.objs {
		best = min(best, hex.Distance(h, o))
	}
	return best
}

// bestRetreat: away from the enemy, towards defensive terrain (9.4).
func (k *knowledge) bestRetreat(hs []hex.Hex, c *units.Counter) hex.Hex {
	best, bestScore := hs[0], -1e9
	for _, h := range hs {
		s := -k.threat(h) + float64(k.enemyNear(h))
		if k.doubles(h) {
			s += 2
		}
		if s > bestScore {
			best, bestScore = h, s
		}
	}
	return best
}

// movement plans the segment's moves on the board, unit by unit.
func (p *Heuristic) movement(v game.View, b0 *Board, k *knowledge) []game.Order {
	b := *b0
	side := b.Side()
	out := withdrawals(v, &b, nil)
	actors := b.Actors()
	if p.campaign != nil && side == units.German {
		k.plan = newPlan(p.campaign, &b)
		k.plan.huntRaiders(&b, k)
		if campaignStrikes {
			k.plan.planStrikes(&b, k, actors)
		}
		defer func() { k.plan = nil }()
	}
	// Strongest first: they pick the best hexes; with a campaign the siege
	// guns last, next to their fortress (12.6) among the infantry that
	// leaves them room there.
	sort.SliceStable(actors, func(i, j int) bool {
		if k.plan != nil && (actors[i].Type == units.Siege) != (actors[j].Type == units.Siege) {
			return actors[j].Type == units.Siege
		}
		if actors[i].Attack != actors[j].Attack {
			return actors[i].Attack > actors[j].Attack
		}
		return actors[i].ID < actors[j].ID
	})
	// The side's stacks, kept up to date move by move (asking the board
	// for a hex's units scans every counter).
	k.stacks = map[hex.Hex][]*units.Counter{}
	for i, u := range b.s.Units {
		if u.Box == game.OnMap {
			if c := b.s.Counter(i); c.Side() == side {
				k.stacks[u.At] = append(k.stacks[u.At], c)
			}
		}
	}
	defer func() { k.stacks = nil }()
	for _, c := range actors {
		from := b.Unit(c).At
		bestH, best := from, p.score(&b, k, c, from, true)
		for _, to := range b.destinationHexes(c) {
			de := k.stackDE(to)
			if de+c.DE > game.StackLimit {
				continue
			}
			if k.plan != nil && c.Type != units.Siege && k.plan.besieged[to] && de+c.DE > game.StackLimit-1 {
				continue // room for a siege gun (12.6)
			}
			if s := p.score(&b, k, c, to, false); s > best {
				bestH, best = to, s
			}
		}
		byRail := false
		if k.plan != nil && c.Type == units.Siege {
			// The guns travel by rail where they can (8.5).
			for _, to := range b.RailDestinations(c) {
				if k.stackDE(to)+c.DE > game.StackLimit {
					continue
				}
				if s := p.score(&b, k, c, to, false); s > best {
					bestH, best, byRail = to, s, true
				}
			}
		}
		if bestH == from {
			continue
		}
		o := game.Move(c.ID, bestH).By(side)
		if byRail {
			o = game.Rail(c.ID, bestH).By(side)
		}
		if b.try(o) {
			out = append(out, o)
			k.stacks[from] = without(k.stacks[from], c)
			k.stacks[bestH] = append(k.stacks[bestH], c)
		}
	}
	return append(out, removals(&b)...)
}

// score is how good it is for c to end the segment in h.
func (p *Heuristic) score(b *Board, k *knowledge, c *units.Counter, h hex.Hex, stay bool) float64 {
	w := p.W
	var s float64
	f := k.fact(h) // looked up once for the whole score
	if d, ok := k.plan.distance(b, c, h); ok {
		s = -w.Objective * d
	} else {
		if f.obj < 0 {
			f.obj = k.objectiveDistanceOf(h)
		}
		s = -w.Objective * float64(f.obj)
	}
	// What the stack in h would be.
	def, att := 0.0, 0.0
	de := 0
	for _, o := range k.unitsAt(b, h) {
		de += o.DE
		if o != c {
			def += float64(o.Defence)
			att += float64(o.Attack)
		}
	}
	if stay {
		de -= c.DE
	}
	def += float64(c.Defence)
	att += float64(c.Attack)
	if f.doubles {
		def *= 2
		s += w.Terrain
	}
	if f.city {
		s += 0.5 * w.Terrain
	}
	if k.plan != nil {
		s -= k.plan.danger(b, k, c, h, def, w.Danger) // the campaign only (campaign_safety.go)
	}
	if t := f.threat; t > 0 {
		odds := t / max(def, 1)
		if odds > 1.5 && (k.plan == nil || !k.plan.ownDanger(b, c)) {
			s -= w.Danger * (odds - 1.5)
		}
		// Contact: next to a stack our side could beat.
		for _, nb := range h.Neighbors() {
			if e := k.enemy[nb]; e != nil {
				d := e.defence
				if k.doubles(nb) {
					d *= 2
				}
				if att/max(d, 1) >= 1 {
					s += w.Contact * min(e.vp, 6) / 6 * min(att/max(d, 1), 4) / 2
				}
			}
		}
	}
	s += w.Stack * float64(min(de, 3))
	if k.plan != nil {
		s -= k.plan.exposure(b, k, c, h, def) // the campaign only (campaign.go)
	}
	if w.Guard != 0 && (k.plan == nil || k.plan.cp.safety.hqGuard || c.Type != units.HQ) {
		s += w.Guard * k.guardIn(b, c, h, f)
	}
	if w.Grab != 0 && !stay {
		if v := k.cities.worth[k.side][h]; v > 0 && k.held[h] != k.side {
			s += w.Grab * float64(v) / 10
		}
	}
	return s
}

// guard is what garrisoning h is worth: the VP the enemy would score at
// the end by entering it (15.23, in tens), if no other unit of the side
// holds it, the enemy does not already hold it, and an enemy stack is
// near enough to reach it soon.
func (k *knowledge) guard(b *Board, c *units.Counter, h hex.Hex) float64 {
	return k.guardIn(b, c, h, k.fact(h))
}

// guardIn is guard with h's facts at hand.
func (k *knowledge) guardIn(b *Board, c *units.Counter, h hex.Hex, f *hexFacts) float64 {
	if f.worth < 0 {
		f.worth = k.cities.worth[k.side.Other()][h]
	}
	v := f.worth
	if v == 0 {
		return 0
	}
	for _, o := range k.unitsAt(b, h) {
		if o != c {
			return 0
		}
	}
	if f.near < 0 {
		f.near = k.enemyNearOf(h)
	}
	near := f.near
	if near > 8 {
		return 0
	}
	return float64(v) / 10 * (1 - float64(near)/10)
}

// attack is the heuristic's next attack (or siege gun shot) and its
// expected VP (0 for a shot), or false to end.
func (p *Heuristic) attack(b *Board, k *knowledge) (game.Order, float64, bool) {
	side := b.Side()
	if b.ToMove() != side {
		return game.Order{}, 0, false
	}
	if p.campaign != nil && side == units.German {
		return p.campaignAttackEV(b, k) // the campaign's combat (campaign_combat.go)
	}
	actors := b.Actors()
	if o, ok := siegeShot(b, side, actors); ok {
		return o, 0, true
	}
	type cand struct {
		o  game.Order
		ev float64
	}
	var best *cand
	for _, t := range attackTargets(b, actors) {
		o, ev, ok := planAttack(b, k, actors, t)
		if ok && ev > p.W.MinEV && (best == nil || ev > best.ev) {
			best = &cand{o, ev}
		}
	}
	if best == nil {
		return game.Order{}, 0, false
	}
	return best.o, best.ev, true
}

// attackTargets are the hexes some actor may attack.
func attackTargets(b *Board, actors []*units.Counter) []hex.Hex {
	side := b.Side()
	var out []hex.Hex
	seen := map[hex.Hex]bool{}
	// The hexes with enemy units on the board, found in one pass (the
	// question of every actor's neighbours).
	enemy := map[hex.Hex]bool{}
	for i, u := range b.s.Units {
		if u.Box == game.OnMap && b.s.Counter(i).Side() == side.Other() {
			enemy[u.At] = true
		}
	}
	for _, c := range actors {
		if c.Attack == 0 {
			continue
		}
		for _, nb := range b.Unit(c).At.Neighbors() {
			if seen[nb] {
				continue
			}
			if !enemy[nb] {
				if x, ok := b.Hex(nb); !ok || x.Fortress == 0 {
					continue
				}
			}
			seen[nb] = true
			if b.CanAttack(game.Attack("ASSAULT", nb, c.ID).By(side)) {
				out = append(out, nb)
			}
		}
	}
	sort.Slice(out, func(i, j int) bool { return hex.Less(out[i], out[j]) })
	return out
}

// planAttack chooses the attackers and table against t and its expected VP.
func planAttack(b *Board, k *knowledge, actors []*units.Counter, t hex.Hex) (game.Order, float64, bool) {
	side := b.Side()
	var att []*units.Counter
	for _, c := range actors {
		if c.Attack > 0 && hex.Distance(b.Unit(c).At, t) == 1 &&
			b.CanAttack(game.Attack("ASSAULT", t, c.ID).By(side)) {
			att = append(att, c)
		}
	}
	if len(att) == 0 {
		return game.Order{}, 0, false
	}
	e := k.enemy[t]
	var bestO game.Order
	bestEV, found := -1e9, false
	for _, table := range tableIDs {
		o := game.Attack(table, t, counterIDs(att)...).By(side)
		co, err := b.Odds(o)
		if err != nil {
			continue
		}
		ev := expectedVP(table, co, e, k, att, b)
		if ev > bestEV {
			bestO, bestEV, found = o, ev, true
		}
	}
	if !found {
		return bestO, bestEV, false
	}
	// Leave out the attackers the attack does not need: each one, weakest
	// first, whose absence costs no expected VP (it keeps the column and
	// risks fewer VP on AA and BB, and is free for another attack).
	order := append([]*units.Counter(nil), att...)
	sort.SliceStable(order, func(i, j int) bool { return order[i].Attack < order[j].Attack })
	kept := append([]*units.Counter(nil), att...)
	for _, c := range order {
		if len(kept) == 1 {
			break
		}
		var rest []*units.Counter
		for _, x := range kept {
			if x != c {
				rest = append(rest, x)
			}
		}
		o := game.Attack(bestO.Table(), t, counterIDs(rest)...).By(side)
		co, err := b.Odds(o)
		if err != nil {
			continue
		}
		if ev := expectedVP(bestO.Table(), co, e, k, rest, b); ev >= bestEV {
			kept, bestO, bestEV = rest, o, ev
		}
	}
	return bestO, bestEV, true
}

// expectedVP is the mean VP difference of an attack over the six dice
// (9.0): the defender's losses less the attacker's, retreats counted a
// little; hidden defenders add their estimated defence to the odds.
func expectedVP(table string, co game.CombatOdds, e *estimate, k *knowledge, att []*units.Counter, b *Board) float64 {
	defVP := 0.0
	if e != nil {
		defVP = e.vp
	}
	odds, ok := estimatedOdds(co, e, k) // explain.go
	if !ok {
		return -1e9
	}
	crt, err := game.Tables().CRT(table)
	if err != nil {
		return -1e9
	}
	attVP, trapped := 0.0, 0.0
	for _, c := range att {
		attVP += float64(c.VP)
		if k.trapAR && k.retreatless(b, c) {
			trapped += float64(c.VP) // 9.4: no hex to retreat to, eliminated
		}
	}
	ev := 0.0
	for die := 1; die <= 6; die++ {
		code, _ := crt.Lookup(odds.Column, die)
		switch code {
		case "DZ":
			ev += defVP + 1
		case "DA", "DH":
			ev += defVP/2 + 0.5
		case "DR":
			ev += 0.5
		case "BB":
			ev += defVP/2 - attVP/2
		case "AA":
			ev -= attVP / 2
		case "AR":
			ev -= 0.3 + trapped
		case "AZ":
			ev -= attVP
		}
	}
	return ev / 6
}
