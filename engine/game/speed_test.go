package game

import (
	"testing"

	"rtrbot/engine/units"
)

// The fast answers the search asks for every unit (mayMove, canReach) are
// those of the questions they stand for (canMove, the movement search):
// checked for every unit at every movement order of self-played games,
// with the optional rules and with options that change who may move
// where (18.1(12) pre-mobilisation, 18.1(14) deception).
func TestMayMoveAndCanReach(t *testing.T) {
	r := realRules(t, "standard")
	checked, reach := 0, 0
	for _, tc := range []struct {
		seed uint64
		opts []string
	}{{1, nil}, {2, []string{"all-16"}}, {3, []string{string(OptPreMobilisation), string(OptDeception)}}} {
		eachPosition(t, r, tc.seed, tc.opts, func(n int, s *State, _ Order) {
			for _, c := range r.Counters.All() {
				if got, want := s.mayMove(c), s.canMove(c) == nil; got != want {
					t.Fatalf("seed %d order %d (%s %s): mayMove(%s) = %v, canMove nil = %v", tc.seed, n, s.Turn, s.Step, c.ID, got, want)
				}
				if !s.mayMove(c) {
					continue
				}
				ezoc, enemy := s.ZOC(c.Side().Other()), s.occupiedBy(c.Side().Other())
				want := searchFindsAMove(s, c, ezoc, enemy)
				if got := s.canReach(c, ezoc, enemy); got != want {
					t.Fatalf("seed %d order %d (%s %s): canReach(%s) = %v, the search %v", tc.seed, n, s.Turn, s.Step, c.ID, got, want)
				}
				checked++
				if want {
					reach++
				}
			}
		})
	}
	if checked == 0 || reach == 0 {
		t.Errorf("%d movable units checked, %d of them could move: not a test", checked, reach)
	}
}

// searchFindsAMove says whether the whole movement search from c's hex
// reaches any hex: the answer canReach must give without searching.
func searchFindsAMove(s *State, c *units.Counter, ezoc, enemy marks) bool {
	sr := s.movementSearch(c, s.Units[c.Index].At, s.Allowance(c), ezoc, enemy)
	defer s.putSearch(sr)
	return len(sr.order) > 0
}

// canReach says no where the search finds nothing: a German corps next to
// French corps on four sides, whose two other neighbours are in their zone
// of control (6.0: no move from EZOC to EZOC), and one ringed by enemy
// units; and yes for a free one.
func TestCanReachHemmedIn(t *testing.T) {
	m := newTestMap(12, 12)
	s := position(t, m.build(), "0505: G-III\n0504: F-VII\n0605: F-VIII\n0405: F-XIII\n0506: F-XIV\n0909: G-IV\n0202: G-V")
	free, stuck := 0, 0
	for _, c := range s.rules.Counters.All() {
		if s.Units[c.Index].Box != OnMap || !s.mayMove(c) {
			continue
		}
		ezoc, enemy := s.ZOC(c.Side().Other()), s.occupiedBy(c.Side().Other())
		want := searchFindsAMove(s, c, ezoc, enemy)
		if got := s.canReach(c, ezoc, enemy); got != want {
			t.Errorf("canReach(%s) = %v, the search %v", c.ID, got, want)
		}
		if want {
			free++
		} else {
			stuck++
		}
	}
	if stuck == 0 || free == 0 {
		t.Errorf("%d units free, %d stuck: the position is not the one meant", free, stuck)
	}
}

// DestinationHexes are the hexes of Destinations in the same order, for
// every unit at every movement order of a self-played game.
func TestDestinationHexes(t *testing.T) {
	r := realRules(t, "standard")
	compared := 0
	eachPosition(t, r, 5, nil, func(n int, s *State, o Order) {
		if s.Step.IsMovement() && n%3 == 0 {
			for _, c := range r.Counters.All() {
				ds, errD := s.Destinations(c)
				hs, errH := s.DestinationHexes(c)
				if (errD == nil) != (errH == nil) || len(ds) != len(hs) {
					t.Fatalf("order %d, %s: %d destinations (%v), %d hexes (%v)", n, c.ID, len(ds), errD, len(hs), errH)
				}
				for i := range ds {
					if ds[i].To != hs[i] {
						t.Fatalf("order %d, %s: destination %d is %s, hex %s", n, c.ID, i, ds[i].To, hs[i])
					}
				}
				compared += len(hs)
			}
		}
	})
	if compared == 0 {
		t.Error("no destination compared")
	}
}

// ApplyRemembered gives Apply's result, and Apply gives it again for the
// same order from the same state (the same pointer), and works anything
// else out afresh: another order, or a copy of the state.
func TestApplyRemembered(t *testing.T) {
	r := realRules(t, "standard")
	hits := 0
	eachPosition(t, r, 6, nil, func(n int, s *State, o Order) {
		if s.after != nil && n%5 == 0 {
			a, _, err := ApplyRemembered(s, o)
			if err != nil {
				t.Fatalf("order %d: %v", n, err)
			}
			fresh := *s // a copy: Apply works it out again
			b, evs, err := Apply(&fresh, o)
			if err != nil || b == a || b.Hash() != a.Hash() {
				t.Fatalf("order %d: a copy of the state gave %v (same state: %v)", n, err, b == a)
			}
			c, evs2, err := Apply(s, o)
			if err != nil || c != a || len(evs2) != len(evs) {
				t.Fatalf("order %d: the remembered result was not given again", n)
			}
			hits++
			other := Order{Side: o.Side, Verb: VerbEnd}
			if d, _, err := Apply(s, other); o.Verb != VerbEnd && err == nil && d == a {
				t.Fatalf("order %d: another order gave the remembered state", n)
			}
		}
	})
	if hits == 0 {
		t.Error("nothing remembered")
	}
}

// fillUnreached sets every cost to -1 whatever the length.
func TestFillUnreached(t *testing.T) {
	for n := 0; n <= 70; n++ {
		cost := make([]int16, n)
		for i := range cost {
			cost[i] = int16(i + 3)
		}
		fillUnreached(cost)
		for i, c := range cost {
			if c != -1 {
				t.Fatalf("length %d: cost[%d] = %d", n, i, c)
			}
		}
	}
}

// anyAt answers as indexesAt does, in every hex next to a unit, at every
// tenth order of a self-played game.
func TestAnyAt(t *testing.T) {
	r := realRules(t, "standard")
	yes, no := 0, 0
	eachPosition(t, r, 7, nil, func(n int, s *State, o Order) {
		if n%10 == 0 {
			for _, u := range s.Units {
				if u.Box != OnMap {
					continue
				}
				nbs := u.At.Neighbors()
				for _, h := range append(nbs[:], u.At) {
					for side := units.German; side <= units.Allied; side++ {
						got, want := s.anyAt(h, side), len(s.indexesAt(h, side)) > 0
						if got != want {
							t.Fatalf("order %d: anyAt(%s, %v) = %v, indexesAt says %v", n, h, side, got, want)
						}
						if got {
							yes++
						} else {
							no++
						}
					}
				}
			}
		}
	})
	if yes == 0 || no == 0 {
		t.Errorf("%d hexes with units, %d without: not a test", yes, no)
	}
}

// eachPosition self-plays a game from seed with opts and gives f every
// position of it with the order played from there, before applying it.
func eachPosition(t *testing.T, r *Rules, seed uint64, opts []string, f func(n int, s *State, o Order)) {
	t.Helper()
	res, err := SelfPlay(r, seed, SelfPlayConfig{Options: opts})
	if err != nil {
		t.Fatal(err)
	}
	s := mustNew(t, r, seed, opts)
	for n, o := range res.Orders {
		f(n, s, o)
		if s, _, err = Apply(s, o); err != nil {
			t.Fatalf("seed %d order %d: %v", seed, n, err)
		}
	}
}
