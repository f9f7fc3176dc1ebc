package ai

import (
	"slices"
	"testing"

	"rtrbot/engine/game"
)

// TestArenaFork checks the arena's -fork-turn: the turns before the fork
// are played by the default players (here: German settings unset gives
// the heuristic), the rest by the match's (settings set gives random
// play), and the game is whole: its log replays to its final state.
func TestArenaFork(t *testing.T) {
	r := rules(t)
	pick := func(pc Config) Computer {
		if pc.German == nil {
			return NewHeuristic(pc)
		}
		return &Random{cfg: pc}
	}
	const seed, fork = 21, 5
	cfg := ArenaConfig{Games: 1, Seed: seed, Parallel: 1, German: "heuristic", Allied: "heuristic", Players: [2]func(Config) Computer{pick, pick}, GermanSettings: &GermanSettings{}, ForkTurn: fork}
	heur, err := PlayGame(r, seed, nil, [2]Computer{NewHeuristic(Config{Seed: 2 * seed}), NewHeuristic(Config{Seed: 2*seed + 1})})
	if err != nil {
		t.Fatal(err)
	}
	before, _ := arenaPlayers(cfg, seed, nil)
	after, _ := arenaPlayers(cfg, seed, cfg.GermanSettings)
	forked, err := PlayForked(r, seed, nil, before, after, fork)
	if err != nil {
		t.Fatal(err)
	}
	// The opening is the heuristic's game order for order up to the fork.
	n := prefixUntil(t, r, seed, heur.Log, fork)
	if len(forked.Log) < n || !slices.EqualFunc(heur.Log[:n], forked.Log[:n], func(a, b game.Order) bool { return a.String() == b.String() }) {
		t.Fatalf("the forked game's first %d orders are not the heuristic's", n)
	}
	if slices.EqualFunc(heur.Log, forked.Log, func(a, b game.Order) bool { return a.String() == b.String() }) {
		t.Fatal("after the fork the game was still the heuristic's: the match's players never played")
	}
	// The log replays to the final state.
	s, err := game.New(r, seed, nil)
	if err != nil {
		t.Fatal(err)
	}
	for i, o := range forked.Log {
		if s, _, err = game.Apply(s, o); err != nil {
			t.Fatalf("order %d %s: %v", i, o, err)
		}
	}
	if s.Step != game.GameOver || s.VP != forked.Final.VP {
		t.Fatalf("replayed to %v %v, the game ended at %v", s.Step, s.VP, forked.Final.VP)
	}
	res, err := Arena(r, cfg)
	if err != nil || res.Errors > 0 || res.Games[0].VP != forked.Final.VP {
		t.Fatalf("the arena's forked game %v (err %v), PlayForked's %v", res.Games, err, forked.Final.VP)
	}
}

// prefixUntil is how many orders of log come before turn fork begins.
func prefixUntil(t *testing.T, r *game.Rules, seed uint64, log []game.Order, fork int) int {
	s, err := game.New(r, seed, nil)
	if err != nil {
		t.Fatal(err)
	}
	for i, o := range log {
		if int(s.Turn) >= fork {
			return i
		}
		if s, _, err = game.Apply(s, o); err != nil {
			t.Fatal(err)
		}
	}
	return len(log)
}
