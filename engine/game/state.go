package game

import (
	"slices"
	"sort"
	"sync"
	"sync/atomic"

	"rtrbot/engine/board"
	"rtrbot/engine/hex"
	"rtrbot/engine/scenario"
	"rtrbot/engine/turn"
	"rtrbot/engine/units"
	"rtrbot/i18n"
)

// Rules is what a game is played with: the map, the counters, the scenario
// and its reinforcement table. It is shared by all states of a game and
// never changed.
type Rules struct {
	Map            *board.Map
	Counters       *units.Set
	Scenario       scenario.Scenario
	Reinforcements []scenario.Entry

	once  sync.Once
	hexes []*board.Hex // the map's hexes in order, listed once
	cells []cell       // the map as a dense grid, by marks index
	rows  int
	// built is the grid once index has listed it, for cellAt's quick
	// look (one load instead of the once's call).
	built atomic.Pointer[grid]

	northOnce sync.Once
	north     map[hex.Hex]bool // Belgium north of the Meuse (18.1(14))

	scoring scoringHexes // victory.go: the end VP hexes (15.23), built once

	// searches are movement searches' arrays for reuse (movement.go's
	// getSearch, putSearch): a replay moves hundreds of units.
	searches sync.Pool

	countersOnce sync.Once
	sides        []units.Side // each counter's side, by index (sideOf)
	arrivals     []turn.Turn  // each counter's Arrives, by index (arrives)
	// of are each side's counter indexes in order (sideIndexes), for the
	// loops over one side's units.
	of [2][]int

	// spareUnits are Units arrays of states nobody will read again,
	// handed back by ReplayKey (giveBackUnits) for clone to fill.
	spareUnits sync.Pool
}

// cell is one hex of the dense grid: what the map says, and which of its
// six hexsides (by hex.Direction) carry a railway or a river.
type cell struct {
	x     *board.Hex
	rail  [6]bool
	river [6]bool
	// nb are the six neighbours (hex.Hex.Neighbors) and nbi their marks
	// indexes (-1 off the grid), for the movement search's inner loop.
	nb  [6]hex.Hex
	nbi [6]int32
}

func (r *Rules) index() {
	r.once.Do(func() {
		g := r.Map.Memo(gridKey{}, func() any { return buildGrid(r.Map) }).(*grid)
		r.hexes, r.cells, r.rows = g.hexes, g.cells, g.rows
		r.built.Store(g)
	})
}

// grid is the map as the engine reads it: its hexes in order and the
// dense grid of cells. It depends on the map alone, so it is built once
// per map (board.Map.Memo) and shared by every game's Rules; nothing
// writes to it once built.
type grid struct {
	hexes []*board.Hex
	cells []cell
	rows  int
}

type gridKey struct{}

func buildGrid(m *board.Map) *grid {
	g := &grid{hexes: m.Hexes()}
	cols, rows := m.Cols, m.Rows
	for _, x := range g.hexes {
		cols, rows = max(cols, x.At.Col), max(rows, x.At.Row)
	}
	g.rows = rows
	g.cells = make([]cell, (cols+1)*(rows+1))
	for _, x := range g.hexes {
		c := &g.cells[x.At.Col*(rows+1)+x.At.Row]
		c.x, c.nb = x, x.At.Neighbors()
		for d, n := range c.nb {
			c.nbi[d] = -1
			if i := n.Col*(rows+1) + n.Row; n.Col >= 0 && n.Row >= 0 && n.Row <= rows && i < len(g.cells) {
				c.nbi[d] = int32(i)
			}
		}
	}
	// The railways and rivers, from the map's lists of the hexsides
	// that carry something (Map.Rail and Map.Hexside asked of those only).
	mark := func(s hex.Hexside, set func(c *cell, d int)) {
		if n, ok := hex.HexsideBetween(s.A, s.B); !ok || n != s {
			return // not a hexside as the map's lookups name it
		}
		for _, e := range [2][2]hex.Hex{{s.A, s.B}, {s.B, s.A}} {
			d := direction(e[0], e[1])
			if e[0].Col < 0 || e[0].Row < 0 || e[0].Row > rows || d < 0 {
				continue
			}
			if i := e[0].Col*(rows+1) + e[0].Row; i < len(g.cells) && g.cells[i].x != nil {
				set(&g.cells[i], d)
			}
		}
	}
	for _, s := range m.RailLinks() {
		mark(s, func(c *cell, d int) { c.rail[d] = true })
	}
	for s, x := range m.Hexsides() {
		if x.River != "" {
			mark(s, func(c *cell, d int) { c.river[d] = true })
		}
	}
	return g
}

// allHexes lists the map's hexes in column, row order.
func (s *State) allHexes() []*board.Hex {
	s.rules.index()
	return s.rules.hexes
}

// cellAt is the dense-grid cell of h, or nil off the map.
func (s *State) cellAt(h hex.Hex) *cell {
	g := s.rules.built.Load()
	if g == nil {
		s.rules.index()
		g = s.rules.built.Load()
	}
	if h.Col < 0 || h.Row < 0 || h.Row > g.rows {
		return nil
	}
	i := h.Col*(g.rows+1) + h.Row
	if i >= len(g.cells) || g.cells[i].x == nil {
		return nil
	}
	return &g.cells[i]
}

// hexAt is Map.Hex over the dense grid.
func (s *State) hexAt(h hex.Hex) (*board.Hex, bool) {
	if c := s.cellAt(h); c != nil {
		return c.x, true
	}
	return nil, false
}

// direction finds the direction from a to its neighbour b (-1 if none).
func direction(a, b hex.Hex) int {
	for d, n := range a.Neighbors() {
		if n == b {
			return d
		}
	}
	return -1
}

// Step is a phase or segment of the sequence of play (3.0).
type Step int

const (
	SetupStep     Step = iota // 17.1: the side of Player places its units
	EventStep                 // A. event phase (5.0; from GT 2)
	Reinforcement             // (1) reinforcement phase (11.0)
	Reorg1                    // (2)(a) first impulse: reorganisation segment (10.0)
	Move1                     // (2)(b) movement segment (8.0)
	Combat1                   // (2)(c) combat segment (9.0)
	Command                   // (3) command phase (4.0)
	Reorg2                    // (4)(a) second impulse
	Move2                     // (4)(b)
	Combat2                   // (4)(c)
	GameOver
)

var stepNames = [...]string{"setup", "event", "reinforcement", "reorganisation-1", "movement-1", "combat-1", "command", "reorganisation-2", "movement-2", "combat-2", "over"}

func (s Step) String() string {
	if int(s) < len(stepNames) {
		return stepNames[s]
	}
	return "step?"
}

// ParseStep reads a step name as String writes it.
func ParseStep(s string) (Step, bool) {
	for i, n := range stepNames {
		if n == s {
			return Step(i), true
		}
	}
	return 0, false
}

// Impulse is 1 or 2 for the segments of an impulse, 0 otherwise.
func (s Step) Impulse() int {
	switch s {
	case Reorg1, Move1, Combat1:
		return 1
	case Reorg2, Move2, Combat2:
		return 2
	}
	return 0
}

// IsMovement, IsReorg, IsCombat classify segments.
func (s Step) IsMovement() bool { return s == Move1 || s == Move2 }
func (s Step) IsReorg() bool    { return s == Reorg1 || s == Reorg2 }
func (s Step) IsCombat() bool   { return s == Combat1 || s == Combat2 }

// Box is where a counter is.
type Box uint8

const (
	Pool       Box = iota // not in play: not yet arrived, a spare, or a broken-down corps
	Unplaced              // to be placed at setup (17.2-17.5)
	OnMap                 // on the map at At
	Eliminated            // eliminated (may return as a reinforcement, 11.1)
	Russia                // in the Russian Front box (11.7, 14.3)
	Out                   // out of the game by an option (18.2(6), 18.2(7))
)

var boxNames = [...]string{"pool", "unplaced", "map", "eliminated", "russia", "out"}

func (b Box) String() string { return boxNames[b] }

// boxTexts name the boxes for players, in Box order.
var boxTexts = [...]i18n.Text{
	Pool:       i18n.T("not in play", "未登場"),
	Unplaced:   i18n.T("to set up", "未配置"),
	OnMap:      i18n.T("on the map", "盤上"),
	Eliminated: i18n.T("eliminated", "除去済"),
	Russia:     i18n.T("Russian Front box", "ロシア戦線ボックス"),
	Out:        i18n.T("out of the game", "ゲーム外"),
}

// Name is the box for players.
func (b Box) Name() i18n.Text {
	if b >= 0 && int(b) < len(boxTexts) {
		return boxTexts[b]
	}
	return boxTexts[Out]
}

// Unit is the state of one counter. The zero value is a counter in the pool.
type Unit struct {
	At           hex.Hex // first: the flags after it pack into one word
	Box          Box
	Trench       bool // on its trench side (13.0)
	OutOfCommand bool // out-of-command marker (4.0)
	Moved        bool // has moved (or rail-moved) in this movement segment
	Edge         bool // entered at the map edge this turn: no reorganisation, movement or attack (11.1)
}

// Due is a reinforcement entitlement still to be placed this phase.
type Due struct {
	Nation units.Nation // DE covers Bavarians
	Type   units.Type
	DE     int
	Ports  bool // lands in a French or Belgian port instead (18.2(8))
}

// State is a position of a game. States are values: Apply never changes
// the state it is given.
type State struct {
	rules *Rules

	// Seed is the 8-byte dice key of a practice game (and of games
	// stored before secrets); Secret, when set, is the game's 256-bit
	// dice secret and takes its place (dice.go).
	Seed   uint64
	Secret []byte
	// nextKeys are the keys the game's "rekey" orders change to, in
	// order (dice.go): secrets, kept out of the position and its hash.
	nextKeys [][]byte
	Options  []string // scenario options in force (18.x), sorted
	Turn     turn.Turn
	Step     Step
	Player   units.Side // whose setup or player turn it is
	Units    []Unit     // indexed by counter Index
	VP       [2]int
	// RailUsed is the division-equivalents moved by rail this turn (8.5).
	RailUsed [2]int
	// Entrenching is true once the "entrenchment begins" event has
	// happened (13.0).
	Entrenching bool
	// BadWeather is set by the weather events for the current turn (5.0).
	BadWeather bool
	// Destroyed fortresses (12.7), sorted.
	Destroyed []hex.Hex
	// Dues are this phase's reinforcements still to place (11.1).
	Dues []Due
	// WithdrawAttack and WithdrawHQ are what the Russian Front still
	// demands this turn (11.7, 14.3).
	WithdrawAttack, WithdrawHQ int
	// NavalGunfire counts British naval gunfire markers received (16.4).
	NavalGunfire int
	// Orders is how many orders have been applied.
	Orders int

	// What the rules past movement keep, each with its rule's file.
	Dice    DiceState    // the game's dice: rolls made, forced dice (dice.go)
	Combat  CombatState  // this combat segment's attackers and retreats (combat.go, 9.0, 9.4)
	Sight   SightState   // what fog of war lets a side see this segment or turn (fog_of_war.go, 14.1, 14.12)
	Events  EventState   // lasting effects of the random events (random_events.go, 5.0)
	Russia  RussiaState  // the Russian Front (russian_front.go, 14.3)
	Victory VictoryState // VP scored once and city hexes held (victory.go, 15.2)
	Opt     OptionState  // what the options keep (18.1(13), 16.35)

	memo *memo // zones of control and occupied hexes found, shared by a game's states (memo.go)
	// after is what ApplyRemembered last gave from this state (apply.go);
	// each state made by clone has its own.
	after *afterSlot
}

// sideOf is the side of counter i: Counter(i).Side(), listed once per
// Rules for the loops over every unit.
func (s *State) sideOf(i int) units.Side {
	r := s.rules
	r.listCounters()
	if i < len(r.sides) {
		return r.sides[i]
	}
	return s.Counter(i).Side()
}

// arrives is c.Arrives() (the turn a reinforcement is due, 11.1), read
// once per Rules instead of parsed at every question.
func (s *State) arrives(c *units.Counter) turn.Turn {
	r := s.rules
	r.listCounters()
	if c.Index < len(r.arrivals) && r.Counters.At(c.Index) == c {
		return r.arrivals[c.Index]
	}
	return c.Arrives()
}

func (r *Rules) listCounters() {
	r.countersOnce.Do(func() {
		r.sides = make([]units.Side, r.Counters.Len())
		r.arrivals = make([]turn.Turn, r.Counters.Len())
		for j := range r.sides {
			c := r.Counters.At(j)
			r.sides[j], r.arrivals[j] = c.Side(), c.Arrives()
			if sd := r.sides[j]; sd == units.German || sd == units.Allied {
				r.of[sd] = append(r.of[sd], j)
			}
		}
	})
}

// sideIndexes are the indexes of side's counters in order, or nil when
// the state's units are not the rules' counters (the callers then look
// at every unit, by sideOf).
func (s *State) sideIndexes(side units.Side) []int {
	r := s.rules
	if r == nil || r.Counters == nil || (side != units.German && side != units.Allied) {
		return nil
	}
	r.listCounters()
	if len(s.Units) != len(r.sides) {
		return nil
	}
	return r.of[side]
}

// Rules returns the rules the state is played with.
func (s *State) Rules() *Rules { return s.rules }

// Counter returns the counter of unit index i.
func (s *State) Counter(i int) *units.Counter { return s.rules.Counters.At(i) }

// Lookup finds a counter by id.
func (s *State) Lookup(id string) (*units.Counter, bool) { return s.rules.Counters.Lookup(id) }

// Unit returns the state of a counter.
func (s *State) Unit(c *units.Counter) Unit { return s.Units[c.Index] }

// ToMove is the side whose order the game waits for.
func (s *State) ToMove() units.Side {
	if s.Step == EventStep {
		return units.Allied // 5.0: the Allies roll the event
	}
	if len(s.Combat.Retreats) > 0 {
		return s.Counter(s.Combat.Retreats[0]).Side() // 9.4: the owner retreats
	}
	if s.Combat.Delaying.Verb != "" {
		return s.Combat.Delaying.Side.Other() // 16.2: the defender answers
	}
	return s.Player
}

// FirstPlayer is the side that moves first each turn (3.0; 18.2(14)
// reverses it).
func (s *State) FirstPlayer() units.Side {
	if s.Option(OptFirstBlow) {
		return units.Allied
	}
	return units.German
}

// IsDestroyed reports whether the fortress in h has been destroyed (12.7).
func (s *State) IsDestroyed(h hex.Hex) bool {
	i := sort.Search(len(s.Destroyed), func(i int) bool { return !hex.Less(s.Destroyed[i], h) })
	return i < len(s.Destroyed) && s.Destroyed[i] == h
}

func (s *State) clone() *State {
	n := *s
	n.Units = s.rules.unitsLike(s.Units)
	n.Options = append([]string(nil), s.Options...)
	n.Destroyed = append([]hex.Hex(nil), s.Destroyed...)
	n.Dues = append([]Due(nil), s.Dues...)
	n.Dice.Forced = append([]int(nil), s.Dice.Forced...)
	n.Combat.Attacked = append([]int(nil), s.Combat.Attacked...)
	n.Combat.Retreats = append([]int(nil), s.Combat.Retreats...)
	n.Sight.Revealed = append([]hex.Hex(nil), s.Sight.Revealed...)
	n.Sight.Recon = append([]Look(nil), s.Sight.Recon...)
	n.Victory.Held = append([]Hold(nil), s.Victory.Held...)
	n.after = &afterSlot{}
	return &n
}

// unitsLike is a copy of us, in an array handed back by giveBackUnits
// when there is one of the right size.
func (r *Rules) unitsLike(us []Unit) []Unit {
	if us == nil {
		return nil
	}
	if r != nil {
		if p, ok := r.spareUnits.Get().(*[]Unit); ok && cap(*p) >= len(us) {
			out := (*p)[:len(us)]
			copy(out, us)
			return out
		}
	}
	return append([]Unit(nil), us...)
}

// giveBackUnits hands the Units array of a state that nobody will read
// again (ReplayKey's states between orders) to the next clone.
func (r *Rules) giveBackUnits(us []Unit) {
	if r != nil && cap(us) > 0 {
		r.spareUnits.Put(&us)
	}
}

// stack is the units of each side in one hex.
type stack struct {
	side  [2][]int // unit indexes per side
	taken bool
}

// Occupancy indexes the units on the map by hex.
type Occupancy map[hex.Hex]*stack

func (s *State) occupancy() Occupancy {
	o := Occupancy{}
	for i, u := range s.Units {
		if u.Box != OnMap {
			continue
		}
		b := o[u.At]
		if b == nil {
			b = &stack{}
			o[u.At] = b
		}
		side := s.Counter(i).Side()
		b.side[side] = append(b.side[side], i)
	}
	return o
}

// Has reports whether side has a unit in h.
func (o Occupancy) Has(h hex.Hex, side units.Side) bool {
	b := o[h]
	return b != nil && len(b.side[side]) > 0
}

// At returns the unit indexes of side in h.
func (o Occupancy) At(h hex.Hex, side units.Side) []int {
	if b := o[h]; b != nil {
		return b.side[side]
	}
	return nil
}

// indexesAt is occupancy().At(h, side) without building the whole index:
// the unit indexes of side in h, in index order.
func (s *State) indexesAt(h hex.Hex, side units.Side) []int {
	var out []int
	if is := s.sideIndexes(side); is != nil {
		for _, i := range is {
			if u := &s.Units[i]; u.At == h && u.Box == OnMap {
				out = append(out, i)
			}
		}
		return out
	}
	for i, u := range s.Units {
		if u.Box == OnMap && u.At == h && s.sideOf(i) == side {
			out = append(out, i)
		}
	}
	return out
}

// anyAt reports whether side has a unit in h: len(indexesAt(h, side)) > 0,
// stopping at the first.
func (s *State) anyAt(h hex.Hex, side units.Side) bool {
	if is := s.sideIndexes(side); is != nil {
		for _, i := range is {
			if u := &s.Units[i]; u.At == h && u.Box == OnMap {
				return true
			}
		}
		return false
	}
	return len(s.indexesAt(h, side)) > 0
}

// UnitsAt returns the counters of a side in a hex.
func (s *State) UnitsAt(h hex.Hex, side units.Side) []*units.Counter {
	var out []*units.Counter
	if is := s.sideIndexes(side); is != nil {
		for _, i := range is {
			if u := &s.Units[i]; u.At == h && u.Box == OnMap {
				out = append(out, s.Counter(i))
			}
		}
		return out
	}
	for i, u := range s.Units {
		if u.Box == OnMap && u.At == h && s.sideOf(i) == side {
			out = append(out, s.Counter(i))
		}
	}
	return out
}

// addHex adds h to a sorted list of hexes, once.
func addHex(list []hex.Hex, h hex.Hex) []hex.Hex {
	if slices.Contains(list, h) {
		return list
	}
	list = append(list, h)
	sort.Slice(list, func(i, j int) bool { return hex.Less(list[i], list[j]) })
	return list
}

// OptionState is what the options keep between phases.
type OptionState struct {
	// GoebenLate: the Goeben roll of Aug III was 3-4, so the French
	// active units and dismounted cavalry of Aug III are due on Aug IV
	// (18.1(13)); the position's flag "goeben-late".
	GoebenLate bool
	// SeaDE is the division-equivalents moved or landed by sea this
	// impulse (16.35; the reinforcement phase's landings count toward the
	// first); the position's line "sea N".
	SeaDE int
}
