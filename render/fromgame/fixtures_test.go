package fromgame

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"testing"

	"rtrbot/engine/board"
	"rtrbot/engine/game"
	ehex "rtrbot/engine/hex"
	"rtrbot/engine/units"
	"rtrbot/render"
)

// opening is the standard scenario after both sides' default setup
// (17.1-17.5): the real opening position, from the engine itself.
func opening(t testing.TB) (*board.Map, *game.State) {
	t.Helper()
	m, err := board.Default()
	if err != nil {
		t.Fatalf("the embedded map does not load: %v", err)
	}
	r, err := game.NewRules(m, "standard")
	if err != nil {
		t.Fatal(err)
	}
	s, err := game.New(r, 1, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, o := range []game.Order{
		{Side: units.Allied, Verb: game.AutoSetup}, {Side: units.Allied, Verb: game.End},
		{Side: units.German, Verb: game.AutoSetup}, {Side: units.German, Verb: game.End},
	} {
		if s, _, err = game.Apply(s, o); err != nil {
			t.Fatalf("%v: %v", o, err)
		}
	}
	return m, s
}

// place finds the hexes of a place on the map.
func place(t testing.TB, m *board.Map, name string) ehex.Hex {
	t.Helper()
	found := m.Find(name)
	if len(found) == 0 {
		t.Fatalf("no place %s on the map", name)
	}
	return found[0].At
}

// withMarkers is the opening with one of everything a picture shows,
// made by moving counters in a copy of the state (states are values) and
// adding what the engine cannot make yet (combats, naval gunfire on the
// map, issue 5): two German stacks moved next to Liège and attacking it
// (3:1 DR), a second combat (1:1 AA), a destroyed fortress (Namur), units
// entrenched and out of command, two German corps in the Russian Front
// box, naval gunfire off Ostend, VP, a German unit's legal destinations.
// The full situation is returned; pictures filter it per viewer.
func withMarkers(t testing.TB) (*board.Map, render.Situation) {
	m, s0 := opening(t)
	s := *s0
	s.Units = append([]game.Unit(nil), s0.Units...)
	occupied := map[ehex.Hex]bool{}
	for _, u := range s.Units {
		if u.Box == game.OnMap {
			occupied[u.At] = true
		}
	}
	liege := place(t, m, "Liège")
	namur := place(t, m, "Namur")
	// free is the empty land hex next to near closest to from.
	free := func(near, from ehex.Hex) ehex.Hex {
		best, bestD := near, 1000
		for _, n := range near.Neighbors() {
			x, ok := m.Hex(n)
			if ok && x.Terrain != board.Sea && !occupied[n] && x.Country != board.Netherlands && ehex.Distance(n, from) < bestD {
				best, bestD = n, ehex.Distance(n, from)
			}
		}
		if bestD == 1000 {
			t.Fatalf("no free hex next to %s", near)
		}
		occupied[best] = true
		return best
	}
	// German stacks with two units or more, nearest Liège first.
	stacks := map[ehex.Hex][]int{}
	for i, u := range s.Units {
		if u.Box == game.OnMap && s.Counter(i).Side() == units.German {
			stacks[u.At] = append(stacks[u.At], i)
		}
	}
	var moves []game.Event
	var attackers []ehex.Hex
	for len(attackers) < 2 {
		best, bestD := ehex.Hex{}, 1000
		for h, idx := range stacks {
			if d := ehex.Distance(h, liege); len(idx) >= 2 && d < bestD && d > 1 {
				best, bestD = h, d
			}
		}
		if bestD == 1000 {
			t.Fatal("no German stack to move")
		}
		to := free(liege, best)
		for _, i := range stacks[best] {
			s.Units[i].At = to
		}
		path := ehex.Line(best, to)
		moves = append(moves, game.Event{Kind: game.EvMoved, Side: units.German, Hexes: path})
		delete(stacks, best)
		attackers = append(attackers, to)
	}
	var french, russia []int
	for i, u := range s.Units {
		c := s.Counter(i)
		switch {
		case u.Box == game.OnMap && c.Nation == units.FR:
			french = append(french, i)
		case u.Box == game.OnMap && c.Nation == units.DE && c.Size == units.Corps && len(russia) < 2 && ehex.Distance(u.At, liege) > 6:
			russia = append(russia, i)
		}
	}
	for _, i := range russia {
		s.Units[i].Box = game.Russia
	}
	// Entrenched and out of command: a few French counters (13.0, 4.0).
	for j, i := range french {
		if j%5 == 0 && s.Counter(i).CanEntrench() {
			s.Units[i].Trench = true
		}
		if j%7 == 3 {
			s.Units[i].OutOfCommand = true
		}
	}
	s.Destroyed = []ehex.Hex{namur}
	s.VP = [2]int{12, 7}
	s.NavalGunfire = 1
	sit := full(&s, moves)
	sit.Combats = []render.Combat{{Attackers: attackers, Defender: liege, Odds: "3:1", Result: "DR"}}
	// A second combat: a French stack attacking a German one, wherever
	// the two are nearest.
	fh, gh := nearestPair(sit)
	sit.Combats = append(sit.Combats, render.Combat{Attackers: []ehex.Hex{fh}, Defender: gh, Odds: "1:1", Result: "AA"})
	ost := place(t, m, "Ostend")
	sit.Naval = []ehex.Hex{ost}
	// The legal destinations of the German stack nearest Verdun, as the
	// engine's movement search gives them in a movement segment; here
	// made by hand, cost by distance (the picture is what is tested).
	var sel ehex.Hex
	bd := 1000
	verdun := place(t, m, "Verdun")
	for _, st := range sit.Stacks {
		if st.Side == units.German && ehex.Distance(st.At, verdun) < bd {
			sel, bd = st.At, ehex.Distance(st.At, verdun)
		}
	}
	sit.Selected = &sel
	for _, h := range ehex.Within(sel, 2) {
		if x, ok := m.Hex(h); ok && h != sel && x.Terrain != board.Sea && x.Country != board.Netherlands {
			sit.Destinations = append(sit.Destinations, render.Destination{At: h, Cost: 2 * ehex.Distance(sel, h)})
		}
	}
	return m, sit
}

func nearestPair(s render.Situation) (allied, german ehex.Hex) {
	best := 1000
	for _, a := range s.Stacks {
		for _, g := range s.Stacks {
			if a.Side == units.Allied && g.Side == units.German {
				if d := ehex.Distance(a.At, g.At); d < best {
					best, allied, german = d, a.At, g.At
				}
			}
		}
	}
	return allied, german
}

// fingerprint sums up what the pictures are drawn from besides the
// renderer: the map and the opening position. Goldens are compared only
// while it is unchanged (as in package render).
func fingerprint(m *board.Map, s *game.State) string {
	h := sha256.New()
	for _, x := range m.Hexes() {
		fmt.Fprintf(h, "%v\n", *x)
	}
	fmt.Fprintf(h, "%d\n%s\n", len(m.RailLinks()), s.Position())
	return hex.EncodeToString(h.Sum(nil))[:16]
}
