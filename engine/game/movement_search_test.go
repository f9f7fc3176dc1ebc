package game

import (
	"slices"
	"testing"

	"rtrbot/engine/hex"
)

// referenceReach is the movement search of 8.0 and 6.0 written plainly
// from the public EnterCost, without the search's per-hex memo of entry
// costs, its reused buckets or its direction taken from the neighbour
// loop: every hex c can reach from its hex, with its least cost.
func referenceReach(s *State, i int) map[hex.Hex]int {
	c := s.Counter(i)
	from, limit := s.Units[i].At, s.Allowance(c)
	ezoc, enemy := s.ZOC(c.Side().Other()), s.occupiedBy(c.Side().Other())
	disengaging := ezoc.has(from) && s.Option("16.1")
	best := map[hex.Hex]int{from: 0}
	done := map[hex.Hex]bool{}
	for {
		var h hex.Hex
		d := -1
		for x, k := range best {
			if !done[x] && (d < 0 || k < d || (k == d && (x.Col < h.Col || (x.Col == h.Col && x.Row < h.Row)))) {
				h, d = x, k
			}
		}
		if d < 0 {
			break
		}
		done[h] = true
		if h != from && ezoc.has(h) {
			continue // 6.0: entering an EZOC stops movement
		}
		for _, nb := range h.Neighbors() {
			if enemy.has(nb) || (ezoc.has(h) && ezoc.has(nb)) || (disengaging && ezoc.has(nb)) {
				continue
			}
			step, why := s.EnterCost(c, h, nb)
			if why != whyNone || d+step > limit {
				continue
			}
			if k, ok := best[nb]; !ok || d+step < k {
				best[nb] = d + step
			}
		}
	}
	delete(best, from)
	return best
}

// The movement search gives every unit of the side to move exactly the
// destinations and costs of the plain search on EnterCost, in the opening
// and after a few turns of a bot's play (trenches, ZOC, destroyed
// fortresses, rivers and railways met), and each path it gives costs what
// it says, hexside by hexside.
func TestMovementSearchMatchesEnterCost(t *testing.T) {
	r := realRules(t, "standard")
	var states []*State
	s, _ := New(r, 1, nil)
	for _, o := range []string{"allied autosetup", "allied end", "german autosetup", "german end", "allied end", "german autoreinforce", "german end", "german end"} {
		s, _ = mustApply(t, s, o)
	}
	states = append(states, s)
	if end, _ := playBot(t, r, 5, 4); end != nil {
		states = append(states, end)
	}
	checked := 0
	for _, s := range states {
		for _, side := range []int{0, 1} {
			st := *s // each side's units, as if it were to move
			if side == 1 {
				st.Player = st.Player.Other()
			}
			for i, u := range st.Units {
				c := st.Counter(i)
				if u.Box != OnMap || c.Side() != st.Player {
					continue
				}
				want := referenceReach(&st, i)
				got := st.destinations(c, st.ZOC(c.Side().Other()), st.occupiedBy(c.Side().Other()))
				if len(got) != len(want) {
					t.Fatalf("%s at %s: %d destinations, the plain search %d", c.ID, u.At, len(got), len(want))
				}
				for _, d := range got {
					if k, ok := want[d.To]; !ok || k != d.Cost {
						t.Fatalf("%s to %s: cost %d, the plain search %d (reached %v)", c.ID, d.To, d.Cost, k, ok)
					}
					at, sum := u.At, 0
					for _, h := range d.Path {
						step, why := st.EnterCost(c, at, h)
						if why != whyNone {
							t.Fatalf("%s's path to %s enters %s, which EnterCost refuses", c.ID, d.To, h)
						}
						sum, at = sum+step, h
					}
					if sum != d.Cost || at != d.To {
						t.Fatalf("%s's path to %s costs %d and ends at %s; said %d", c.ID, d.To, sum, at, d.Cost)
					}
				}
				checked += len(got)
			}
		}
	}
	if checked < 1000 {
		t.Fatalf("only %d destinations checked", checked)
	}
}

// The dense grid (Rules.index), built from the map's lists of railways
// and rivers, says of every hexside of every hex what the map's own
// lookups say (Map.Rail, Map.Hexside).
func TestGridMatchesMapLookups(t *testing.T) {
	r := realRules(t, "standard")
	s, _ := New(r, 1, nil)
	rails, rivers := 0, 0
	for _, x := range s.allHexes() {
		c := s.cellAt(x.At)
		if c == nil || c.x != x {
			t.Fatalf("%s: no cell of its own", x.At)
		}
		for d, n := range x.At.Neighbors() {
			rail, river := r.Map.Rail(x.At, n), r.Map.Hexside(x.At, n).River != ""
			if c.rail[d] != rail || c.river[d] != river {
				t.Fatalf("%s towards %s: grid rail %v river %v, map %v %v", x.At, n, c.rail[d], c.river[d], rail, river)
			}
			if rail {
				rails++
			}
			if river {
				rivers++
			}
		}
	}
	if rails == 0 || rivers == 0 {
		t.Fatalf("%d rail and %d river hexsides: the map has both", rails, rivers)
	}
}

// The grid's neighbours of each hex are hex.Neighbors, and their indexes
// are the marks' (what the movement search reads instead of computing
// them).
func TestGridNeighbours(t *testing.T) {
	r := realRules(t, "standard")
	s, _ := New(r, 1, nil)
	m := s.newMarks()
	for _, x := range s.allHexes() {
		c := s.cellAt(x.At)
		if c.nb != x.At.Neighbors() {
			t.Fatalf("%s: neighbours %v, want %v", x.At, c.nb, x.At.Neighbors())
		}
		for d, n := range c.nb {
			if int(c.nbi[d]) != m.idx(n) {
				t.Fatalf("%s towards %s: index %d, marks say %d", x.At, n, c.nbi[d], m.idx(n))
			}
		}
	}
}

// The search for one destination (movementSearchTo, which stops once the
// destination is settled) gives the cost and path of the whole search,
// for every destination of every unit of the side to move, and says the
// same of hexes out of reach.
func TestMovementSearchToMatchesWholeSearch(t *testing.T) {
	s := openingMovement(t)
	ezoc, enemy := s.ZOC(s.Player.Other()), s.occupiedBy(s.Player.Other())
	checked := 0
	for _, c := range s.Actors() {
		from := s.Units[c.Index].At
		whole := s.movementSearch(c, from, s.Allowance(c), ezoc, enemy)
		for _, x := range s.allHexes() {
			if hex.Distance(from, x.At) > 8 {
				continue
			}
			k, ok := whole.reached(x.At, ezoc)
			one := s.movementSearchTo(c, from, x.At, s.Allowance(c), ezoc, enemy)
			k1, ok1 := one.reached(x.At, ezoc)
			if ok != ok1 || k != k1 {
				t.Fatalf("%s to %s: whole search %d %v, one destination %d %v", c.ID, x.At, k, ok, k1, ok1)
			}
			if ok && !slices.Equal(whole.path(x.At, ezoc), one.path(x.At, ezoc)) {
				t.Fatalf("%s to %s: paths differ: %v, %v", c.ID, x.At, whole.path(x.At, ezoc), one.path(x.At, ezoc))
			}
			s.putSearch(one)
			checked++
		}
		s.putSearch(whole)
	}
	if checked < 1000 {
		t.Fatalf("only %d destinations checked", checked)
	}
}
