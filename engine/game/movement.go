package game

import (
	"rtrbot/engine/board"
	"rtrbot/engine/hex"
	"rtrbot/engine/units"
)

// Allowance is a unit's movement allowance this turn (8.0; bad weather -1, 5.0).
func (s *State) Allowance(c *units.Counter) int {
	m := c.Move
	if s.BadWeather {
		m--
	}
	if m < 0 {
		m = 0
	}
	return m
}

// EnterCost is the movement points a unit pays to move from a into the
// adjacent hex b, ignoring units and zones of control: the terrain effects
// chart (clear, city, fortress 1; rough, forest, marsh 2; mountain 3;
// river hexside +1), 1 along a railway whatever the terrain and rivers
// (8.53), light infantry 16.6, armoured cars 16.7, siege artillery
// (rail-bound in rough and mountain, docs/rulings.md). ok is false with a
// reason when b may not be entered at all.
func (s *State) EnterCost(c *units.Counter, a, b hex.Hex) (int, reason) {
	return s.enterCost(c, a, b, byMovement)
}

// enterCost is EnterCost for a unit that comes into b by the way how: by
// movement, or by a retreat, which pays no points but enters where a move
// could (9.4).
func (s *State) enterCost(c *units.Counter, a, b hex.Hex, how arrival) (int, reason) {
	if why := s.mayEnter(c, b, how); why != whyNone {
		return 0, why
	}
	ca, d := s.cellAt(a), direction(a, b)
	if ca == nil || d < 0 {
		return 0, whyOffMap
	}
	if ca.rail[d] {
		return 1, whyNone // 8.53
	}
	x, _ := s.hexAt(b)
	cost := terrainCost(s.movesOf(c), x.Terrain)
	if cost == 0 {
		return 0, whyTerrain
	}
	if x.City || x.Fortress > 0 {
		cost = 1 // terrain effects chart: city 1, fortress 1 (docs/rulings.md)
	}
	if ca.river[d] {
		cost++
	}
	return cost, whyNone
}

// terrainCost is the chart's cost by movement class; 0 = not enterable
// except along a railway.
func terrainCost(mv units.Moves, t board.Terrain) int {
	switch mv {
	case units.LightMoves: // 16.6
		switch t {
		case board.Rough, board.Forest, board.Marsh:
			return 1
		case board.Mountain:
			return 2
		}
	case units.ArmouredMoves: // 16.7
		switch t {
		case board.Rough, board.Forest, board.Marsh:
			return 3
		case board.Mountain:
			return 0
		}
	case units.SiegeMoves:
		switch t {
		case board.Rough, board.Mountain:
			return 0
		}
	}
	switch t {
	case board.Rough, board.Forest, board.Marsh:
		return 2
	case board.Mountain:
		return 3
	}
	return 1
}

// Dest is a hex a unit can reach this segment, at a cost, by a path
// (excluding the start hex).
type Dest struct {
	To   hex.Hex
	Cost int
	Path []hex.Hex
}

// search is a finished movement search from one unit's hex.
type search struct {
	start hex.Hex
	cost  []int16 // by marks index; -1 unreached
	prev  []hex.Hex
	order []hex.Hex // reached hexes in the order settled
	// entry is the searching unit's own cost of entering each hex, by
	// marks index, whatever the hexside it is entered by (entryCost): 0
	// not asked yet, -1 never, else the terrain's cost + 1 (1: only along
	// a railway). Filled as the search meets hexes, reset per search.
	entry []int8
	// buckets are the bucket queue's lists, kept between searches.
	buckets [][]hex.Hex
	// steps is the number of hexes of the path to each reached hex.
	steps []int16
	// until, when not hex.None, ends the search once that hex is settled
	// (movementSearchTo): its cost and path are then final, every step
	// costing at least 1; what lies beyond is left unsearched.
	until hex.Hex
}

// mover is what a unit's entry costs and bans (mayEnterFor) depend on
// besides the hex, asked once per unit and search.
type mover struct {
	c        *units.Counter
	side     units.Side
	timid    bool        // 18.1(8), 18.2(11): held in its own country
	noBel    bool        // 18.1(12): a French or British unit kept out of Belgium
	deceived bool        // 18.1(14): a French unit kept out of Belgium north of the Meuse
	moves    units.Moves // its movement class, as the optional rules in force make it (16.6, 16.7)
}

// moverOf is what the bans and costs of c depend on now.
func (s *State) moverOf(c *units.Counter) mover {
	return mover{c: c, side: c.Side(), timid: s.timid(c), moves: s.movesOf(c),
		noBel:    s.preMobilisation() && (c.Nation == units.FR || c.Nation == units.GB),
		deceived: c.Nation == units.FR && s.deceived()}
}

// movementSearch finds every hex a unit can reach with at most limit MP,
// obeying 6.0 (entering an EZOC ends movement; no move from EZOC directly
// to EZOC) and never entering enemy-occupied hexes.
// Its arrays come from the rules' pool: the caller gives them back with
// putSearch once done with the answer.
func (s *State) movementSearch(c *units.Counter, from hex.Hex, limit int, ezoc, enemy marks) *search {
	return s.movementSearchIn(s.getSearch(), c, from, limit, ezoc, enemy)
}

// movementSearchTo is movementSearch for one destination: it stops once
// to is settled. Its cost and path to to are movementSearch's (a hex is
// settled at its least cost, and nothing settled after it can change its
// path); other hexes may be left unreached.
func (s *State) movementSearchTo(c *units.Counter, from, to hex.Hex, limit int, ezoc, enemy marks) *search {
	sr := s.getSearch()
	n := len(ezoc.b)
	if sr == nil || len(sr.cost) != n {
		sr = newSearch(n)
	}
	sr.until = to
	return s.movementSearchIn(sr, c, from, limit, ezoc, enemy)
}

// getSearch is a search's arrays from the rules' pool (nil if none: the
// search makes them).
func (s *State) getSearch() *search {
	sr, _ := s.rules.searches.Get().(*search)
	return sr
}

// putSearch gives a finished search's arrays back for another search; sr
// must not be used afterwards.
func (s *State) putSearch(sr *search) {
	if sr != nil {
		s.rules.searches.Put(sr)
	}
}

// fillUnreached sets every cost to -1 (not reached), by doubling copies
// of the part already set (a few block moves instead of one store per
// hex of the map, for every search).
func fillUnreached(cost []int16) {
	if len(cost) == 0 {
		return
	}
	cost[0] = -1
	for k := 1; k < len(cost); k *= 2 {
		copy(cost[k:], cost[:k])
	}
}

func newSearch(n int) *search {
	return &search{cost: make([]int16, n), prev: make([]hex.Hex, n), entry: make([]int8, n), steps: make([]int16, n), until: hex.None}
}

// entryCost is the part of EnterCost that does not depend on the hexside
// crossed: -1 if c may not be in b at all (mayEnterFor), otherwise the
// terrain's cost + 1 (so 1 when b is entered only along a railway, 8.53). EnterCost is this plus the railway and the river
// of the hexside; the movement search asks it once per hex and unit.
func (s *State) entryCost(m *mover, b hex.Hex) int8 {
	if s.mayEnterFor(m, b, byMovement) != whyNone {
		return -1
	}
	x, _ := s.hexAt(b)
	cost := terrainCost(m.moves, x.Terrain)
	if cost != 0 && (x.City || x.Fortress > 0) {
		cost = 1 // terrain effects chart: city 1, fortress 1 (docs/rulings.md)
	}
	return int8(cost + 1)
}

// movementSearchIn is movementSearch reusing a finished search's arrays
// (nil: new ones), so that asking for every unit's destinations does not
// allocate a grid per unit.
func (s *State) movementSearchIn(sr *search, c *units.Counter, from hex.Hex, limit int, ezoc, enemy marks) *search {
	n := len(ezoc.b)
	if sr == nil || len(sr.cost) != n {
		sr = newSearch(n)
	}
	sr.start, sr.order = from, sr.order[:0]
	until := sr.until
	sr.until = hex.None
	fillUnreached(sr.cost)
	clear(sr.entry)
	mv := s.moverOf(c)
	si := ezoc.idx(from)
	sr.cost[si] = 0
	sr.steps[si] = 0
	disengaging := ezoc.b[si] && s.Option(RuleDisengagement)
	// Bucket queue: costs are small integers.
	if cap(sr.buckets) < limit+1 {
		sr.buckets = make([][]hex.Hex, limit+1)
	}
	buckets := sr.buckets[:limit+1]
	for i := range buckets {
		buckets[i] = buckets[i][:0]
	}
	buckets[0] = append(buckets[0], from)
	for d := 0; d <= limit; d++ {
		for k := 0; k < len(buckets[d]); k++ {
			h := buckets[d][k]
			hi := ezoc.idx(h)
			if int(sr.cost[hi]) != d {
				continue // settled earlier at a lower cost
			}
			if h == until && until != hex.None {
				return sr // its cost and path are final (until)
			}
			if h != from {
				sr.order = append(sr.order, h)
				if ezoc.b[hi] {
					continue // 6.0: entering an EZOC stops movement
				}
			}
			ch := s.cellAt(h)
			if ch == nil {
				continue
			}
			for dir, nb := range ch.nb {
				ni := int(ch.nbi[dir]) // ezoc.idx(nb)
				if ni < 0 || enemy.b[ni] {
					continue
				}
				if ezoc.b[hi] && ezoc.b[ni] {
					continue // 6.0: no move from EZOC directly to EZOC
				}
				if disengaging && ezoc.b[ni] {
					continue // 16.1: no other EZOC after starting in one
				}
				// EnterCost(c, h, nb), its hexside-free part asked once
				// per hex (entryCost).
				e := sr.entry[ni]
				if e == 0 {
					e = s.entryCost(&mv, nb)
					sr.entry[ni] = e
				}
				var step int
				switch {
				case e < 0:
					continue
				case ch.rail[dir]:
					step = 1 // 8.53
				case e == 1:
					continue // not enterable off a railway
				default:
					step = int(e) - 1
					if ch.river[dir] {
						step++
					}
				}
				nc := d + step
				if nc > limit {
					continue
				}
				if sr.cost[ni] < 0 || int(sr.cost[ni]) > nc {
					sr.cost[ni] = int16(nc)
					sr.prev[ni] = h
					sr.steps[ni] = sr.steps[hi] + 1
					buckets[nc] = append(buckets[nc], nb)
				}
			}
		}
	}
	return sr
}

func (sr *search) reached(h hex.Hex, m marks) (int, bool) {
	i := m.idx(h)
	if i < 0 || sr.cost[i] < 0 || h == sr.start {
		return 0, false
	}
	return int(sr.cost[i]), true
}

func (sr *search) path(h hex.Hex, m marks) []hex.Hex {
	n := 0
	for x := h; x != sr.start; x = sr.prev[m.idx(x)] {
		n++
	}
	out := make([]hex.Hex, n)
	for x := h; x != sr.start; x = sr.prev[m.idx(x)] {
		n--
		out[n] = x
	}
	return out
}

// mayMove is canMove(c) == nil without making the refusal: the question
// asked of every unit when listing the actors (TestMayMove keeps the two
// the same).
func (s *State) mayMove(c *units.Counter) bool {
	u := s.Units[c.Index]
	return c.Side() == s.Player && u.Box == OnMap && s.Step.IsMovement() &&
		!u.Moved && !u.Trench && !u.Edge && !(s.Step == Move2 && u.OutOfCommand) && c.Move != 0 &&
		!(s.preMobilisation() && c.Type != units.Assault && c.Type != units.Active && c.Type != units.Light && c.Type != units.Cavalry)
}

// canMove says why a unit may not move in this segment, or nil.
func (s *State) canMove(c *units.Counter) error {
	if s.mayMove(c) {
		return nil
	}
	u := s.Units[c.Index]
	if err := s.ownUnitOnMap(c); err != nil {
		return err
	}
	if !s.Step.IsMovement() {
		return refuse("move-wrong-step", s.Phase())
	}
	switch {
	case u.Moved:
		return refuse("moved-already", c.ID)
	case u.Trench:
		return refuse("move-entrenched", c.ID)
	case u.Edge:
		return refuse("move-edge-entry", c.ID)
	case s.Step == Move2 && u.OutOfCommand:
		return refuse("move-out-of-command", c.ID)
	case c.Move == 0:
		return refuse("no-movement-allowance", c.ID)
	case s.preMobilisation() && c.Type != units.Assault && c.Type != units.Active && c.Type != units.Light && c.Type != units.Cavalry:
		return refuse("move-pre-mobilisation", c.ID, c.Type.Name())
	}
	return nil
}

// ownUnitOnMap checks the unit is the moving player's and on the map.
// ownOneUnit is the one unit an order names, checked by ownUnitOnMap.
func (s *State) ownOneUnit(o Order) (*units.Counter, error) { return s.oneUnitThat(o, s.ownUnitOnMap) }

func (s *State) ownUnitOnMap(c *units.Counter) error {
	if s.Step == EventStep { // 3.0 A: the event phase is no player's turn
		return refuse("event-phase-units-wait", s.FirstPlayer().Name())
	}
	if c.Side() != s.Player {
		return refuse("not-your-unit",
			c.ID, c.Side().Name(), s.Player.Name())
	}
	if u := s.Units[c.Index]; u.Box != OnMap {
		if u.Box == Pool && c.IsCorps() { // broken down into divisions (10.0)
			return refuse("corps-broken-down", c.ID)
		}
		return refuse("unit-off-map", c.ID, u.Box.Name())
	}
	return nil
}

// Destinations answers the interface's question: every hex the unit may
// move to now, with its cost and path, in the order of increasing cost.
// It is empty, with the reason, when the unit may not move.
func (s *State) Destinations(c *units.Counter) ([]Dest, error) {
	if err := s.canMove(c); err != nil {
		return nil, err
	}
	side := c.Side()
	ezoc, enemy := s.zocAndOccupied(side.Other())
	return s.destinations(c, ezoc, enemy), nil
}

// DestinationHexes are the hexes of Destinations, in its order, without
// their costs and paths (a computer player scoring every unit's moves
// asks only where).
func (s *State) DestinationHexes(c *units.Counter) ([]hex.Hex, error) {
	if err := s.canMove(c); err != nil {
		return nil, err
	}
	side := c.Side()
	ezoc, enemy := s.zocAndOccupied(side.Other())
	sr := s.movementSearchIn(s.getSearch(), c, s.Units[c.Index].At, s.Allowance(c), ezoc, enemy)
	out := make([]hex.Hex, len(sr.order))
	copy(out, sr.order)
	s.putSearch(sr)
	return out, nil
}

func (s *State) destinations(c *units.Counter, ezoc, enemy marks) []Dest {
	sr := s.getSearch()
	defer s.putSearch(sr)
	return s.destinationsIn(sr, c, ezoc, enemy)
}

func (s *State) destinationsIn(scratch *search, c *units.Counter, ezoc, enemy marks) []Dest {
	u := s.Units[c.Index]
	sr := s.movementSearchIn(scratch, c, u.At, s.Allowance(c), ezoc, enemy)
	out := make([]Dest, 0, len(sr.order))
	// Every path in one array, each its own full slice (an append to
	// one copies it rather than write over the next).
	total := 0
	for _, h := range sr.order {
		total += int(sr.steps[ezoc.idx(h)])
	}
	buf := make([]hex.Hex, total)
	for _, h := range sr.order {
		i := ezoc.idx(h)
		n := int(sr.steps[i])
		p := buf[:n:n]
		buf = buf[n:]
		for x, k := h, n-1; k >= 0; x, k = sr.prev[ezoc.idx(x)], k-1 {
			p[k] = x
		}
		out = append(out, Dest{To: h, Cost: int(sr.cost[i]), Path: p})
	}
	return out
}

// applyMove moves a unit along the cheapest path, or along the path given
// (every hex after the start, ending at the destination).
func (s *State) applyMove(o Order) (*State, []Event, error) {
	c, err := s.oneUnit(o)
	if err != nil {
		return nil, nil, err
	}
	if len(o.Hexes) == 0 {
		return nil, nil, refuse("move-no-hex", c.ID, c.ID)
	}
	if err := s.canMove(c); err != nil {
		return nil, nil, err
	}
	side := c.Side()
	ezoc, enemy := s.zocAndOccupied(side.Other())
	from := s.Units[c.Index].At
	to := o.Hexes[len(o.Hexes)-1]
	var path []hex.Hex
	cost := 0
	if len(o.Hexes) == 1 {
		sr := s.movementSearchTo(c, from, to, s.Allowance(c), ezoc, enemy)
		k, ok := sr.reached(to, ezoc)
		if ok {
			path, cost = sr.path(to, ezoc), k
		}
		s.putSearch(sr)
		if !ok {
			return nil, nil, s.whyNotReach(c, from, to, ezoc, enemy)
		}
	} else {
		path = o.Hexes
		if cost, err = s.checkPath(c, from, path, ezoc, enemy); err != nil {
			return nil, nil, err
		}
	}
	n := s.clone()
	n.Units[c.Index].At = to
	n.Units[c.Index].Moved = true
	e := ev(EvMoved, side, tr("%s moved %s → %s (%d MP: %s).", "%s が %s → %s に移動 (%d MP: %s)。", c.ID, from, to, cost, hexList(path)))
	e.Units, e.Hexes, e.N = []string{c.ID}, append([]hex.Hex{from}, path...), cost
	return n, []Event{e}, nil
}

// checkPath checks an explicit path step by step and returns its cost.
func (s *State) checkPath(c *units.Counter, from hex.Hex, path []hex.Hex, ezoc, enemy marks) (int, error) {
	cost, at := 0, from
	for i, h := range path {
		if !hex.Adjacent(at, h) {
			return 0, refuse("path-not-adjacent", h, at)
		}
		if i > 0 && ezoc.has(at) {
			return 0, refuse("path-beyond-ezoc", at, h)
		}
		if ezoc.has(at) && ezoc.has(h) {
			return 0, cannotEnter(c.ID, h, whyEZOCtoEZOC)
		}
		if ezoc.has(from) && ezoc.has(h) && s.Option(RuleDisengagement) {
			return 0, cannotEnter(c.ID, h, whyDisengage)
		}
		if enemy.has(h) {
			return 0, cannotEnter(c.ID, h, whyEnemy)
		}
		step, why := s.EnterCost(c, at, h)
		if why != whyNone {
			return 0, cannotEnter(c.ID, h, why)
		}
		cost += step
		at = h
	}
	if lim := s.Allowance(c); cost > lim {
		return 0, refuse("path-too-costly", cost, c.ID, lim)
	}
	return cost, nil
}

// whyNotReach explains why a destination is not reachable.
func (s *State) whyNotReach(c *units.Counter, from, to hex.Hex, ezoc, enemy marks) error {
	if to == from {
		return refuse("already-there", c.ID, to)
	}
	if enemy.has(to) {
		return cannotEnter(c.ID, to, whyEnemy)
	}
	if why := s.mayEnter(c, to, byMovement); why != whyNone {
		return cannotEnter(c.ID, to, why)
	}
	x, _ := s.hexAt(to)
	if terrainCost(s.movesOf(c), x.Terrain) == 0 && !s.rules.Map.HasRail(to) {
		return refuse("rail-only-terrain", c.ID, x.Terrain)
	}
	if ezoc.has(from) && ezoc.has(to) && hex.Adjacent(from, to) {
		return cannotEnter(c.ID, to, whyEZOCtoEZOC)
	}
	if ezoc.has(from) && ezoc.has(to) && s.Option(RuleDisengagement) {
		return cannotEnter(c.ID, to, whyDisengage)
	}
	// Reachable with unlimited MP?
	far := s.movementSearch(c, from, 200, ezoc, enemy)
	k, ok := far.reached(to, ezoc)
	s.putSearch(far)
	if ok {
		return refuse("not-enough-mp", c.ID, k, to, s.Allowance(c), c.ID)
	}
	return refuse("no-route", c.ID, to, c.ID)
}

// home reports whether h is in the unit's own country (Luxembourg counts
// as Germany, 14.2).
func (s *State) home(c *units.Counter, h hex.Hex) bool {
	if c.Side() == units.German {
		return s.Own(units.German, h)
	}
	x, ok := s.hexAt(h)
	return ok && x.Country == board.France
}

// timid reports whether the unit is held in its own country by the timid
// reservists options until Sep I (18.1(8): German reserve and Landwehr stay
// in Germany; 18.2(11): French reserve and territorial units in France).
func (s *State) timid(c *units.Counter) bool {
	if s.Turn >= 5 || (c.Type != units.Reserve && c.Type != units.Landwehr) {
		return false
	}
	return (s.Option(OptGermanTimid) && group(c.Nation) == units.DE) || (s.Option(OptFrenchTimid) && c.Nation == units.FR)
}

// preMobilisation is the extra Aug I turn of 18.1(12).
func (s *State) preMobilisation() bool { return s.Turn == 1 && s.Option(OptPreMobilisation) }

// deceived: 18.1(14) holds until a Belgian fortress is destroyed or Sep I.
func (s *State) deceived() bool {
	if !s.Option(OptDeception) || s.Turn >= 5 {
		return false
	}
	for _, h := range s.Destroyed {
		if x, ok := s.hexAt(h); ok && x.Country == board.Belgium && x.Fortress > 0 {
			return false
		}
	}
	return true
}

// northOfMeuse reports whether h is Belgian ground north (and west) of the
// Meuse: the Belgian hexes joined to Brussels (3216) without crossing a
// Meuse hexside (docs/rulings.md R31).
func (s *State) northOfMeuse(h hex.Hex) bool {
	r := s.rules
	r.northOnce.Do(func() {
		r.north = map[hex.Hex]bool{}
		start := hex.Hex{Col: 32, Row: 16}
		if x, ok := r.Map.Hex(start); !ok || x.Country != board.Belgium {
			return
		}
		r.north[start] = true
		queue := []hex.Hex{start}
		for len(queue) > 0 {
			at := queue[0]
			queue = queue[1:]
			for _, nb := range at.Neighbors() {
				x, ok := r.Map.Hex(nb)
				if !ok || r.north[nb] || x.Country != board.Belgium || x.Terrain == board.Sea || r.Map.Hexside(at, nb).River == "Meuse" {
					continue
				}
				r.north[nb] = true
				queue = append(queue, nb)
			}
		}
	})
	return r.north[h]
}

// movesOf is how a unit pays for terrain: light infantry (16.6) and
// armoured cars (16.7) by their own costs while those optional rules are in
// force (the default), otherwise by the chart's like other units (16.0).
func (s *State) movesOf(c *units.Counter) units.Moves {
	switch {
	case c.Moves == units.LightMoves && !s.Option(RuleLightInfantry),
		c.Moves == units.ArmouredMoves && !s.Option(RuleArmouredCars):
		return units.NormalMoves
	}
	return c.Moves
}
