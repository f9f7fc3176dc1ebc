package ai

import (
	"fmt"
	"math"
	"rtrbot/balance"
	"sort"
	"strings"
	"sync"
	"time"

	"rtrbot/engine/game"
	"rtrbot/engine/units"
)

// ArenaConfig is a match between two levels.
type ArenaConfig struct {
	Games          int
	German, Allied string
	Budget         time.Duration
	Seed           uint64 // the first game's seed; game i has Seed+i
	Parallel       int
	Options        []string
	Each           func(ArenaGame) // called after each game (from one goroutine at a time)
	// Players, where set, make a side's player instead of its level (the
	// tuning of ai/tune.go: the campaign with other weights).
	Players [2]func(Config) Computer
	// GermanSettings, where set, go to every player's Config
	// (Config.German).
	GermanSettings *GermanSettings
	// Iterations goes to every player's Config (Config.Iterations: 0 the
	// default candidates within Budget, above 0 exactly that many, below 0
	// as many as Budget's clock allows).
	Iterations int
	// ForkTurn, above 0, plays each game's turns before it with the
	// players' default settings (no GermanSettings) and the rest with
	// the match's: a variant that changes the late game is measured
	// on the openings the default plays (PlayForked).
	ForkTurn int
}

// ArenaGame is one game of a match.
type ArenaGame struct {
	Seed    uint64
	Winner  units.Side
	Level   game.Level
	VP      [2]int
	Orders  int
	Refused int
	Err     error
}

func (g ArenaGame) String() string {
	if g.Err != nil {
		return fmt.Sprintf("seed %d: error: %v", g.Seed, g.Err)
	}
	res := "draw"
	if g.Level != game.Draw {
		res = g.Winner.String() + " " + g.Level.String()
	}
	return fmt.Sprintf("seed %d: %s (VP %d-%d), %d orders, %d refused", g.Seed, res, g.VP[0], g.VP[1], g.Orders, g.Refused)
}

// ArenaResult is a match's outcome.
type ArenaResult struct {
	Config   ArenaConfig
	Games    []ArenaGame
	Wins     [2]int
	Draws    int
	Errors   int
	Refused  int
	Segments []time.Duration // thinking time of every request span, sorted
	Elapsed  time.Duration
}

// Arena plays a match: games in parallel, each from its own seed, with
// fresh players seeded by the game's seed.
func Arena(r *game.Rules, cfg ArenaConfig) (*ArenaResult, error) {
	for side, l := range []string{cfg.German, cfg.Allied} {
		if cfg.Players[side] != nil {
			continue
		}
		if _, err := New(l, Config{}); err != nil {
			return nil, err
		}
	}
	if cfg.Parallel < 1 {
		cfg.Parallel = 1
	}
	res := &ArenaResult{Config: cfg}
	start := time.Now()
	var mu sync.Mutex
	jobs := make(chan int)
	var wg sync.WaitGroup
	for w := 0; w < cfg.Parallel; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range jobs {
				seed := cfg.Seed + uint64(i)
				g, segs := arenaGame(r, cfg, seed)
				mu.Lock()
				res.Games = append(res.Games, g)
				res.Segments = append(res.Segments, segs...)
				if cfg.Each != nil {
					cfg.Each(g)
				}
				mu.Unlock()
			}
		}()
	}
	for i := 0; i < cfg.Games; i++ {
		jobs <- i
	}
	close(jobs)
	wg.Wait()
	res.Elapsed = time.Since(start)
	sort.Slice(res.Games, func(i, j int) bool { return res.Games[i].Seed < res.Games[j].Seed })
	sort.Slice(res.Segments, func(i, j int) bool { return res.Segments[i] < res.Segments[j] })
	for _, g := range res.Games {
		res.Refused += g.Refused
		switch {
		case g.Err != nil:
			res.Errors++
		case g.Level == game.Draw:
			res.Draws++
		default:
			res.Wins[g.Winner]++
		}
	}
	return res, nil
}

func arenaGame(r *game.Rules, cfg ArenaConfig, seed uint64) (ArenaGame, []time.Duration) {
	g := ArenaGame{Seed: seed}
	players, err := arenaPlayers(cfg, seed, cfg.GermanSettings)
	if err != nil {
		g.Err = err
		return g, nil
	}
	var gr *GameResult
	if cfg.ForkTurn > 0 {
		var before [2]Computer
		if before, err = arenaPlayers(cfg, seed, nil); err == nil {
			gr, err = PlayForked(r, seed, cfg.Options, before, players, cfg.ForkTurn)
		}
	} else {
		gr, err = PlayGame(r, seed, cfg.Options, players)
	}
	if gr != nil {
		g.Refused, g.Orders = gr.Refused, len(gr.Log)
	}
	if err != nil {
		g.Err = err
		return g, nil
	}
	g.Winner, g.Level, g.VP = gr.Winner, gr.Level, gr.Final.VP
	return g, gr.Segments
}

// arenaPlayers are a game's two players, with the German settings gs.
func arenaPlayers(cfg ArenaConfig, seed uint64, gs *GermanSettings) ([2]Computer, error) {
	var players [2]Computer
	for side, l := range []string{cfg.German, cfg.Allied} {
		pc := Config{Side: units.Side(side), Seed: seed*2 + uint64(side), Budget: cfg.Budget, German: gs, Iterations: cfg.Iterations}
		if cfg.Players[side] != nil {
			players[side] = cfg.Players[side](pc)
			continue
		}
		p, err := New(l, pc)
		if err != nil {
			return players, err
		}
		players[side] = p
	}
	return players, nil
}

// Percentile is the p-th percentile (0-100) of sorted durations.
func Percentile(sorted []time.Duration, p float64) time.Duration {
	if len(sorted) == 0 {
		return 0
	}
	i := int(math.Ceil(p/100*float64(len(sorted)))) - 1
	return sorted[min(max(i, 0), len(sorted)-1)]
}

// arenaBudget names the search's budget of a match (Config.Iterations,
// Config.Budget).
func arenaBudget(iterations int, clock time.Duration) string {
	if clock <= 0 {
		clock = DefaultBudget
	}
	switch {
	case iterations > 0:
		return fmt.Sprintf("%d iterations", iterations)
	case iterations == 0:
		return fmt.Sprintf("%d iterations within %s (the default)", DefaultIterations, clock)
	}
	return clock.String()
}

// Report is the match's summary: a line naming the match, the result
// line "german wins W/N, allied wins A/N, draws D/N", then the time per
// segment, the confidence intervals of the win rates and the mean VP
// margin with its interval.
func (r *ArenaResult) Report() string {
	var b strings.Builder
	n := len(r.Games)
	c := r.Config
	budget := arenaBudget(c.Iterations, c.Budget)
	fmt.Fprintf(&b, "%s (German) against %s (Allied), %d games from seed %d, budget %s, %d at once, %s\n",
		c.German, c.Allied, n, c.Seed, budget, c.Parallel, r.Elapsed.Round(time.Millisecond))
	if r.Errors > 0 || r.Refused > 0 {
		fmt.Fprintf(&b, "errors %d, refused orders %d\n", r.Errors, r.Refused)
	}
	fmt.Fprintf(&b, "german wins %d/%d, allied wins %d/%d, draws %d/%d\n", r.Wins[0], n, r.Wins[1], n, r.Draws, n)
	fmt.Fprintf(&b, "time per segment: p50 %s, p95 %s, max %s (%d segments)\n",
		Percentile(r.Segments, 50).Round(time.Microsecond), Percentile(r.Segments, 95).Round(time.Microsecond),
		Percentile(r.Segments, 100).Round(time.Microsecond), len(r.Segments))
	gl, gh := balance.Wilson(r.Wins[0], n)
	al, ah := balance.Wilson(r.Wins[1], n)
	fmt.Fprintf(&b, "95%% confidence (Wilson): german wins %.1f-%.1f %%, allied wins %.1f-%.1f %%\n", 100*gl, 100*gh, 100*al, 100*ah)
	if m, h, k := r.Margin(); k > 1 {
		fmt.Fprintf(&b, "VP margin (German - Allied): mean %.1f, 95%% confidence %.1f to %.1f (%d games)\n", m, m-h, m+h, k)
	}
	return b.String()
}

// Margin is the mean VP difference (German less Allied) of the games
// played to the end and the half-width of its 95 % confidence interval
// (normal approximation), with the number of games.
func (r *ArenaResult) Margin() (mean, half float64, n int) {
	var xs []float64
	for _, g := range r.Games {
		if g.Err == nil {
			xs = append(xs, float64(g.VP[0]-g.VP[1]))
		}
	}
	if len(xs) < 2 {
		return 0, 0, len(xs)
	}
	for _, x := range xs {
		mean += x
	}
	mean /= float64(len(xs))
	v := 0.0
	for _, x := range xs {
		v += (x - mean) * (x - mean)
	}
	v /= float64(len(xs) - 1)
	return mean, 1.96 * math.Sqrt(v/float64(len(xs))), len(xs)
}
