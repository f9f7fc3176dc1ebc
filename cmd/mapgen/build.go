package main

import (
	"fmt"
	"math"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"rtrbot/engine/board"
	"rtrbot/engine/hex"
)

// Rules of the build, documented in docs/map.md. Changing one changes the
// map: rerun the generator and read the diff.
const (
	Cols = 42 // columns 01..42: Orléans-Dijon (south) to Rotterdam (north)
	Rows = 35 // rows 01..35: Chartres-Dieppe (west) to Mainz-Mannheim (east)

	// regionSamples: a terrain region counts for a hex when it covers at
	// least this many of the hex's 19 fine samples (about 40%: a forest or
	// marsh belt that wide commands movement through the hex; the Marais
	// de Saint-Gond, 9 of 19, is the case in point).
	regionSamples = 8
	// landSamples: a hex is land when at least this many of its 7 sample
	// points are land (or an important place lies in it).
	landSamples = 4
	// elevation relief: a hex otherwise clear is rough when the ETOPO5
	// heights within reliefRadius hex widths of its centre spread over at
	// least reliefMetres.
	reliefRadius = 0.75
	reliefMetres = 300
	// overlapReliefMetres splits hexes where a rough region and a forest
	// region overlap: rough at this relief or more, forest below.
	overlapReliefMetres = 150
	// uplandMetres and mountainMetres confirm the generalised Natural
	// Earth outlines (see terrainOf).
	uplandMetres   = 330
	mountainMetres = 500
	// lakeWater: lakes of at least this many km² are water (sea terrain);
	// smaller ones are land at this scale.
	lakeWater = 100.0
	// cityPopulation: a place of at least this many inhabitants in 1911 is
	// a city (都市) for 15.23.
	cityPopulation = 50000
	// fortressCityPopulation: a fortress town of at least this many
	// inhabitants is a city too.
	fortressCityPopulation = 20000
	// minorRiverSides: a rank-2 river is shown only if it runs along at
	// least this many hexsides of the map (shorter stretches are brooks at
	// 15 km a hex).
	minorRiverSides = 3
)

type place struct {
	name, local, country, kind string
	port, fortress             bool
	pop                        int
	at                         pt
	hexes                      []hex.Hex // where it is on the map (one, or the rules' hexes)
	strength                   int       // fortress strength (12.0)
	city                       *bool     // forced city status (override)
	pinned                     bool      // put in its hexes by an override
	rules                      bool      // named by the rules in these hexes: a city
}

type elevPoint struct {
	at pt
	m  int
}

type railway struct {
	id, name string
	stations []string
}

// sources is the geography read from ../shared/geo, in hex space.
type sources struct {
	land, water, countries, regions []*poly
	rivers                          []line
	places                          []*place
	elev                            []elevPoint
	rails                           []railway
	rankOverride                    map[string]int // river:NAME rank overrides
	grid                            grid           // the transform used
}

func readSources(dir string, g grid) (*sources, error) {
	s := &sources{grid: g}
	coast, err := polygons(filepath.Join(dir, "coastline.geojson"), g)
	if err != nil {
		return nil, err
	}
	for _, p := range coast {
		switch p.kind {
		case "land":
			s.land = append(s.land, p)
		case "sea_1914":
			s.water = append(s.water, p)
		case "lake":
			if num(p.props, "area_km2") >= lakeWater || strings.Contains(p.name, "tidal in 1914") {
				s.water = append(s.water, p)
			}
		}
	}
	if s.countries, err = polygons(filepath.Join(dir, "countries-1914.geojson"), g); err != nil {
		return nil, err
	}
	if s.regions, err = polygons(filepath.Join(dir, "regions.geojson"), g); err != nil {
		return nil, err
	}
	if s.rivers, err = lines(filepath.Join(dir, "rivers.geojson"), g); err != nil {
		return nil, err
	}
	rows, err := readTSV(filepath.Join(dir, "cities.tsv"))
	if err != nil {
		return nil, err
	}
	for _, r := range rows {
		pop, _ := strconv.Atoi(r["population_1911_approx"])
		p := &place{name: r["name"], local: r["name_local"], country: r["country_1914"], kind: r["kind"],
			port: r["port"] == "yes", fortress: r["fortress_1914"] == "yes", pop: pop,
			at: g.toHexSpace(atof(r["lat"]), atof(r["lon"]))}
		if p.local == p.name {
			p.local = ""
		}
		s.places = append(s.places, p)
	}
	erows, err := readTSV(filepath.Join(dir, "elevation.tsv"))
	if err != nil {
		return nil, err
	}
	for _, r := range erows {
		m, _ := strconv.Atoi(r["metres"])
		s.elev = append(s.elev, elevPoint{g.toHexSpace(atof(r["lat"]), atof(r["lon"])), m})
	}
	rrows, err := readTSV(filepath.Join(dir, "railways-1914.tsv"))
	if err != nil {
		return nil, err
	}
	for _, r := range rrows {
		var st []string
		for _, x := range strings.Split(r["stations"], ">") {
			if x = strings.TrimSpace(x); x != "" {
				st = append(st, x)
			}
		}
		s.rails = append(s.rails, railway{id: r["line_id"], name: r["name"], stations: st})
	}
	return s, nil
}

// report collects what the generator decided, for its log and docs.
type report struct {
	notes []string
}

func (r *report) addf(format string, args ...any) {
	r.notes = append(r.notes, fmt.Sprintf(format, args...))
}

// builder is the map under construction. build runs its stages in order;
// each stage reads what the ones before it decided.
type builder struct {
	src      *sources
	ovs      []override
	rep      *report
	hexes    map[hex.Hex]*board.Hex
	order    []hex.Hex // column, row
	byName   map[string]*place
	placesIn map[hex.Hex][]*place
	sides    map[hex.Hexside]board.Hexside
	rail     map[hex.Hexside]bool
	lines    map[hex.Hexside][]string
}

// build turns the sources and the overrides into the map, stage by stage.
func build(s *sources, ovs []override, rep *report) (*board.Map, error) {
	b := &builder{src: s, ovs: ovs, rep: rep, hexes: map[hex.Hex]*board.Hex{}}
	for c := 1; c <= Cols; c++ {
		for r := 1; r <= Rows; r++ {
			h := hex.New(c, r)
			b.order = append(b.order, h)
			b.hexes[h] = &board.Hex{At: h}
		}
	}
	for _, stage := range []func() error{
		b.placePlaces,      // towns to hexes; the rules' places to their hexes
		b.landAndCountry,   // sea or land, 1914 country, terrain
		b.overrideGround,   // hand corrections of terrain and country
		b.namePlaces,       // names, cities, ports, fortresses
		b.overridePlaces,   // hand corrections of names, cities, ports, fortresses
		b.coastAndSupply,   // coastal hexes, logistics hexes
		b.setupAreas,       // setup areas (setup-areas.md)
		b.overrideRivers,   // hand-drawn river stretches, river ranks
		b.bordersAndRivers, // hexsides
		b.railways,         // rail links
		b.overrideSides,    // hand corrections of rivers and rail
	} {
		if err := stage(); err != nil {
			return nil, err
		}
	}
	list := make([]*board.Hex, 0, len(b.order))
	for _, h := range b.order {
		list = append(list, b.hexes[h])
	}
	m := board.NewMap(Cols, Rows, list, b.sides, b.rail)
	m.SetRailLines(b.lines)
	return m, nil
}

func inAny(ps []*poly, q pt) *poly {
	for _, p := range ps {
		if p.contains(q) {
			return p
		}
	}
	return nil
}

func (b *builder) isLand(q pt) bool {
	return inAny(b.src.land, q) != nil && inAny(b.src.water, q) == nil
}

// placePlaces puts every town of cities.tsv in the hex nearest its point,
// and the places an override pins in their hexes.
func (b *builder) placePlaces() error {
	s := b.src
	b.byName = map[string]*place{}
	for _, p := range s.places {
		b.byName[p.name] = p
		p.hexes = []hex.Hex{hexAt(p.at)}
	}
	for _, o := range b.ovs {
		if o.kind() != "place" {
			continue
		}
		p := b.byName[o.name()]
		if p == nil {
			return o.errorf("no place %q in cities.tsv", o.name())
		}
		switch o.field {
		case "hexes", "rules":
			var hs []hex.Hex
			for _, f := range strings.Fields(o.value) {
				h, err := hex.Parse(f)
				if err != nil {
					return o.errorf("%v", err)
				}
				hs = append(hs, h)
			}
			if len(hs) == 0 {
				return o.errorf("no hexes given")
			}
			p.hexes, p.pinned = hs, true
			p.rules = o.field == "rules"
		case "fortress":
			n, err := strconv.Atoi(o.value)
			if err != nil || (n != 3 && n != 6 && n != 12) {
				return o.errorf("fortress strength must be 3, 6 or 12 (12.0), not %q", o.value)
			}
			p.fortress, p.strength = true, n
		case "city":
			v, err := yesNo(o)
			if err != nil {
				return err
			}
			p.city = &v
		}
	}
	b.placesIn = map[hex.Hex][]*place{}
	for _, p := range s.places {
		for _, h := range p.hexes {
			if _, ok := b.hexes[h]; ok {
				b.placesIn[h] = append(b.placesIn[h], p)
			}
		}
	}
	return nil
}

// landAndCountry decides sea or land (an important place keeps its hex
// land), the 1914 country and the terrain of every hex.
func (b *builder) landAndCountry() error {
	s := b.src
	important := func(p *place) bool {
		return p.pinned || p.port || p.fortress || p.pop >= cityPopulation
	}
	for _, h := range b.order {
		x := b.hexes[h]
		sm := samples(h)
		land := 0
		votes := map[string]int{}
		for _, q := range sm {
			if b.isLand(q) {
				land++
				if c := inAny(s.countries, q); c != nil {
					votes[c.code]++
				}
			}
		}
		forced := false
		for _, p := range b.placesIn[h] {
			forced = forced || important(p)
		}
		if land < landSamples && !forced {
			x.Terrain = board.Sea
			continue
		}
		code := ""
		if b.isLand(sm[0]) {
			if c := inAny(s.countries, sm[0]); c != nil {
				code = c.code
			}
		}
		if code == "" {
			code = majority(votes)
		}
		if code == "" && len(b.placesIn[h]) > 0 {
			code = b.placesIn[h][0].country
		}
		switch code {
		case "FR", "DE", "LU", "BE", "NL", "CH":
			x.Country = board.Country(code)
		case "GB":
			// England is no part of the game: its corner of the grid is sea.
			x.Terrain = board.Sea
			continue
		default:
			return fmt.Errorf("hex %s: land of country %q, which the map does not hold", h, code)
		}
		x.Terrain = terrainOf(s, h)
	}
	return nil
}

// overrideGround applies the hand corrections of terrain and country.
func (b *builder) overrideGround() error {
	for _, o := range b.ovs {
		if o.kind() != "hex" || (o.field != "terrain" && o.field != "country") {
			continue
		}
		x, err := overrideHex(b.hexes, o)
		if err != nil {
			return err
		}
		if o.field == "terrain" {
			t, err := board.ParseTerrain(o.value)
			if err != nil {
				return o.errorf("%v", err)
			}
			x.Terrain = t
			if t == board.Sea {
				x.Country = board.NoCountry
			}
			continue
		}
		switch c := board.Country(o.value); c {
		case board.France, board.Germany, board.Luxembourg, board.Belgium, board.Netherlands, board.Switzerland:
			x.Country = c
		default:
			return o.errorf("country must be FR, DE, LU, BE, NL or CH")
		}
	}
	return nil
}

// namePlaces gives each land hex its name, other towns, city, port and
// fortress from the places in it.
func (b *builder) namePlaces() error {
	for _, h := range b.order {
		x := b.hexes[h]
		ps := b.placesIn[h]
		if len(ps) == 0 || x.Terrain == board.Sea {
			continue
		}
		// The name shown: a place the rules pin, else a city, else a
		// fortress (Neuf-Brisach, not Breisach across the Rhine), else the
		// most populous; the others are listed as the hex's towns.
		sort.SliceStable(ps, func(i, j int) bool {
			if ps[i].rules != ps[j].rules {
				return ps[i].rules
			}
			if ci, cj := isCity(ps[i]), isCity(ps[j]); ci != cj {
				return ci
			}
			if ps[i].fortress != ps[j].fortress {
				return ps[i].fortress
			}
			if ps[i].pop != ps[j].pop {
				return ps[i].pop > ps[j].pop
			}
			return ps[i].name < ps[j].name
		})
		first := ps[0]
		x.Name, x.Local = first.name, first.local
		// A city is not split by a border at this scale: its hex takes the
		// city's 1914 country (Basel stays Swiss, Roubaix French).
		if isCity(first) && board.Country(first.country) != x.Country {
			switch c := board.Country(first.country); c {
			case board.France, board.Germany, board.Luxembourg, board.Belgium, board.Netherlands, board.Switzerland:
				b.rep.addf("hex %s: country %s -> %s, the country of its city %s", h, x.Country, c, first.name)
				x.Country = c
			}
		}
		for _, p := range ps[1:] {
			x.Towns = append(x.Towns, p.name)
		}
		for _, p := range ps {
			x.Port = x.Port || p.port
			if p.fortress {
				st := p.strength
				if st == 0 {
					st = 3 // a fortress without a number is 3 (terrain table, 12.0)
				}
				x.Fortress = max(x.Fortress, st)
			}
			x.City = x.City || isCity(p)
		}
	}
	return nil
}

// overridePlaces applies the hand corrections of names, cities, ports and
// fortresses of single hexes.
func (b *builder) overridePlaces() error {
	for _, o := range b.ovs {
		if o.kind() != "hex" {
			continue
		}
		x, err := overrideHex(b.hexes, o)
		if err != nil {
			return err
		}
		switch o.field {
		case "name":
			x.Name = o.value
		case "city":
			v, err := yesNo(o)
			if err != nil {
				return err
			}
			x.City = v
		case "port":
			v, err := yesNo(o)
			if err != nil {
				return err
			}
			x.Port = v
		case "fortress":
			switch o.value {
			case "-", "0":
				x.Fortress = 0
			case "3", "6", "12":
				x.Fortress, _ = strconv.Atoi(o.value)
			default:
				return o.errorf("fortress strength must be 3, 6, 12 or -")
			}
		}
	}
	return nil
}

// coastAndSupply marks coastal hexes and logistics hexes (the terrain
// table's notes, see logistics), then applies logistic overrides.
func (b *builder) coastAndSupply() error {
	for _, h := range b.order {
		x := b.hexes[h]
		if x.Terrain == board.Sea {
			continue
		}
		for _, n := range h.Neighbors() {
			if y, ok := b.hexes[n]; ok && y.Terrain == board.Sea {
				x.Coastal = true
			}
		}
		x.Logistic = logistics(x)
	}
	for _, o := range b.ovs {
		if o.kind() != "hex" || o.field != "logistic" {
			continue
		}
		x, err := overrideHex(b.hexes, o)
		if err != nil {
			return err
		}
		x.Logistic = nil
		for _, n := range strings.Split(o.value, ",") {
			switch nat := board.Nation(strings.TrimSpace(n)); nat {
			case board.French, board.German, board.British, board.Belgian:
				x.Logistic = append(x.Logistic, nat)
			case "-":
			default:
				return o.errorf("logistics nations are FR, DE, GB, BE (comma-separated) or -")
			}
		}
	}
	return nil
}

// setupAreas lays out the setup areas of the overrides (setup-areas.md).
func (b *builder) setupAreas() error {
	for _, o := range b.ovs {
		if o.kind() != "area" {
			continue
		}
		for _, f := range strings.Fields(o.value) {
			h, err := hex.Parse(f)
			if err != nil {
				return o.errorf("%v", err)
			}
			x, ok := b.hexes[h]
			if !ok {
				return o.errorf("hex %s is off the map", h)
			}
			// setup-areas.md: a listed hex that the map makes sea, neutral
			// or the wrong country is dropped.
			if want := areaCountry(o.name()); x.Terrain == board.Sea || x.Country != want {
				b.rep.addf("setup area %s: hex %s is %s in %q, not land in %s: dropped", o.name(), h, x.Terrain, x.Country, want)
				continue
			}
			x.Setup = append(x.Setup, o.name())
		}
	}
	return nil
}

// overrideRivers adds the hand-drawn river stretches and rank changes to
// the sources before rivers are put on hexsides.
func (b *builder) overrideRivers() error {
	s := b.src
	for _, o := range b.ovs {
		if o.kind() != "river" {
			continue
		}
		switch o.field {
		case "rank":
			r, err := strconv.Atoi(o.value)
			if err != nil || r < 1 || r > 3 {
				return o.errorf("rank is 1, 2 or 3")
			}
			if s.rankOverride == nil {
				s.rankOverride = map[string]int{}
			}
			s.rankOverride[o.name()] = r
		case "line":
			l := line{name: o.name(), rank: 1}
			for _, f := range s.rivers {
				if f.name == o.name() {
					l.rank = f.rank
				}
			}
			for _, pair := range strings.Fields(o.value) {
				la, lo, ok := strings.Cut(pair, ",")
				lat, err1 := strconv.ParseFloat(la, 64)
				lon, err2 := strconv.ParseFloat(lo, 64)
				if !ok || err1 != nil || err2 != nil {
					return o.errorf("a river line is points lat,lon separated by spaces, e.g. 49.93,4.08 49.90,3.63; %q is not one", pair)
				}
				l.pts = append(l.pts, s.grid.toHexSpace(lat, lon))
			}
			if len(l.pts) < 2 {
				return o.errorf("a river line needs at least two points")
			}
			s.rivers = append(s.rivers, l)
		}
	}
	return nil
}

// bordersAndRivers fills the hexsides: a border between land hexes of two
// countries, and the rivers (rivers.go).
func (b *builder) bordersAndRivers() error {
	b.sides = map[hex.Hexside]board.Hexside{}
	for _, h := range b.order {
		x := b.hexes[h]
		for _, n := range h.Neighbors() {
			y, ok := b.hexes[n]
			if !ok || !hex.Less(h, n) || x.Terrain == board.Sea || y.Terrain == board.Sea {
				continue
			}
			if x.Country != y.Country {
				sd, _ := hex.HexsideBetween(h, n)
				b.sides[sd] = board.Hexside{Border: true}
			}
		}
	}
	// A city or fortress on a river stands on its own bank: its hex is
	// judged from the town, not from the hex's centre (see riverSides).
	at := map[hex.Hex]pt{}
	for _, h := range b.order {
		x := b.hexes[h]
		if x.Name == "" || !x.City && x.Fortress == 0 {
			continue
		}
		if p := b.byName[x.Name]; p != nil && len(p.hexes) == 1 && hexAt(p.at) == h {
			at[h] = p.at
		}
	}
	riverSides(b.src, b.hexes, b.order, b.sides, at, b.rep)
	return nil
}

// railways lays the 1914 lines on the grid (rail.go).
func (b *builder) railways() error {
	b.rail, b.lines = railLinks(b.src, b.hexes, b.byName, b.rep)
	return nil
}

// overrideSides applies the hand corrections of rivers and rail links,
// then drops hexsides left with nothing on them.
func (b *builder) overrideSides() error {
	for _, o := range b.ovs {
		if o.kind() != "side" {
			continue
		}
		sd, err := hex.ParseHexside(o.target)
		if err != nil {
			return o.errorf("%v", err)
		}
		for _, h := range []hex.Hex{sd.A, sd.B} {
			if _, ok := b.hexes[h]; !ok {
				return o.errorf("hex %s is off the map", h)
			}
		}
		switch o.field {
		case "river":
			v := b.sides[sd]
			v.River = o.value
			if o.value == "-" {
				v.River = ""
			}
			b.sides[sd] = v
		case "rail":
			switch o.value {
			case "add":
				b.rail[sd] = true
				b.lines[sd] = append(b.lines[sd], "override")
			case "remove":
				delete(b.rail, sd)
				delete(b.lines, sd)
			default:
				return o.errorf("rail is add or remove")
			}
		}
	}
	for sd, v := range b.sides {
		if v.River == "" && !v.Border {
			delete(b.sides, sd)
		}
	}
	return nil
}

func yesNo(o override) (bool, error) {
	switch o.value {
	case "yes":
		return true, nil
	case "no":
		return false, nil
	}
	return false, o.errorf("value must be yes or no")
}

func overrideHex(hexes map[hex.Hex]*board.Hex, o override) (*board.Hex, error) {
	h, err := hex.Parse(o.target)
	if err != nil {
		return nil, o.errorf("%v", err)
	}
	x, ok := hexes[h]
	if !ok {
		return nil, o.errorf("hex %s is off the map (columns 01-%02d, rows 01-%02d)", h, Cols, Rows)
	}
	return x, nil
}

// isCity is the city rule (docs/map.md): 50,000 inhabitants in 1911, or a
// fortress town of 20,000, or a place the rules name; an override wins.
func isCity(p *place) bool {
	if p.city != nil {
		return *p.city
	}
	return p.rules || p.pop >= cityPopulation || (p.fortress && p.pop >= fortressCityPopulation)
}

// logistics applies the terrain table's notes: a French fortress hex with a
// city is French logistics, a German one German; a French fortress hex
// with a port is British logistics. Design (docs/map.md): a Belgian
// fortress hex with a city is Belgian logistics.
func logistics(x *board.Hex) []board.Nation {
	if x.Fortress == 0 {
		return nil
	}
	var out []board.Nation
	switch x.Country {
	case board.France:
		if x.City {
			out = append(out, board.French)
		}
		if x.Port {
			out = append(out, board.British)
		}
	case board.Germany:
		if x.City {
			out = append(out, board.German)
		}
	case board.Belgium:
		if x.City {
			out = append(out, board.Belgian)
		}
	}
	return out
}

func majority(votes map[string]int) string {
	best, n := "", 0
	keys := make([]string, 0, len(votes))
	for k := range votes {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		if votes[k] > n {
			best, n = k, votes[k]
		}
	}
	return best
}

// terrainOf decides a land hex's terrain. A terrain region counts when
// at least regionSamples of the hex's 19 fine samples lie inside it. The Natural
// Earth outlines (Vosges, Jura, Alps, Ardennes) are generalised and spill
// tens of km onto the plains (the Vosges outline reaches Dieuze, the
// Ardennes one Rethel), so they count only where ETOPO5 confirms upland:
// a mountain outline gives mountain where the highest point near the hex
// reaches mountainMetres or the relief reliefMetres, rough where it is
// upland (uplandMetres high or overlapReliefMetres of relief), and
// nothing below; the Ardennes count only where upland. Hand-drawn outlines
// are tight and count as drawn. Priority: mountain > marsh > rough and
// forest > clear. Where rough and forest overlap (Ardennes, Argonne) the
// relief decides: rough at overlapReliefMetres or more (the deep valleys),
// forest on the plateaus. Outside every region a hex whose heights spread
// over reliefMetres is rough.
func terrainOf(s *sources, h hex.Hex) board.Terrain {
	sm := fineSamples(h)
	high, relief := heightsAt(s, h)
	upland := high >= uplandMetres || relief >= overlapReliefMetres
	in := map[string]bool{}
	for _, r := range s.regions {
		n := 0
		for _, q := range sm {
			if r.contains(q) {
				n++
			}
		}
		if n < regionSamples {
			continue
		}
		kind := r.kind
		if strings.HasPrefix(str(r.props, "source"), "Natural Earth") {
			switch {
			case kind == "mountain" && (high >= mountainMetres || relief >= reliefMetres):
			case kind == "mountain" && upland:
				kind = "rough"
			case kind != "mountain" && upland:
			default:
				continue
			}
		}
		in[kind] = true
	}
	switch {
	case in["mountain"]:
		return board.Mountain
	case in["marsh"]:
		return board.Marsh
	case in["rough"] && in["forest"]:
		if relief >= overlapReliefMetres {
			return board.Rough
		}
		return board.Forest
	case in["rough"]:
		return board.Rough
	case in["forest"]:
		return board.Forest
	case relief >= reliefMetres:
		return board.Rough
	}
	return board.Clear
}

// heightsAt is the highest ETOPO5 height within reliefRadius of the hex
// centre and the spread (max - min) of those heights (0, 0 with fewer
// than two grid nodes).
func heightsAt(s *sources, h hex.Hex) (high, relief int) {
	lo, hi, n := math.MaxInt, math.MinInt, 0
	c := centre(h)
	for _, e := range s.elev {
		if math.Abs(e.at.U-c.U) > reliefRadius || math.Abs(e.at.V-c.V) > reliefRadius {
			continue
		}
		if dist(e.at, c) <= reliefRadius {
			lo, hi, n = min(lo, e.m), max(hi, e.m), n+1
		}
	}
	if n < 2 {
		return 0, 0
	}
	return hi, hi - lo
}

// areaCountry is the country a setup area lies in: German areas DE-…,
// French FR-… and the BEF in France, the Belgian area B in Belgium.
func areaCountry(area string) board.Country {
	switch {
	case strings.HasPrefix(area, "DE-"):
		return board.Germany
	case area == "B":
		return board.Belgium
	}
	return board.France
}
