package render

import (
	"testing"

	"rtrbot/engine/board"
	"rtrbot/engine/hex"
)

// sampleMap is a small made-up map with one of everything the renderer
// draws: every terrain, sea and coast, a port, rivers (a major one along a
// border), rails crossing a river, a neutral country, a three-hex city, the
// three fortress strengths, and names with the letters that need a full
// font (Liège, Saarbrücken, Épinal, 's-Hertogenbosch).
func sampleMap() *board.Map {
	const cols, rows = 12, 14
	var hexes []*board.Hex
	at := map[hex.Hex]*board.Hex{}
	for c := 1; c <= cols; c++ {
		for r := 1; r <= rows; r++ {
			h := &board.Hex{At: hex.New(c, r), Terrain: board.Clear, Country: board.France}
			switch {
			case c >= 10 && r <= 4: // the north-west corner is sea
				h.Terrain, h.Country = board.Sea, board.NoCountry
			case r >= 10: // east of the border: Germany
				h.Country = board.Germany
			case c >= 9 && r >= 5:
				h.Country = board.Belgium
			}
			if c >= 11 && r >= 7 && r <= 13 {
				h.Country = board.Netherlands
			}
			if c <= 2 && r >= 9 {
				h.Country = board.Switzerland
				h.Terrain = board.Mountain
			}
			hexes = append(hexes, h)
			at[h.At] = h
		}
	}
	set := func(s string, f func(h *board.Hex)) { f(at[hex.MustParse(s)]) }
	for _, s := range []string{"0307", "0308", "0407", "0408", "0506"} {
		set(s, func(h *board.Hex) { h.Terrain = board.Forest })
	}
	for _, s := range []string{"0510", "0511", "0611", "0612", "0413"} {
		set(s, func(h *board.Hex) { h.Terrain = board.Rough })
	}
	for _, s := range []string{"0803", "0804", "0903", "0702", "0401"} {
		set(s, func(h *board.Hex) { h.Terrain = board.Marsh })
	}
	for _, s := range []string{"0112", "0113"} {
		set(s, func(h *board.Hex) { h.Terrain = board.Mountain; h.Country = board.Germany })
	}
	city := func(s, name string, fort int) {
		set(s, func(h *board.Hex) { h.Name, h.City, h.Fortress = name, true, fort })
	}
	town := func(s, name string) { set(s, func(h *board.Hex) { h.Name = name }) }
	city("0503", "Paris", 0)
	city("0504", "Paris", 0)
	city("0604", "Paris", 0)
	city("0909", "Liège", 12)
	city("0610", "Saarbrücken", 0)
	city("0406", "Épinal", 6)
	city("0707", "Namur", 3)
	city("1105", "Dunkerque", 0)
	set("1105", func(h *board.Hex) { h.Port, h.Coastal = true, true })
	town("1209", "'s-Hertogenbosch")
	town("0807", "Dinant")
	town("0202", "Orléans")
	town("0302", "Étampes")
	town("0312", "Basel")
	town("1011", "Aachen")

	sides := map[hex.Hexside]board.Hexside{}
	border := func(a, b hex.Hex) {
		s, ok := hex.HexsideBetween(a, b)
		if !ok {
			return
		}
		x := sides[s]
		x.Border = true
		sides[s] = x
	}
	for _, h := range hexes {
		for _, n := range h.At.Neighbors() {
			if o, ok := at[n]; ok && o.Country != h.Country && o.Country != board.NoCountry && h.Country != board.NoCountry {
				border(h.At, n)
			}
		}
	}
	river := func(name string, pairs ...string) {
		for i := 0; i+1 < len(pairs); i += 2 {
			s, ok := hex.HexsideBetween(hex.MustParse(pairs[i]), hex.MustParse(pairs[i+1]))
			if !ok {
				panic("not adjacent: " + pairs[i] + " " + pairs[i+1])
			}
			x := sides[s]
			x.River = name
			sides[s] = x
		}
	}
	// A major river (the Meuse) running north through Belgium, and a minor
	// one (the Aisne) across France; the Rhine along the German border.
	river("Meuse", "0707", "0708", "0807", "0808", "0908", "0909", "0908", "1008", "1008", "1009")
	river("Aisne", "0405", "0505", "0505", "0506", "0605", "0606", "0605", "0706")
	river("Rhine", "0309", "0310", "0409", "0410", "0509", "0510", "0609", "0610")

	rail := map[hex.Hexside]bool{}
	line := func(a, b string) {
		for i, h := range hex.Line(hex.MustParse(a), hex.MustParse(b)) {
			if i == 0 {
				continue
			}
			prev := hex.Line(hex.MustParse(a), hex.MustParse(b))[i-1]
			s, _ := hex.HexsideBetween(prev, h)
			rail[s] = true
		}
	}
	line("0504", "0909")
	line("0503", "1105")
	line("0604", "0610")
	line("0909", "1011")
	return board.NewMap(cols, rows, hexes, sides, rail)
}

// newRenderer is a renderer of m with o; the test fails if New refuses them.
func newRenderer(t testing.TB, m *board.Map, o Options) *Renderer {
	t.Helper()
	r, err := New(m, o)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// embeddedMap is the real map; a test of its names is skipped where it is
// not embedded.
func embeddedMap(t *testing.T) *board.Map {
	t.Helper()
	m, err := board.Default()
	if err != nil {
		t.Skip("no embedded map:", err)
	}
	return m
}
