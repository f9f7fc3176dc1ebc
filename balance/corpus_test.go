package balance

import (
	"math"
	"testing"
)

// Each scenario's stored self-play has at least 400 games, says the
// command that made it, and every game's line reads.
func TestCorpusComplete(t *testing.T) {
	for _, scen := range []string{"standard", "extended"} {
		c, ok, err := SelfPlay(scen)
		if err != nil || !ok {
			t.Fatalf("%s: %v (found %v)", scen, err, ok)
		}
		if len(c.Games) < 400 || c.Command == "" || c.Players == "" {
			t.Errorf("%s: %d games, command %q, players %q", scen, len(c.Games), c.Command, c.Players)
		}
	}
	if _, ok, _ := SelfPlay("nonsense"); ok {
		t.Error("a scenario without a corpus has none")
	}
}

// The bid checked against the corpus on games it was not found on: the
// even bid of the odd seeds, taken from the margins of the even seeds,
// leaves as many German as Allied victories there, within the 95 %
// interval of the difference of the two shares.
func TestEvenBidHoldsOnGamesItWasNotFoundOn(t *testing.T) {
	for _, scen := range []string{"standard", "extended"} {
		c, _, err := SelfPlay(scen)
		if err != nil {
			t.Fatal(err)
		}
		var fit, check []Game
		for i, g := range c.Games {
			if i%2 == 0 {
				fit = append(fit, g)
			} else {
				check = append(check, g)
			}
		}
		if len(fit) == 0 || len(check) == 0 {
			t.Fatalf("%s: no games", scen)
		}
		bid := EvenBid(fit)
		g, a := Tallies(margins(check), bid)
		n := float64(len(check))
		pg, pa := float64(g)/n, float64(a)/n
		// The difference of two shares of one multinomial sample.
		se := math.Sqrt((pg + pa - (pg-pa)*(pg-pa)) / n)
		if d := pg - pa; math.Abs(d) > 1.96*se {
			t.Errorf("%s: bid %d (from %d games) leaves %d German and %d Allied victories of %d: difference %.3f, beyond ±%.3f",
				scen, bid, len(fit), g, a, len(check), d, 1.96*se)
		}
		t.Logf("%s: even bid %d VP from %d games; on the other %d: %d German, %d Allied victories, %d draws",
			scen, bid, len(fit), len(check), g, a, len(check)-g-a)
	}
}
