package main

import (
	"strings"
	"testing"
)

const sample = `before pkg: rtrbot/engine/game
before BenchmarkDestinationsOpening-2   	 300	 4000000 ns/op	 2812 destinations	 655346 B/op	 6731 allocs/op
before BenchmarkDestinationsOpening-2   	 300	 2000000 ns/op	 2812 destinations	 655346 B/op	 6731 allocs/op
before BenchmarkDestinationsOpening-2   	 300	 3000000 ns/op	 2812 destinations	 655346 B/op	 6731 allocs/op
before pkg: rtrbot/db
before BenchmarkAppendOrder/synchronous=FULL-2 	 1000	 1500000 ns/op
before BenchmarkFloorInsertCommit-2 	 1000	 1000000 ns/op
before BenchmarkAppendVsFloor-2 	 1000	 2500000 ns/op	 1400000 append-ns	 1.40 append/floor	 1000000 floor-ns
before BenchmarkAppendVsFloor-2 	 1000	 2500000 ns/op	 1500000 append-ns	 1.50 append/floor	 1000000 floor-ns
after pkg: rtrbot/engine/game
after BenchmarkDestinationsOpening-2   	 2000	 500000 ns/op	 2812 destinations	 357392 B/op	 243 allocs/op
after pkg: rtrbot/db
after BenchmarkAppendOrder/synchronous=FULL-2 	 1000	 1200000 ns/op
after BenchmarkFloorInsertCommit-2 	 1000	 1000000 ns/op
after BenchmarkAppendVsFloor-2 	 1000	 2200000 ns/op	 1200000 append-ns	 1.20 append/floor	 1000000 floor-ns
after BenchmarkAppendVsFloor-2 	 1000	 2200000 ns/op	 1350000 append-ns	 1.35 append/floor	 1000000 floor-ns
after BenchmarkAppendVsFloor-2 	 1000	 2200000 ns/op	 1100000 append-ns	 1.10 append/floor	 1000000 floor-ns
after pkg: rtrbot/commands
after BenchmarkMapCache/draw-2 	 10	 100000000 ns/op
after BenchmarkMapCache/cached-2 	 10000	 100000 ns/op	 1.000 drawn
after pkg: rtrbot/games
after BenchmarkConcurrentGames/clients=64-2 	 4000	 500000 ns/op	 1868 cmds/s	 989 load-all-ms	 13.19 p50-ms	 48.6 p99-ms
before pkg: rtrbot/render/fromgame
before BenchmarkFullMapWithUnits-2 	 10	 300000000 ns/op
before BenchmarkFloorPNGEncode-2 	 10	 100000000 ns/op
after pkg: rtrbot/render/fromgame
after BenchmarkFullMapWithUnits-2 	 10	 120000000 ns/op
after BenchmarkFloorPNGEncode-2 	 10	 100000000 ns/op
after BenchmarkFullMapVsFloor-2 	 10	 220000000 ns/op	 1.25 ratio	 1.18 median-ratio
after BenchmarkFullMapVsFloor-2 	 10	 220000000 ns/op	 1.60 ratio	 1.40 median-ratio
noise that is not a benchmark line
`

// The page gives medians by side, ratios after/before and to the floor,
// and whether each goal is met, from the figures given (and only those).
func TestPerfdocFigures(t *testing.T) {
	r, err := parse(strings.NewReader(sample))
	if err != nil {
		t.Fatal(err)
	}
	if v, _ := r.median("before", dest, "ns/op"); v != 3000000 {
		t.Fatalf("median %v, want 3000000", v)
	}
	var b strings.Builder
	if err := write(&b, r, "aaa", "bbb", 1); err != nil {
		t.Fatal(err)
	}
	page := b.String()
	for _, want := range []string{
		"| legal destinations of a whole side (73 units) | 3.00 ms (2.00–4.00) | 0.50 ms | 0.17 | < 1 ms | yes | yes |",
		"| before | 1.50 ms | 1.00 ms | 1.50 | ≤ 1.3 | no |",
		"| after | 1.20 ms | 1.00 ms | 1.20 | ≤ 1.3 | yes |",
		"| before | 1.45 ms | 1.00 ms | 1.40, 1.50 | 1.45 | ≤ 1.3 | no | no |",
		"| after | 1.20 ms | 1.00 ms | 1.20, 1.35, 1.10 | 1.20 | ≤ 1.3 | yes | no |",
		"| 100 ms | 0.10 ms | 0.0010 |",
		"| before | 300 ms | 100 ms | 3.00 | — | ≤ 1.5 | no |",
		"| after | 120 ms | 100 ms | 1.20 | 1.18, 1.40 (median 1.40) | ≤ 1.5 | yes |",
		"| 1,000 stored games, 64 client(s): p99 of a command | not run | 48.6 ms | — | < 50 ms | yes | yes |",
		"| rtrbot/engine/game.BenchmarkDestinationsOpening | allocs/op | 6731 | 243 |",
	} {
		if !strings.Contains(page, want) {
			t.Errorf("missing %q in\n%s", want, page)
		}
	}
	if strings.Contains(page, "replay of the scripted") {
		t.Error("a figure measured on neither side is listed")
	}
}
