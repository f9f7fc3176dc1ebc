package tournament

import (
	"math"
	"testing"
)

// The worked example of Glickman's "Example of the Glicko-2 system":
// 1500/200/0.06 beats 1400/30, loses to 1550/100 and 1700/300, tau 0.5:
// 1464.06 / 151.52 / 0.05999.
func TestGlickoWorkedExample(t *testing.T) {
	r := Update(Rating{1500, 200, 0.06}, []Outcome{
		{Rating{1400, 30, 0.06}, 1},
		{Rating{1550, 100, 0.06}, 0},
		{Rating{1700, 300, 0.06}, 0},
	}, 0.5)
	if math.Abs(r.R-1464.06) > 0.01 || math.Abs(r.RD-151.52) > 0.01 || math.Abs(r.Sigma-0.05999) > 0.00001 {
		t.Fatalf("got %.2f / %.2f / %.5f, want 1464.06 / 151.52 / 0.05999", r.R, r.RD, r.Sigma)
	}
	idle := Update(Rating{1500, 200, 0.06}, nil, 0.5)
	if idle.R != 1500 || idle.RD <= 200 {
		t.Fatalf("a period without games: %+v", idle)
	}
}
