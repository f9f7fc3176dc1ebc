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
// RTRBOT_DUTCH_CHECKER names the program (RTRBOT_DUTCH_N tournaments, 100
// by default); the tests never need it. It plays random tournaments
// (4–64 players, 3–9 rounds; wins, draws, forfeits and double forfeits;
// drops and late entries; odd numbers give byes, a quarter of them worth
// a draw or nothing) with the default points
// (a TRF writes results as 1, ½, 0, so the level points cannot be
// checked), exports each as TRF and counts the rounds the checker pairs
// otherwise: the goal is none. RTRBOT_DUTCH_BIG=512 adds one tournament
// of that many players.
func TestExternalDutchChecker(t *testing.T) {
	bin := envOrSkip(t, "RTRBOT_DUTCH_CHECKER")
	n := envCount("RTRBOT_DUTCH_N", 100)
	rng := rand.New(rand.NewSource(16))
	dir := t.TempDir()
	bad, rounds, diff, unchecked, stopped, confirmed := 0, 0, 0, 0, 0, 0
	big, _ := strconv.Atoi(os.Getenv("RTRBOT_DUTCH_BIG"))
	if big > 0 {
		n++ // one more tournament, of RTRBOT_DUTCH_BIG players and 5 rounds
	}
	for it := 0; it < n; it++ {
		players := 4 + rng.Intn(61)
		nr := 3 + rng.Intn(7)
		if big > 0 && it == n-1 {
			players, nr = big, 5
		}
		if nr >= players {
			nr = players - 1
		}
		tr := numberedSwiss(fmt.Sprintf("check%d", it), players, nr)
		if rng.Intn(4) == 0 {
			tr.Settings.Points.Bye = rng.Intn(2) // bye:half or bye:zero
		}
		paired := 0
		for r := 1; r <= nr; r++ {
			if err := tr.pairNext(t0); err != nil {
				// no legal pairing: the checker, asked to pair the round,
				// must find none either; the rounds before are still checked
				stopped++
				f := filepath.Join(dir, fmt.Sprintf("next%d.trf", it))
				if err := os.WriteFile(f, nextRoundTRF(tr, r), 0o644); err != nil {
					t.Fatal(err)
				}
				out, err := exec.Command(bin, "--dutch", f, "-p", f+".out").CombinedOutput()
				if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 1 {
					confirmed--
					t.Errorf("tournament %d round %d: no legal pairing claimed, the checker says (%v): %s", it, r, err, out)
				}
				confirmed++
				break
			}
			paired++
			for _, g := range tr.Current().Games {
				if g.Bye() {
					continue
				}
				res := randomResult(rng)
				switch rng.Intn(20) {
				case 0:
					res = Result{Winner: []string{German, Allied}[rng.Intn(2)], Forfeit: true}
				case 1:
					res = Result{Winner: Draw, Double: true, Forfeit: true} // as the round clock writes it
				}
				g.Result = &res
			}
			tr.Current().Closed = true
			if rng.Intn(4) == 0 {
				if p := tr.Players[rng.Intn(len(tr.Players))]; !p.Dropped && tr.activeCount() > 3 {
					tr.drop(p)
				}
			}
			if rng.Intn(6) == 0 {
				tr.Players = append(tr.Players, &Player{ID: fmt.Sprintf("late%d", r), Name: fmt.Sprintf("Late%d", r), FromRound: r + 1})
			}
		}
		rounds += paired
		f := filepath.Join(dir, fmt.Sprintf("t%d.trf", it))
		if err := os.WriteFile(f, tr.TRF(), 0o644); err != nil {
			t.Fatal(err)
		}
		out, err := exec.Command(bin, "--dutch", f, "-c").CombinedOutput()
		d := strings.Count(string(out), "Checker pairings")
		diff += d
		if err != nil {
			unchecked += paired
		}
		if err != nil || d > 0 {
			bad++
			if bad <= 3 {
				t.Errorf("tournament %d (%d players, %d rounds): the checker says (%v):\n%s\n%s", it, players, nr, err, out, tr.TRF())
			}
		}
	}
	t.Logf("%d tournaments: %d of %d rounds paired as the checker pairs them (%d paired otherwise, %d not checked); %d tournaments not reproduced; %d stopped early with no legal pairing, the checker finding none either in %d",
		n, rounds-diff-unchecked, rounds, diff, unchecked, bad, stopped, confirmed)
	if bad > 0 {
		t.Errorf("%d of %d tournaments not reproduced", bad, n)
	}
}

// nextRoundTRF is the TRF of t with round r about to be paired: players
// who are not in it (dropped, entering later) have "0000 - Z" in its
// column, as a pairing program reads the players to pair.
func nextRoundTRF(t *Tournament, r int) []byte {
	lines := strings.Split(strings.TrimRight(string(t.TRF()), "\n"), "\n")
	for i, l := range lines {
		if !strings.HasPrefix(l, "001 ") {
			continue
		}
		pn, err := strconv.Atoi(strings.TrimSpace(l[4:8]))
		if err != nil || pn < 1 || pn > len(t.Players) || t.Players[pn-1].active(r) {
			continue
		}
		col := 92 + 10*(r-1) - 1
		for len(l) < col {
			l += " "
		}
		lines[i] = l + "0000 - Z"
	}
	return []byte(strings.Join(lines, "\n") + "\n")
}
