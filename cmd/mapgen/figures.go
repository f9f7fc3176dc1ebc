package main

import (
	"fmt"
	"sort"
	"strings"

	"rtrbot/engine/board"
)

// Figures sums up a map: hexes per terrain and country, rail, rivers,
// cities and the VP they carry (15.23), for the generator's log and
// docs/map.md.
func Figures(m *board.Map) string {
	var b strings.Builder
	terr := map[board.Terrain]int{}
	ctry := map[board.Country]int{}
	railHexes, cities, forts, ports := 0, 0, 0, 0
	vpG, vpA := 0, 0
	for _, x := range m.Hexes() {
		terr[x.Terrain]++
		if x.Terrain != board.Sea {
			ctry[x.Country]++
		}
		if m.HasRail(x.At) {
			railHexes++
		}
		if x.City {
			cities++
		}
		if x.Fortress > 0 {
			forts++
		}
		if x.Port {
			ports++
		}
		vpG += m.CityVP(x.At, board.Germans)
		vpA += m.CityVP(x.At, board.Allies)
	}
	river, border := 0, 0
	rivers := map[string]int{}
	for _, s := range m.Hexsides() {
		if s.River != "" {
			river++
			rivers[s.River]++
		}
		if s.Border {
			border++
		}
	}
	fmt.Fprintf(&b, "map %d columns x %d rows = %d hexes\n", m.Cols, m.Rows, m.Cols*m.Rows)
	fmt.Fprintf(&b, "terrain:")
	for t := board.Clear; t <= board.Sea; t++ {
		fmt.Fprintf(&b, " %s %d", t, terr[t])
	}
	fmt.Fprintf(&b, "\ncountry:")
	for _, c := range []board.Country{board.France, board.Germany, board.Luxembourg, board.Belgium, board.Netherlands, board.Switzerland} {
		fmt.Fprintf(&b, " %s %d", c, ctry[c])
	}
	fmt.Fprintf(&b, "\nrail: %d hexes, %d links\n", railHexes, len(m.RailLinks()))
	names := make([]string, 0, len(rivers))
	for n := range rivers {
		names = append(names, n)
	}
	sort.Strings(names)
	fmt.Fprintf(&b, "river hexsides: %d (%d rivers); border hexsides: %d\n", river, len(names), border)
	fmt.Fprintf(&b, "cities %d, fortresses %d, ports %d; city VP (15.23): to the Germans %d, to the Allies %d\n", cities, forts, ports, vpG, vpA)
	return b.String()
}
