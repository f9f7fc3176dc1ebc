package render

import (
	"testing"

	"rtrbot/engine/hex"
	"rtrbot/engine/units"
)

// Each contact area gets its own crop, every hex in contact
// inside one of them, and a crop never wider than asked.
func TestFrontCropsOneAContactArea(t *testing.T) {
	st := func(c, r int, side units.Side) Stack {
		n := units.FR
		if side == units.German {
			n = units.DE
		}
		return Stack{At: hex.New(c, r), Side: side, Units: []Counter{{Nation: n}}}
	}
	s := Situation{Stacks: []Stack{
		// two areas far apart
		st(5, 5, units.German), st(5, 6, units.Allied),
		st(20, 20, units.German), st(20, 21, units.Allied), st(21, 21, units.Allied),
		// a lone stack, in contact with nothing
		st(12, 30, units.German),
	}}
	crops := FrontCrops(&s, 6)
	if len(crops) != 2 {
		t.Fatalf("%d crops, want one for each of the 2 contact areas: %+v", len(crops), crops)
	}
	inSome := func(h hex.Hex) bool {
		for _, c := range crops {
			if hex.Distance(c.Center, h) <= c.Radius {
				return true
			}
		}
		return false
	}
	for _, x := range s.Stacks[:5] {
		if !inSome(x.At) {
			t.Errorf("%s is in contact and in no crop: %+v", x.At, crops)
		}
	}
	for _, c := range crops {
		if hex.Distance(c.Center, hex.New(12, 30)) <= c.Radius {
			t.Errorf("crop %+v holds the lone stack far from any contact", c)
		}
	}

	// A front 30 hexes long is cut into crops of at most radius 4.
	var line Situation
	for r := 1; r <= 30; r++ {
		line.Stacks = append(line.Stacks, st(10, r, units.German), st(11, r, units.Allied))
	}
	crops = FrontCrops(&line, 4)
	if len(crops) < 4 {
		t.Errorf("a 30-hex front in %d crops of radius <= 4", len(crops))
	}
	for _, c := range crops {
		if c.Radius > 4 {
			t.Errorf("crop %+v wider than asked", c)
		}
	}
	for _, x := range line.Stacks {
		found := false
		for _, c := range crops {
			if hex.Distance(c.Center, x.At) <= c.Radius {
				found = true
			}
		}
		if !found {
			t.Errorf("%s of the long front is in no crop", x.At)
		}
	}
	if got := FrontCrops(&Situation{}, 5); len(got) != 0 {
		t.Errorf("no stacks, %d crops", len(got))
	}
}
