package tournament

import (
	"crypto/sha256"
	"fmt"
	"math/rand"
	"os"
	"strconv"
	"strings"
	"testing"
)

// TestCallgrindRound pairs round 5 of the 512-player benchmark tournament
// (BenchmarkPairSwiss512) three times through cgPairOnce, so that an
// instruction count can be taken of the pairing alone, without the rounds
// that set the tournament up:
//
//	go test -c -o /tmp/t.test ./tournament
//	RTRBOT_CG=1 valgrind --tool=callgrind --toggle-collect='*cgPairOnce*' /tmp/t.test -test.run TestCallgrindRound
//
// Without RTRBOT_CG it is skipped.
func TestCallgrindRound(t *testing.T) {
	if os.Getenv("RTRBOT_CG") == "" {
		t.Skip("RTRBOT_CG not set")
	}
	tr := benchTournament(t, 512, 4)
	for i := 0; i < 3; i++ {
		if err := cgPairOnce(tr); err != nil {
			t.Fatal(err)
		}
	}
}

//go:noinline
func cgPairOnce(tr *Tournament) error {
	_, err := tr.pairSwiss(5)
	return err
}

// TestPairingsDigest writes, when RTRBOT_PAIRINGS_OUT names a file, one
// line per random Swiss tournament (as TestExternalDutchChecker plays
// them, RTRBOT_PAIRINGS_N of them, and the 512-player benchmark
// tournament's round 5): a digest of its TRF. Two builds of the matcher
// that must pair alike write the same file (diff them). Without the
// variable it is skipped.
func TestPairingsDigest(t *testing.T) {
	out := os.Getenv("RTRBOT_PAIRINGS_OUT")
	if out == "" {
		t.Skip("RTRBOT_PAIRINGS_OUT not set")
	}
	n := 300
	if v, err := strconv.Atoi(os.Getenv("RTRBOT_PAIRINGS_N")); err == nil && v > 0 {
		n = v
	}
	rng := rand.New(rand.NewSource(61))
	var b strings.Builder
	for it := 0; it < n; it++ {
		players := 4 + rng.Intn(125)
		nr := min(3+rng.Intn(7), players-1)
		tr := &Tournament{Name: fmt.Sprintf("d%d", it), Status: StatusRunning, Settings: Settings{Format: Swiss, Rounds: nr, Points: DefaultPoints()}}
		for i := 1; i <= players; i++ {
			tr.Players = append(tr.Players, &Player{ID: fmt.Sprintf("p%d", i), Name: fmt.Sprintf("P%d", i)})
		}
		for r := 1; r <= nr; r++ {
			if err := tr.pairNext(t0); err != nil {
				fmt.Fprintf(&b, "%d stopped at round %d\n", it, r)
				break
			}
			for _, g := range tr.Current().Games {
				if !g.Bye() {
					res := randomResult(rng)
					g.Result = &res
				}
			}
			tr.Current().Closed = true
			if rng.Intn(4) == 0 {
				if p := tr.Players[rng.Intn(len(tr.Players))]; !p.Dropped && tr.activeCount() > 3 {
					tr.drop(p)
				}
			}
		}
		fmt.Fprintf(&b, "%d %x\n", it, sha256.Sum256(tr.TRF()))
	}
	tr := benchTournament(t, 512, 4)
	r5, err := tr.pairSwiss(5)
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range r5.Games {
		fmt.Fprintf(&b, "bench %s %s\n", g.German, g.Allied)
	}
	if err := os.WriteFile(out, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
}
