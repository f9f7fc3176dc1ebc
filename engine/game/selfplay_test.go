package game

import (
	"os"
	"strconv"
	"testing"
	"time"
)

// The self-play fuzzer on a bounded budget: whole games of the
// standard scenario from many seeds with random legal orders, every
// invariant checked after every order (SelfPlay). RTRBOT_FUZZ_GAMES sets
// the number of games (default 12, every fourth of the extended scenario;
// 1 with -short); cmd/selfplay runs long budgets.
func TestSelfPlayFuzzer(t *testing.T) {
	r, ext := realRules(t, "standard"), realRules(t, "extended")
	games := 12
	if n, err := strconv.Atoi(os.Getenv("RTRBOT_FUZZ_GAMES")); err == nil && n > 0 {
		games = n
	}
	if testing.Short() {
		games = 1
	}
	start := time.Now()
	orders := 0
	for seed := uint64(5000); seed < 5000+uint64(games); seed++ {
		rules := r
		if seed%4 == 3 {
			rules = ext
		}
		res, err := SelfPlay(rules, seed, SelfPlayConfig{})
		if err != nil {
			t.Fatal(err)
		}
		orders += len(res.Orders)
	}
	t.Logf("%d games, %d orders, 0 invariant failures, %s", games, orders, time.Since(start).Round(time.Millisecond))
}
