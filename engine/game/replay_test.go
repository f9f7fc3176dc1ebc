package game

import (
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"testing"

	"rtrbot/i18n"

	"rtrbot/engine/hex"
)

type hexT = hex.Hex

// playBot plays legal orders chosen by a seeded generator until the game
// reaches the given turn (or ends), returning every order applied. It is a
// small self-play driver: after every order it checks that no unit is in
// two places and that stacking holds whenever a movement segment ends.
func playBot(t testing.TB, r *Rules, seed uint64, untilTurn int) (*State, []Order) {
	rng := rand.New(rand.NewPCG(seed, 7))
	s := mustNew(t, r, seed, nil)
	var orders []Order
	apply := func(o Order) bool {
		n, evs, err := Apply(s, o)
		if err != nil {
			if strings.Contains(i18n.Message(err, i18n.EN)+i18n.Message(err, i18n.JA), "%!") {
				t.Fatalf("badly formatted refusal: %v", err)
			}
			return false
		}
		for _, e := range evs {
			if e.Text.EN == "" || e.Text.JA == "" || strings.Contains(e.Text.EN+e.Text.JA, "%!") {
				t.Fatalf("event %v has a bad text: %q / %q", e, e.Text.EN, e.Text.JA)
			}
		}
		s = n
		orders = append(orders, o)
		return true
	}
	for s.Step != GameOver && int(s.Turn) <= untilTurn {
		side := s.ToMove()
		switch {
		case s.Step == SetupStep:
			apply(Order{Side: side, Verb: VerbAutoSetup})
		case s.Step == Reinforcement:
			apply(Order{Side: side, Verb: VerbAutoReinforce})
		case s.Step.IsReorg():
			for _, c := range s.Actors() {
				if c.IsCorps() && rng.IntN(8) == 0 {
					apply(Order{Side: side, Verb: VerbSplit, Units: []string{c.ID}})
				}
			}
		case s.Step.IsMovement():
			for _, c := range s.rules.Counters.All() { // 14.3, 11.7: what the Russian Front demands
				if s.Step == Move1 && (s.WithdrawAttack > 0 || s.WithdrawHQ > 0) && s.Units[c.Index].Box == OnMap && c.Side() == side {
					apply(Order{Side: side, Verb: VerbWithdraw, Units: []string{c.ID}})
				}
			}
			for _, c := range s.Actors() {
				if rng.IntN(3) == 0 {
					continue
				}
				if s.Step == Move1 && rng.IntN(10) == 0 {
					if ds, err := s.RailDestinations(c); err == nil && len(ds) > 0 {
						to := ds[rng.IntN(len(ds))]
						if s.stackDE(to, side)+c.DE <= StackLimit && apply(Order{Side: side, Verb: VerbRail, Units: []string{c.ID}, Hexes: []hexT{to}}) {
							continue
						}
					}
				}
				ds, err := s.Destinations(c)
				if err != nil || len(ds) == 0 {
					continue
				}
				d := ds[rng.IntN(len(ds))]
				if s.stackDE(d.To, side)+c.DE <= StackLimit {
					apply(Order{Side: side, Verb: VerbMove, Units: []string{c.ID}, Hexes: []hexT{d.To}})
				}
			}
			// 7.0: the owner removes what is still over-stacked.
			for _, h := range s.Overstacked(side) {
				for s.stackDE(h, side) > StackLimit {
					us := s.UnitsAt(h, side)
					if !apply(Order{Side: side, Verb: VerbRemove, Units: []string{us[len(us)-1].ID}}) {
						t.Fatalf("cannot remove from %s", h)
					}
				}
			}
		}
		if !apply(Order{Side: side, Verb: VerbEnd}) {
			_, _, err := Apply(s, Order{Side: side, Verb: VerbEnd})
			t.Fatalf("%s cannot end %s: %v", side, s.Step, err)
		}
		checkInvariants(t, s)
	}
	return s, orders
}

func checkInvariants(t testing.TB, s *State) {
	t.Helper()
	if s.Step == Combat1 || s.Step == Combat2 || s.Step == Command {
		if len(s.Overstacked(0))+len(s.Overstacked(1)) > 0 {
			t.Fatalf("7.0: over-stacked after movement at %s %s", s.Turn, s.Step)
		}
	}
	occ := s.occupancy()
	for h, st := range occ {
		if len(st.side[0]) > 0 && len(st.side[1]) > 0 {
			t.Fatalf("both sides in %s", h)
		}
	}
}

// A seeded game replayed from its orders (also through their text form)
// reaches the same state hash; a different game does not.
func TestReplaySameHash(t *testing.T) {
	r := realRules(t, "extended")
	turns := 16 // the whole extended scenario
	if testing.Short() {
		turns = 3
	}
	end, orders := playBot(t, r, 42, turns)
	if len(orders) < 100 {
		t.Fatalf("only %d orders", len(orders))
	}
	var texts []Order
	for _, o := range orders {
		back, err := ParseOrder(o.String())
		if err != nil {
			t.Fatal(err)
		}
		texts = append(texts, back)
	}
	again, err := Replay(r, 42, nil, texts)
	if err != nil {
		t.Fatal(err)
	}
	if again.Hash() != end.Hash() {
		t.Fatalf("replay of %d orders gives another state", len(orders))
	}
	// The position is the whole state: reading it back gives the same hash.
	p, err := ParsePosition(r.Map, end.Position())
	if err != nil || p.Hash() != end.Hash() {
		t.Fatalf("position round trip: %v", err)
	}
	other, _ := playBot(t, r, 43, 3)
	if other.Hash() == end.Hash() {
		t.Error("two different games have the same hash")
	}
	t.Logf("%d orders over %d turns; hash %s", len(orders), turns, end.Hash()[:16])
}

// The interface's questions agree with Apply: every destination offered is
// accepted, and each actor can act.
func TestQuestionsAgreeWithApply(t *testing.T) {
	r := realRules(t, "standard")
	s, _ := playBot(t, r, 5, 2)
	for s.Step != Move1 {
		n, _, err := Apply(s, Order{Side: s.ToMove(), Verb: VerbEnd})
		if err != nil {
			n, _, _ = Apply(s, Order{Side: s.ToMove(), Verb: VerbAutoReinforce})
			if n == nil {
				t.Fatal(err)
			}
		}
		s = n
	}
	actors := s.Actors()
	if len(actors) == 0 {
		t.Fatal("nobody can move")
	}
	for _, c := range actors[:min(10, len(actors))] {
		ds, err := s.Destinations(c)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range ds {
			if err := Check(s, Order{Side: s.Player, Verb: VerbMove, Units: []string{c.ID}, Hexes: []hexT{d.To}}); err != nil {
				t.Errorf("%s to %s offered but refused: %v", c.ID, d.To, err)
			}
		}
	}
}

// Self-play over many seeds (RTRBOT_SELFPLAY=N games; 3 by default): every
// game of the standard scenario, played with random legal orders, keeps
// the invariants after every order, reaches its end, and replays to the
// same hash.
func TestSelfPlay(t *testing.T) {
	r := realRules(t, "standard")
	games := 3
	if n, err := strconv.Atoi(os.Getenv("RTRBOT_SELFPLAY")); err == nil && n > 0 {
		games = n
	}
	if testing.Short() {
		games = 1
	}
	total := 0
	for seed := uint64(100); seed < 100+uint64(games); seed++ {
		end, orders := playBot(t, r, seed, 99)
		if end.Step != GameOver {
			t.Fatalf("seed %d: game did not end (%s %s)", seed, end.Turn, end.Step)
		}
		again, err := Replay(r, seed, nil, orders)
		if err != nil || again.Hash() != end.Hash() {
			t.Fatalf("seed %d: replay differs: %v", seed, err)
		}
		total += len(orders)
	}
	t.Logf("%d games, %d orders, 0 invariant failures", games, total)
}

// Replay hands the units' arrays of the states between orders to the next
// copy (giveBackUnits): the state it returns, and the states Apply
// returned to others, are never among them. Two replays on the same Rules,
// one after the other and two at once, leave earlier results whole.
func TestReplayReusesOnlyDeadStates(t *testing.T) {
	r := realRules(t, "standard")
	_, orders := playBot(t, r, 11, 2)
	first, err := Replay(r, 11, nil, orders)
	if err != nil {
		t.Fatal(err)
	}
	want, pos := first.Hash(), first.Position()
	// A state built by Apply outside any replay, kept by its caller.
	kept, _, err := Apply(first, Order{Side: first.ToMove(), Verb: VerbEnd})
	keptPos := ""
	if err == nil {
		keptPos = kept.Position()
	}
	done := make(chan string, 2)
	for range 2 {
		go func() {
			s, err := Replay(r, 11, nil, orders[:len(orders)/2])
			if err != nil {
				done <- err.Error()
				return
			}
			done <- s.Hash()
		}()
	}
	a, b := <-done, <-done
	if a != b {
		t.Errorf("two replays at once differ: %s, %s", a, b)
	}
	again, err := Replay(r, 11, nil, orders)
	if err != nil || again.Hash() != want {
		t.Fatalf("a second replay gives another state (%v)", err)
	}
	if first.Position() != pos {
		t.Error("a later replay changed the state an earlier one returned")
	}
	if keptPos != "" && kept.Position() != keptPos {
		t.Error("a later replay changed a state Apply returned")
	}
}
