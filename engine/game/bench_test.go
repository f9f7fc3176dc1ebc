package game

import (
	"testing"
)

// openingMovement is the real map after automatic setup, at the German
// first movement segment of Aug II.
func openingMovement(b testing.TB) *State {
	r := realRules(b, "standard")
	s, _ := New(r, 1, nil)
	for _, o := range []string{"allied autosetup", "allied end", "german autosetup", "german end", "allied end", "german autoreinforce", "german end", "german end"} {
		s, _ = mustApply(b, s, o)
	}
	if s.Step != Move1 {
		b.Fatalf("step %s", s.Step)
	}
	return s
}

// Legal destinations of every unit of the side to move, opening position.
func BenchmarkDestinationsOpening(b *testing.B) {
	s := openingMovement(b)
	var n int
	for b.Loop() {
		n = 0
		ezoc, enemy := s.ZOC(s.Player.Other()), s.occupiedBy(s.Player.Other())
		scratch := newSearch(len(ezoc.b))
		for i, u := range s.Units {
			c := s.Counter(i)
			if u.Box == OnMap && c.Side() == s.Player && s.canMove(c) == nil {
				n += len(s.destinationsIn(scratch, c, ezoc, enemy))
			}
		}
	}
	b.ReportMetric(float64(n), "destinations")
}

// Applying one move order (checks, search, new state, event).
func BenchmarkApplyMove(b *testing.B) {
	s := openingMovement(b)
	c := s.Actors()[0]
	ds, _ := s.Destinations(c)
	o := Order{Side: s.Player, Verb: VerbMove, Units: []string{c.ID}, Hexes: []hexT{ds[len(ds)-1].To}}
	for b.Loop() {
		if _, _, err := Apply(s, o); err != nil {
			b.Fatal(err)
		}
	}
}

// Replaying a game through setup and one full turn of orders.
func BenchmarkReplayTurn(b *testing.B) {
	r := realRules(b, "standard")
	_, orders := playBot(b, r, 9, 2)
	for b.Loop() {
		if _, err := Replay(r, 9, nil, orders); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(len(orders)), "orders")
}
