// Command tune tunes the German campaign's weights (ai.Tune, docs/ai.md
// "Tuning the German weights"): a coordinate search, each candidate the
// campaign heuristic (the Germans) against the heuristic (the Allies) on
// the same training seeds, a change kept when its paired gain in the VP
// margin exceeds -keep standard errors; then the start and the best are
// compared on the validation seeds. Deterministic: the same flags give the
// same log.
//
//	go run ./cmd/tune -games 200 -seed 10000 -factors 2,1.4 -validate 2000 -vgames 160
//
// Keep the training seeds away from the seeds the arena's figures are
// measured on (docs/ai.md) and from the validation seeds.
package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"rtrbot/ai"
	"rtrbot/engine/game"
)

func main() {
	games := flag.Int("games", 200, "training games per candidate")
	seed := flag.Uint64("seed", 10000, "the first training seed")
	factors := flag.String("factors", "2,1.4", "the multipliers tried on each weight, one sweep each")
	keep := flag.Float64("keep", 1.5, "standard errors the paired gain must exceed for a change to be kept")
	vseed := flag.Uint64("validate", 2000, "the first validation seed")
	vgames := flag.Int("vgames", 160, "validation games (0: none)")
	flag.Parse()
	if err := run(*games, *seed, *factors, *keep, *vseed, *vgames, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}

func run(games int, seed uint64, factors string, keep float64, vseed uint64, vgames int, w io.Writer) error {
	r, err := game.DefaultRules("standard")
	if err != nil {
		return err
	}
	var fs []float64
	for _, f := range strings.Split(factors, ",") {
		x, err := strconv.ParseFloat(strings.TrimSpace(f), 64)
		if err != nil || x <= 1 {
			return fmt.Errorf("a factor is a number above 1: %q", f)
		}
		fs = append(fs, x)
	}
	cfg := ai.TuneConfig{Rules: r, Start: ai.CampaignWeights, Seed: seed, Games: games, Factors: fs, Keep: keep,
		Log: func(s string) { fmt.Fprintln(w, s) }}
	best, err := ai.Tune(cfg)
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "best %s\n", ai.FormatWeights(best))
	if vgames <= 0 {
		return nil
	}
	a, wa, err := ai.TuneEval(r, cfg.Start, vseed, vgames)
	if err != nil {
		return err
	}
	b, wb, err := ai.TuneEval(r, best, vseed, vgames)
	if err != nil {
		return err
	}
	d, se := ai.Paired(a, b)
	fmt.Fprintf(w, "validation, %d games from seed %d: start margin %.1f (German wins %d), best margin %.1f (German wins %d), paired %+.1f (95 %% %+.1f to %+.1f)\n",
		vgames, vseed, mean(a), wa, mean(b), wb, d, d-1.96*se, d+1.96*se)
	return nil
}

func mean(xs []float64) float64 {
	s := 0.0
	for _, x := range xs {
		s += x
	}
	return s / float64(max(len(xs), 1))
}
