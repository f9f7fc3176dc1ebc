package commands

import (
	"bufio"
	"fmt"
	"os"
	"strings"
	"testing"
)

// A full hot-seat game of the standard scenario in the console, played to
// the end by the checked-in orders of engine/game's scripted game, ends
// with its victory level (15.1).
func TestHotSeatWholeGame(t *testing.T) {
	if testing.Short() {
		t.Skip("a whole game")
	}
	b := gameBot(t)
	expect(t, say(t, b, "/game new scenario:standard seed:1914"), "")
	f, err := os.Open("../engine/game/testdata/standard-game.orders")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	n := 0
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") || strings.HasPrefix(line, "seed ") {
			continue
		}
		n++
		if got := say(t, b, "/orders text:"+line); !strings.Contains(got, "1 of 1 order applied") {
			t.Fatalf("order %d %q: %s", n, line, got)
		}
	}
	// The final VP and level are the engine's record of the same game
	// (standard-game.result, written when the script is recorded).
	res, err := os.ReadFile("../engine/game/testdata/standard-game.result")
	if err != nil {
		t.Fatal(err)
	}
	var vpG, vpA, margin int
	var level string
	for _, l := range strings.Split(string(res), "\n") {
		fmt.Sscanf(l, "vp %d %d", &vpG, &vpA)
		fmt.Sscanf(l, "level %s", &level)
		fmt.Sscanf(l, "margin %d", &margin)
	}
	if level == "" {
		t.Fatalf("no level in standard-game.result:\n%s", res)
	}
	expect(t, say(t, b, "/game status"), fmt.Sprintf("Game over. VP: German %d, Allied %d: ", vpG, vpA), level, fmt.Sprintf("(difference %d, 15.1).", margin))
}

// The combat commands build the engine's orders: /attack with its table
// (9.7), /retreat (9.4), /bombard (12.6), /abandon (12.4), /recon (14.12).
func TestCombatCommands(t *testing.T) {
	b := gameBot(t)
	loadConsolePosition(t, b, "step combat-1\n2620: F-XX F-66R\n2621: G-III G-IV\n")
	expect(t, say(t, b, "/attack table:mobile units:G-III hex:2620"), "wholly surrounded")
	expect(t, say(t, b, "/attack table:assault units:G-III G-IV hex:2620"), "Attack on 2620 with the Assault table: G-III G-IV (attack 16) against F-66R F-XX")
	// A hex the map names is named beside its number, as the other texts do.
	loadConsolePosition(t, b, "step combat-1\n1819: F-XX\n1820: G-III G-IV\n")
	expect(t, say(t, b, "/attack table:assault units:G-III G-IV hex:1819"), "Attack on Verdun (1819) with the Assault table")
	loadConsolePosition(t, b, "step combat-1\n1819: F-XX\n1820: G-S1\n")
	expect(t, say(t, b, "/bombard unit:G-S1 hex:1819"), "Siege gun G-S1 fires at the 12-strength fortress of Verdun")
	loadConsolePosition(t, b, "step movement-1\nplayer allied\n")
	expect(t, say(t, b, "/abandon hex:1819"), "abandon the fortress of Verdun")
	loadConsolePosition(t, b, "step movement-1\n2621: G-1A\n2620: F-XX F-66R\n")
	expect(t, say(t, b, "/recon hq:G-1A hex:2620"), "look into 2620", "Reconnaissance of 2620: F-66R F-XX")
	loadConsolePosition(t, b, "step combat-1\nretreat F-66R\n2620: F-66R\n2621: G-III\n")
	expect(t, say(t, b, "/retreat unit:F-66R hex:2621"), "retreats one hex to one of")
}
