package main

import (
	"math"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"rtrbot/engine/board"
	"rtrbot/engine/hex"
)

// geoCheck is the committed map beside the geography it came from, for
// checks that hold for every town, not only the ones a reviewer named.
type geoCheck struct {
	m     *board.Map
	src   *sources
	where map[string]hex.Hex // town name -> the one hex that shows it (name or towns)
}

func loadGeoCheck(t *testing.T) *geoCheck {
	t.Helper()
	geo, ovs, g := testGrid(t)
	src, err := readSources(geo, g)
	if err != nil {
		t.Fatal(err)
	}
	// build applies the river overrides to src (hand lines), as the generator does.
	if _, err := build(src, ovs, &report{}); err != nil {
		t.Fatal(err)
	}
	m, err := board.Default()
	if err != nil {
		t.Fatal(err)
	}
	c := &geoCheck{m: m, src: src, where: map[string]hex.Hex{}}
	count := map[string]int{}
	for _, x := range m.Hexes() {
		for _, n := range append([]string{x.Name}, x.Towns...) {
			if n != "" {
				c.where[n] = x.At
				count[n]++
			}
		}
	}
	for n, k := range count {
		if k > 1 { // a place drawn in several hexes (the rules' Paris, Antwerp): no single hex to judge
			delete(c.where, n)
		}
	}
	return c
}

// Every town of cities.tsv on the map lies in its 1914 country: the
// country polygon of countries-1914.geojson under the town's point agrees
// with cities.tsv's country_1914, and every hex the town is in (the
// rules' Paris and Antwerp are in several) is a land hex of that country.
// A border town in the wrong country moves a border (Maastricht, Briey,
// Sluis, Virton were); a town in a sea hex is not on the map at all
// (Konstanz, in the Bodensee hex, was). English towns are left out: the
// grid's English corner is sea (England is no part of the game).
func TestGeographyTownCountries(t *testing.T) {
	c := loadGeoCheck(t)
	var bad []string
	checked := 0
	for _, p := range c.src.places {
		if p.country == "GB" {
			continue
		}
		var on []*board.Hex
		for _, h := range p.hexes {
			if x, ok := c.m.Hex(h); ok {
				on = append(on, x)
			}
		}
		if len(on) == 0 {
			continue // off the map
		}
		checked++
		poly := "none"
		if q := inAny(c.src.countries, p.at); q != nil {
			poly = q.code
		}
		if poly != p.country {
			bad = append(bad, "country "+p.name+": "+poly+" in countries-1914.geojson, "+p.country+" in cities.tsv")
		}
		for _, x := range on {
			switch {
			case x.Terrain == board.Sea:
				bad = append(bad, "country "+x.At.String()+" "+p.name+": a sea hex, the town is not on the map")
			case string(x.Country) != p.country:
				bad = append(bad, "country "+x.At.String()+" "+p.name+": "+string(x.Country)+" on the map, "+p.country+" in 1914")
			}
		}
	}
	t.Logf("%d towns checked, %d discrepancies", checked, len(bad))
	checkKnown(t, "country", bad)
	if checked < 400 {
		t.Errorf("only %d towns checked: the town lookup is broken", checked)
	}
}

// railDistance is the number of rail links on the shortest way from a to
// b over the map's land hexes, or -1 if no railway joins them.
func railDistance(m *board.Map, a, b hex.Hex) int {
	land := func(h hex.Hex) bool { x, ok := m.Hex(h); return ok && x.Terrain != board.Sea }
	if !land(a) || !land(b) {
		return -1
	}
	d := map[hex.Hex]int{a: 0}
	q := []hex.Hex{a}
	for len(q) > 0 {
		h := q[0]
		q = q[1:]
		if h == b {
			return d[h]
		}
		for _, n := range h.Neighbors() {
			if _, ok := d[n]; !ok && land(n) && m.Rail(h, n) {
				d[n] = d[h] + 1
				q = append(q, n)
			}
		}
	}
	return -1
}

// Every two towns that a line of railways-1914.tsv joins inside the map are
// joined on the map's rail graph, and by the shortest way the grid allows:
// for each two consecutive stations of a line, both on the map, every hex
// of the one reaches every hex of the other by rail in at most their
// distance apart plus the width of each (a city of several hexes is one
// hub: a line ending in one Paris hex reaches the other two; the lines of
// Paris used to end each in its own hex without joining). Consecutive
// stations are enough: a longer stretch is joined through them. A hop with
// a station off the map is not inside it. The whole network is one piece:
// every rail hex reaches Paris.
func TestGeographyRailPairs(t *testing.T) {
	c := loadGeoCheck(t)
	byName := map[string]*place{}
	for _, p := range c.src.places {
		byName[p.name] = p
	}
	width := func(hs []hex.Hex) int {
		w := 0
		for _, a := range hs {
			for _, b := range hs {
				w = max(w, hex.Distance(a, b))
			}
		}
		return w
	}
	onMap := func(p *place) []hex.Hex {
		var out []hex.Hex
		for _, h := range p.hexes {
			if c.m.OnMap(h) {
				out = append(out, h)
			}
		}
		return out
	}
	var bad []string
	checked := 0
	for _, r := range c.src.rails {
		var prev *place
		for _, st := range r.stations {
			p := byName[st]
			if p == nil {
				bad = append(bad, "rail "+r.id+" "+st+": a station not in cities.tsv")
				continue
			}
			if prev != nil {
				a, b := onMap(prev), onMap(p)
				if len(a) > 0 && len(b) > 0 {
					checked++
					apart := math.MaxInt
					for _, x := range a {
						for _, y := range b {
							apart = min(apart, hex.Distance(x, y))
						}
					}
					limit := apart + width(a) + width(b)
				pairs:
					for _, x := range a {
						for _, y := range b {
							if d := railDistance(c.m, x, y); d < 0 || d > limit {
								what := "not joined"
								if d > 0 {
									what = strconv.Itoa(d) + " links by rail, " + strconv.Itoa(apart) + " hexes apart"
								}
								bad = append(bad, "rail "+r.id+" "+prev.name+" "+x.String()+" - "+p.name+" "+y.String()+": "+what)
								break pairs
							}
						}
					}
				}
			}
			prev = p
		}
	}
	paris := hex.MustParse("1804")
	for _, x := range c.m.Hexes() {
		if x.Terrain != board.Sea && c.m.HasRail(x.At) && railDistance(c.m, paris, x.At) < 0 {
			bad = append(bad, "rail "+x.At.String()+" "+x.Name+": cut off from the network of Paris")
		}
	}
	t.Logf("%d hops between stations on the map checked, %d discrepancies", checked, len(bad))
	checkKnown(t, "rail", bad)
	if checked < 300 {
		t.Errorf("only %d hops checked: the station lookup is broken", checked)
	}
}

// Every town is on its river's right bank: for each river hexside of the
// town's hex, the straight line from the town to the hex across it crosses
// that river in the geography. A town drawn on the wrong bank fails
// (Düsseldorf and Duisburg west of the Rhine did). Towns within bankSlack
// of the river stand on both banks and are not judged.
func TestGeographyTownRiverBanks(t *testing.T) {
	const bankSlack = 0.12 // hex widths, about 2 km
	c := loadGeoCheck(t)
	byName := map[string][]line{}
	for _, l := range c.src.rivers {
		byName[l.name] = append(byName[l.name], l)
	}
	crosses := func(a, b pt, ls []line) bool {
		for _, l := range ls {
			for i := 1; i < len(l.pts); i++ {
				if segmentsCross(a, b, l.pts[i-1], l.pts[i]) {
					return true
				}
			}
		}
		return false
	}
	near := func(a pt, ls []line) float64 {
		d := math.Inf(1)
		for _, l := range ls {
			for i := 1; i < len(l.pts); i++ {
				d = min(d, segDist(a, l.pts[i-1], l.pts[i]))
			}
		}
		return d
	}
	// A hex across the river is judged by its centre and by the town it
	// shows: a hex the river cuts holds its town on one bank, so the town is
	// on the wrong bank only if the river lies between it and neither.
	at := map[hex.Hex]pt{}
	for _, p := range c.src.places {
		if h, ok := c.where[p.name]; ok {
			if x, _ := c.m.Hex(h); x.Name == p.name {
				at[h] = p.at
			}
		}
	}
	var bad []string
	checked := 0
	for _, p := range c.src.places {
		h, ok := c.where[p.name]
		if !ok {
			continue
		}
		// A town on the river (within bankSlack) stands on either bank,
		// but not across the river from its whole hex: if the river lies
		// between the town and its hex's centre and not between the town
		// and any hex across that river's sides, the town is drawn on the
		// wrong bank (Cologne and Mainz, west-bank cities, were east of
		// the Rhine; Kehl, facing Strasbourg, was in Strasbourg's hex).
		across := map[string][]hex.Hex{}
		if x, _ := c.m.Hex(h); x.Name != p.name || !x.City && x.Fortress == 0 {
			across = nil // only the cities and fortresses a game turns on
		}
		for _, n := range h.Neighbors() {
			if across == nil {
				break
			}
			if r := c.m.Hexside(h, n).River; r != "" && len(byName[r]) > 0 && near(p.at, byName[r]) < bankSlack {
				across[r] = append(across[r], n)
			}
		}
		for r, ns := range across {
			checked++
			ls := byName[r]
			if !crosses(p.at, centre(h), ls) {
				continue
			}
			wrong := true
			for _, n := range ns {
				if crosses(p.at, centre(n), ls) {
					wrong = false
				}
			}
			if wrong {
				bad = append(bad, "bank "+h.String()+" "+p.name+": stands across the "+r+" from its hex")
			}
		}
		for _, n := range h.Neighbors() {
			other, ok := at[n]
			r := c.m.Hexside(h, n).River
			ls := byName[r]
			if r == "" || len(ls) == 0 || near(p.at, ls) < bankSlack {
				continue
			}
			checked++
			if !crosses(p.at, centre(n), ls) && (!ok || !crosses(p.at, other, ls)) {
				bad = append(bad, "bank "+h.String()+" "+p.name+": the "+r+" between it and "+n.String()+" is on the other side of the town")
			}
		}
	}
	t.Logf("%d town-river sides checked, %d on the wrong bank", checked, len(bad))
	checkKnown(t, "bank", bad)
	if checked < 100 {
		t.Errorf("only %d town-river sides checked: the check is broken", checked)
	}
}

// No city (15.23) is forest or mountain: the cities of 1914 stand in the
// open, and the battles round them were fought there (Nancy was forest,
// Basel and Zürich mountain).
func TestGeographyCityTerrain(t *testing.T) {
	c := loadGeoCheck(t)
	var bad []string
	for _, x := range c.m.Hexes() {
		if x.City && (x.Terrain == board.Forest || x.Terrain == board.Mountain) {
			bad = append(bad, x.At.String()+" "+x.Name+": a city in "+x.Terrain.String())
		}
	}
	sort.Strings(bad)
	if len(bad) > 0 {
		t.Errorf("%d cities on the wrong terrain:\n%s", len(bad), strings.Join(bad, "\n"))
	}
}

// knownDiscrepancies are the lines of testdata/geocheck-known.txt: places
// the map still gets wrong, each waiting for a correction in overrides.tsv.
// A new discrepancy fails, and so does a listed one that is gone (remove
// its line), so the list only shrinks.
func checkKnown(t *testing.T, what string, bad []string) {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", "geocheck-known.txt"))
	if err != nil {
		t.Fatal(err)
	}
	known := map[string]bool{}
	for _, l := range strings.Split(string(b), "\n") {
		if l = strings.TrimSpace(l); l != "" && !strings.HasPrefix(l, "#") {
			known[l] = true
		}
	}
	var fresh, gone []string
	seen := map[string]bool{}
	for _, l := range bad {
		seen[l] = true
		if !known[l] {
			fresh = append(fresh, l)
		}
	}
	for l := range known {
		if strings.HasPrefix(l, what+" ") && !seen[l] {
			gone = append(gone, l)
		}
	}
	sort.Strings(gone)
	if len(fresh) > 0 {
		t.Errorf("%d new discrepancies with the geography:\n%s", len(fresh), strings.Join(fresh, "\n"))
	}
	if len(gone) > 0 {
		t.Errorf("corrected, remove from testdata/geocheck-known.txt:\n%s", strings.Join(gone, "\n"))
	}
}

// spacingSlack is how much nearer (hex widths, about 12 km) two fortresses
// or cities may be on the map than on the ground: each is rounded to a hex
// centre, so up to about half a hex each way is the grid's own error.
const spacingSlack = 0.75

// No two fortresses or cities (the places a game turns on) are much nearer
// on the map than on the ground: Montmédy and Longwy, 28 km apart, were
// adjacent hexes, so a fortress could be besieged from the other's hex.
func TestGeographyPlaceSpacing(t *testing.T) {
	c := loadGeoCheck(t)
	type spot struct {
		name string
		at   hex.Hex
		p    pt
	}
	var ps []spot
	for _, p := range c.src.places {
		h, ok := c.where[p.name]
		if !ok {
			continue
		}
		x, _ := c.m.Hex(h)
		if x.Fortress == 0 && !x.City || x.Name != p.name {
			continue
		}
		ps = append(ps, spot{p.name, h, p.at})
	}
	var bad []string
	checked := 0
	for i := range ps {
		for j := i + 1; j < len(ps); j++ {
			real := dist(ps[i].p, ps[j].p)
			if real > 6 {
				continue
			}
			checked++
			if on := float64(hex.Distance(ps[i].at, ps[j].at)); on < real-spacingSlack {
				a, b := ps[i], ps[j]
				if b.name < a.name {
					a, b = b, a
				}
				bad = append(bad, "spacing "+a.at.String()+" "+a.name+" - "+b.at.String()+" "+b.name+": "+
					strconv.Itoa(int(on))+" hexes apart on the map, "+strconv.FormatFloat(real, 'f', 1, 64)+" on the ground")
			}
		}
	}
	t.Logf("%d pairs of fortresses and cities within 6 hexes checked, %d too near", checked, len(bad))
	checkKnown(t, "spacing", bad)
	if checked < 100 {
		t.Errorf("only %d pairs checked: the check is broken", checked)
	}
}
