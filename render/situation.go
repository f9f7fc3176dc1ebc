package render

import (
	"rtrbot/engine/hex"
	"rtrbot/engine/units"
	"rtrbot/i18n"
)

// Situation is everything a game picture shows, and nothing more: what one
// viewer (a side, or the public) may see of a position (14.1). It is built
// outside this package by an adapter from a side's view of the game; the
// renderer draws it as it is and never sees the game state, so a hidden
// unit cannot leak into a picture through the renderer. A counter the
// viewer may not see arrives here already reduced to its nationality
// (Counter.Hidden), with no type, values or name.
type Situation struct {
	// Viewer is whose picture this is: the public, or one side's private
	// map. It only changes the caption.
	Viewer Viewer
	// Turn is the game turn (1..Turns) and TurnName its date ("Aug I").
	Turn, Turns int
	TurnName    i18n.Text
	// First and Last are the scenario's first and last turns (17.1;
	// zero: 1 and Turns): the track marks the turns outside the game.
	First, Last int
	// Months names the month of each turn of the track (Months[0] is
	// turn 1's): consecutive turns of one month share one label under
	// the track. Empty: no month labels.
	Months []i18n.Text
	// BadWeather is a bad or autumn weather event in force this turn
	// (random events 11-14): said in the status strip and the caption.
	BadWeather bool
	// Segment is the phase or segment being played, for players
	// ("German movement, 1st impulse").
	Segment i18n.Text
	// ToMove is the side whose orders the game waits for.
	ToMove units.Side
	// VP are the victory points of each side (indexed by units.Side).
	VP [2]int
	// Stacks are the units on the map, one stack per side per hex.
	Stacks []Stack
	// Russia is the Russian Front box (11.7, 14.3), drawn in a margin.
	Russia []Counter
	// Destroyed fortresses (12.7).
	Destroyed []hex.Hex
	// Naval gunfire markers on the map (16.4); NavalHeld counts markers
	// the Allies hold but have not placed.
	Naval     []hex.Hex
	NavalHeld int
	// Combats and Moves of the last segment, drawn as arrows and trails.
	Combats []Combat
	Moves   []Move
	// Selected is the hex of the unit whose legal destinations are shown
	// (nil: none); Destinations are those hexes with their cost.
	Selected     *hex.Hex
	Destinations []Destination
}

// Viewer is who a picture is for.
type Viewer int

const (
	Public     Viewer = iota // anyone: enemy stacks show only their top unit (14.1)
	GermanView               // the German player's private map
	AlliedView               // the Allied player's private map
)

// Name is the viewer for captions.
func (v Viewer) Name() i18n.Text {
	if v == GermanView {
		return i18n.T("German view (private)", "独軍視点 (非公開)")
	}
	if v == AlliedView {
		return i18n.T("Allied view (private)", "連合軍視点 (非公開)")
	}
	return i18n.T("public view", "公開視点")
}

// ViewerOf is the private viewer of a side.
func ViewerOf(s units.Side) Viewer {
	if s == units.German {
		return GermanView
	}
	return AlliedView
}

// Stack is the units of one side in one hex, top first. Every counter
// of the stack is listed, so that the stack's height is true; those the
// viewer may not see are Hidden.
type Stack struct {
	At    hex.Hex
	Side  units.Side
	Units []Counter
}

// Known reports whether the viewer may see every counter of the stack
// (own stacks, and enemy stacks revealed by combat, 14.1).
func (s Stack) Known() bool {
	for _, c := range s.Units {
		if c.Hidden {
			return false
		}
	}
	return len(s.Units) > 0
}

// Size is how big a unit is, drawn above its symbol.
type Size int

const (
	Division Size = iota // XX
	Corps                // XXX
	Brigade              // X
	Army                 // XXXX: the armies' headquarters
)

// Mark is the NATO size mark.
func (s Size) Mark() string {
	switch s {
	case Corps:
		return "XXX"
	case Brigade:
		return "X"
	case Army:
		return "XXXX"
	}
	return "XX"
}

// Counter is one counter as the viewer sees it. A hidden counter has only
// its Nation (its colour shows on the stack's edge); every other field is
// zero.
type Counter struct {
	Hidden bool
	Nation units.Nation
	Type   units.Type
	Size   Size
	// ID is the short name printed on the counter ("III", "1 Gd").
	ID string
	// Attack, Defence and Move are the mobile side's values; Trench is
	// the defence on the trench side (0: no trench side, 13.3).
	Attack, Defence, Move, Trench int
	// Entrenched: the counter is on its trench side (13.0).
	Entrenched bool
	// OutOfCommand carries the out-of-command marker (4.0).
	OutOfCommand bool
}

// Combat is one combat of the last segment: arrows from the attacking
// hexes to the defending hex, with the odds and the result code (9.0).
type Combat struct {
	Attackers []hex.Hex
	Defender  hex.Hex
	Odds      string // "3:1"; may be empty
	Result    string // "DR", "AA", ...; may be empty
}

// Move is the path of one unit's move in the last segment, from its
// start hex: a faint trail.
type Move struct {
	Side units.Side
	Path []hex.Hex // start first
	Rail bool
}

// Destination is a hex the selected unit may reach, at a cost in movement
// points (8.0), or by rail (8.5: no movement points, the turn's rail
// capacity instead).
type Destination struct {
	At   hex.Hex
	Cost int
	Rail bool
}
