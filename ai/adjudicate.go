package ai

import (
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"sort"

	"rtrbot/engine/game"
	"rtrbot/engine/units"
)

// AdjudicateConfig is how a referee adjudicates a position.
type AdjudicateConfig struct {
	// PlayOuts is K, the number of play-outs (0: DefaultPlayOuts).
	PlayOuts int
	// Iterations fixes the search's candidates per request on both sides
	// (0: DefaultAdjudicateIterations), so an adjudication is a function of
	// the position and the game's dice key alone, whatever the machine's
	// load.
	Iterations int
	// Level is the players' level (""; the search).
	Level string
}

// The referee's defaults: 9 play-outs by the search on both sides at 2
// candidates a request. A whole game of the search at 2 candidates takes
// about 8 s of one core (BenchmarkAdjudicatePlayOut), so adjudicating the
// opening takes about a minute and a quarter, a later turn less: well
// under the few minutes a round's clock or a player may wait (docs/ai.md,
// "Adjudication").
const (
	DefaultPlayOuts             = 9
	DefaultAdjudicateIterations = 2
)

// Adjudication is a referee's result for a game that cannot finish: the
// median of K play-outs' VP margins, as 15.1 reads it, with its spread.
type Adjudication struct {
	// Winner and Level are the median margin's result by 15.1 (Outcome):
	// Level Draw for a margin of 50 or less.
	Winner units.Side
	Level  game.Level
	// Margin is the median of the margins, German VP minus Allied VP
	// (negative: the Allies lead); Q1 and Q3 are its quartiles.
	Margin, Q1, Q3 int
	// Wins counts the play-outs each side won by 15.1 (German, Allied);
	// Draws those that ended in a draw.
	Wins  [2]int
	Draws int
	// PlayOuts is the number of play-outs (K); 0 when the position was
	// already over and its own result was taken.
	PlayOuts   int
	Iterations int
	// Margins are the play-outs' margins in play-out order.
	Margins []int
}

// PlayOutSeed is the dice seed of play-out i of a game whose dice key is
// key: the first 8 bytes of SHA-256(key || "adjudicate" || i). One way, so
// the referee can replay an adjudication and its dice say nothing of the
// game's own.
func PlayOutSeed(key []byte, i int) uint64 {
	h := sha256.New()
	h.Write(key)
	h.Write([]byte("adjudicate"))
	var b [8]byte
	binary.BigEndian.PutUint64(b[:], uint64(i))
	h.Write(b[:])
	return binary.BigEndian.Uint64(h.Sum(nil)[:8])
}

// Adjudicate plays the position on to its end K times, each play-out with
// dice of its own (PlayOutSeed of the game's key) and the search on both
// sides at a fixed number of candidates, and gives the median result by
// 15.1. A position already over gives its own result. Pure: s is not
// changed and nothing but s and cfg decides the answer.
func Adjudicate(s *game.State, cfg AdjudicateConfig) (Adjudication, error) {
	if cfg.PlayOuts <= 0 {
		cfg.PlayOuts = DefaultPlayOuts
	}
	if cfg.Iterations <= 0 {
		cfg.Iterations = DefaultAdjudicateIterations
	}
	if cfg.Level == "" {
		cfg.Level = "search"
	}
	if s.Step == game.GameOver {
		return summarize([]int{vpMargin(s.VP)}, 0, cfg.Iterations), nil
	}
	key := s.Key()
	margins := make([]int, 0, cfg.PlayOuts)
	for i := 0; i < cfg.PlayOuts; i++ {
		seed := PlayOutSeed(key, i)
		var players [2]Computer
		for side := range players {
			p, err := New(cfg.Level, Config{Side: units.Side(side), Seed: seed*2 + uint64(side), Iterations: cfg.Iterations})
			if err != nil {
				return Adjudication{}, err
			}
			players[side] = p
		}
		res, err := PlayOut(s, seed, players)
		if err != nil {
			return Adjudication{}, fmt.Errorf("adjudication, play-out %d: %w", i, err)
		}
		margins = append(margins, vpMargin(res.Final.VP))
	}
	return summarize(margins, cfg.PlayOuts, cfg.Iterations), nil
}

// vpMargin is German VP minus Allied VP.
func vpMargin(vp [2]int) int { return vp[units.German] - vp[units.Allied] }

// summarize is the median, quartiles and counts of margins.
func summarize(margins []int, k, iterations int) Adjudication {
	a := Adjudication{PlayOuts: k, Iterations: iterations, Margins: margins}
	sorted := append([]int(nil), margins...)
	sort.Ints(sorted)
	a.Margin = quantile(sorted, 0.5)
	a.Q1 = quantile(sorted, 0.25)
	a.Q3 = quantile(sorted, 0.75)
	for _, m := range margins {
		w, l, _ := game.Outcome(vpOf(m))
		if l == game.Draw {
			a.Draws++
		} else {
			a.Wins[w]++
		}
	}
	a.Winner, a.Level, _ = game.Outcome(vpOf(a.Margin))
	return a
}

// vpOf is a VP pair with the margin m.
func vpOf(m int) [2]int {
	if m >= 0 {
		return [2]int{m, 0}
	}
	return [2]int{0, -m}
}

// quantile of sorted integers, interpolating between neighbours and
// rounding to the nearer integer (halves away from zero), so the median of
// an odd K is its middle play-out.
func quantile(sorted []int, p float64) int {
	if len(sorted) == 0 {
		return 0
	}
	x := p * float64(len(sorted)-1)
	i := int(x)
	f := x - float64(i)
	v := float64(sorted[i])
	if i+1 < len(sorted) {
		v += f * float64(sorted[i+1]-sorted[i])
	}
	if v < 0 {
		return -int(-v + 0.5)
	}
	return int(v + 0.5)
}
