// Command arena plays computer players against each other (package ai)
// and prints their results:
//
//	go run ./cmd/arena -games 100 -german heuristic -allied random -scenario standard
//	go run ./cmd/arena -games 400 -german search -allied heuristic -seed 1
//
// Games run in parallel (-parallel, default the number of CPUs). The last
// lines are "german wins W/N, allied wins A/N, draws D/N", the thinking
// time per segment (p50, p95) and 95 % confidence intervals of the win
// rates (Wilson). docs/ai.md has the figures.
package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"
	"runtime/debug"
	"strings"

	"rtrbot/ai"
	"rtrbot/engine/board"
	"rtrbot/engine/game"
)

// gcPercent is the collector's target where GOGC is not set: the search's
// play-outs make much short-lived garbage in a small heap (a few tens of
// MB), and at 400 a search game takes about 30 % less CPU than at Go's 100.
const gcPercent = 400

func main() {
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(gcPercent)
	}
	cfg := ai.ArenaConfig{}
	flag.IntVar(&cfg.Games, "games", 20, "games to play")
	flag.StringVar(&cfg.German, "german", "heuristic", "the German player's level ("+strings.Join(ai.Levels, ", ")+")")
	flag.StringVar(&cfg.Allied, "allied", "random", "the Allied player's level")
	scenario := flag.String("scenario", "standard", "standard or extended")
	flag.DurationVar(&cfg.Budget, "budget", ai.DefaultBudget, "the cap on the search player's thinking time per segment")
	flag.IntVar(&cfg.Iterations, "iterations", 0, "the search's candidates per request (0: the default, within -budget; above 0: exactly that many, reproducible whatever the load; below 0: as many as -budget allows)")
	flag.Uint64Var(&cfg.Seed, "seed", 1, "seed of the first game (the others follow)")
	flag.IntVar(&cfg.Parallel, "parallel", runtime.NumCPU(), "games played at once")
	options := flag.String("options", "", "scenario options for every game, e.g. \"18.1(5) 18.2(14)\"")
	quiet := flag.Bool("q", false, "no line per game")
	gs := ai.DefaultGerman()
	flag.IntVar(&gs.PlanTurns, "plan-turns", gs.PlanTurns, "the search's German plan is chosen by whole-game play-outs in the first N turns (0: never)")
	flag.IntVar(&gs.PlanSamples, "plan-samples", gs.PlanSamples, "play-outs per German plan")
	flag.Float64Var(&gs.PlanMargin, "plan-margin", gs.PlanMargin, "VP a German plan must gain over the campaign's weights")
	flag.IntVar(&gs.Horizon, "german-horizon", gs.Horizon, "enemy player turns the search's German play-outs reach")
	flag.Float64Var(&gs.Margin, "german-margin", gs.Margin, "VP a German candidate must gain over the campaign's own plan")
	flag.IntVar(&gs.Samples, "german-samples", gs.Samples, "dice samples per German candidate of the search (0: as the Allies')")
	flag.BoolVar(&gs.NoRepair, "no-repair", gs.NoRepair, "no local repairs among the search's German candidates")
	flag.BoolVar(&gs.SequentialDice, "sequential-dice", gs.SequentialDice, "the search's German play-outs roll the board's dice in sequence, not keyed by the order")
	flag.BoolVar(&gs.StrikeVariants, "strike-variants", gs.StrikeVariants, "the search's German candidates include the campaign's plan with other strikes")
	flag.BoolVar(&gs.WholeBoards, "whole-boards", gs.WholeBoards, "both sides of the search's German play-outs decide on the whole board, not on what each would see")
	flag.IntVar(&gs.ConfirmTop, "confirm-top", gs.ConfirmTop, "a final round for the search's German plans: the best candidates that beat the campaign's plan (at most this many) scored again")
	flag.IntVar(&gs.ConfirmSamples, "confirm-samples", gs.ConfirmSamples, "fresh dice samples of the final round (-confirm-top)")
	flag.BoolVar(&gs.DefaultSetup, "default-setup", gs.DefaultSetup, "the campaign sets up by the engine's default placement, not its north and right wings forward")
	flag.BoolVar(&gs.FreeDuplicates, "free-duplicates", gs.FreeDuplicates, "with -iterations, a German candidate that repeats a plan already scored does not count as one")
	flag.BoolVar(&gs.RepairHit, "repair-hit", gs.RepairHit, "the search's German repairs also move the units the Allied reply attacked in most samples")
	flag.BoolVar(&gs.CombatPlayouts, "combat-playouts", gs.CombatPlayouts, "the search chooses the German attacks by play-outs (each face of the attack's die), not the campaign's expected VP")
	flag.IntVar(&gs.CombatCandidates, "combat-candidates", gs.CombatCandidates, "the campaign's attacks scored with End by -combat-playouts (0: 3)")
	flag.IntVar(&gs.CombatSamples, "combat-samples", gs.CombatSamples, "samples per face of the attack's die for -combat-playouts (0: 1)")
	flag.Float64Var(&gs.CombatMargin, "combat-margin", gs.CombatMargin, "VP an attack (or End) must gain over the campaign's attack with -combat-playouts")
	flag.IntVar(&cfg.ForkTurn, "fork-turn", 0, "play the turns before this one with the default settings, the rest with the flags' (0: the flags from the start)")
	flag.BoolVar(&gs.NoStyles, "no-styles", gs.NoStyles, "the search's German candidates have no styles: their places go to mutations")
	flag.Float64Var(&gs.GrabStyle, "grab-style", gs.GrabStyle, "a first German style with the campaign's Grab weight at this value (0: none)")
	flag.IntVar(&gs.GrabFrom, "grab-from", gs.GrabFrom, "the turn from which -grab-style is tried")
	flag.Float64Var(&gs.WinBonus, "win-bonus", gs.WinBonus, "VP a German play-out scores for a projected win (15.1), smoothed over -win-scale")
	flag.Float64Var(&gs.WinScale, "win-scale", gs.WinScale, "the spread (VP) of -win-bonus around the win line")
	flag.IntVar(&gs.WinFrom, "win-from", gs.WinFrom, "the turn from which -win-bonus counts")
	flag.IntVar(&gs.EndFrom, "end-from", gs.EndFrom, "the turn from which the German play-outs run to the end of the game (0: never)")
	flag.BoolVar(&gs.Recon, "recon", gs.Recon, "the campaign's HQs look into enemy stacks in the first movement segment (14.12)")
	cw := flag.String("campaign-weights", "", "change the German campaign's weights, e.g. \"Danger=0.75,Guard=10\" (measuring; ai.CampaignWeights)")
	flag.Parse()
	if *cw != "" {
		w, err := ai.ParseWeights(ai.CampaignWeights, *cw)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(2)
		}
		gs.Weights = &w
	}
	cfg.GermanSettings = &gs
	cfg.Options = strings.Fields(*options)
	if err := run(cfg, *scenario, *quiet, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}

func run(cfg ai.ArenaConfig, scenario string, quiet bool, w io.Writer) error {
	m, err := board.Default()
	if err != nil {
		return err
	}
	r, err := game.NewRules(m, scenario)
	if err != nil {
		return err
	}
	if !quiet {
		cfg.Each = func(g ai.ArenaGame) { fmt.Fprintln(w, g) }
	}
	res, err := ai.Arena(r, cfg)
	if err != nil {
		return err
	}
	fmt.Fprint(w, res.Report())
	return nil
}
