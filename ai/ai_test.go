package ai

import (
	"reflect"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"rtrbot/engine/game"
	"rtrbot/engine/units"
)

var (
	rulesOnce sync.Once
	stdRules  *game.Rules
	rulesErr  error
)

func rules(t testing.TB) *game.Rules {
	rulesOnce.Do(func() {
		stdRules, rulesErr = game.DefaultRules("standard")
	})
	if rulesErr != nil {
		t.Fatal(rulesErr)
	}
	return stdRules
}

// playGame plays a game of r from seed between players to its end; the
// test fails if the game cannot be played.
func playGame(t testing.TB, r *game.Rules, seed uint64, players [2]Computer) *GameResult {
	t.Helper()
	res, err := PlayGame(r, seed, nil, players)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// newGame is a new game of r with seed; the test fails if the engine
// refuses it.
func newGame(t testing.TB, r *game.Rules, seed uint64) *game.State {
	t.Helper()
	s, err := game.New(r, seed, nil)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// hiddenTwin is s with what side may not see changed: a hidden enemy
// unit (not the top of its stack) swapped for an enemy unit of the pool
// that comes after the top unit, the swapped-in unit on its trench side
// if it has one, and another dice seed (14.1). ok is false when s has no
// hidden stack to change.
func hiddenTwin(s *game.State, side units.Side) (*game.State, bool) {
	enemy := side.Other()
	v := s.ViewFor(game.ViewerOf(side))
	for _, st := range v.Stacks {
		if st.Side != enemy || st.Full || st.Count < 2 {
			continue
		}
		top, _ := s.Lookup(st.Units[0].ID)
		var hidden *units.Counter
		for _, c := range s.UnitsAt(st.At, enemy) {
			if c != top {
				hidden = c
				break
			}
		}
		for i := range s.Units {
			c := s.Counter(i)
			if c.Side() != enemy || s.Units[i].Box != game.Pool || c.Index < top.Index || c.DE != hidden.DE || c.Type == units.HQ {
				continue
			}
			n := *s
			n.Units = append([]game.Unit(nil), s.Units...)
			n.Units[i] = s.Units[hidden.Index]
			n.Units[i].Trench = c.CanEntrench()
			n.Units[hidden.Index] = game.Unit{}
			n.Seed, n.Secret = s.Seed+977, nil
			return &n, true
		}
	}
	return nil, false
}

func viewWithoutCommitment(s *game.State, side units.Side) game.View {
	v := s.ViewFor(game.ViewerOf(side))
	v.Commitment = ""
	return v
}

// TestNoPeek: a player given two states that differ only in what its
// side may not see (the composition of a hidden enemy stack, a trench
// side, the dice) gives the same orders in both (14.1). The states are
// taken from random games whenever the side is to move and a hidden
// enemy stack exists.
func TestNoPeek(t *testing.T) {
	r := rules(t)
	levels := []string{"random", "heuristic", "search", "campaign"}
	checked := 0
	for seed := uint64(1); seed <= 3 && checked < 40; seed++ {
		s := newGame(t, r, seed)
		var drivers [2]Computer
		for side := range drivers {
			drivers[side], _ = New("random", Config{Side: units.Side(side), Seed: seed})
		}
		for s.Step != game.GameOver && checked < 40 {
			side := s.ToMove()
			if twin, ok := hiddenTwin(s, side); ok && (s.Step.IsMovement() || s.Step.IsCombat()) {
				if s.Hash() == twin.Hash() {
					t.Fatal("the twin state is the same state: the test would prove nothing")
				}
				if !reflect.DeepEqual(viewWithoutCommitment(s, side), viewWithoutCommitment(twin, side)) {
					t.Fatalf("%s %s: the twin's view differs: the twin changed something the side sees", s.Turn, s.Step)
				}
				if NewBoard(s, side).Hash() != NewBoard(twin, side).Hash() {
					t.Fatalf("%s %s: the blindfolded boards differ: the board leaks hidden units or dice", s.Turn, s.Step)
				}
				for _, l := range levels {
					if l == "search" && checked%4 != 0 {
						continue // the search player is slow; check it at a quarter of the positions
					}
					p, err := New(l, Config{Side: side, Seed: 7, Budget: 30 * time.Millisecond, Iterations: 3})
					if err != nil {
						t.Fatal(err)
					}
					a := p.Orders(s.ViewFor(game.ViewerOf(side)), NewBoard(s, side))
					b := p.Orders(twin.ViewFor(game.ViewerOf(side)), NewBoard(twin, side))
					if !reflect.DeepEqual(a, b) {
						t.Fatalf("%s %s %s: the %s player's orders differ between states it cannot tell apart:\n%v\n%v", s.Turn, s.Step, side, l, a, b)
					}
				}
				checked++
			}
			tr, err := Turn(s, side, drivers[side])
			if err != nil {
				t.Fatal(err)
			}
			s = tr.State
		}
	}
	if checked < 10 {
		t.Fatalf("only %d positions with hidden stacks checked", checked)
	}
	t.Logf("%d positions checked", checked)
}

// TestNeverIllegal: whole games between the levels in which every order a
// player gives is accepted by the engine, and every game ends (15.1).
func TestNeverIllegal(t *testing.T) {
	r := rules(t)
	pairs := [][2]string{{"heuristic", "random"}, {"random", "heuristic"}, {"heuristic", "heuristic"}, {"random", "random"}, {"random", "search"}, {"campaign", "heuristic"}, {"search", "random"}}
	if testing.Short() {
		pairs = pairs[:2]
	}
	for k, pair := range pairs {
		seed := uint64(100 + k)
		var players [2]Computer
		for side, l := range pair {
			// The search is bounded by candidates, not time: reproducible.
			players[side], _ = New(l, Config{Side: units.Side(side), Seed: seed, Iterations: 1})
		}
		res, err := PlayGame(r, seed, nil, players)
		if err != nil {
			t.Fatalf("%v: %v", pair, err)
		}
		if res.Refused > 0 {
			t.Errorf("%v: %d orders refused", pair, res.Refused)
		}
		if res.Final.Step != game.GameOver || res.Final.Turn != r.Scenario.Last {
			t.Errorf("%v: the game did not end after its last turn", pair)
		}
		// The log replays to the same game: the orders were the engine's.
		again, err := game.Replay(r, seed, nil, res.Log)
		if err != nil || again.Hash() != res.Final.Hash() {
			t.Errorf("%v: the log does not replay (%v)", pair, err)
		}
	}
}

// TestArenaSmall runs a small arena and checks its result line adds up.
func TestArenaSmall(t *testing.T) {
	r := rules(t)
	res, err := Arena(r, ArenaConfig{Games: 2, German: "heuristic", Allied: "random", Seed: 11, Parallel: 2})
	if err != nil {
		t.Fatal(err)
	}
	if res.Errors > 0 {
		t.Fatalf("%d games failed: %v", res.Errors, res.Games)
	}
	rep := res.Report()
	want := "german wins " + itoa(res.Wins[0]) + "/2, allied wins " + itoa(res.Wins[1]) + "/2, draws " + itoa(res.Draws) + "/2\n"
	if !strings.Contains(rep, want) || res.Wins[0]+res.Wins[1]+res.Draws != 2 {
		t.Fatalf("report %q lacks %q", rep, want)
	}
	m, _, k := res.Margin()
	if k != 2 || m != float64(res.Games[0].VP[0]-res.Games[0].VP[1]+res.Games[1].VP[0]-res.Games[1].VP[1])/2 {
		t.Fatalf("margin %.1f over %d games, games %v", m, k, res.Games)
	}
	if !strings.Contains(rep, "time per segment: p50 ") || !strings.Contains(rep, "95% confidence") || !strings.Contains(rep, "VP margin (German - Allied): mean ") {
		t.Fatalf("report lacks the time or the interval:\n%s", rep)
	}
	if !sort.SliceIsSorted(res.Segments, func(i, j int) bool { return res.Segments[i] < res.Segments[j] }) || len(res.Segments) == 0 {
		t.Fatal("no segment times")
	}
}

func itoa(n int) string {
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + string(rune('0'+n%10))
}

type panicky struct{}

func (panicky) Level() string                         { return "panicky" }
func (panicky) Orders(game.View, *Board) []game.Order { panic("boom") }

// TestPanickyPlayer: a player that panics is an error of Turn, not a crash.
func TestPanickyPlayer(t *testing.T) {
	s := newGame(t, rules(t), 1)
	if _, err := Turn(s, s.ToMove(), panicky{}); err == nil || !strings.Contains(err.Error(), "boom") {
		t.Fatalf("Turn with a panicking player: %v", err)
	}
}

// isMove2 is the German second movement segment (3.0).
func isMove2(st game.Step) bool { return st == game.Move2 }

// beforeGermanEnds plays a game from seed with players and, replaying its
// log, calls visit with the position, the German board and its knowledge
// just before each German End of a step that when accepts.
func beforeGermanEnds(t *testing.T, r *game.Rules, seed uint64, players [2]Computer, when func(game.Step) bool, visit func(s *game.State, b *Board, k *knowledge)) {
	t.Helper()
	res := playGame(t, r, seed, players)
	s := newGame(t, r, seed)
	for _, o := range res.Log {
		if when(s.Step) && s.ToMove() == units.German && o.Verb == game.VerbEnd {
			b := NewBoard(s, units.German)
			visit(s, b, newKnowledge(s.ViewFor(game.ViewerOf(units.German)), b, NewHeuristic(Config{}).citiesOf(b)))
		}
		n, _, err := game.Apply(s, o)
		if err != nil {
			t.Fatal(err)
		}
		s = n
	}
}
