package story

import (
	"math"
	"sync"
	"testing"

	"rtrbot/ai"
	"rtrbot/engine/board"
	"rtrbot/engine/game"
	"rtrbot/engine/units"
)

func near(t *testing.T, what string, got, want float64) {
	t.Helper()
	if math.Abs(got-want) > 1e-9 {
		t.Errorf("%s = %.6f, want %.6f", what, got, want)
	}
}

// The sums of fair dice, exact: one die 1/6 a face; two dice make 7 six
// ways in 36; the percentile is the chance of a lower sum plus half the
// chance of the same one.
func TestPercentile(t *testing.T) {
	d := SumDistribution(2)
	near(t, "P(two dice = 7)", d[7], 6.0/36)
	near(t, "P(two dice = 2)", d[2], 1.0/36)
	total := 0.0
	for _, p := range SumDistribution(30) {
		total += p
	}
	near(t, "30 dice's chances sum to", total, 1)
	near(t, "one die showing 1", Dice{[]int{1}}.Percentile(), 100.0/12)
	near(t, "one die showing 6", Dice{[]int{6}}.Percentile(), 100-100.0/12)
	near(t, "two dice summing 7", Dice{[]int{3, 4}}.Percentile(), 50)
	near(t, "two dice summing 2", Dice{[]int{1, 1}}.Percentile(), 100.0/72)
	near(t, "no dice", Dice{}.Percentile(), 50)
	near(t, "mean", Dice{[]int{1, 2, 6}}.Mean(), 3)
}

// The game the tests read: game 5 of the heuristic players, played once
// (a state is never changed in place, so the tests may share it).
var (
	gameOnce  sync.Once
	gameStart *game.State
	gamePlay  *ai.GameResult
	gameErr   error
	mapErr    error // no map here: the tests are skipped
)

// heuristicGame is that game's start and its result.
func heuristicGame(t *testing.T) (*game.State, *ai.GameResult) {
	t.Helper()
	gameOnce.Do(func() {
		m, err := board.Default()
		if err != nil {
			mapErr = err
			return
		}
		std, err := game.NewRules(m, "standard")
		if err != nil {
			gameErr = err
			return
		}
		var players [2]ai.Computer
		for i := range players {
			if players[i], err = ai.New("heuristic", ai.Config{}); err != nil {
				gameErr = err
				return
			}
		}
		if gamePlay, gameErr = ai.PlayGame(std, 5, nil, players); gameErr != nil {
			return
		}
		gameStart, gameErr = game.New(std, 5, nil)
	})
	if mapErr != nil {
		t.Skipf("map: %v", mapErr)
	}
	if gameErr != nil {
		t.Fatal(gameErr)
	}
	return gameStart, gamePlay
}

// A whole game between the heuristic players: the story's last VP are the
// game's final VP, it has a line for each turn played, its losses are the units left
// in the eliminated box, and every die it counts is a die.
func TestStoryOfAGame(t *testing.T) {
	start, res := heuristicGame(t)
	st, err := Of(start, res.Log)
	if err != nil {
		t.Fatal(err)
	}
	if st.Start != start.VP {
		t.Errorf("start VP %v, want %v", st.Start, start.VP)
	}
	last := st.ByTurn[len(st.ByTurn)-1]
	if last.VP != res.Final.VP {
		t.Errorf("last turn's VP %v, final VP %v", last.VP, res.Final.VP)
	}
	if want := int(res.Final.Turn-start.Turn) + 1; len(st.ByTurn) != want || st.ByTurn[0].Turn != start.Turn {
		t.Errorf("%d turn lines from %v for a game of turns %v to %v", len(st.ByTurn), st.ByTurn[0].Turn, start.Turn, res.Final.Turn)
	}
	for side := units.German; side <= units.Allied; side++ {
		gone := 0
		for i, u := range res.Final.Units {
			if u.Box == game.Eliminated && res.Final.Counter(i).Side() == side {
				gone++
			}
		}
		if st.Lost(side) < gone {
			t.Errorf("%v: %d losses counted, %d units in the eliminated box", side, st.Lost(side), gone)
		}
		if len(st.Dice[side].Rolls) == 0 {
			t.Errorf("%v rolled no die in a whole game", side)
		}
		for _, r := range st.Dice[side].Rolls {
			if r < 1 || r > 6 {
				t.Fatalf("%v rolled %d", side, r)
			}
		}
	}
	t.Logf("VP by turn %v; losses %v / %v; broken down %v; fortresses %d; dice %d (mean %.2f, %.0f%%) / %d (mean %.2f, %.0f%%)",
		st.ByTurn, st.Losses[0], st.Losses[1], st.BrokenDown, len(st.Fortresses),
		len(st.Dice[0].Rolls), st.Dice[0].Mean(), st.Dice[0].Percentile(), len(st.Dice[1].Rolls), st.Dice[1].Mean(), st.Dice[1].Percentile())
}

// The Russian Front's die (14.3) is the Germans' own: it comes up in the
// event phase, in the same order as the random event's two dice (which
// are nobody's luck and are left out), and counts as a German roll. A
// game of the heuristic players replayed: the Germans' counted rolls are
// every German roll outside an event phase plus one per Russian Front
// roll.
func TestRussianFrontRollCounts(t *testing.T) {
	start, res := heuristicGame(t)
	outside, russia := 0, 0
	s := start
	for _, o := range res.Log {
		n, evs, err := game.Apply(s, o)
		if err != nil {
			t.Fatal(err)
		}
		phase := false
		for _, e := range evs {
			phase = phase || e.Kind == game.EvEventPhase || e.Kind == game.EvRandom
			if e.Kind == game.EvRussia {
				russia++
			}
		}
		for _, e := range evs {
			if e.Kind == game.EvRoll && e.Side == units.German && !phase {
				outside++
			}
		}
		s = n
	}
	if russia == 0 {
		t.Fatal("the game had no Russian Front roll: pick a seed whose game has one")
	}
	st, err := Of(start, res.Log)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := len(st.Dice[units.German].Rolls), outside+russia; got != want {
		t.Errorf("German rolls counted %d, want %d (%d outside the event phase, %d on the Russian Front table)", got, want, outside, russia)
	}
}
