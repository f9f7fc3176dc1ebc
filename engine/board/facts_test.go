package board

import (
	"fmt"
	"slices"
	"sort"
	"strings"
	"testing"

	"rtrbot/engine/hex"
)

// Facts the rules fix about the map. Each test reads the embedded map
// (engine/board/data) and fails if the data is wrong.

func mustDefault(t *testing.T) *Map {
	t.Helper()
	m, err := Default()
	if err != nil {
		t.Fatalf("embedded map: %v", err)
	}
	return m
}

func hexes(ss ...string) []hex.Hex {
	out := make([]hex.Hex, len(ss))
	for i, s := range ss {
		out[i] = hex.MustParse(s)
	}
	return out
}

// The 20 places that the rules put in named hexes (15.23, 17.2-17.5;
// shared design map-grid.md), each in exactly those hexes.
var rulePlaces = []struct {
	name  string
	hexes []hex.Hex
}{
	{"Paris", hexes("1804", "1805", "1905")},
	{"Lille", hexes("3210")},
	{"Dunkerque", hexes("3607")},
	{"Calais", hexes("3506")},
	{"Boulogne", hexes("3404")},
	{"Verdun", hexes("1819")},
	{"Orléans", hexes("1101")},
	{"Brussels", hexes("3216")},
	{"Antwerp", hexes("3517", "3616")},
	{"Ostend", hexes("3609")},
	{"Luxembourg", hexes("2123")},
	{"Metz", hexes("1723")},
	{"Strasbourg", hexes("1330")},
	{"Belfort", hexes("0525")},
	{"Épinal", hexes("1023")},
	{"Toul", hexes("1421")},
	{"Châlons", hexes("1813")},
	{"Liège", hexes("3021")},
	{"Namur", hexes("2918")},
	{"Maubeuge", hexes("2813")},
}

func TestRulePlacesInTheirHexes(t *testing.T) {
	m := mustDefault(t)
	for _, p := range rulePlaces {
		var got []hex.Hex
		for _, x := range m.Hexes() {
			if slices.ContainsFunc(placeNames(x), func(n string) bool { return Fold(n) == Fold(p.name) }) {
				got = append(got, x.At)
			}
		}
		if !slices.Equal(got, p.hexes) {
			t.Errorf("%s is the place name of hexes %v, want exactly %v (map-grid.md)", p.name, got, p.hexes)
		}
		for _, h := range p.hexes {
			x, _ := m.Hex(h)
			if x == nil || !x.City || x.Terrain == Sea {
				t.Errorf("%s %s: want a land city hex, got %+v", p.name, h, x)
			}
		}
	}
}

// placeNames is a hex's own place name and local names, not its towns.
func placeNames(x *Hex) []string {
	y := *x
	y.Towns = nil
	return y.names()
}

// 15.23: every hex the victory conditions name is on the map, a city, and
// carries the name the rules give it; CityVP gives each its VP.
func TestVictoryHexes(t *testing.T) {
	m := mustDefault(t)
	for _, v := range VictoryHexes() {
		x, ok := m.Hex(v.At)
		if !ok {
			t.Errorf("15.23 %s %s: off the map", v.Name, v.At)
			continue
		}
		if Fold(x.Name) != Fold(v.Name) {
			t.Errorf("15.23 %s: hex %s is named %q", v.Name, v.At, x.Name)
		}
		if !x.City {
			t.Errorf("15.23 %s %s: not a city", v.Name, v.At)
		}
		if got := m.CityVP(v.At, v.Scorer); got != v.VP {
			t.Errorf("15.23 %s %s: CityVP = %d, want %d", v.Name, v.At, got, v.VP)
		}
		other := Germans
		if v.Scorer == Germans {
			other = Allies
		}
		if got := m.CityVP(v.At, other); got != 0 {
			t.Errorf("15.23 %s %s: worth %d to the side that does not score it", v.Name, v.At, got)
		}
	}
	// Other cities: 2 to the Germans if Allied, 10 to the Allies if German.
	var fr, de bool
	for _, x := range m.Hexes() {
		if !x.City || isVictoryHex(x.At) {
			continue
		}
		switch x.Country {
		case France, Belgium:
			fr = true
			if m.CityVP(x.At, Germans) != 2 || m.CityVP(x.At, Allies) != 0 {
				t.Errorf("15.23 Allied city %s %s: VP %d/%d, want 2 to the Germans only", x.Name, x.At, m.CityVP(x.At, Germans), m.CityVP(x.At, Allies))
			}
		case Germany:
			de = true
			if m.CityVP(x.At, Allies) != 10 || m.CityVP(x.At, Germans) != 0 {
				t.Errorf("15.23 German city %s %s: VP %d/%d, want 10 to the Allies only", x.Name, x.At, m.CityVP(x.At, Allies), m.CityVP(x.At, Germans))
			}
		case Netherlands, Switzerland:
			if m.CityVP(x.At, Allies)+m.CityVP(x.At, Germans) != 0 {
				t.Errorf("neutral city %s %s scores VP", x.Name, x.At)
			}
		}
	}
	if !fr || !de {
		t.Errorf("want other Allied and German cities on the map (15.23): allied %v german %v", fr, de)
	}
}

func isVictoryHex(h hex.Hex) bool {
	for _, v := range VictoryHexes() {
		if v.At == h {
			return true
		}
	}
	return false
}

// 1914 borders: Metz and Strasbourg German, Belfort French, Luxembourg
// its own country that counts as German unless neutral (14.2); the
// Netherlands and Switzerland on the map and neutral (14.2).
func TestCountries(t *testing.T) {
	m := mustDefault(t)
	for _, c := range []struct {
		at   string
		want Country
	}{
		{"1723", Germany}, {"1330", Germany}, {"0525", France}, {"2123", Luxembourg},
		{"1804", France}, {"3216", Belgium}, {"3021", Belgium}, {"3129", Germany},
		{"2823", Germany}, {"2924", Germany}, // Malmedy, Eupen: German in 1914
	} {
		x, _ := m.Hex(hex.MustParse(c.at))
		if x == nil || x.Country != c.want {
			t.Errorf("hex %s: country %v, want %s", c.at, x, c.want)
		}
	}
	if !Luxembourg.GermanTerritory(false) || Luxembourg.GermanTerritory(true) {
		t.Error("14.2: Luxembourg counts as German territory unless neutral")
	}
	if !Germany.GermanTerritory(true) || France.GermanTerritory(false) {
		t.Error("GermanTerritory wrong for Germany or France")
	}
	count := map[Country]int{}
	for _, x := range m.Hexes() {
		if x.Terrain != Sea {
			count[x.Country]++
		}
	}
	for _, c := range []Country{Netherlands, Switzerland} {
		if count[c] == 0 {
			t.Errorf("14.2: %s is not on the map", c)
		}
		if !c.Neutral() {
			t.Errorf("14.2: %s not neutral", c)
		}
	}
	for _, c := range []Country{France, Germany, Luxembourg, Belgium} {
		if c.Neutral() {
			t.Errorf("%s neutral", c)
		}
		if count[c] == 0 {
			t.Errorf("%s is not on the map", c)
		}
	}
}

// The Rhine: one connected line of river hexsides from Basel (the Swiss
// border) to the Dutch border, broken only where it leaves the map.
func TestRhineConnected(t *testing.T) {
	m := mustDefault(t)
	for _, p := range rhineProblems(m) {
		t.Error(p)
	}
	// The check itself: cut one Rhine hexside in the middle (Cologne's
	// stretch) and it must complain.
	files := Encode(m, "")
	var cut []string
	done := false
	for _, l := range strings.Split(string(files[SidesFile]), "\n") {
		if !done && strings.HasPrefix(l, "31") && strings.Contains(l, "\tRhine\t") {
			done = true
			continue
		}
		cut = append(cut, l)
	}
	broken, err := Parse(files[HexesFile], []byte(strings.Join(cut, "\n")), files[RailFile])
	if err != nil || !done {
		t.Fatalf("cutting the Rhine: %v (cut %v)", err, done)
	}
	if len(rhineProblems(broken)) == 0 {
		t.Error("a Rhine with a hexside cut out near Cologne passes the check")
	}
}

// rhineProblems says what is wrong with the Rhine's line of hexsides.
func rhineProblems(m *Map) []string {
	var rhine []hex.Hexside
	for s, v := range m.Hexsides() {
		if v.River == "Rhine" {
			rhine = append(rhine, s)
		}
	}
	if len(rhine) < 30 {
		return []string{fmt.Sprintf("only %d Rhine hexsides", len(rhine))}
	}
	touches := func(s hex.Hexside, c Country) bool {
		for _, h := range []hex.Hex{s.A, s.B} {
			ns := h.Neighbors()
			for _, n := range append(ns[:], h) {
				if x, ok := m.Hex(n); ok && x.Country == c {
					return true
				}
			}
		}
		return false
	}
	edge := func(s hex.Hexside) bool {
		for _, h := range []hex.Hex{s.A, s.B} {
			if h.Col == 1 || h.Row == 1 || h.Col == m.Cols || h.Row == m.Rows {
				return true
			}
		}
		return false
	}
	var out []string
	swiss, dutch := false, false
	for _, comp := range sideComponents(rhine) {
		for _, end := range sideEnds(comp) {
			switch {
			case touches(end, Switzerland):
				swiss = true
			case touches(end, Netherlands):
				dutch = true
			case edge(end):
			default:
				out = append(out, fmt.Sprintf("the Rhine stops at hexside %s, inside the map (a stretch of %d hexsides)", end, len(comp)))
			}
		}
	}
	if !swiss || !dutch {
		out = append(out, fmt.Sprintf("the Rhine must run from the Swiss border (Basel) to the Dutch border: Swiss end %v, Dutch end %v", swiss, dutch))
	}
	return out
}

// sideComponents groups hexsides that share a corner.
func sideComponents(sides []hex.Hexside) [][]hex.Hexside {
	sort.Slice(sides, func(i, j int) bool { return sides[i].String() < sides[j].String() })
	seen := map[hex.Hexside]bool{}
	var out [][]hex.Hexside
	for _, s := range sides {
		if seen[s] {
			continue
		}
		var comp []hex.Hexside
		stack := []hex.Hexside{s}
		seen[s] = true
		for len(stack) > 0 {
			c := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			comp = append(comp, c)
			for _, o := range sides {
				if !seen[o] && sidesTouch(c, o) {
					seen[o] = true
					stack = append(stack, o)
				}
			}
		}
		out = append(out, comp)
	}
	return out
}

// sidesTouch: two different hexsides share a corner when their four hexes
// include three mutually adjacent hexes (the hexes around that corner).
func sidesTouch(a, b hex.Hexside) bool {
	if a == b {
		return false
	}
	hs := map[hex.Hex]bool{a.A: true, a.B: true, b.A: true, b.B: true}
	if len(hs) != 3 {
		return false
	}
	var l []hex.Hex
	for h := range hs {
		l = append(l, h)
	}
	return hex.Adjacent(l[0], l[1]) && hex.Adjacent(l[1], l[2]) && hex.Adjacent(l[0], l[2])
}

// sideEnds returns the hexsides of a chain that touch only one other at
// one of their two corners: the chain's ends.
func sideEnds(comp []hex.Hexside) []hex.Hexside {
	var ends []hex.Hexside
	for _, s := range comp {
		corners := map[hex.Hex]bool{} // a corner is named by the third hex around it
		for _, o := range comp {
			if sidesTouch(s, o) {
				for _, h := range []hex.Hex{o.A, o.B} {
					if h != s.A && h != s.B {
						corners[h] = true
					}
				}
			}
		}
		// A hexside has two corners; each corner has one third hex. If
		// its neighbours in the chain use only one corner, it is an end.
		if len(cornerSet(s, corners)) < 2 {
			ends = append(ends, s)
		}
	}
	return ends
}

func cornerSet(s hex.Hexside, thirds map[hex.Hex]bool) map[int]bool {
	// The two corners of s are the two hexes adjacent to both A and B.
	out := map[int]bool{}
	i := 0
	for _, n := range s.A.Neighbors() {
		if hex.Adjacent(n, s.B) {
			if thirds[n] {
				out[i] = true
			}
			i++
		}
	}
	return out
}

// Rail links (graph search over rail.tsv): Paris to Lille, Brussels,
// Liège, Verdun and Strasbourg; Cologne to Liège and Metz.
func TestRailConnections(t *testing.T) {
	m := mustDefault(t)
	reach := func(from []hex.Hex) map[hex.Hex]bool { return flood(from, m.Rail) }
	for _, p := range hexes("1804", "1805", "1905") {
		from := reach([]hex.Hex{p})
		for _, to := range []struct{ name, at string }{{"Lille", "3210"}, {"Brussels", "3216"}, {"Liège", "3021"}, {"Verdun", "1819"}, {"Strasbourg", "1330"}, {"Reims", "2012"}} {
			if !from[hex.MustParse(to.at)] {
				t.Errorf("no rail from Paris %s to %s %s", p, to.name, to.at)
			}
		}
	}
	paris := reach(hexes("1804", "1805", "1905"))
	for _, to := range []struct{ name, at string }{{"Lille", "3210"}, {"Brussels", "3216"}, {"Liège", "3021"}, {"Verdun", "1819"}, {"Strasbourg", "1330"}} {
		if !paris[hex.MustParse(to.at)] {
			t.Errorf("no rail from Paris to %s %s", to.name, to.at)
		}
	}
	cologne := m.Find("Cologne")
	if len(cologne) != 1 {
		t.Fatalf("Cologne names %d hexes", len(cologne))
	}
	c := reach([]hex.Hex{cologne[0].At})
	for _, to := range []struct{ name, at string }{{"Liège", "3021"}, {"Metz", "1723"}} {
		if !c[hex.MustParse(to.at)] {
			t.Errorf("no rail from Cologne %s to %s %s", cologne[0].At, to.name, to.at)
		}
	}
}

// A city of several hexes is one rail hub (8.5): every two adjacent hexes
// of Paris (1804 1805 1905) and of Antwerp (3517 3616) are joined by rail,
// so that a line ending in one of its hexes reaches the others. Each of
// Paris's hexes reaches the same rail network: the lines used to end each
// in its own hex (1804 reached 16 hexes, 1805 359).
func TestRailHubs(t *testing.T) {
	m := mustDefault(t)
	names := map[string]bool{}
	for _, x := range m.Hexes() {
		if x.Name != "" && x.City {
			names[x.Name] = true
		}
	}
	hubs := 0
	for name := range names {
		var hs []hex.Hex
		for _, x := range m.Find(name) {
			if x.Name == name {
				hs = append(hs, x.At)
			}
		}
		if len(hs) < 2 {
			continue
		}
		hubs++
		for i, a := range hs {
			for _, b := range hs[i+1:] {
				if hex.Adjacent(a, b) && !m.Rail(a, b) {
					t.Errorf("%s: no rail link between its hexes %s and %s", name, a, b)
				}
			}
		}
	}
	if hubs != 2 {
		t.Errorf("%d cities of several hexes, want 2 (Paris, Antwerp)", hubs)
	}
	reached := func(from hex.Hex) int { return len(flood([]hex.Hex{from}, m.Rail)) }
	paris := hexes("1804", "1805", "1905")
	for _, h := range paris[1:] {
		if a, b := reached(paris[0]), reached(h); a != b {
			t.Errorf("by rail Paris %s reaches %d hexes, Paris %s %d", paris[0], a, h, b)
		}
	}
}

// No rail link touches a sea hex: a railway into the sea is no route (the
// lines to Goes, on Zuid-Beveland, and to Konstanz, in the Bodensee hex,
// were laid into the water).
func TestRailOnLand(t *testing.T) {
	m := mustDefault(t)
	for _, s := range m.RailLinks() {
		for _, h := range []hex.Hex{s.A, s.B} {
			if x, ok := m.Hex(h); !ok || x.Terrain == Sea {
				t.Errorf("rail link %s runs into the sea hex %s", s, h)
			}
		}
	}
}

// Sea along the Channel and North Sea coasts: the Channel ports are
// coastal ports, and every column from the Somme mouth northwards begins
// (row 01, the west edge) in the sea.
func TestSeaCoasts(t *testing.T) {
	m := mustDefault(t)
	for _, at := range []string{"3404", "3506", "3607", "3609"} { // Boulogne Calais Dunkirk Ostend
		x, _ := m.Hex(hex.MustParse(at))
		if !x.Coastal || !x.Port {
			t.Errorf("%s %s: coastal %v port %v, want a coastal port", x.Name, at, x.Coastal, x.Port)
		}
	}
	for c := 29; c <= m.Cols; c++ {
		x, _ := m.Hex(hex.New(c, 1))
		if x.Terrain != Sea {
			t.Errorf("hex %s on the Channel/North Sea side is %s, want sea", x.At, x.Terrain)
		}
	}
	// North of Calais the sea runs along the whole west side.
	for c := 36; c <= m.Cols; c++ {
		for r := 1; r <= 5; r++ {
			if x, _ := m.Hex(hex.New(c, r)); x.Terrain != Sea {
				t.Errorf("hex %s in the North Sea is %s", x.At, x.Terrain)
			}
		}
	}
}

// landComponents splits land hexes into groups joined by land.
// flood finds the hexes reached from those of from, each step from h to a
// neighbour n taken when step(h, n) allows it.
func flood(from []hex.Hex, step func(h, n hex.Hex) bool) map[hex.Hex]bool {
	seen := map[hex.Hex]bool{}
	q := append([]hex.Hex(nil), from...)
	for _, h := range from {
		seen[h] = true
	}
	for len(q) > 0 {
		h := q[0]
		q = q[1:]
		for _, n := range h.Neighbors() {
			if !seen[n] && step(h, n) {
				seen[n] = true
				q = append(q, n)
			}
		}
	}
	return seen
}

func landComponents(m *Map) [][]hex.Hex {
	seen := map[hex.Hex]bool{}
	var out [][]hex.Hex
	for _, x := range m.Hexes() {
		if x.Terrain == Sea || seen[x.At] {
			continue
		}
		comp := []hex.Hex{x.At}
		seen[x.At] = true
		for i := 0; i < len(comp); i++ {
			for _, n := range comp[i].Neighbors() {
				if y, ok := m.Hex(n); ok && y.Terrain != Sea && !seen[n] {
					seen[n] = true
					comp = append(comp, n)
				}
			}
		}
		out = append(out, comp)
	}
	sort.Slice(out, func(i, j int) bool { return len(out[i]) > len(out[j]) })
	return out
}

// trueIslands are the land hexes cut off from the mainland by sea in 1914
// (listed in docs/map.md): the Zeeland islands.
var trueIslands = map[string]string{}

// Paris can be reached by land from Metz, through hexes an army may enter
// (no sea, no neutral country: 14.2).
func TestParisByLandFromMetz(t *testing.T) {
	m := mustDefault(t)
	from, to := hex.MustParse("1723"), hex.MustParse("1804")
	seen := flood([]hex.Hex{from}, func(_, n hex.Hex) bool {
		y, ok := m.Hex(n)
		return ok && y.Terrain != Sea && !y.Country.Neutral()
	})
	if !seen[to] {
		t.Error("Paris 1804 cannot be reached by land from Metz 1723")
	}
}

// No land hex is cut off from the mainland except the true islands.
func TestNoStrayLand(t *testing.T) {
	m := mustDefault(t)
	comps := landComponents(m)
	for _, comp := range comps[1:] {
		for _, h := range comp {
			if _, ok := trueIslands[h.String()]; !ok {
				x, _ := m.Hex(h)
				t.Errorf("land hex %s (%s %s) is cut off from the mainland and is not a listed true island", h, x.Country, x.Name)
			}
		}
	}
	for at := range trueIslands {
		if slices.Contains(comps[0], hex.MustParse(at)) {
			t.Errorf("listed island %s joins the mainland", at)
		}
	}
}

// Setup areas (17.2-17.5, shared design setup-areas.md): every area on the
// map, each hex of it land in the right country, the area one connected
// group with room for its units (stacking 4 division-equivalents a hex,
// at least twice the minimum number of hexes), no hex in two areas.
func TestSetupAreas(t *testing.T) {
	m := mustDefault(t)
	areas := map[string][]hex.Hex{}
	for _, x := range m.Hexes() {
		if len(x.Setup) > 1 {
			t.Errorf("hex %s is in two setup areas %v", x.At, x.Setup)
		}
		for _, a := range x.Setup {
			areas[a] = append(areas[a], x.At)
			want := map[byte]Country{'D': Germany, 'F': France, 'B': France}[a[0]]
			if a == "B" {
				want = Belgium
			}
			if x.Terrain == Sea || x.Country != want {
				t.Errorf("setup area %s: hex %s is %s in %q, want land in %s", a, x.At, x.Terrain, x.Country, want)
			}
		}
	}
	for _, c := range []struct {
		area    string
		minHexs int
	}{
		{"DE-1A", 4}, {"DE-2A", 4}, {"DE-3A", 3}, {"DE-4A", 3}, {"DE-5A", 4}, {"DE-6A", 4}, {"DE-7A", 2},
		{"FR-1A", 5}, {"FR-2A", 4}, {"FR-3A", 3}, {"FR-4A", 2}, {"FR-5A", 4}, {"BEF", 2}, {"B", 2},
	} {
		hs := areas[c.area]
		if len(hs) < 2*c.minHexs {
			t.Errorf("setup area %s has %d hexes, want at least twice its minimum %d (setup-areas.md)", c.area, len(hs), c.minHexs)
			continue
		}
		seen := flood(hs[:1], func(_, n hex.Hex) bool { return slices.Contains(hs, n) })
		if len(seen) != len(hs) {
			t.Errorf("setup area %s is not one connected group: %v", c.area, hs)
		}
	}
	// Fixed setup hexes of 17.2-17.5 lie inside their areas where the rules
	// say so: Metz inside 5A; Belfort and Épinal in 1A, Toul in 2A, Verdun
	// in 3A; Maubeuge in the BEF area.
	for at, area := range map[string]string{"1723": "DE-5A", "0525": "FR-1A", "1023": "FR-1A", "1421": "FR-2A", "1819": "FR-3A", "2813": "BEF"} {
		x, _ := m.Hex(hex.MustParse(at))
		if !slices.Contains(x.Setup, area) {
			t.Errorf("%s %s not in setup area %s", x.Name, at, area)
		}
	}
}

// Logistics hexes (terrain effects chart notes): every French fortress hex
// with a city is French logistics, every German one German, every French
// fortress hex with a port British; a Belgian fortress city is Belgian
// (design, docs/map.md); nothing else is a logistics hex.
func TestLogistics(t *testing.T) {
	m := mustDefault(t)
	count := map[Nation]int{}
	for _, x := range m.Hexes() {
		var want []Nation
		if x.Fortress > 0 {
			switch x.Country {
			case France:
				if x.City {
					want = append(want, French)
				}
				if x.Port {
					want = append(want, British)
				}
			case Germany:
				if x.City {
					want = append(want, German)
				}
			case Belgium:
				if x.City {
					want = append(want, Belgian)
				}
			}
		}
		if !slices.Equal(x.Logistic, want) {
			t.Errorf("hex %s %s: logistics %v, want %v", x.At, x.Name, x.Logistic, want)
		}
		for _, n := range x.Logistic {
			count[n]++
		}
	}
	for _, c := range []struct {
		at   string
		want []Nation
	}{
		{"1804", []Nation{French}}, {"1819", []Nation{French}}, {"3607", []Nation{French, British}},
		{"3506", []Nation{French, British}}, {"1723", []Nation{German}}, {"1330", []Nation{German}},
		{"3517", []Nation{Belgian}}, {"3616", []Nation{Belgian}},
	} {
		x, _ := m.Hex(hex.MustParse(c.at))
		if !slices.Equal(x.Logistic, c.want) {
			t.Errorf("%s %s: logistics %v, want %v", x.Name, c.at, x.Logistic, c.want)
		}
	}
	for _, n := range []Nation{French, German, British, Belgian} {
		if count[n] == 0 {
			t.Errorf("no %s logistics hex: HQs could not trace command (4.4) nor reinforcements arrive (11.1)", n)
		}
	}
}

// Fortress strengths (12.0, shared design fortresses.md): 3, 6 or 12; the
// rules' places with the strengths chosen; no fortress in Luxembourg or
// at Châlons.
func TestFortresses(t *testing.T) {
	m := mustDefault(t)
	for _, c := range []struct {
		at   string
		want int
	}{
		{"1804", 12}, {"1805", 12}, {"1905", 12}, {"1819", 12}, {"1421", 12}, {"1023", 12}, {"0525", 12},
		{"3517", 12}, {"3616", 12}, {"1723", 12}, {"1330", 12},
		{"3021", 6}, {"2918", 6}, {"2813", 6}, {"3607", 6},
		{"3210", 3}, {"3506", 3},
		{"2123", 0}, {"1813", 0},
	} {
		x, _ := m.Hex(hex.MustParse(c.at))
		if x.Fortress != c.want {
			t.Errorf("%s %s: fortress %d, want %d", x.Name, c.at, x.Fortress, c.want)
		}
	}
	n := 0
	for _, x := range m.Hexes() {
		switch x.Fortress {
		case 0:
		case 3, 6, 12:
			n++
		default:
			t.Errorf("hex %s: fortress strength %d", x.At, x.Fortress)
		}
	}
	if n < 30 {
		t.Errorf("only %d fortress hexes; fortresses.md lists 36 places", n)
	}
}

// TerrainCost follows the terrain effects chart.
func TestTerrainCost(t *testing.T) {
	for _, c := range []struct {
		x    Hex
		cost int
		ok   bool
	}{
		{Hex{Terrain: Clear}, 1, true}, {Hex{Terrain: Rough}, 2, true}, {Hex{Terrain: Mountain}, 3, true},
		{Hex{Terrain: Forest}, 2, true}, {Hex{Terrain: Marsh}, 2, true}, {Hex{Terrain: Sea}, 0, false},
		{Hex{Terrain: Rough, City: true}, 1, true}, {Hex{Terrain: Mountain, Fortress: 3}, 1, true},
	} {
		cost, ok := c.x.TerrainCost()
		if cost != c.cost || ok != c.ok {
			t.Errorf("%s city %v fortress %d: cost %d %v, want %d %v", c.x.Terrain, c.x.City, c.x.Fortress, cost, ok, c.cost, c.ok)
		}
	}
}

// Name search ignores accents and case; local names and towns count.
func TestFind(t *testing.T) {
	m := mustDefault(t)
	sq := "" // Saint-Quentin, written St Quentin, St. Quentin, Saint Quentin
	for _, x := range m.Hexes() {
		if x.Name == "Saint-Quentin" {
			sq = x.At.String()
		}
	}
	if sq == "" {
		t.Fatal("no Saint-Quentin on the map")
	}
	for _, c := range []struct{ q, want string }{
		{"Liege", "3021"}, {"LIÈGE", "3021"}, {"Luik", "3021"}, {"Dunkerque", "3607"},
		{"strassburg", "1330"}, {"Straßburg", "1330"}, {"epinal", "1023"}, {"chalons", "1813"},
		{"St Quentin", sq}, {"St.Quentin", sq}, {"st. quentin", sq}, {"Saint Quentin", sq}, {"saint-quentin", sq}, {"St-Quentin", sq},
	} {
		got := m.Find(c.q)
		if len(got) == 0 || got[0].At.String() != c.want {
			t.Errorf("Find(%q) = %v, want %s first", c.q, got, c.want)
		}
	}
	if got := m.Find("Atlantis"); got != nil {
		t.Errorf("Find(Atlantis) = %v", got)
	}
}

// 15.23 against 15.1: the named hexes are worth 90 VP to the Germans (4
// hexes of 10, 10 of 5) and 40 to the Allies; the minor Allied cities (2
// VP each) together stay within a draw's margin (0-50), so that small
// towns never decide a game on their own; Paris and Lille alone (40) are
// most of a marginal victory.
func TestVictoryTotals(t *testing.T) {
	m := mustDefault(t)
	named := map[ScoringSide]int{}
	for _, v := range VictoryHexes() {
		named[v.Scorer] += v.VP
	}
	if named[Germans] != 90 || named[Allies] != 40 {
		t.Errorf("15.23 named hexes: Germans %d, Allies %d; want 90 and 40", named[Germans], named[Allies])
	}
	minor, germanCities := 0, 0
	for _, x := range m.Hexes() {
		if isVictoryHex(x.At) {
			continue
		}
		minor += m.CityVP(x.At, Germans)
		if m.CityVP(x.At, Allies) > 0 {
			germanCities++
		}
	}
	if minor == 0 || minor > 50 {
		t.Errorf("other Allied cities are worth %d VP to the Germans; want some, at most 50 (a draw's margin, 15.1)", minor)
	}
	if germanCities == 0 {
		t.Error("no other German city: 15.23's 10 VP per German city would mean nothing")
	}
}

// No land hex is a one-hex island of its country among other countries'
// land: at 15 km a hex, a country's territory is never a single stray hex
// (a guard against a bad country override or a sampling accident).
func TestNoOneHexEnclaves(t *testing.T) {
	m := mustDefault(t)
	for _, x := range m.Hexes() {
		if x.Terrain == Sea {
			continue
		}
		same, land := 0, 0
		for _, n := range x.At.Neighbors() {
			y, ok := m.Hex(n)
			if !ok || y.Terrain == Sea {
				continue
			}
			land++
			if y.Country == x.Country {
				same++
			}
		}
		if land > 0 && same == 0 {
			t.Errorf("hex %s (%s %s) is a one-hex enclave of %s", x.At, x.Name, x.Terrain, x.Country)
		}
	}
}

// The rivers the 1914 campaign turned on are each one unbroken line of
// river hexsides: all of a river's hexsides lie in one connected stretch of
// the river network (where two rivers meet, a hexside may carry the other's
// name).
func TestMajorRiversUnbroken(t *testing.T) {
	m := mustDefault(t)
	var all []hex.Hexside
	by := map[string][]hex.Hexside{}
	for s, v := range m.Hexsides() {
		if v.River != "" {
			all = append(all, s)
			by[v.River] = append(by[v.River], s)
		}
	}
	comp := map[hex.Hexside]int{}
	for i, c := range sideComponents(all) {
		for _, s := range c {
			comp[s] = i
		}
	}
	for _, name := range []string{"Rhine", "Meuse", "Moselle", "Marne", "Aisne", "Oise", "Somme", "Scheldt",
		"Sambre", "Seine", "Saar", "Lys", "Yser", "Ourcq", "Semois", "Meurthe", "Ourthe", "Dyle", "Gete", "Nete"} {
		sides := by[name]
		if len(sides) < 3 {
			t.Errorf("the %s has %d hexsides", name, len(sides))
			continue
		}
		parts := map[int]int{}
		for _, s := range sides {
			parts[comp[s]]++
		}
		if len(parts) != 1 {
			t.Errorf("the %s is broken into %d stretches of river hexsides (sizes %v)", name, len(parts), parts)
		}
	}
}
