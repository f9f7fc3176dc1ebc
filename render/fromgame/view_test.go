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

// 14.1: enemy stacks show only their top unit; combat shows the stacks
// in it; a side sees all of its own units; the public sees only top units.
// Legal destinations go only to the owner of the unit.
func TestFilterFogOfWar(t *testing.T) {
	_, full := withMarkers(t)
	inCombat := map[hex.Hex]bool{}
	for _, c := range full.Combats {
		inCombat[c.Defender] = true
		for _, a := range c.Attackers {
			inCombat[a] = true
		}
	}
	cases := []struct {
		rule   string
		viewer render.Viewer
		owns   func(units.Side) bool
	}{
		{"14.1 public view: every stack shows its top unit only", render.Public, func(units.Side) bool { return false }},
		{"14.1 German view: own stacks whole, Allied stacks top only", render.GermanView, func(s units.Side) bool { return s == units.German }},
		{"14.1 Allied view: own stacks whole, German stacks top only", render.AlliedView, func(s units.Side) bool { return s == units.Allied }},
	}
	for _, c := range cases {
		t.Run(c.rule, func(t *testing.T) {
			v := Filter(full, c.viewer)
			if v.Viewer != c.viewer {
				t.Errorf("viewer %v, want %v", v.Viewer, c.viewer)
			}
			if len(v.Stacks) != len(full.Stacks) {
				t.Fatalf("%d stacks, want %d", len(v.Stacks), len(full.Stacks))
			}
			hidden, shown := 0, 0
			for i, st := range v.Stacks {
				f := full.Stacks[i]
				if len(st.Units) != len(f.Units) {
					t.Errorf("stack %s has %d counters, want its true height %d", st.At, len(st.Units), len(f.Units))
					continue
				}
				if st.Units[0] != f.Units[0] {
					t.Errorf("stack %s: top unit %+v, want %+v (the top unit is always visible)", st.At, st.Units[0], f.Units[0])
				}
				for j := 1; j < len(st.Units); j++ {
					switch {
					case c.owns(st.Side) || inCombat[st.At]:
						if st.Units[j] != f.Units[j] {
							t.Errorf("stack %s counter %d hidden from a viewer who may see it", st.At, j)
						}
						shown++
					default:
						want := render.Counter{Hidden: true, Nation: f.Units[j].Nation}
						if st.Units[j] != want {
							t.Errorf("stack %s counter %d: %+v reaches a viewer who may see only the top unit", st.At, j, st.Units[j])
						}
						hidden++
					}
				}
			}
			if c.viewer == render.Public && shown > 0 && len(inCombat) == 0 {
				t.Errorf("the public sees %d counters under a top unit", shown)
			}
			if hidden == 0 {
				t.Error("nothing was hidden: the fixture should have enemy stacks of two or more")
			}
			ownSel := c.viewer == render.GermanView // the fixture selects a German unit
			if (v.Destinations != nil) != ownSel {
				t.Errorf("destinations shown: %v, want %v (only the owner of the unit sees them)", v.Destinations != nil, ownSel)
			}
			if again := Filter(v, c.viewer); !reflect.DeepEqual(again, v) {
				t.Error("filtering twice changes the view")
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

// The public picture is drawn from the public view only (issue 9): two
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
	k := Counter(c, game.Unit{Trench: true, OutOfCommand: true})
	if k.ID != "III" || k.Size != render.Corps || k.Nation != units.DE || !k.Entrenched || !k.OutOfCommand || k.Attack != c.Attack || k.Trench != c.Trench {
		t.Errorf("G-III converts to %+v", k)
	}
	if got := shortID("F-T5"); got != "T5" {
		t.Errorf("shortID(F-T5) = %q", got)
	}
	if got := shortID("X"); got != "X" {
		t.Errorf("shortID(X) = %q", got)
	}
}
