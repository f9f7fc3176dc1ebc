// Package ai holds the computer players of Reinforce the Right!: a random
// legal player (the baseline), a heuristic player and a search player.
// A player sees only what its side may see (14.1): its method takes the
// side's game.View and a Board, the blindfolded state of game.Blindfold,
// never the game's state. Its orders go through the engine like a
// person's (Turn applies them with game.Apply; docs/ai.md).
package ai

import (
	"math/rand/v2"

	"rtrbot/engine/board"
	"rtrbot/engine/game"
	"rtrbot/engine/hex"
	"rtrbot/engine/units"
)

// Board is the game as one side may know it: the questions a player asks
// about its own units (where may this unit go, where may it retreat, is
// this order legal, at what odds would this attack be made) answered by
// the engine on the blindfolded state (game.Blindfold: hidden enemy units
// are absent and the dice are not the game's). A Board can be played
// forward (Apply) to think ahead; nothing on it is the real game.
type Board struct {
	s    *game.State
	side units.Side
}

// NewBoard is the board of side for a state: its blindfolded copy.
func NewBoard(s *game.State, side units.Side) *Board {
	return &Board{s: s.Blindfold(side), side: side}
}

// Side is the side the board belongs to.
func (b *Board) Side() units.Side { return b.side }

// Rules are the game's public rules: map, counters, scenario.
func (b *Board) Rules() *game.Rules { return b.s.Rules() }

// View is the side's view of the board.
func (b *Board) View() game.View { return b.s.ViewFor(game.ViewerOf(b.side)) }

// Hash identifies the board's position (equal boards, equal hashes).
func (b *Board) Hash() string { return b.s.Hash() }

// Step, Turn, ToMove, Over: where the game stands.
func (b *Board) Step() game.Step    { return b.s.Step }
func (b *Board) ToMove() units.Side { return b.s.ToMove() }
func (b *Board) Over() bool         { return b.s.Step == game.GameOver }
func (b *Board) Orders() int        { return b.s.Orders }
func (b *Board) VP() [2]int         { return b.s.VP }
func (b *Board) Entrenching() bool  { return b.s.Entrenching }

// EndVP is what the end of the game (15.23) would give each side now.
func (b *Board) EndVP() [2]int { v, _ := b.s.EndVP(); return v }

// Counter finds a counter by id.
func (b *Board) Counter(id string) (*units.Counter, bool) { return b.s.Lookup(id) }

// Unit is where a counter is, as the side knows it (hidden enemy units
// are in the pool).
func (b *Board) Unit(c *units.Counter) game.Unit { return b.s.Unit(c) }

// Hex is the map's hex h.
func (b *Board) Hex(h hex.Hex) (*board.Hex, bool) { return b.s.Rules().Map.Hex(h) }

// Actors are the units of the side to move that may still act now.
func (b *Board) Actors() []*units.Counter { return b.s.Actors() }

// Destinations are the hexes a unit may move to now (8.0).
func (b *Board) Destinations(c *units.Counter) []game.Dest {
	ds, err := b.s.Destinations(c)
	if err != nil {
		return nil
	}
	return ds
}

// destinationHexes are the hexes of Destinations, in its order, without
// their costs and paths.
func (b *Board) destinationHexes(c *units.Counter) []hex.Hex {
	hs, err := b.s.DestinationHexes(c)
	if err != nil {
		return nil
	}
	return hs
}

// RailDestinations are the hexes a unit may rail-move to now (8.5).
func (b *Board) RailDestinations(c *units.Counter) []hex.Hex {
	ds, err := b.s.RailDestinations(c)
	if err != nil {
		return nil
	}
	return ds
}

// RetreatHexes are where a unit owing a retreat may go (9.4).
func (b *Board) RetreatHexes(c *units.Counter) []hex.Hex { return b.s.RetreatHexes(c.Index) }

// Overstacked are the side's hexes over the stacking limit (7.0).
func (b *Board) Overstacked() []hex.Hex { return b.s.Overstacked(b.side) }

// UnitsAt are the counters of a side in h that the board holds (for the
// enemy: the ones the side sees).
func (b *Board) UnitsAt(h hex.Hex, side units.Side) []*units.Counter { return b.s.UnitsAt(h, side) }

// Check says why the engine would refuse an order on this board, or nil.
func (b *Board) Check(o game.Order) error { return game.Check(b.s, o) }

// Odds are the odds of an attack order against the units the side sees
// (9.0, 12.0); the hidden rest of a stack is not counted.
func (b *Board) Odds(o game.Order) (game.CombatOdds, error) {
	p, err := b.s.PlanAttack(o)
	if err != nil {
		return game.CombatOdds{}, err
	}
	return b.s.Odds(p), nil
}

// Apply plays an order on the board (with the board's own dice).
func (b *Board) Apply(o game.Order) (*Board, []game.Event, error) {
	n, evs, err := game.Apply(b.s, o)
	if err != nil {
		return nil, nil, err
	}
	return &Board{s: n, side: b.side}, evs, nil
}

// WithDice is the board with another public dice key, for sampling the
// outcomes of attacks in search (the game's own dice stay unknown).
func (b *Board) WithDice(seed uint64) *Board {
	n := *b.s
	n.Seed = seed
	return &Board{s: &n, side: b.side}
}

// Withdrawals are the Russian Front's demands still to meet this turn
// (11.7, 14.3): attack strength and HQs (public results of its table).
func (b *Board) Withdrawals() (attack, hqs int) { return b.s.WithdrawAttack, b.s.WithdrawHQ }

// Attacked reports whether a unit has attacked or fired this segment.
func (b *Board) Attacked(c *units.Counter) bool {
	for _, i := range b.s.Combat.Attacked {
		if i == c.Index {
			return true
		}
	}
	return false
}

// StackDE is the division-equivalents of side the board holds in h (7.0).
func (b *Board) StackDE(h hex.Hex, side units.Side) int {
	n := 0
	for _, c := range b.s.UnitsAt(h, side) {
		n += c.DE
	}
	return n
}

// try applies an order and reports success, replacing the board. The
// engine remembers the result (game.ApplyRemembered): a play-out that
// gives the same order from the same state (Search.playOut applies the
// orders the heuristic planned this way) gets it without working it
// out again.
func (b *Board) try(o game.Order) bool {
	n, _, err := game.ApplyRemembered(b.s, o)
	if err != nil {
		return false
	}
	b.s = n
	return true
}

// Holder is the side that holds or last entered a scoring city (15.23).
func (b *Board) Holder(h hex.Hex) (units.Side, bool) {
	for _, k := range b.s.Victory.Held {
		if k.At == h {
			return k.Side, true
		}
	}
	return 0, false
}

// CanAttack says whether the engine would accept an attack order now: the
// checks of game.Apply (game over, the side to move, retreats first) and
// State.PlanAttack, without resolving it.
func (b *Board) CanAttack(o game.Order) bool {
	if b.s.Step == game.GameOver || o.Side != b.s.ToMove() || len(b.s.Combat.Retreats) > 0 || o.Verb != game.VerbAttack {
		return false
	}
	_, err := b.s.PlanAttack(o)
	return err == nil
}

// Determinised is a copy of the board on which every hidden enemy stack
// is filled up to the number of counters the side sees in it (14.1: a
// stack shows its top unit and how many it holds) with enemy counters
// drawn by rng from those the board does not place (its pool, which holds
// the hidden units among the reinforcements to come), within the stacking
// limit (7.0), after the stack's top unit in counter order (C15). It is a
// guess made only of what the side knows, for playing the enemy forward
// with his whole strength in a search; the game's own hidden units stay
// unknown.
func (b *Board) Determinised(v game.View, rng *rand.Rand) *Board {
	n := *b.s
	n.Units = append([]game.Unit(nil), b.s.Units...)
	enemy := b.side.Other()
	var pool []int
	for i, u := range n.Units {
		if c := n.Counter(i); u.Box == game.Pool && c.Side() == enemy && c.Type != units.HQ && c.DE > 0 {
			pool = append(pool, i)
		}
	}
	rng.Shuffle(len(pool), func(i, j int) { pool[i], pool[j] = pool[j], pool[i] })
	used := make([]bool, len(pool))
	for _, st := range v.Stacks {
		hidden := st.Count - len(st.Units)
		if st.Side != enemy || hidden <= 0 || len(st.Units) == 0 {
			continue
		}
		top, ok := n.Lookup(st.Units[0].ID)
		if !ok {
			continue
		}
		de := 0
		for _, c := range n.UnitsAt(st.At, enemy) {
			de += c.DE
		}
		for k, i := range pool {
			if hidden == 0 {
				break
			}
			if c := n.Counter(i); !used[k] && i > top.Index && de+c.DE <= game.StackLimit {
				n.Units[i] = game.Unit{Box: game.OnMap, At: st.At}
				used[k], de = true, de+c.DE
				hidden--
			}
		}
	}
	return &Board{s: &n, side: b.side}
}

// counterIDs are the counters' ids, in their order.
func counterIDs(cs []*units.Counter) []string {
	ids := make([]string, len(cs))
	for i, c := range cs {
		ids[i] = c.ID
	}
	return ids
}
