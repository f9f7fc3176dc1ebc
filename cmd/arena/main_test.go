package main

import (
	"bytes"
	"regexp"
	"strings"
	"testing"

	"rtrbot/ai"
)

// TestArenaOutput runs a two-game arena through the command's own code
// and checks its summary: the result line, then the time per segment,
// then the confidence intervals.
func TestArenaOutput(t *testing.T) {
	var out bytes.Buffer
	cfg := ai.ArenaConfig{Games: 2, German: "random", Allied: "heuristic", Seed: 21, Parallel: 2}
	if err := run(cfg, "standard", false, &out); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	k := -1
	for i, l := range lines {
		if regexp.MustCompile(`^german wins \d+/2, allied wins \d+/2, draws \d+/2$`).MatchString(l) {
			k = i
		}
	}
	if k < 0 || k+2 >= len(lines) {
		t.Fatalf("no result line followed by the time and the interval:\n%s", out.String())
	}
	if !strings.HasPrefix(lines[k+1], "time per segment: p50 ") || !strings.Contains(lines[k+1], "p95 ") || !strings.HasPrefix(lines[k+2], "95% confidence (Wilson): ") {
		t.Fatalf("after the result line:\n%s", strings.Join(lines[k:], "\n"))
	}
	if n := len(regexp.MustCompile(`(?m)^seed 2[12]: `).FindAllString(out.String(), -1)); n != 2 { // one line a game
		t.Fatalf("%d game lines:\n%s", n, out.String())
	}
	if err := run(ai.ArenaConfig{Games: 1, German: "nobody", Allied: "random"}, "standard", true, &out); err == nil {
		t.Fatal("an unknown level was accepted")
	}
}

// TestArenaIterations: with -iterations the search's games do not depend
// on the clock, so two runs of the same seed give the same lines, and the
// summary names the iterations instead of the budget.
func TestArenaIterations(t *testing.T) {
	if testing.Short() {
		t.Skip("plays two search games")
	}
	var outs [2]string
	for i := range outs {
		var out bytes.Buffer
		cfg := ai.ArenaConfig{Games: 1, German: "search", Allied: "heuristic", Seed: 6001, Parallel: 1, Iterations: 2}
		if err := run(cfg, "standard", false, &out); err != nil {
			t.Fatal(err)
		}
		outs[i] = out.String()
	}
	game := regexp.MustCompile(`(?m)^seed 6001: .*$`)
	a, b := game.FindString(outs[0]), game.FindString(outs[1])
	if a == "" || a != b {
		t.Fatalf("two runs of the same seed differ:\n%s\n%s", a, b)
	}
	if !strings.Contains(outs[0], "budget 2 iterations") {
		t.Fatalf("the summary does not name the iterations:\n%s", outs[0])
	}
}
