package game

import (
	"rtrbot/engine/board"
	hexes "rtrbot/engine/hex"
	"rtrbot/engine/units"
)

// marks is a set of hexes over the map's grid: much faster than a map in
// the searches of movement, command and rail.
type marks struct {
	rows int
	b    []bool
}

func (s *State) newMarks() marks {
	s.rules.index()
	return marks{rows: s.rules.rows, b: make([]bool, len(s.rules.cells))}
}

func (m marks) idx(h hexes.Hex) int {
	i := h.Col*(m.rows+1) + h.Row
	if h.Col < 0 || h.Row < 0 || h.Row > m.rows || i >= len(m.b) {
		return -1
	}
	return i
}

func (m marks) has(h hexes.Hex) bool { i := m.idx(h); return i >= 0 && m.b[i] }
func (m marks) set(h hexes.Hex) {
	if i := m.idx(h); i >= 0 {
		m.b[i] = true
	}
}

// Neutral reports whether a country is neutral in this game (14.2: the
// Netherlands and Switzerland; Belgium with 18.1(5), Luxembourg with
// 18.1(6); the Netherlands join the Allies with 18.1(7)).
func (s *State) Neutral(c board.Country) bool {
	switch c {
	case board.Switzerland:
		return true // 14.2: never violated
	case board.Netherlands:
		return !s.Option(OptInvadeNetherlands)
	case board.Belgium:
		return s.Option(OptNoBelgium)
	case board.Luxembourg:
		return s.Option(OptNoLuxembourg)
	}
	return false
}

// Owner is the side whose territory a country is: Germany and Luxembourg
// German (14.2: Luxembourg is German in every respect), France and Belgium
// Allied, the Netherlands Allied only when invaded (18.1(7)).
func Owner(c board.Country) (units.Side, bool) {
	switch c {
	case board.Germany, board.Luxembourg:
		return units.German, true
	case board.France, board.Belgium, board.Netherlands:
		return units.Allied, true
	}
	return units.German, false
}

// Own reports whether h is the side's own, non-neutral territory (8.5:
// Germans in Germany and Luxembourg, Allies in France and Belgium).
func (s *State) Own(side units.Side, h hexes.Hex) bool {
	x, ok := s.hexAt(h)
	if !ok || x.Terrain == board.Sea || s.Neutral(x.Country) {
		return false
	}
	if x.Country == board.Netherlands {
		return false // 8.5 names France and Belgium only
	}
	o, ok := Owner(x.Country)
	return ok && o == side
}

// EnemyFortress reports whether h holds an undestroyed fortress of the
// side's enemy (12.7: closed to the side until destroyed).
func (s *State) EnemyFortress(side units.Side, h hexes.Hex) bool {
	x, ok := s.hexAt(h)
	if !ok || x.Fortress == 0 || s.IsDestroyed(h) {
		return false
	}
	o, ok := Owner(x.Country)
	return ok && o != side
}

// Closed reports whether a unit of side may never enter h in a movement
// segment, and why: off the map, sea, a neutral country, an undestroyed
// enemy fortress (6.0, 8.0, 12.7, 14.2).
func (s *State) Closed(side units.Side, h hexes.Hex) (bool, reason) {
	x, ok := s.hexAt(h)
	switch {
	case !ok:
		return true, whyOffMap
	case x.Terrain == board.Sea:
		return true, whySea
	case s.Neutral(x.Country):
		return true, whyNeutral
	case x.Fortress > 0 && !s.IsDestroyed(h): // EnemyFortress, the hex in hand
		if o, ok := Owner(x.Country); ok && o != side {
			return true, whyFortress
		}
	}
	return false, whyNone
}

// arrival is the way a unit comes to be in a hex. The bans of mayEnter
// are the same for all of them but setup's; the costs and rules of each
// way (terrain and rivers, railways, ports, logistics hexes, zones of
// control) are the way's own and are checked where it is applied.
type arrival int

const (
	byMovement      arrival = iota // 8.0, and attacks into a hex (9.0) through EnterCost
	byRail                         // 8.5
	bySea                          // sea transport and assault landing, reinforcements landed by sea (16.3, 18.2(8))
	byReinforcement                // at a logistics or map-edge hex (11.1)
	byRetreat                      // 9.4, and where a delaying action could retreat (16.2)
	bySetup                        // setup orders and the default placement (17.0)
	byAbandonment                  // the Landwehr division placed in an abandoned fortress (12.4)
)

// mayEnter says why unit c may not be in hex h now, having come there by
// the way how, or whyNone: the one answer every way of getting there asks
// (there is no advance after combat in this game). The bans are those of
// the rules, for every unit and every way (off the map, sea 8.0, a neutral
// country 14.2, an undestroyed enemy fortress 12.7: Closed), and those of
// the options, for the units they name: no German sets up in Luxembourg
// before mobilisation (18.1(12), setup only), the timid reservists stay in
// their own country until Sep I (18.1(8), 18.2(11)), the French and
// British stay out of Belgium on the extra Aug I turn (18.1(12)), and the
// French out of Belgium north of the Meuse while the German deception
// holds (18.1(14)). Each says where the unit may not be, not by which way
// it may not go there (docs/rulings.md R40).
func (s *State) mayEnter(c *units.Counter, h hexes.Hex, how arrival) reason {
	m := s.moverOf(c)
	return s.mayEnterFor(&m, h, how)
}

// mayEnterFor is mayEnter with what depends on the unit asked once
// (moverOf), for the searches that ask it of many hexes.
func (s *State) mayEnterFor(m *mover, h hexes.Hex, how arrival) reason {
	if why := s.closedTo(m.side, h, how); why != whyNone {
		return why
	}
	if m.timid && !s.home(m.c, h) {
		return whyTimid // 18.1(8), 18.2(11)
	}
	if m.noBel {
		if x, _ := s.hexAt(h); x.Country == board.Belgium {
			return whyPreMobilisation // 18.1(12)
		}
	}
	if m.deceived && s.northOfMeuse(h) {
		return whyDeception // 18.1(14)
	}
	return whyNone
}

// closedTo is the part of mayEnter that holds for every unit of the side
// arriving by the way how: Closed, and for setup 18.1(12)'s Luxembourg.
func (s *State) closedTo(side units.Side, h hexes.Hex, how arrival) reason {
	if closed, why := s.Closed(side, h); closed {
		return why
	}
	if how == bySetup && side == units.German && s.Option(OptPreMobilisation) {
		if x, _ := s.hexAt(h); x.Country == board.Luxembourg {
			return whySetupLuxembourg // 18.1(12)
		}
	}
	return whyNone
}

// ZOC returns the hexes in the zone of control of side's units (6.0):
// every unit, trench side and HQs included, into all six neighbours,
// enemy-occupied ones too, but not into hexes the unit could not enter
// in a movement segment. Fortresses themselves have none (12.0); a unit
// inside one has its own.
// What it returns is read, never written (a game's states share it:
// memo.go).
func (s *State) ZOC(side units.Side) marks {
	e := s.sideMemoFor(side)
	if e != nil && e.zoc.b != nil {
		return e.zoc
	}
	m := s.zocOf(side)
	s.remember(side, e, m, marks{})
	return m
}

// zocAndOccupied is ZOC(side) and occupiedBy(side), the memo checked
// once for both.
func (s *State) zocAndOccupied(side units.Side) (zoc, occ marks) {
	e := s.sideMemoFor(side)
	if e != nil {
		zoc, occ = e.zoc, e.occ
		if zoc.b != nil && occ.b != nil {
			return zoc, occ
		}
	}
	if zoc.b == nil {
		zoc = s.zocOf(side)
	}
	if occ.b == nil {
		occ = s.occupiedOf(side)
	}
	s.remember(side, e, zoc, occ)
	return zoc, occ
}

func (s *State) zocOf(side units.Side) marks {
	m := s.newMarks()
	noReserveZOC := s.Option(RuleM91ZOC)
	for i, u := range s.Units {
		if u.Box != OnMap || s.sideOf(i) != side {
			continue
		}
		c := s.Counter(i)
		if noReserveZOC && c.Size == units.Division && (c.Type == units.Reserve || c.Type == units.Landwehr) {
			continue // MOVES #91 optional rule
		}
		for _, n := range u.At.Neighbors() {
			if i := m.idx(n); i >= 0 && !m.b[i] { // a hex marked already needs no second look
				if closed, _ := s.Closed(side, n); !closed {
					m.b[i] = true
				}
			}
		}
	}
	return m
}

// occupiedBy marks the hexes holding units of side.
// Read only, as ZOC's.
func (s *State) occupiedBy(side units.Side) marks {
	e := s.sideMemoFor(side)
	if e != nil && e.occ.b != nil {
		return e.occ
	}
	m := s.occupiedOf(side)
	s.remember(side, e, marks{}, m)
	return m
}

func (s *State) occupiedOf(side units.Side) marks {
	m := s.newMarks()
	for i, u := range s.Units {
		if u.Box == OnMap && s.sideOf(i) == side {
			m.set(u.At)
		}
	}
	return m
}
