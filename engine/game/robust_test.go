package game

import (
	"math/rand/v2"
	"testing"

	"rtrbot/engine/hex"
	"rtrbot/engine/units"
	"rtrbot/i18n"
)

// Random orders, legal or not, never panic and never break the state:
// every refusal is an i18n reason, every accepted order leaves a state
// that reads back from its position to the same hash.
func TestRandomOrdersNeverPanic(t *testing.T) {
	r := realRules(t, "standard")
	s, _ := playBot(t, r, 77, 2)
	rng := rand.New(rand.NewPCG(1, 2))
	all := r.Counters.All()
	hexes := r.Map.Hexes()
	n := 3000
	if testing.Short() {
		n = 500
	}
	accepted := 0
	for i := 0; i < n; i++ {
		o := Order{Side: units.Side(rng.IntN(2)), Verb: verbs[rng.IntN(len(verbs))]}
		for k := rng.IntN(3); k > 0; k-- {
			o.Units = append(o.Units, all[rng.IntN(len(all))].ID)
		}
		for k := rng.IntN(3); k > 0; k-- {
			if rng.IntN(10) == 0 {
				o.Hexes = append(o.Hexes, hex.New(rng.IntN(99)+1, rng.IntN(99)+1))
			} else {
				o.Hexes = append(o.Hexes, hexes[rng.IntN(len(hexes))].At)
			}
		}
		if rng.IntN(4) == 0 {
			o.Side = s.ToMove()
		}
		func() {
			defer func() {
				if p := recover(); p != nil {
					t.Fatalf("order %s panicked: %v\n%s", o, p, s.Position())
				}
			}()
			next, _, err := Apply(s, o)
			if err != nil {
				if e, ok := err.(*i18n.Error); !ok || e.EN == "" || e.JA == "" {
					t.Fatalf("order %s: refusal without both languages: %v", o, err)
				}
				return
			}
			accepted++
			s = next
		}()
		if s.Step == GameOver {
			break
		}
	}
	p, err := ParsePosition(r.Map, s.Position())
	if err != nil || p.Hash() != s.Hash() {
		t.Fatalf("position round trip after random orders: %v", err)
	}
	t.Logf("%d random orders, %d accepted, ended at %s %s", n, accepted, s.Turn, s.Step)
}
