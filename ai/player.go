package ai

import (
	"fmt"
	"math/rand/v2"
	"sort"
	"time"

	"rtrbot/engine/game"
	"rtrbot/engine/units"
)

// Computer is a computer player. Orders is asked whenever its side is to
// move; it sees the side's view and its board (never the game's state)
// and gives a batch of orders for the side to move, applied in order until
// the first one the engine refuses, exactly like a player's /orders batch
// (docs/orders.md). An "end" order ends the step; a batch without one is
// followed by another request once the batch is applied (after an attack,
// to see its result). A player must be deterministic given what it sees:
// its randomness comes from Rand.
type Computer interface {
	Level() string
	Orders(v game.View, b *Board) []game.Order
}

// Config is how a player is made.
type Config struct {
	Side units.Side
	// Seed seeds the player's own generator (never the game's dice).
	Seed uint64
	// Budget bounds the search player's thinking time per segment (0:
	// DefaultBudget). With the default Iterations it is only a cap, met
	// on an overloaded machine alone.
	Budget time.Duration
	// Iterations is the search player's candidates per request (0:
	// DefaultIterations, within Budget; above 0: exactly that many,
	// whatever the clock says; below 0: as many as Budget allows).
	Iterations int
	// German, where set, changes the search's settings for the German
	// side and the campaign's weights from their defaults (DefaultGerman,
	// CampaignWeights): for measuring them (cmd/arena).
	German *GermanSettings
}

// The search's default budget (docs/ai.md, "Budget"): a fixed number of
// candidates a request, so that its play is a function of the seeds and
// the position, not of the machine's load; the clock is a cap for a
// machine so loaded that the candidates would take longer.
const (
	DefaultIterations = 12
	DefaultBudget     = 8 * time.Second
)

// Levels are the players' level names, weakest first.
var Levels = []string{"random", "heuristic", "search"}

// New makes a player of a level.
func New(level string, cfg Config) (Computer, error) {
	switch level {
	case "random":
		return &Random{cfg: cfg}, nil
	case "heuristic":
		h := NewHeuristic(cfg)
		h.rec = &record{level: level} // its account (explain.go)
		return h, nil
	case "search":
		if cfg.Budget <= 0 {
			cfg.Budget = DefaultBudget
		}
		g := campaignFor(cfg)
		return &Search{cfg: cfg, h: NewHeuristic(cfg), g: g, g0: g.W, rec: &record{level: level}}, nil
	case "campaign":
		// The heuristic led by the German campaign (campaign.go): the
		// search's German play-outs, measured alone in the arena. Not a
		// level offered to players.
		return campaignFor(cfg), nil
	}
	return nil, fmt.Errorf("unknown level %q (random, heuristic or search)", level)
}

// Rand is the player's generator for one request: a function of its seed
// and the position as the side sees it (turn, step, orders applied), so
// that the same view gives the same orders.
func Rand(seed uint64, v game.View, b *Board) *rand.Rand {
	return rand.New(rand.NewPCG(seed, uint64(v.Turn)<<40^uint64(v.Step)<<32^uint64(b.Orders())))
}

// own are the side's units on the map, from the view, by id order.
func own(v game.View, side units.Side) []game.VisibleUnit {
	var out []game.VisibleUnit
	for _, st := range v.Stacks {
		if st.Side == side {
			out = append(out, st.Units...)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out
}

// campaignFor is the heuristic led by the German campaign, with the
// weights cfg.German gives, if any.
func campaignFor(cfg Config) *Heuristic {
	g := newCampaignHeuristic(cfg)
	if cfg.German != nil && cfg.German.Weights != nil {
		g = g.weighted(*cfg.German.Weights)
	}
	if cfg.German != nil && cfg.German.DefaultSetup {
		cp := *g.campaign
		cp.defaultSetup = true
		g.campaign = &cp
	}
	if gs := cfg.German; gs != nil && gs.Recon != g.campaign.recon {
		cp := *g.campaign
		cp.recon = gs.Recon
		g.campaign = &cp
	}
	return g
}
