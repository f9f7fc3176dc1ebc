// Command playtest plays whole games through the bot's commands, the
// computer choosing both sides' orders and typing them as players would,
// and checks the invariants of package playtest after every answer
// (docs/playtest.md).
//
//	go run ./cmd/playtest -games 20 -options random
//	go run ./cmd/playtest -games 5 -lang ja -scenario extended -seed 100
package main

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"os"
	"os/signal"

	"rtrbot/playtest"
)

func main() {
	var cfg playtest.Config
	flag.IntVar(&cfg.Games, "games", 10, "games to play")
	flag.Uint64Var(&cfg.Seed, "seed", 1, "seed of the first game (the others follow)")
	flag.StringVar(&cfg.Lang, "lang", "", "en, ja, or empty for both (games of odd seeds in Japanese)")
	flag.StringVar(&cfg.Scenario, "scenario", "", "standard, extended, or empty for both (by the seed: two of each in turn)")
	options := flag.String("options", "", "random: draw each game's scenario options from its seed")
	flag.StringVar(&cfg.Level, "level", "heuristic", "the computer players' level: random, heuristic or search")
	flag.IntVar(&cfg.Extras, "extras", 2, "other commands (questions, mistakes, buttons) the players give each step")
	flag.BoolVar(&cfg.Maps, "maps", false, "draw the map in segment accounts (slow)")
	flag.IntVar(&cfg.Discord, "discord", 0, "how many of the games (the last ones) go through a fake Discord with the real adapter")
	round := flag.Bool("round", true, "give every command once in the first game")
	verbose := flag.Bool("v", false, "a line per game")
	transcript := flag.String("transcript", "", "write every line given and every answer to this file")
	flag.Parse()
	switch *options {
	case "random":
		cfg.RandomOptions = true
	case "":
	default:
		fmt.Fprintln(os.Stderr, "playtest: -options takes random or nothing")
		os.Exit(2)
	}
	cfg.NoRound = !*round
	if *verbose {
		cfg.Log = os.Stderr
	}
	if *transcript != "" {
		f, err := os.Create(*transcript)
		if err != nil {
			fmt.Fprintln(os.Stderr, "playtest:", err)
			os.Exit(2)
		}
		w := bufio.NewWriter(f)
		cfg.Transcript = w
		defer func() { w.Flush(); f.Close() }()
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	sum, err := playtest.Run(ctx, cfg)
	if w, ok := cfg.Transcript.(*bufio.Writer); ok {
		w.Flush() // os.Exit below skips the deferred flush
	}
	if sum != nil {
		sum.Report(os.Stdout)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "playtest:", err)
		os.Exit(2)
	}
	if len(sum.Violations) > 0 {
		os.Exit(1)
	}
}
