package tournament

import (
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"math/rand"
	"os"
	"strconv"
	"strings"
	"testing"
)

// TestCallgrindRound pairs round 5 of the 512-player benchmark tournament
// (BenchmarkPairSwiss512) RTRBOT_CG times through cgPairOnce, after the
// rounds that set the tournament up; the instructions of one pairing are
// the difference of two whole-program counts (RTRBOT_CG=4 and 1, divided
// by 3), as toggling the count on cgPairOnce alone miscounts Go's stack
// switches. With RTRBOT_CG_STATE naming a file, the tournament is read
// from it (written there by the first run), and GOGC=off keeps the
// collector's share out of the count:
//
//	go test -c -o /tmp/t.test ./tournament
//	GOGC=off GODEBUG=asyncpreemptoff=1 RTRBOT_CG=4 RTRBOT_CG_STATE=/tmp/s.json valgrind --tool=callgrind /tmp/t.test -test.run TestCallgrindRound
//
// Without RTRBOT_CG it is skipped.
func TestCallgrindRound(t *testing.T) {
	reps, err := strconv.Atoi(os.Getenv("RTRBOT_CG"))
	if err != nil || reps < 0 {
		t.Skip("RTRBOT_CG not set")
	}
	var tr *Tournament
	if f := os.Getenv("RTRBOT_CG_STATE"); f != "" {
		// the tournament as saved by an earlier run, so that setting it
		// up costs next to nothing
		if b, err := os.ReadFile(f); err == nil {
			tr = &Tournament{}
			if err := json.Unmarshal(b, tr); err != nil {
				t.Fatal(err)
			}
		} else {
			tr = benchTournament(t, 512, 4)
			b, err := json.Marshal(tr)
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(f, b, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	} else {
		tr = benchTournament(t, 512, 4)
	}
	for i := 0; i < reps; i++ {
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
	out := envOrSkip(t, "RTRBOT_PAIRINGS_OUT")
	n := envCount("RTRBOT_PAIRINGS_N", 300)
	rng := rand.New(rand.NewSource(61))
	var b strings.Builder
	for it := 0; it < n; it++ {
		players := 4 + rng.Intn(125)
		nr := min(3+rng.Intn(7), players-1)
		tr := numberedSwiss(fmt.Sprintf("d%d", it), players, nr)
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
