// Package balance measures how the game leans: each side's results and VP
// margins in a set of games (the club's rated games, or the computer's
// self-play stored in corpus/), and the bid in VP that makes a pairing
// even. It is pure: the games come from the caller.
package balance

import (
	"math"
	"sort"
	"strings"
)

// DrawBand is the largest VP difference that is a draw (15.1: a victory
// needs a difference of 51 or more).
const DrawBand = 50

// Game is one finished game: each side's final VP.
type Game struct {
	German, Allied int
}

// Margin is the game's German VP less its Allied VP.
func (g Game) Margin() int { return g.German - g.Allied }

// Summary is what a set of games says about the balance.
type Summary struct {
	N                             int
	GermanWins, Draws, AlliedWins int
	// MeanMargin is the mean German−Allied VP; Low and High its 95 %
	// interval (normal, from the games' own spread).
	MeanMargin, Low, High float64
	// GermanLow/High and AlliedLow/High are Wilson's 95 % intervals of
	// each side's share of victories.
	GermanLow, GermanHigh, AlliedLow, AlliedHigh float64
}

// Summarise counts the games' results by 15.1 and their margins.
func Summarise(games []Game) Summary {
	s := Summary{N: len(games)}
	if s.N == 0 {
		return s
	}
	var sum, sq float64
	for _, g := range games {
		m := float64(g.Margin())
		sum += m
		sq += m * m
		switch {
		case g.Margin() > DrawBand:
			s.GermanWins++
		case g.Margin() < -DrawBand:
			s.AlliedWins++
		default:
			s.Draws++
		}
	}
	n := float64(s.N)
	s.MeanMargin = sum / n
	half := 0.0
	if s.N > 1 {
		sd := math.Sqrt(math.Max(0, (sq-n*s.MeanMargin*s.MeanMargin)/(n-1)))
		half = 1.96 * sd / math.Sqrt(n)
	}
	s.Low, s.High = s.MeanMargin-half, s.MeanMargin+half
	s.GermanLow, s.GermanHigh = Wilson(s.GermanWins, s.N)
	s.AlliedLow, s.AlliedHigh = Wilson(s.AlliedWins, s.N)
	return s
}

// Wilson is the Wilson score interval at 95 % of k successes in n.
func Wilson(k, n int) (low, high float64) {
	if n == 0 {
		return 0, 1
	}
	const z = 1.959964
	p, nf := float64(k)/float64(n), float64(n)
	den := 1 + z*z/nf
	mid := (p + z*z/(2*nf)) / den
	half := z * math.Sqrt(p*(1-p)/nf+z*z/(4*nf*nf)) / den
	return math.Max(0, mid-half), math.Min(1, mid+half)
}

// EvenBid is the bid for equal players: the VP taken from the German
// side's margin (given to the Allies; negative: given to the Germans)
// that makes German and Allied victories equally frequent in games. It is
// found on the games themselves, not from a model: the middle of the
// range of whole-VP bids where the two counts are closest.
func EvenBid(games []Game) int {
	if len(games) == 0 {
		return 0
	}
	ms := make([]int, len(games))
	for i, g := range games {
		ms[i] = g.Margin()
	}
	sort.Ints(ms)
	lo, hi := ms[0]-DrawBand-1, ms[len(ms)-1]+DrawBand+1
	best, bestDiff := []int{}, len(ms)+1
	for b := lo; b <= hi; b++ {
		g, a := Tallies(ms, b)
		d := g - a
		if d < 0 {
			d = -d
		}
		switch {
		case d < bestDiff:
			best, bestDiff = []int{b}, d
		case d == bestDiff:
			best = append(best, b)
		}
	}
	return best[len(best)/2]
}

// Tallies are the German and the Allied victories among sorted margins
// once bid VP are taken from each German margin.
func Tallies(sorted []int, bid int) (german, allied int) {
	// German victory: m - bid > DrawBand; Allied: m - bid < -DrawBand.
	german = len(sorted) - sort.SearchInts(sorted, bid+DrawBand+1)
	allied = sort.SearchInts(sorted, bid-DrawBand)
	return german, allied
}

// Spread is the standard deviation of the games' margins.
func Spread(games []Game) float64 {
	s := Summarise(games)
	if s.N < 2 {
		return 0
	}
	var sq float64
	for _, g := range games {
		d := float64(g.Margin()) - s.MeanMargin
		sq += d * d
	}
	return math.Sqrt(sq / float64(s.N-1))
}

// OptionKey is the canonical form of a set of option codes: sorted,
// space-separated ("" for none), so that the same options always match.
func OptionKey(codes []string) string {
	cs := make([]string, 0, len(codes))
	for _, c := range codes {
		if c = strings.TrimSpace(c); c != "" {
			cs = append(cs, c)
		}
	}
	sort.Strings(cs)
	return strings.Join(cs, " ")
}
