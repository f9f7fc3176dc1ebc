package tournament

import (
	"fmt"
	"strings"
	"testing"
)

// TestDutchTooMany: a round beyond maxDutch players is refused with a
// message, not paired out of memory.
func TestDutchTooMany(t *testing.T) {
	var ps []*phist
	for i := 0; i <= maxDutch; i++ {
		ps = append(ps, &phist{id: fmt.Sprint(i), pn: i + 1, opps: map[string]bool{}})
	}
	if _, err := pairDutch(ps); err == nil || !strings.Contains(err.Error(), "more than the Swiss pairing takes") {
		t.Fatalf("got %v", err)
	}
}
