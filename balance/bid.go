package balance

import "math"

// The bid for two given players. The games of a scenario give the even
// bid between equal players (EvenBid) and the spread σ of the margins.
// The players' ratings on their sides give the German player's expected
// score E (Glicko's: 1 / (1 + 10^(−g(φ)·Δ/400)), φ the two deviations
// combined). Model a game's margin as normal around (even bid + δ) with
// spread σ and score it as 15.1 does (a win over 50, a draw within ±50);
// δ is the VP shift whose expected score is E. The bid is even bid + δ:
// what the German player gives so that the expected result is even.

// Rating is a player's Glicko rating on their side.
type Rating struct{ R, RD float64 }

// Bid is a suggested bid and how it was found.
type Bid struct {
	// VP is what the German player gives the Allies (negative: what the
	// Allied player gives the Germans) for an even game.
	VP int
	// Even is the bid between equal players; Shift the players' edge in
	// VP; Expected the German player's expected score from the ratings;
	// Spread the margins' standard deviation; Games how many games.
	Even, Shift      int
	Expected, Spread float64
	Games            int
}

// Suggest is the bid for a German player rated german and an Allied
// player rated allied, from the games of the scenario.
func Suggest(games []Game, german, allied Rating) Bid {
	b := Bid{Even: EvenBid(games), Spread: Spread(games), Games: len(games)}
	b.Expected = ExpectedScore(german, allied)
	if b.Spread > 0 {
		b.Shift = int(math.Round(shiftFor(b.Expected, b.Spread)))
	}
	b.VP = b.Even + b.Shift
	return b
}

// ExpectedScore is Glicko's expected score of a against b.
func ExpectedScore(a, b Rating) float64 {
	q := math.Ln10 / 400
	rd := math.Sqrt(a.RD*a.RD + b.RD*b.RD)
	g := 1 / math.Sqrt(1+3*q*q*rd*rd/(math.Pi*math.Pi))
	return 1 / (1 + math.Pow(10, -g*(a.R-b.R)/400))
}

// scoreAt is the German expected score when the margin, less the even
// bid, is normal with mean d and spread sigma.
func scoreAt(d, sigma float64) float64 {
	phi := func(x float64) float64 { return 0.5 * math.Erfc(-x/math.Sqrt2) }
	win := 1 - phi((DrawBand+0.5-d)/sigma)
	loss := phi((-DrawBand - 0.5 - d) / sigma)
	return win + 0.5*(1-win-loss)
}

// shiftFor is the mean margin d whose expected score is e (bisection:
// the score rises with d).
func shiftFor(e, sigma float64) float64 {
	e = math.Min(math.Max(e, 0.001), 0.999)
	lo, hi := -10*sigma-DrawBand, 10*sigma+DrawBand
	for i := 0; i < 100; i++ {
		mid := (lo + hi) / 2
		if scoreAt(mid, sigma) < e {
			lo = mid
		} else {
			hi = mid
		}
	}
	return (lo + hi) / 2
}
