// Package story tells a finished game in numbers: each side's VP at the
// end of every turn, the losses of each side by unit type, the fortresses
// that fell, and how each side's dice fell against fair dice. It replays
// the game's orders from its start with the engine and reads the events;
// it is pure (no I/O) and sees the whole game, so it is for games that
// are over, when nothing is hidden any more (14.1).
package story

import (
	"fmt"
	"sort"

	"rtrbot/engine/game"
	"rtrbot/engine/hex"
	"rtrbot/engine/turn"
	"rtrbot/engine/units"
)

// TurnVP is each side's VP when a turn ended.
type TurnVP struct {
	Turn turn.Turn
	VP   [2]int // by units.Side
}

// Fallen is a fortress destroyed or abandoned.
type Fallen struct {
	Turn      turn.Turn
	Hex       hex.Hex
	Owner     units.Side // whose fortress it was
	Abandoned bool       // abandoned by its owner (12.4), not destroyed
}

// Dice are the dice one side rolled for its own attacks (9.0), sieges
// (12.6) and, for the Germans, the Russian Front (14.3): on each of those
// tables a higher die is better for the side that rolls it, so their mean
// says how lucky the side was. The random event's dice (5.0) are nobody's
// luck and are left out; the Russian Front's die, rolled when its event
// comes up, counts.
type Dice struct {
	Rolls []int
}

// Story is a finished game's numbers.
type Story struct {
	Start  [2]int // VP at the start
	ByTurn []TurnVP
	// Losses counts each side's eliminated units by type; BrokenDown the
	// corps broken down to take a loss (9.0, 10.0).
	Losses     [2]map[units.Type]int
	BrokenDown [2]int
	Fortresses []Fallen
	Dice       [2]Dice
}

// Of replays orders from start and tells the story.
func Of(start *game.State, orders []game.Order) (Story, error) {
	st := Story{Start: start.VP, Losses: [2]map[units.Type]int{{}, {}}}
	s := start
	for i, o := range orders {
		before := s.Turn
		n, evs, err := game.Apply(s, o)
		if err != nil {
			return st, fmt.Errorf("order %d (%s) is refused: %w", i+1, o, err)
		}
		events := false // the random event's rolls are nobody's luck
		for _, e := range evs {
			events = events || e.Kind == game.EvEventPhase || e.Kind == game.EvRandom
		}
		for k, e := range evs {
			// but the Russian Front's die (14.3), rolled in the event
			// phase and read at once (its EvRussia follows), is the
			// Germans' own
			russia := k+1 < len(evs) && evs[k+1].Kind == game.EvRussia
			if e.Kind == game.EvRoll && events && !russia {
				continue
			}
			st.read(s, e)
		}
		if n.Turn != before {
			st.ByTurn = append(st.ByTurn, TurnVP{Turn: before, VP: s.VP})
		}
		s = n
	}
	if len(st.ByTurn) == 0 || st.ByTurn[len(st.ByTurn)-1].Turn != s.Turn {
		st.ByTurn = append(st.ByTurn, TurnVP{Turn: s.Turn, VP: s.VP})
	} else {
		st.ByTurn[len(st.ByTurn)-1].VP = s.VP
	}
	return st, nil
}

// read counts one event; s is the state before the order that caused it
// (the counters' definitions do not change).
func (st *Story) read(s *game.State, e game.Event) {
	switch e.Kind {
	case game.EvEliminated:
		for _, id := range e.Units {
			if c, ok := s.Lookup(id); ok {
				st.Losses[c.Side()][c.Type]++
			}
		}
	case game.EvBrokenDown:
		for _, id := range e.Units {
			if c, ok := s.Lookup(id); ok && c.IsCorps() {
				st.BrokenDown[c.Side()]++
			}
		}
	case game.EvFortress: // Side destroyed it
		for _, h := range e.Hexes {
			st.Fortresses = append(st.Fortresses, Fallen{Turn: s.Turn, Hex: h, Owner: e.Side.Other()})
		}
	case game.EvAbandoned: // Side gave it up: the destruction just read is that (12.4)
		for _, h := range e.Hexes {
			if k := len(st.Fortresses) - 1; k >= 0 && st.Fortresses[k].Hex == h {
				st.Fortresses[k].Owner, st.Fortresses[k].Abandoned = e.Side, true
			} else {
				st.Fortresses = append(st.Fortresses, Fallen{Turn: s.Turn, Hex: h, Owner: e.Side, Abandoned: true})
			}
		}
	case game.EvRoll:
		if e.Side == units.German || e.Side == units.Allied {
			st.Dice[e.Side].Rolls = append(st.Dice[e.Side].Rolls, e.N)
		}
	}
}

// Mean is the dice's mean (0 with none).
func (d Dice) Mean() float64 {
	if len(d.Rolls) == 0 {
		return 0
	}
	sum := 0
	for _, r := range d.Rolls {
		sum += r
	}
	return float64(sum) / float64(len(d.Rolls))
}

// Percentile is how the dice's sum stands among the sums of as many fair
// six-sided dice: the chance that fair dice sum lower, plus half the
// chance that they sum the same (the mid-point, so that 50 is a perfectly
// ordinary result). The distribution is exact (a convolution), not an
// approximation. 50 with no dice.
func (d Dice) Percentile() float64 {
	n := len(d.Rolls)
	if n == 0 {
		return 50
	}
	sum := 0
	for _, r := range d.Rolls {
		sum += r
	}
	dist := SumDistribution(n)
	below := 0.0
	for s := n; s < sum && s < len(dist); s++ {
		below += dist[s]
	}
	at := 0.0
	if sum < len(dist) {
		at = dist[sum]
	}
	return 100 * (below + at/2)
}

// SumDistribution is the chance of each sum (index) of n fair d6.
func SumDistribution(n int) []float64 {
	dist := []float64{1}
	for i := 0; i < n; i++ {
		next := make([]float64, len(dist)+6)
		for s, p := range dist {
			if p == 0 {
				continue
			}
			for f := 1; f <= 6; f++ {
				next[s+f] += p / 6
			}
		}
		dist = next
	}
	return dist
}

// TypesLost lists a side's lost unit types, most lost first.
func (st Story) TypesLost(side units.Side) []units.Type {
	var ts []units.Type
	for t := range st.Losses[side] {
		ts = append(ts, t)
	}
	sort.Slice(ts, func(i, j int) bool {
		a, b := st.Losses[side][ts[i]], st.Losses[side][ts[j]]
		if a != b {
			return a > b
		}
		return ts[i] < ts[j]
	})
	return ts
}

// Lost is how many units a side lost in all.
func (st Story) Lost(side units.Side) int {
	n := 0
	for _, k := range st.Losses[side] {
		n += k
	}
	return n
}
