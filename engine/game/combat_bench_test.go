package game

import "testing"

// Resolving one combat: checks, odds, the die, the result (two corps
// against a corps and a division, assault table).
func BenchmarkResolveCombat(b *testing.B) {
	r := realRules(b, "standard")
	s := position(b, r.Map, "step combat-1\nseed 5\n2620: F-XX F-66R\n2621: G-III\n2721: G-IV\n")
	o := mustOrder(b, "german attack ASSAULT G-III G-IV 2620")
	for b.Loop() {
		if _, _, err := Apply(s, o); err != nil {
			b.Fatal(err)
		}
	}
}

// Playing the scripted game order by order, with the three views built
// after every order as the bot's messages and maps need them.
func BenchmarkPlayScriptedGame(b *testing.B) {
	r := realRules(b, "standard")
	seed, orders := loadScript(b)
	for b.Loop() {
		s, _ := New(r, seed, nil)
		for _, o := range orders {
			n, _, err := Apply(s, o)
			if err != nil {
				b.Fatal(err)
			}
			s = n
			for _, v := range []Viewer{GermanView, AlliedView, PublicView} {
				_ = s.ViewFor(v)
			}
		}
	}
	b.ReportMetric(float64(len(orders)), "orders")
}

// Replaying the scripted game from its seed and orders.
func BenchmarkReplayScriptedGame(b *testing.B) {
	r := realRules(b, "standard")
	seed, orders := loadScript(b)
	for b.Loop() {
		if _, err := Replay(r, seed, nil, orders); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(len(orders)), "orders")
}
