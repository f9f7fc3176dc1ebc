// Command adjudicate measures how well the referee's adjudication
// (ai.Adjudicate) predicts a game's result: it plays self-play games of
// the search against itself at a fixed number of candidates a request,
// records the position at the start of each chosen turn, adjudicates it,
// and tabulates by turn how often the adjudicated victory level (15.1) and
// the adjudicated winner (or draw) are the game's actual ones, with 95 %
// Wilson intervals:
//
//	nice -n 19 go run ./cmd/adjudicate -games 40 -seed 1 -iterations 1 -playouts 5 -turns 3,4,5,6,7,8 -parallel 2
//
// Everything is a function of the flags (seeds and fixed iterations), so a
// run replays exactly. docs/ai.md, "Adjudication", has the figures.
package main

import (
	"flag"
	"fmt"
	"os"
	"sort"
	"strconv"
	"strings"
	"sync"

	"rtrbot/ai"
	"rtrbot/balance"
	"rtrbot/engine/board"
	"rtrbot/engine/game"
	"rtrbot/engine/turn"
	"rtrbot/engine/units"
)

// position is one recorded turn's adjudication beside the game's result.
type position struct {
	turn   int
	adj    ai.Adjudication
	winner units.Side
	level  game.Level
	seed   uint64
}

// readLines reads the per-position lines a run printed ("seed S turn T:
// adjudicated R (…), actual R"), skipping the others.
func readLines(path string) ([]position, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var out []position
	seen := map[[2]int]bool{}
	for _, line := range strings.Split(string(data), "\n") {
		var seed uint64
		var t int
		if n, _ := fmt.Sscanf(line, "seed %d turn %d:", &seed, &t); n != 2 {
			continue
		}
		_, rest, ok := strings.Cut(line, ": adjudicated ")
		adj, rest2, ok2 := strings.Cut(rest, " (median ")
		_, actual, ok3 := strings.Cut(rest2, "), actual ")
		if !ok || !ok2 || !ok3 {
			return nil, fmt.Errorf("%s: cannot read %q", path, line)
		}
		p := position{turn: t, seed: seed}
		if p.adj.Winner, p.adj.Level, err = parseResult(adj); err != nil {
			return nil, fmt.Errorf("%s: %q: %w", path, line, err)
		}
		if p.winner, p.level, err = parseResult(actual); err != nil {
			return nil, fmt.Errorf("%s: %q: %w", path, line, err)
		}
		if k := [2]int{int(seed), t}; !seen[k] {
			seen[k] = true
			out = append(out, p)
		}
	}
	return out, nil
}

// parseResult reads result's words back.
func parseResult(s string) (units.Side, game.Level, error) {
	for _, w := range []units.Side{units.German, units.Allied} {
		for _, l := range []game.Level{game.Draw, game.Marginal, game.Strategic, game.Decisive} {
			if result(w, l) == strings.TrimSpace(s) {
				return w, l, nil
			}
		}
	}
	return 0, 0, fmt.Errorf("no result %q", s)
}

func main() {
	games := flag.Int("games", 20, "self-play games")
	seed := flag.Uint64("seed", 1, "the first game's seed (the others follow)")
	iterations := flag.Int("iterations", 1, "the search's candidates a request, in the games and the play-outs")
	playouts := flag.Int("playouts", ai.DefaultPlayOuts, "play-outs an adjudication (K)")
	turnsFlag := flag.String("turns", "3,4,5,6,7,8", "the turns whose starting positions are adjudicated")
	parallel := flag.Int("parallel", 2, "games at once")
	from := flag.String("table", "", "tabulate the lines of an earlier run's output (a file) instead of playing: a run stopped early still gives its table")
	flag.Parse()
	var turns []int
	for _, f := range strings.Split(*turnsFlag, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || !turn.Turn(n).Valid() {
			fmt.Fprintf(os.Stderr, "bad turn %q: a number from %d to %d\n", f, turn.First, turn.Last)
			os.Exit(2)
		}
		turns = append(turns, n)
	}
	if *from != "" {
		all, err := readLines(*from)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		table(all, turns)
		return
	}
	m, err := board.Default()
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	r, err := game.NewRules(m, "standard")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	cfg := ai.AdjudicateConfig{PlayOuts: *playouts, Iterations: *iterations}
	fmt.Printf("# command: go run ./cmd/adjudicate -games %d -seed %d -iterations %d -playouts %d -turns %s -parallel %d\n",
		*games, *seed, *iterations, *playouts, *turnsFlag, *parallel)

	var mu sync.Mutex
	var all []position
	seeds := make(chan uint64)
	var wg sync.WaitGroup
	for w := 0; w < *parallel; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for gs := range seeds {
				ps, err := one(r, gs, *iterations, turns, cfg)
				mu.Lock()
				if err != nil {
					fmt.Printf("seed %d: error: %v\n", gs, err)
				} else {
					for _, p := range ps {
						fmt.Printf("seed %d turn %d: adjudicated %s (median %+d, quartiles %+d..%+d, wins %d-%d, draws %d), actual %s\n",
							gs, p.turn, result(p.adj.Winner, p.adj.Level), p.adj.Margin, p.adj.Q1, p.adj.Q3, p.adj.Wins[0], p.adj.Wins[1], p.adj.Draws, result(p.winner, p.level))
					}
					all = append(all, ps...)
				}
				mu.Unlock()
			}
		}()
	}
	for i := 0; i < *games; i++ {
		seeds <- *seed + uint64(i)
	}
	close(seeds)
	wg.Wait()
	table(all, turns)
}

// one plays a self-play game from seed, adjudicating the position at the
// start of each of turns, and gives those adjudications beside the game's
// actual result.
func one(r *game.Rules, seed uint64, iterations int, turns []int, cfg ai.AdjudicateConfig) ([]position, error) {
	s, err := game.New(r, seed, nil)
	if err != nil {
		return nil, err
	}
	var players [2]ai.Computer
	for side := range players {
		players[side], err = ai.New("search", ai.Config{Side: units.Side(side), Seed: seed*2 + uint64(side), Iterations: iterations})
		if err != nil {
			return nil, err
		}
	}
	var recorded []*game.State
	next := 0
	for guard := 0; s.Step != game.GameOver; guard++ {
		for next < len(turns) && int(s.Turn) >= turns[next] {
			recorded = append(recorded, s)
			next++
		}
		if guard > 20000 {
			return nil, fmt.Errorf("the game does not end")
		}
		tr, err := ai.Turn(s, s.ToMove(), players[s.ToMove()])
		if err != nil {
			return nil, err
		}
		s = tr.State
	}
	w, l, _ := s.Result()
	var out []position
	for i, rs := range recorded {
		a, err := ai.Adjudicate(rs, cfg)
		if err != nil {
			return nil, err
		}
		out = append(out, position{turn: turns[i], adj: a, winner: w, level: l, seed: seed})
	}
	return out, nil
}

// result names a result: "draw" or the winner and level.
func result(w units.Side, l game.Level) string {
	if l == game.Draw {
		return "draw"
	}
	return w.String() + " " + l.String()
}

// table prints, by turn, how often the adjudicated level and winner are
// right, with 95 % Wilson intervals, as a Markdown table.
func table(all []position, turns []int) {
	sort.Ints(turns)
	games := map[uint64]bool{}
	for _, p := range all {
		games[p.seed] = true
	}
	fmt.Printf("\n%d games\n", len(games))
	fmt.Println("| turn | positions | victory level right | 95 % interval | winner or draw right | 95 % interval |")
	fmt.Println("|---|---|---|---|---|---|")
	for _, t := range turns {
		n, level, winner := 0, 0, 0
		for _, p := range all {
			if p.turn != t {
				continue
			}
			n++
			if result(p.adj.Winner, p.adj.Level) == result(p.winner, p.level) {
				level++
			}
			if side(p.adj.Winner, p.adj.Level) == side(p.winner, p.level) {
				winner++
			}
		}
		ll, lh := balance.Wilson(level, n)
		wl, wh := balance.Wilson(winner, n)
		fmt.Printf("| %d | %d | %d (%.0f %%) | %.0f–%.0f %% | %d (%.0f %%) | %.0f–%.0f %% |\n",
			t, n, level, pct(level, n), 100*ll, 100*lh, winner, pct(winner, n), 100*wl, 100*wh)
	}
}

// side is the winner, or "draw".
func side(w units.Side, l game.Level) string {
	if l == game.Draw {
		return "draw"
	}
	return w.String()
}

func pct(k, n int) float64 {
	if n == 0 {
		return 0
	}
	return 100 * float64(k) / float64(n)
}
