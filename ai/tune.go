package ai

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"rtrbot/engine/game"
)

// Tuning the German campaign's weights (docs/ai.md, "Tuning the German
// weights"): a coordinate search over the heuristic's Weights as the
// campaign uses them (CampaignWeights), each candidate played as the
// campaign heuristic against the plain heuristic Allies on the same
// training seeds (common seeds: the candidates are compared game by
// game), a change kept only when the paired gain in the VP margin is
// clear of the noise. Everything is a function of the seeds: a rerun
// gives the same log and the same weights.

// TuneConfig is a tuning run.
type TuneConfig struct {
	Rules *game.Rules
	Start Weights
	Seed  uint64 // the first training seed (game i: Seed+i)
	Games int    // training games per candidate
	// Factors are the multipliers tried on each weight, one sweep over the
	// weights per factor pair (each weight times f, then divided by f).
	Factors []float64
	// Keep is how many standard errors the paired gain must exceed.
	Keep float64
	Log  func(string) // one line per candidate (may be nil)
}

// tuned are the weights tuned, in the order tried: each one's name (its
// field's), the field, and the value it is tried at when it is zero (a
// factor of zero is zero).
var tuned = []struct {
	name  string
	field func(*Weights) *float64
	unit  float64
}{
	{"Objective", func(w *Weights) *float64 { return &w.Objective }, 1},
	{"Contact", func(w *Weights) *float64 { return &w.Contact }, 1},
	{"Danger", func(w *Weights) *float64 { return &w.Danger }, 1},
	{"Terrain", func(w *Weights) *float64 { return &w.Terrain }, 1},
	{"Stack", func(w *Weights) *float64 { return &w.Stack }, 0.3},
	{"MinEV", func(w *Weights) *float64 { return &w.MinEV }, 0.2},
	{"Guard", func(w *Weights) *float64 { return &w.Guard }, 2},
	{"Grab", func(w *Weights) *float64 { return &w.Grab }, 10},
}

// TuneParams are the names of the weights tuned, in the order tried.
var TuneParams = func() []string {
	var names []string
	for _, t := range tuned {
		names = append(names, t.name)
	}
	return names
}()

// weightPtr is the field of w named n, or nil.
func weightPtr(w *Weights, n string) *float64 {
	for _, t := range tuned {
		if t.name == n {
			return t.field(w)
		}
	}
	return nil
}

// TuneEval plays the campaign heuristic with weights w (the Germans)
// against the heuristic (the Allies) on games seeds from seed, one at a
// time, and gives each game's margin (German VP less Allied) and the
// German wins.
func TuneEval(r *game.Rules, w Weights, seed uint64, games int) ([]float64, int, error) {
	res, err := Arena(r, ArenaConfig{Games: games, Seed: seed, Parallel: 1,
		Players: [2]func(Config) Computer{func(c Config) Computer {
			h := newCampaignHeuristic(c)
			h.W = w
			return h
		}, nil}, German: "campaign", Allied: "heuristic"})
	if err != nil {
		return nil, 0, err
	}
	out := make([]float64, 0, len(res.Games))
	for _, g := range res.Games {
		if g.Err != nil {
			return nil, 0, g.Err
		}
		out = append(out, float64(g.VP[0]-g.VP[1]))
	}
	return out, res.Wins[0], nil
}

// Paired is the mean of b-a game by game and its standard error.
func Paired(a, b []float64) (mean, se float64) {
	n := min(len(a), len(b))
	if n < 2 {
		return 0, math.Inf(1)
	}
	for i := 0; i < n; i++ {
		mean += b[i] - a[i]
	}
	mean /= float64(n)
	v := 0.0
	for i := 0; i < n; i++ {
		d := b[i] - a[i] - mean
		v += d * d
	}
	return mean, math.Sqrt(v / float64(n-1) / float64(n))
}

func meanOf(xs []float64) float64 {
	s := 0.0
	for _, x := range xs {
		s += x
	}
	return s / float64(max(len(xs), 1))
}

// Tune runs the coordinate search and gives the best weights found.
func Tune(cfg TuneConfig) (Weights, error) {
	logf := func(f string, a ...any) {
		if cfg.Log != nil {
			cfg.Log(fmt.Sprintf(f, a...))
		}
	}
	best := cfg.Start
	bestM, wins, err := TuneEval(cfg.Rules, best, cfg.Seed, cfg.Games)
	if err != nil {
		return best, err
	}
	logf("start %s: margin %.1f, German wins %d/%d", FormatWeights(best), meanOf(bestM), wins, cfg.Games)
	for _, f := range cfg.Factors {
		for _, t := range tuned {
			name := t.name
			for _, g := range []float64{f, 1 / f} {
				w := best
				p := t.field(&w)
				if *p == 0 {
					if g < 1 {
						continue
					}
					*p = t.unit
				} else {
					*p *= g
				}
				m, wins, err := TuneEval(cfg.Rules, w, cfg.Seed, cfg.Games)
				if err != nil {
					return best, err
				}
				d, se := Paired(bestM, m)
				kept := d > cfg.Keep*se && d > 0
				logf("%s ×%.2f → %s: margin %.1f, German wins %d/%d, paired %+.1f (se %.1f)%s",
					name, g, FormatWeights(w), meanOf(m), wins, cfg.Games, d, se, map[bool]string{true: " kept"}[kept])
				if kept {
					best, bestM = w, m
					break // the other direction would undo it
				}
			}
		}
	}
	return best, nil
}

// FormatWeights is w as Go would write it, for the log and the code.
func FormatWeights(w Weights) string {
	return fmt.Sprintf("{Objective: %.3g, Contact: %.3g, Danger: %.3g, Terrain: %.3g, Stack: %.3g, MinEV: %.3g, Guard: %.3g, Grab: %.3g}",
		w.Objective, w.Contact, w.Danger, w.Terrain, w.Stack, w.MinEV, w.Guard, w.Grab)
}

// ParseWeights changes w by a list "Name=value,Name=value" of the fields
// of Weights (TuneParams), as the arena's -campaign-weights takes it.
func ParseWeights(w Weights, s string) (Weights, error) {
	for _, kv := range strings.Split(s, ",") {
		kv = strings.TrimSpace(kv)
		if kv == "" {
			continue
		}
		n, v, ok := strings.Cut(kv, "=")
		p := weightPtr(&w, strings.TrimSpace(n))
		if !ok || p == nil {
			return w, fmt.Errorf("not a weight: %q (%s)", kv, strings.Join(TuneParams, ", "))
		}
		x, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
		if err != nil || math.IsNaN(x) || math.IsInf(x, 0) {
			return w, fmt.Errorf("not a number: %q", kv)
		}
		*p = x
	}
	return w, nil
}
