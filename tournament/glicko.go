package tournament

import "math"

// Glicko-2 (Mark Glickman, "Example of the Glicko-2 system", 2013): a
// rating, its deviation and its volatility, updated once per rating
// period from the games of that period.

// Rating is a Glicko-2 rating on the Glicko scale (1500 a new player).
type Rating struct {
	R     float64 `json:"r"`
	RD    float64 `json:"rd"`
	Sigma float64 `json:"sigma"`
}

// NewRating is a new player's rating: 1500, deviation 350, volatility 0.06.
func NewRating() Rating { return Rating{1500, 350, 0.06} }

// Outcome is one game of a rating period: the opponent's rating before the
// period, and the score (1 win, 0.5 draw, 0 loss).
type Outcome struct {
	Opp   Rating
	Score float64
}

// Tau constrains the change of volatility (Glickman suggests 0.3 to 1.2).
const Tau = 0.5

const glickoScale = 173.7178

// Update returns the rating after a period with the given games (none:
// only the deviation grows).
func Update(r Rating, games []Outcome, tau float64) Rating {
	mu := (r.R - 1500) / glickoScale
	phi := r.RD / glickoScale
	if len(games) == 0 {
		phi = math.Sqrt(phi*phi + r.Sigma*r.Sigma)
		return Rating{r.R, math.Min(phi*glickoScale, 350), r.Sigma}
	}
	g := func(phi float64) float64 { return 1 / math.Sqrt(1+3*phi*phi/(math.Pi*math.Pi)) }
	var vinv, dsum float64
	for _, o := range games {
		muj := (o.Opp.R - 1500) / glickoScale
		phij := o.Opp.RD / glickoScale
		gj := g(phij)
		e := 1 / (1 + math.Exp(-gj*(mu-muj)))
		vinv += gj * gj * e * (1 - e)
		dsum += gj * (o.Score - e)
	}
	v := 1 / vinv
	delta := v * dsum
	// the new volatility: Illinois regula falsi on f (step 5)
	a := math.Log(r.Sigma * r.Sigma)
	f := func(x float64) float64 {
		ex := math.Exp(x)
		num := ex * (delta*delta - phi*phi - v - ex)
		den := 2 * (phi*phi + v + ex) * (phi*phi + v + ex)
		return num/den - (x-a)/(tau*tau)
	}
	A := a
	var B float64
	if delta*delta > phi*phi+v {
		B = math.Log(delta*delta - phi*phi - v)
	} else {
		k := 1.0
		for f(a-k*tau) < 0 && k < 1000 {
			k++
		}
		B = a - k*tau
	}
	fA, fB := f(A), f(B)
	for i := 0; i < 200 && math.Abs(B-A) > 1e-6; i++ {
		C := A + (A-B)*fA/(fB-fA)
		fC := f(C)
		if fC*fB <= 0 {
			A, fA = B, fB
		} else {
			fA /= 2
		}
		B, fB = C, fC
	}
	sigma := math.Exp(A / 2)
	phiStar := math.Sqrt(phi*phi + sigma*sigma)
	phiNew := 1 / math.Sqrt(1/(phiStar*phiStar)+1/v)
	muNew := mu + phiNew*phiNew*dsum
	return Rating{muNew*glickoScale + 1500, phiNew * glickoScale, sigma}
}

// Ladder is a club's ratings by user ID.
type Ladder struct {
	Ratings map[string]Rating `json:"ratings"`
}

// RatedGame is one rated game: A's score against B (1, 0.5, 0).
type RatedGame struct {
	A, B   string
	ScoreA float64
}

// Period rates one period's games: every player's rating is updated from
// the ratings all had before the period; a player without a game in it
// only has the deviation grow.
func (l *Ladder) Period(games []RatedGame) {
	if l.Ratings == nil {
		l.Ratings = map[string]Rating{}
	}
	get := func(id string) Rating {
		if r, ok := l.Ratings[id]; ok {
			return r
		}
		return NewRating()
	}
	outcomes := map[string][]Outcome{}
	for _, g := range games {
		if g.A == g.B || g.ScoreA < 0 || g.ScoreA > 1 {
			continue
		}
		ra, rb := get(g.A), get(g.B)
		outcomes[g.A] = append(outcomes[g.A], Outcome{rb, g.ScoreA})
		outcomes[g.B] = append(outcomes[g.B], Outcome{ra, 1 - g.ScoreA})
	}
	next := map[string]Rating{}
	for id, r := range l.Ratings {
		next[id] = Update(r, outcomes[id], Tau)
	}
	for id, os := range outcomes {
		if _, ok := l.Ratings[id]; !ok {
			next[id] = Update(NewRating(), os, Tau)
		}
	}
	l.Ratings = next
}

// germanScore is the German player's score of a result for the ladder:
// 1 a German win, 0 an Allied one, ½ a draw.
func (r *Result) germanScore() float64 {
	switch r.Winner {
	case German:
		return 1
	case Allied:
		return 0
	}
	return 0.5
}

// RatedGames are the games of a tournament that make ladder results:
// played, and decided by the bot's game or confirmed by both players
// (Game.Rated). A bye, a forfeit and the organiser's word count for the
// standings only.
func (t *Tournament) RatedGames() []RatedGame {
	var out []RatedGame
	for _, r := range t.Rounds {
		for _, g := range r.Games {
			if !g.Rated() { // a bye, a forfeit, the organiser's word
				continue
			}
			s := g.Result.germanScore()
			out = append(out, RatedGame{g.German, g.Allied, s})
		}
	}
	return out
}
