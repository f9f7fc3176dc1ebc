package ai

import "testing"

// BenchmarkAdjudicatePlayOut: one play-out of an adjudication from a
// game's first position (its setup), by the search on both sides at the
// referee's default candidates a request: an adjudication of the opening
// takes DefaultPlayOuts of these, a later position less.
func BenchmarkAdjudicatePlayOut(b *testing.B) {
	s := newGame(b, rules(b), 5)
	for i := 0; i < b.N; i++ {
		if _, err := Adjudicate(s, AdjudicateConfig{PlayOuts: 1}); err != nil {
			b.Fatal(err)
		}
	}
}
