package tournament

import (
	"fmt"
	"os"
	"strconv"
	"testing"
)

// envCount is the positive whole number the environment variable name
// holds, or def when it holds none: how the opt-in checks take their sizes.
func envCount(name string, def int) int {
	if v, err := strconv.Atoi(os.Getenv(name)); err == nil && v > 0 {
		return v
	}
	return def
}

// envOrSkip is the value of the environment variable name, skipping the
// test when it is unset: the opt-in checks run only when asked.
func envOrSkip(t *testing.T, name string) string {
	t.Helper()
	v := os.Getenv(name)
	if v == "" {
		t.Skip(name + " is not set")
	}
	return v
}

// numberedSwiss is a running Swiss tournament of rounds rounds with the
// default points and players p1…pN (named P1…PN), before any round: the
// random tournaments the external checks pair.
func numberedSwiss(name string, players, rounds int) *Tournament {
	tr := &Tournament{Name: name, Status: StatusRunning, Settings: Settings{Format: Swiss, Rounds: rounds, Points: DefaultPoints()}}
	for i := 1; i <= players; i++ {
		tr.Players = append(tr.Players, &Player{ID: fmt.Sprintf("p%d", i), Name: fmt.Sprintf("P%d", i)})
	}
	return tr
}
