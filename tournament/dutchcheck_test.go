package tournament

import (
	"fmt"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestExternalDutchChecker is an opt-in check of the Swiss pairing by an
// independent FIDE Dutch (C.04.3) program that reads a TRF and checks
// every round of it (bbpPairings: "--dutch FILE -c"). It runs only when
// RTRBOT_DUTCH_CHECKER names the program (RTRBOT_DUTCH_N tournaments, 30
// by default); the tests never need it. It plays random tournaments
// (4–40 players, 3–7 rounds, random results, no drops) and fails for each
// whose pairings the checker does not reproduce, saying how many.
func TestExternalDutchChecker(t *testing.T) {
	bin := os.Getenv("RTRBOT_DUTCH_CHECKER")
	if bin == "" {
		t.Skip("RTRBOT_DUTCH_CHECKER is not set")
	}
	n := 30
	if v, err := strconv.Atoi(os.Getenv("RTRBOT_DUTCH_N")); err == nil && v > 0 {
		n = v
	}
	rng := rand.New(rand.NewSource(16))
	dir := t.TempDir()
	bad, rounds, diff := 0, 0, 0
	for it := 0; it < n; it++ {
		players := 4 + rng.Intn(37)
		nr := 3 + rng.Intn(5)
		if nr >= players {
			nr = players - 1
		}
		tr := &Tournament{Name: fmt.Sprintf("check%d", it), Status: StatusRunning, Settings: Settings{Format: Swiss, Rounds: nr, Points: DefaultPoints()}}
		for i := 1; i <= players; i++ {
			tr.Players = append(tr.Players, &Player{ID: fmt.Sprintf("p%d", i), Name: fmt.Sprintf("P%d", i)})
		}
		ok := true
		for r := 1; r <= nr; r++ {
			if err := tr.pairNext(t0); err != nil {
				ok = false
				break
			}
			for _, g := range tr.Current().Games {
				if !g.Bye() {
					res := randomResult(rng)
					g.Result = &res
				}
			}
			tr.Current().Closed = true
			rounds++
		}
		if !ok {
			continue
		}
		f := filepath.Join(dir, fmt.Sprintf("t%d.trf", it))
		if err := os.WriteFile(f, tr.TRF(), 0o644); err != nil {
			t.Fatal(err)
		}
		out, err := exec.Command(bin, "--dutch", f, "-c").CombinedOutput()
		diff += strings.Count(string(out), "Checker pairings")
		if err != nil || strings.Count(string(out), "Checker pairings") > 0 {
			bad++
			if bad <= 3 {
				t.Errorf("tournament %d (%d players, %d rounds): the checker says (%v):\n%s", it, players, nr, err, out)
			}
		}
	}
	t.Logf("%d tournaments (%d rounds): %d not reproduced by the checker, %d rounds paired otherwise", n, rounds, bad, diff)
	if bad > 0 {
		t.Errorf("%d of %d tournaments not reproduced", bad, n)
	}
}
