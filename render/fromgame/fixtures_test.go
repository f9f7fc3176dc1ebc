package fromgame

import (
	"crypto/sha256"
	hexenc "encoding/hex"
	"fmt"
	"testing"

	"rtrbot/engine/board"
	"rtrbot/engine/game"
	"rtrbot/engine/hex"
	"rtrbot/engine/units"
	"rtrbot/render"
)

// newStandardGame is the standard scenario's rules on m and a new game of
// them with seed, before either side's setup.
func newStandardGame(t testing.TB, m *board.Map, seed uint64) (*game.Rules, *game.State) {
	t.Helper()
	r, err := game.NewRules(m, "standard")
	if err != nil {
		t.Fatal(err)
	}
	s, err := game.New(r, seed, nil)
	if err != nil {
		t.Fatal(err)
	}
	return r, s
}

// opening is the standard scenario after both sides' default setup
// (17.1-17.5): the real opening position, from the engine itself.
func opening(t testing.TB) (*board.Map, *game.State) {
	t.Helper()
	m, err := board.Default()
	if err != nil {
		t.Fatalf("the embedded map does not load: %v", err)
	}
	_, s := newStandardGame(t, m, 1)
	for _, o := range []game.Order{
		{Side: units.Allied, Verb: game.VerbAutoSetup}, game.End().By(units.Allied),
		{Side: units.German, Verb: game.VerbAutoSetup}, game.End().By(units.German),
	} {
		if s, _, err = game.Apply(s, o); err != nil {
			t.Fatalf("%v: %v", o, err)
		}
	}
	return m, s
}

// place finds the hexes of a place on the map.
func place(t testing.TB, m *board.Map, name string) hex.Hex {
	t.Helper()
	found := m.Find(name)
	if len(found) == 0 {
		t.Fatalf("no place %s on the map", name)
	}
	return found[0].At
}

// marked is a position with one of everything a picture shows, and the
// events of its last segment.
type marked struct {
	m    *board.Map
	s    *game.State
	last []game.Event
	// sel and dests: a German unit's hex and legal destinations (made by
	// hand: the engine gives them only in a movement segment).
	sel   hex.Hex
	dests []render.Destination
	naval hex.Hex
}

// withMarkers is the opening with one of everything a picture shows,
// made by moving counters in a copy of the state (states are values) and
// then asking the engine: two German stacks moved next to Liège attack it
// in a real combat (an EvCombat with its odds and result); a destroyed
// fortress (Namur), units entrenched and out of command, two German corps
// in the Russian Front box, VP; besides, by hand, naval gunfire off
// Ostend and a German unit's legal destinations.
func withMarkers(t testing.TB) marked {
	m, s0 := opening(t)
	s := *s0
	s.Units = append([]game.Unit(nil), s0.Units...)
	occupied := map[hex.Hex]bool{}
	for _, u := range s.Units {
		if u.Box == game.OnMap {
			occupied[u.At] = true
		}
	}
	liege := place(t, m, "Liège")
	namur := place(t, m, "Namur")
	// free is the empty land hex next to near closest to from.
	free := func(near, from hex.Hex) hex.Hex {
		best, bestD := near, 1000
		for _, n := range near.Neighbors() {
			x, ok := m.Hex(n)
			if ok && x.Terrain != board.Sea && !occupied[n] && x.Country != board.Netherlands && hex.Distance(n, from) < bestD {
				best, bestD = n, hex.Distance(n, from)
			}
		}
		if bestD == 1000 {
			t.Fatalf("no free hex next to %s", near)
		}
		occupied[best] = true
		return best
	}
	// German stacks with two units or more, nearest Liège first.
	stacks := map[hex.Hex][]int{}
	for i, u := range s.Units {
		if u.Box == game.OnMap && s.Counter(i).Side() == units.German {
			stacks[u.At] = append(stacks[u.At], i)
		}
	}
	var last []game.Event
	var attackers []string
	for n := 0; n < 2; n++ {
		best, bestD := hex.Hex{}, 1000
		for h, idx := range stacks {
			if d := hex.Distance(h, liege); len(idx) >= 2 && d < bestD && d > 1 {
				best, bestD = h, d
			}
		}
		if bestD == 1000 {
			t.Fatal("no German stack to move")
		}
		to := free(liege, best)
		for _, i := range stacks[best] {
			s.Units[i].At = to
			if c := s.Counter(i); c.Attack > 0 {
				attackers = append(attackers, c.ID)
			}
		}
		last = append(last, game.Event{Kind: game.EvMoved, Side: units.German, Hexes: hex.Line(best, to)})
		delete(stacks, best)
	}
	var french, russia []int
	for i, u := range s.Units {
		c := s.Counter(i)
		switch {
		case u.Box == game.OnMap && c.Nation == units.FR:
			french = append(french, i)
		case u.Box == game.OnMap && c.Nation == units.DE && c.Size == units.Corps && len(russia) < 2 && hex.Distance(u.At, liege) > 6:
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
	s.Destroyed = []hex.Hex{namur}
	s.VP = [2]int{12, 7}
	// The German first combat segment: the attack on Liège, by the
	// engine (9.0).
	s.Step, s.Player = game.Combat1, units.German
	after, evs, err := game.Apply(&s, game.Attack("ASSAULT", liege, attackers...).By(units.German))
	if err != nil {
		t.Fatalf("the attack on Liège: %v", err)
	}
	last = append(last, evs...)
	mk := marked{m: m, s: after, last: last, naval: place(t, m, "Ostend")}
	// The legal destinations of the German stack nearest Verdun, as the
	// engine's movement search gives them in a movement segment; here
	// made by hand, cost by distance (the picture is what is tested).
	verdun := place(t, m, "Verdun")
	bd := 1000
	for h, idx := range stacks {
		if len(idx) > 0 && hex.Distance(h, verdun) < bd {
			mk.sel, bd = h, hex.Distance(h, verdun)
		}
	}
	for _, h := range hex.Within(mk.sel, 2) {
		if x, ok := m.Hex(h); ok && h != mk.sel && x.Terrain != board.Sea && !occupied[h] {
			mk.dests = append(mk.dests, render.Destination{At: h, Cost: 2 * hex.Distance(mk.sel, h)})
		}
	}
	return mk
}

// view is the situation viewer sees of the marked position: the engine's
// view, plus the marks made by hand (naval gunfire on the map; the
// destinations, for the German player only, whose unit it is).
func (mk marked) view(viewer render.Viewer) render.Situation {
	v := For(mk.s, mk.last, viewer)
	v.Naval, v.NavalHeld = []hex.Hex{mk.naval}, 1
	if viewer == render.GermanView {
		sel := mk.sel
		v.Selected, v.Destinations = &sel, mk.dests
	}
	return v
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
	return hexenc.EncodeToString(h.Sum(nil))[:16]
}
