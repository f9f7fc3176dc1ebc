package ai

import (
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"math"
	"sort"

	"rtrbot/engine/game"
	"rtrbot/engine/turn"
	"rtrbot/engine/units"
)

// The analysis of a finished game: after each segment of the game (each
// step a side ended), the final VP margin (German − Allied) the position
// promises, estimated as the mean of play-outs of the whole position
// (PlayOut) to the game's end; and the segments where that expectation
// moved most, with what was rolled in them. It sees the whole state, so it
// is for games that are over, when nothing is hidden any more (14.1).

// AnalysisPlayOuts is how many play-outs estimate each segment's expected
// margin. With the campaign and the heuristic (a few milliseconds a
// segment) a whole game costs a few minutes of one core at most (docs/ai.md).
const AnalysisPlayOuts = 6

// AnalysisPlayers are the play-outs' players: the German campaign and the
// heuristic Allies, the search's own play-out players (ai.Search.mine),
// seeded with the play-out's seed.
func AnalysisPlayers(seed uint64) [2]Computer {
	return [2]Computer{campaignFor(Config{Side: units.German, Seed: seed}), NewHeuristic(Config{Side: units.Allied, Seed: seed})}
}

// Point is the expected final margin after one segment.
type Point struct {
	Turn  turn.Turn
	Step  game.Step
	Side  units.Side // the side whose step ended (the start: the first to move)
	Order int        // the orders applied when the segment ended
	// Margin is the play-outs' mean final margin, German − Allied; Spread
	// their standard deviation.
	Margin, Spread float64
}

// Roll is a die of a segment that the analysis names: an attack (the
// order, its odds, die and result) or another roll (a siege, the Russian
// Front, the random event) by its event.
type Roll struct {
	Order  game.Order        // the attack (Facts set), or the order that rolled
	Facts  *game.CombatFacts // an attack's odds, die and result
	Event  game.Event        // the roll's event (for a roll that is not an attack)
	Attack bool
	// Turn and Step are when the die was rolled: the step the order was
	// given in, or a later one it began (an end order that starts the
	// next game turn rolls its event phase, 3.0 A, 17.0).
	Turn turn.Turn
	Step game.Step
}

// Swing is a segment where the expected margin moved most, among those
// in which an order besides its end was given or a die rolled.
type Swing struct {
	Point  int     // index of the segment's point in Analysis.Points (≥ 1)
	Change float64 // Points[Point].Margin − Points[Point-1].Margin
	Rolls  []Roll
	Orders int // the orders the segment held
}

// Analysis is a finished game's expected margin by segment.
type Analysis struct {
	Points   []Point // the start, then after each segment
	Swings   []Swing // the largest changes, largest first (at most three), of segments with an order or a die
	PlayOuts int     // play-outs per point
	Final    int     // the game's actual final margin, German − Allied
}

// AnalysisSeed is the dice seed of play-out i after segment seg: a
// one-way function of the game's dice key, so that nobody learns the
// game's dice from the play-outs, and the analysis replays exactly.
func AnalysisSeed(key []byte, seg, i int) uint64 {
	h := sha256.New()
	h.Write([]byte("rtrbot analysis play-out\x00"))
	h.Write(key)
	var b [16]byte
	binary.BigEndian.PutUint64(b[:8], uint64(seg))
	binary.BigEndian.PutUint64(b[8:], uint64(i))
	h.Write(b[:])
	return binary.BigEndian.Uint64(h.Sum(nil))
}

// Analyse replays orders from start and estimates the expected final
// margin after each segment from n play-outs of the whole position, each
// with dice of its own (AnalysisSeed of key), by the players players
// makes from a seed (AnalysisPlayers).
func Analyse(start *game.State, orders []game.Order, key []byte, n int, players func(seed uint64) [2]Computer) (*Analysis, error) {
	if n < 1 {
		n = 1
	}
	return AnalyseBy(start, orders, n, PlayOutEstimate(key, n, players))
}

// Estimate is an analysis' estimate of the position s after segment seg
// (0: the start): the mean final margin, German − Allied, and its spread.
type Estimate func(s *game.State, seg int) (mean, spread float64, err error)

// PlayOutEstimate estimates a position by n play-outs with the dice of
// AnalysisSeed(key, seg, i) and the players players makes.
func PlayOutEstimate(key []byte, n int, players func(seed uint64) [2]Computer) Estimate {
	return func(s *game.State, seg int) (float64, float64, error) {
		var sum, sq float64
		for i := 0; i < n; i++ {
			seed := AnalysisSeed(key, seg, i)
			r, err := PlayOut(s, seed, players(seed))
			if err != nil {
				return 0, 0, err
			}
			m := float64(r.Final.VP[units.German] - r.Final.VP[units.Allied])
			sum, sq = sum+m, sq+m*m
		}
		mean := sum / float64(n)
		return mean, math.Sqrt(math.Max(0, sq/float64(n)-mean*mean)), nil
	}
}

// AnalyseBy is Analyse with each position estimated by estimate (n, the
// play-outs a point, is only reported): the segments, swings and rolls
// come from replaying orders, so estimates kept from an earlier analysis
// give it back without a play-out.
func AnalyseBy(start *game.State, orders []game.Order, n int, estimateAt Estimate) (*Analysis, error) {
	a := &Analysis{PlayOuts: n}
	estimate := func(s *game.State, seg int) (Point, error) {
		p := Point{Turn: s.Turn, Step: s.Step, Side: s.ToMove()}
		var err error
		p.Margin, p.Spread, err = estimateAt(s, seg)
		return p, err
	}
	s := start
	p, err := estimate(s, 0)
	if err != nil {
		return nil, err
	}
	a.Points = append(a.Points, p)
	var cur []Roll
	from := 0
	acted := false // an order other than the segment's end was given in it
	for i, o := range orders {
		next, evs, err := game.Apply(s, o)
		if err != nil {
			return nil, fmt.Errorf("order %d (%s) is refused: %w", i+1, o, err)
		}
		cur = append(cur, rollsOf(s, o, evs)...)
		acted = acted || o.Verb != game.VerbEnd
		ended := o.Verb == game.VerbEnd || i == len(orders)-1
		if ended {
			p, err := estimate(next, len(a.Points))
			if err != nil {
				return nil, err
			}
			p.Turn, p.Step, p.Side, p.Order = s.Turn, s.Step, s.ToMove(), i+1
			a.Points = append(a.Points, p)
			if acted || len(cur) > 0 {
				// A segment where only its end was given and no die
				// rolled decided nothing: its change is the play-outs'
				// own luck, never named a swing.
				a.Swings = append(a.Swings, Swing{Point: len(a.Points) - 1, Change: p.Margin - a.Points[len(a.Points)-2].Margin, Rolls: cur, Orders: i + 1 - from})
			}
			cur, from, acted = nil, i+1, false
		}
		s = next
	}
	a.Final = s.VP[units.German] - s.VP[units.Allied]
	sort.SliceStable(a.Swings, func(i, j int) bool { return math.Abs(a.Swings[i].Change) > math.Abs(a.Swings[j].Change) })
	if len(a.Swings) > 3 {
		a.Swings = a.Swings[:3]
	}
	return a, nil
}

// rollsOf are the dice order o, given in s, rolled: its attack, or the
// other rolls its events tell (sieges, the Russian Front, the random
// event), each with the turn and step it was rolled in (the events of a
// new turn or step that o began move them on).
func rollsOf(s *game.State, o game.Order, evs []game.Event) []Roll {
	var out []Roll
	tr, st := s.Turn, s.Step
	for _, e := range evs {
		switch {
		case e.Kind == game.EvTurn:
			tr = turn.Turn(e.N)
		case e.Kind == game.EvStep:
			st = game.Step(e.N)
		case e.Kind == game.EvCombat && e.Combat != nil:
			f := *e.Combat
			out = append(out, Roll{Order: o, Facts: &f, Event: e, Attack: true, Turn: tr, Step: st})
		case e.Kind == game.EvSiege || e.Kind == game.EvRussia || e.Kind == game.EvRandom:
			out = append(out, Roll{Order: o, Event: e, Turn: tr, Step: st})
		}
	}
	return out
}
