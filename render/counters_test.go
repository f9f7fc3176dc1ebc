package render

import (
	"image/color"
	"testing"

	"rtrbot/engine/hex"
	"rtrbot/engine/units"
)

// 2.4: the nationality colours, as a player names them, read back from
// the picture: the ground of a counter drawn alone in a hex, sampled
// near its right edge (clear of symbol and numbers).
func TestCounterColoursOfRule24(t *testing.T) {
	r := newRenderer(t, sampleMap(), Options{Scale: 2, NoLegend: true})
	at := hex.New(5, 5)
	cases := []struct {
		nation units.Nation
		name   string
		is     func(r, g, b int) bool
	}{
		{units.DE, "grey", func(r, g, b int) bool { return closeTo(r, g) && closeTo(g, b) && r > 110 && r < 190 }},
		{units.AH, "black", func(r, g, b int) bool { return r < 50 && g < 50 && b < 50 }},
		{units.BY, "white (blue ink)", func(r, g, b int) bool { return r > 240 && g > 240 && b > 240 }},
		{units.IT, "pale green", func(r, g, b int) bool { return g > r && g > b && g > 180 }},
		{units.FR, "pale blue", func(r, g, b int) bool { return b > r && b > g && b > 200 && r > 120 }},
		{units.GB, "tan", func(r, g, b int) bool { return r > g && g > b && r > 180 && b > 90 }},
		{units.BE, "red", func(r, g, b int) bool { return r > 160 && g < 80 && b < 80 }},
		{units.NL, "orange", func(r, g, b int) bool { return r > 220 && g > 100 && g < 180 && b < 80 }},
	}
	for _, c := range cases {
		t.Run(string(c.nation)+" "+c.name, func(t *testing.T) {
			s := Situation{Stacks: []Stack{{At: at, Side: c.nation.Side(), Units: []Counter{{Nation: c.nation, Type: units.Active, Size: Corps, Attack: 6, Defence: 6, Move: 4}}}}}
			img, err := r.SituationImage(&s, &Crop{Center: at, Radius: 1})
			if err != nil {
				t.Fatal(err)
			}
			// The counter's centre in the crop: the picture below the
			// caption strip is the crop of the whole-map layout.
			clip, _ := r.cropRect(Crop{Center: at, Radius: 1})
			cx, cy := r.layout.Center(at)
			a := counterSide(r.layout.R)
			x := int(cx) - clip.Min.X + int(a*0.42)
			y := int(cy) - clip.Min.Y + bannerHeight(r.layout.R) - int(a*0.02)
			px := color.RGBAModel.Convert(img.At(x, y)).(color.RGBA)
			if !c.is(int(px.R), int(px.G), int(px.B)) {
				t.Errorf("%s counter ground is %v, not %s (2.4)", c.nation, px, c.name)
			}
		})
	}
}

func closeTo(a, b int) bool { return a-b < 12 && b-a < 12 }

// Every unit type has a counter of its own look (NATO symbols by
// type, the infantry types told apart), and the trench side differs from
// the mobile side (13.0): no two of these counters draw the same picture.
func TestCounterKindsLookDifferent(t *testing.T) {
	r := newRenderer(t, sampleMap(), Options{Scale: 2, NoLegend: true})
	at := hex.New(5, 5)
	draw := func(k Counter) string {
		s := Situation{Stacks: []Stack{{At: at, Side: units.German, Units: []Counter{k}}}}
		img, err := r.SituationImage(&s, &Crop{Center: at, Radius: 0})
		if err != nil {
			t.Fatal(err)
		}
		return string(img.Pix)
	}
	base := Counter{Nation: units.DE, Size: Division, Attack: 3, Defence: 3, Move: 4, Trench: 5}
	seen := map[string]string{}
	for _, ty := range []units.Type{units.Assault, units.Active, units.Reserve, units.Infantry, units.Landwehr, units.Cavalry,
		units.Dismounted, units.Light, units.Marine, units.Armoured, units.Siege, units.HQ} {
		k := base
		k.Type = ty
		name := string(ty)
		if ty == units.Infantry {
			// Belgian and Dutch infantry is the active cross in their
			// colours: told apart by nation, not symbol.
			k.Nation = units.BE
		}
		for _, trench := range []bool{false, true} {
			k.Entrenched = trench
			n := name
			if trench {
				n += " (trench side)"
			}
			p := draw(k)
			if other, ok := seen[p]; ok {
				t.Errorf("%s looks exactly like %s", n, other)
			}
			seen[p] = n
		}
	}
}
