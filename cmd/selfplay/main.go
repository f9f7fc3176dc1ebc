// Command selfplay plays whole games of Reinforce the Right! with random
// legal orders and checks the engine's invariants after every order
// (engine/game.SelfPlay): a fuzzer for the rules engine.
//
//	go run ./cmd/selfplay -games 1000 -seed 1 -scenario standard
//	go run ./cmd/selfplay -games 50 -scenario extended -options "18.1(5) 18.2(14)"
package main

import (
	"flag"
	"fmt"
	"os"
	"strings"
	"time"

	"rtrbot/engine/game"
)

func main() {
	games := flag.Int("games", 100, "games to play")
	first := flag.Uint64("seed", 1, "seed of the first game (the others follow)")
	scenario := flag.String("scenario", "standard", "standard or extended")
	budget := flag.Duration("budget", 0, "stop starting games after this long (0: no limit)")
	options := flag.String("options", "", "scenario options for every game, e.g. \"18.1(5) 18.2(14)\"")
	flag.Parse()
	r, err := game.DefaultRules(*scenario)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	start := time.Now()
	played, orders, failures := 0, 0, 0
	levels := map[string]int{}
	kinds := map[game.EventKind]int{}
	for i := 0; i < *games; i++ {
		if *budget > 0 && time.Since(start) > *budget {
			break
		}
		seed := *first + uint64(i)
		res, err := game.SelfPlay(r, seed, game.SelfPlayConfig{Options: strings.Fields(*options)})
		played++
		if err != nil {
			failures++
			fmt.Println("FAIL", err)
			continue
		}
		orders += len(res.Orders)
		levels[res.Winner.String()+" "+res.Level.String()]++
		for k, n := range res.Counts {
			kinds[k] += n
		}
	}
	el := time.Since(start)
	fmt.Printf("games %d, orders %d, invariant failures %d, %s (%.0f ms a game)\n", played, orders, failures, el.Round(time.Millisecond), float64(el.Milliseconds())/float64(max(played, 1)))
	fmt.Printf("levels %v\n", levels)
	fmt.Printf("combats %d, eliminations %d, retreats %d, fortresses destroyed %d, sieges %d, random events %d, Russian Front %d, rolls %d\n",
		kinds[game.EvCombat], kinds[game.EvEliminated], kinds[game.EvRetreated], kinds[game.EvFortress], kinds[game.EvSiege], kinds[game.EvRandom], kinds[game.EvRussia], kinds[game.EvRoll])
	if failures > 0 {
		os.Exit(1)
	}
}
