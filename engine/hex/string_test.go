package hex

import (
	"fmt"
	"testing"
)

// String writes a hex as the format "%02d%02d" does, for every column
// and row the fast path takes and beyond it on either side.
func TestStringAsFormat(t *testing.T) {
	for c := -12; c <= 112; c++ {
		for r := -12; r <= 112; r++ {
			h := Hex{Col: c, Row: r}
			if got, want := h.String(), fmt.Sprintf("%02d%02d", c, r); got != want {
				t.Fatalf("Hex{%d, %d}.String() = %q, want %q", c, r, got, want)
			}
		}
	}
}
