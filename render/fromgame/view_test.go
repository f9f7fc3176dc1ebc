package fromgame

import (
	"bytes"
	"reflect"
	"testing"

	"rtrbot/engine/game"
	"rtrbot/engine/hex"
	"rtrbot/engine/units"
	"rtrbot/render"
)

// 14.1, through the engine's views: every stack keeps its true height;
// the viewer's own stacks and the stacks of the last combat show whole
// (combat reveals them); every other stack shows its top unit only, the
// counters under it hidden with nothing but the fact that they exist.
// The public sees every stack but those of the combat by its top unit.
func TestSituationFromView(t *testing.T) {
	mk := withMarkers(t)
	var cb render.Combat
	if sit := For(mk.s, mk.last, render.Public); len(sit.Combats) == 1 {
		cb = sit.Combats[0]
	} else {
		t.Fatalf("want the one combat of the fixture, got %+v", sit.Combats)
	}
	if cb.Odds == "" || len(cb.Result) != 2 {
		t.Errorf("the combat's odds and result were not read from its event: %+v", cb)
	}
	inCombat := map[hex.Hex]bool{cb.Defender: true}
	for _, a := range cb.Attackers {
		inCombat[a] = true
	}
	cases := []struct {
		rule   string
		viewer render.Viewer
		owns   func(units.Side) bool
	}{
		{"14.1 public view: every stack shows its top unit only, but those of a combat", render.Public, func(units.Side) bool { return false }},
		{"14.1 German view: own stacks whole, Allied stacks top only", render.GermanView, func(s units.Side) bool { return s == units.German }},
		{"14.1 Allied view: own stacks whole, German stacks top only", render.AlliedView, func(s units.Side) bool { return s == units.Allied }},
	}
	for _, c := range cases {
		t.Run(c.rule, func(t *testing.T) {
			v := For(mk.s, mk.last, c.viewer)
			if v.Viewer != c.viewer {
				t.Errorf("viewer %v, want %v", v.Viewer, c.viewer)
			}
			height := map[hex.Hex]map[units.Side]int{}
			for i, u := range mk.s.Units {
				if u.Box == game.OnMap {
					side := mk.s.Counter(i).Side()
					if height[u.At] == nil {
						height[u.At] = map[units.Side]int{}
					}
					height[u.At][side]++
				}
			}
			hidden := 0
			for _, st := range v.Stacks {
				if len(st.Units) != height[st.At][st.Side] {
					t.Errorf("stack %s has %d counters, want its true height %d", st.At, len(st.Units), height[st.At][st.Side])
				}
				if st.Units[0].Hidden {
					t.Errorf("stack %s: the top unit is hidden; it may always be seen", st.At)
				}
				for j, k := range st.Units[1:] {
					whole := c.owns(st.Side) || inCombat[st.At]
					if whole && k.Hidden {
						t.Errorf("stack %s counter %d hidden from a viewer who may see it", st.At, j+1)
					}
					if !whole {
						if k != (render.Counter{Hidden: true}) {
							t.Errorf("stack %s counter %d: %+v reaches a viewer who may see only the top unit", st.At, j+1, k)
						}
						hidden++
					}
				}
				for _, k := range st.Units {
					if k.OutOfCommand && !c.owns(st.Side) {
						t.Errorf("stack %s shows an enemy out-of-command marker (the view gives them to the owner only)", st.At)
					}
				}
			}
			if hidden == 0 {
				t.Error("nothing was hidden: the fixture should have enemy stacks of two or more")
			}
			// The Russian Front box: two German corps; only the German
			// player sees which.
			if len(v.Russia) != 2 {
				t.Fatalf("Russian Front box holds %d counters, want 2", len(v.Russia))
			}
			for _, k := range v.Russia {
				if k.Hidden == (c.viewer == render.GermanView) {
					t.Errorf("Russian Front box counter %+v for the %v", k, c.viewer)
				}
			}
		})
	}
}

// swapHidden returns a copy of s in which the second counter of one of
// side's stacks of two or more (outside combat) is replaced by another
// counter of the same nation that is not on the map: a difference only
// side's own player may see. It also marks that unit out of command.
func swapHidden(t *testing.T, s *game.State, side units.Side) *game.State {
	t.Helper()
	n := *s
	n.Units = append([]game.Unit(nil), s.Units...)
	count := map[hex.Hex][]int{}
	for i, u := range n.Units {
		if u.Box == game.OnMap && n.Counter(i).Side() == side {
			count[u.At] = append(count[u.At], i)
		}
	}
	for _, idx := range count {
		if len(idx) < 2 {
			continue
		}
		under := n.Counter(idx[1])
		for j, u := range n.Units {
			c := n.Counter(j)
			if u.Box != game.OnMap && c.Nation == under.Nation && c.Type != under.Type && c.Index > idx[0] {
				n.Units[j] = n.Units[idx[1]]
				n.Units[j].OutOfCommand = true
				n.Units[idx[1]] = u
				return &n
			}
		}
	}
	t.Fatal("no stack to change")
	return nil
}

// The public picture is drawn from the public view only: two
// positions that differ only in what lies under the top unit of a German
// stack give the very same public PNG and the same Allied PNG, while the
// German player's own picture shows the difference. The same holds the
// other way round for an Allied stack.
func TestPublicImageFromPublicViewOnly(t *testing.T) {
	m, s := opening(t)
	r, err := render.New(m, render.Options{Scale: 1, NoLegend: true})
	if err != nil {
		t.Fatal(err)
	}
	draw := func(st *game.State, v render.Viewer) []byte {
		sit := For(st, nil, v)
		png, err := r.DrawSituation(&sit, nil)
		if err != nil {
			t.Fatal(err)
		}
		return png
	}
	for _, side := range []units.Side{units.German, units.Allied} {
		other := swapHidden(t, s, side)
		if a, b := For(s, nil, render.ViewerOf(side)), For(other, nil, render.ViewerOf(side)); reflect.DeepEqual(a, b) {
			t.Fatalf("%s: the changed position looks the same to its own side: the test changes nothing", side)
		}
		if !bytes.Equal(draw(s, render.Public), draw(other, render.Public)) {
			t.Errorf("%s: the public picture changes with a unit hidden under a top unit (14.1)", side)
		}
		if !bytes.Equal(draw(s, render.ViewerOf(side.Other())), draw(other, render.ViewerOf(side.Other()))) {
			t.Errorf("%s: the enemy's private picture changes with a unit hidden under a top unit (14.1)", side)
		}
		if bytes.Equal(draw(s, render.ViewerOf(side)), draw(other, render.ViewerOf(side))) {
			t.Errorf("%s: the side's own picture does not show its own units under the top one", side)
		}
	}
}

// The moves of the last segment come from the engine's events, as
// trails from the start hex along the path.
func TestMovesFromEvents(t *testing.T) {
	_, s := opening(t)
	path := []hex.Hex{hex.MustParse("2920"), hex.MustParse("3020"), hex.MustParse("3021")}
	evs := []game.Event{
		{Kind: game.EvMoved, Side: units.German, Hexes: path},
		{Kind: game.EvRailMoved, Side: units.Allied, Hexes: path[:2]},
		{Kind: game.EvPlaced, Side: units.Allied, Hexes: path[:1]},
	}
	v := For(s, evs, render.Public)
	want := []render.Move{{Side: units.German, Path: path}, {Side: units.Allied, Path: path[:2], Rail: true}}
	if !reflect.DeepEqual(v.Moves, want) {
		t.Errorf("moves %+v, want %+v", v.Moves, want)
	}
}

// Counters carry their printed values and their state (13.0, 4.0); the
// short ID drops the nation prefix.
func TestCounterConversion(t *testing.T) {
	_, s := opening(t)
	c, ok := s.Lookup("G-III")
	if !ok {
		t.Skip("no counter G-III in the manifest")
	}
	k := Counter(s.Rules().Counters, game.VisibleUnit{ID: c.ID, Side: c.Side(), Nation: c.Nation, Type: c.Type, Size: c.Size, Trench: true, OutOfCommand: true})
	if k.ID != "III" || k.Size != render.Corps || k.Nation != units.DE || !k.Entrenched || !k.OutOfCommand || k.Attack != c.Attack || k.Trench != c.Trench {
		t.Errorf("G-III converts to %+v", k)
	}
	if got := shortID("F-T5"); got != "T5" {
		t.Errorf("shortID(F-T5) = %q", got)
	}
	if got := shortID("X"); got != "X" {
		t.Errorf("shortID(X) = %q", got)
	}
	if k := Counter(s.Rules().Counters, game.VisibleUnit{ID: "F-CA1", Nation: units.FR, Type: units.Light, Size: units.Division}); k.Size != render.Brigade {
		t.Errorf("a brigade (Brigade de chasseurs alpins) is drawn as %v, want X", k.Size.Mark())
	}
}

// The odds and the result code of a combat are read from the engine's
// sentence; a sentence without them still gives the arrows.
func TestCombatFromEvent(t *testing.T) {
	d, a := hex.MustParse("3021"), hex.MustParse("3022")
	e := game.Event{Kind: game.EvCombat, Hexes: []hex.Hex{d, a, a}}
	e.Text.EN = "Attack on 3021 with the Assault table: G-III (attack 8) against BE-3 (defence 5) at 1:1, die 4: DR — defender retreats."
	c, ok := combat(e)
	if !ok || c.Defender != d || !reflect.DeepEqual(c.Attackers, []hex.Hex{a}) || c.Odds != "1:1" || c.Result != "DR" {
		t.Errorf("combat %+v, want 3022 -> 3021 at 1:1 DR", c)
	}
	e.Text.EN = "something else"
	if c, ok := combat(e); !ok || c.Odds != "" || c.Result != "" {
		t.Errorf("combat without odds in its text: %+v", c)
	}
	if _, ok := combat(game.Event{Kind: game.EvCombat, Hexes: []hex.Hex{d}}); ok {
		t.Error("a combat with no attacker hex gave arrows")
	}
}

// Destinations by movement keep their cost; rail adds the hexes the unit
// cannot walk to, marked rail (8.5).
func TestDestinationsWithRail(t *testing.T) {
	a, b, c := hex.MustParse("1819"), hex.MustParse("1820"), hex.MustParse("2530")
	got := Destinations([]game.Dest{{To: a, Cost: 2}, {To: b, Cost: 4}}, []hex.Hex{b, c})
	want := []render.Destination{{At: a, Cost: 2}, {At: b, Cost: 4}, {At: c, Rail: true}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("destinations %+v, want %+v", got, want)
	}
}

// 17.1 on the turn track: the scenario the rules hold marks its first
// and last turns; a view alone says nothing of them.
func TestWithScenario(t *testing.T) {
	_, s := opening(t)
	sit := For(s, nil, render.Public)
	if sit.First != 0 || sit.Last != 0 {
		t.Errorf("a view gave turns %d..%d", sit.First, sit.Last)
	}
	sc := s.Rules().Scenario
	WithScenario(&sit, sc)
	if sit.First != int(sc.First) || sit.Last != int(sc.Last) || sit.Last >= sit.Turns {
		t.Errorf("turns %d..%d of %d, want the scenario's %d..%d", sit.First, sit.Last, sit.Turns, sc.First, sc.Last)
	}
}
