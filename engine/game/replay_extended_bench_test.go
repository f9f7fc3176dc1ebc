package game

import "testing"

// BenchmarkReplayExtendedGame replays a whole game of the extended
// scenario (15 game turns, Aug II to Nov IV), played by SelfPlay with the
// scripted game's seed: the second replay goal of docs/performance.md
// (< 50 ms).
func BenchmarkReplayExtendedGame(b *testing.B) {
	r := realRules(b, "extended")
	res, err := SelfPlay(r, scriptSeed, SelfPlayConfig{})
	if err != nil {
		b.Fatal(err)
	}
	if res.Final.Step != GameOver {
		b.Fatalf("the extended self-play game did not end: %s %s", res.Final.Turn, res.Final.Step)
	}
	for b.Loop() {
		if _, err := Replay(r, scriptSeed, nil, res.Orders); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(len(res.Orders)), "orders")
}
