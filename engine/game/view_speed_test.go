package game

import (
	"reflect"
	"testing"

	"rtrbot/engine/units"
)

// The view's stacks found by sorting (visibleStacks) are those of the
// occupancy index (visibleStacksByMap), for every viewer, at every order
// of a self-played game.
func TestVisibleStacksBySort(t *testing.T) {
	r := realRules(t, "standard")
	compared := 0
	eachPosition(t, r, 4, nil, func(n int, s *State, _ Order) {
		if n%7 == 0 {
			for _, v := range []Viewer{GermanView, AlliedView, PublicView} {
				own := func(side units.Side) bool { return v != PublicView && units.Side(v) == side }
				got, want := s.visibleStacks(v, own), s.visibleStacksByMap(v, own)
				if !reflect.DeepEqual(got, want) {
					t.Fatalf("order %d (%s %s), viewer %v: the stacks differ:\n%v\n%v", n, s.Turn, s.Step, v, got, want)
				}
				compared += len(got)
			}
		}
	})
	if compared == 0 {
		t.Error("no stack compared")
	}
}
