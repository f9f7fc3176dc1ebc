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
