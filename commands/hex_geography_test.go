package commands

import (
	"regexp"
	"slices"
	"strings"
	"testing"

	"rtrbot/engine/board"
	"rtrbot/engine/hex"
	"rtrbot/i18n"
)

// Geography a player of the 1914 campaign knows, read through /hex as that
// player would: the place's name first (which answers with its hex), then
// the hex. These facts are held out from the generator's own checks
// (cmd/mapgen/geocheck_test.go): they come from the history of 1914 and the
// atlas, not from the data the map was built from.

// geoFact is one place and what must hold of its hex.
type geoFact struct {
	place    string
	country  string   // 1914 country: FR DE BE NL LU CH
	rhine    string   // "west" or "east": the bank of the Rhine the place stands on (its hex has a Rhine side, all facing the river)
	rivers   []string // rivers that run along a side of its hex
	across   []string // "River:Place": that river lies between the hex and the named place's hex
	fortress bool     // a fortress (12.0)
	not      []string // terrains it must not be (terrain effects chart names)
	terrain  []string // terrains it may be, when given
}

var geoFacts = []geoFact{
	// The Rhine: the east-bank cities worth 10 VP each to the Allies (15.23)
	// can be taken only by crossing it (15.22's +10 for the first crossing).
	{place: "Düsseldorf", country: "DE", rhine: "east", across: []string{"Rhine:Neuss"}},
	{place: "Duisburg", country: "DE", rhine: "east", across: []string{"Rhine:Krefeld"}},
	{place: "Kehl", country: "DE", rhine: "east", across: []string{"Rhine:Strasbourg"}},
	{place: "Mannheim", country: "DE", rhine: "east"},
	{place: "Wiesbaden", country: "DE", across: []string{"Rhine:Mainz"}}, // the Rhine flows west here: Wiesbaden is on its north bank
	{place: "Cologne", country: "DE", rhine: "west", fortress: true},
	{place: "Bonn", country: "DE", rhine: "west"},
	{place: "Koblenz", country: "DE", rhine: "west", rivers: []string{"Moselle"}, fortress: true},
	{place: "Mainz", country: "DE", rhine: "west", fortress: true},
	{place: "Strasbourg", country: "DE", rhine: "west", fortress: true},
	{place: "Neuss", country: "DE", rhine: "west"},
	{place: "Krefeld", country: "DE", rhine: "west"},
	{place: "Worms", country: "DE", rhine: "west"},
	{place: "Speyer", country: "DE", rhine: "west"},
	{place: "Wesel", country: "DE", rivers: []string{"Rhine", "Lippe"}, fortress: true},
	// The Meuse and the Belgian fortresses (12.0; 17.4).
	{place: "Liège", country: "BE", rivers: []string{"Meuse"}, across: []string{"Meuse:Seraing"}, fortress: true},
	{place: "Namur", country: "BE", rivers: []string{"Meuse", "Sambre"}, fortress: true},
	{place: "Dinant", country: "BE", rivers: []string{"Meuse"}},
	{place: "Huy", country: "BE", rivers: []string{"Meuse"}},
	{place: "Visé", country: "BE", rivers: []string{"Meuse"}},
	{place: "Maastricht", country: "NL", rivers: []string{"Meuse"}},
	{place: "Givet", country: "FR", rivers: []string{"Meuse"}},
	{place: "Sedan", country: "FR", rivers: []string{"Meuse"}},
	{place: "Verdun", country: "FR", rivers: []string{"Meuse"}, fortress: true},
	{place: "Maubeuge", country: "FR", rivers: []string{"Sambre"}, fortress: true},
	// The frontier of 1914: Lorraine, Luxembourg, the Ardennes, Limburg, Zeeland.
	{place: "Metz", country: "DE", rivers: []string{"Moselle"}, fortress: true},
	{place: "Diedenhofen", country: "DE", rivers: []string{"Moselle"}, fortress: true},
	{place: "Toul", country: "FR", rivers: []string{"Moselle"}, fortress: true},
	{place: "Briey", country: "FR"},
	{place: "Longwy", country: "FR", fortress: true},
	{place: "Montmédy", country: "FR", fortress: true},
	{place: "Nancy", country: "FR", rivers: []string{"Meurthe"}, not: []string{"forest", "mountain"}},
	{place: "Lunéville", country: "FR"},
	{place: "Saarburg", country: "DE"},
	{place: "Sarrebourg", country: "DE", not: []string{"mountain"}},
	{place: "Phalsbourg", country: "DE", not: []string{"mountain"}},
	{place: "Markirch", country: "DE"},
	{place: "Mülhausen", country: "DE"},
	{place: "Saint-Louis", country: "DE"},
	{place: "Basel", country: "CH"},
	{place: "Belfort", country: "FR", fortress: true},
	{place: "Esch-sur-Alzette", country: "LU"},
	{place: "Arlon", country: "BE"},
	{place: "Eupen", country: "DE"},
	{place: "Malmedy", country: "DE"},
	{place: "Aachen", country: "DE"},
	{place: "Heerlen", country: "NL"},
	{place: "Sluis", country: "NL"},
	{place: "Flushing", country: "NL"},
	{place: "Roubaix", country: "FR"},
	// The ground of the battles of 1914: the Vosges, the Ardennes and the
	// Eifel broken or wooded; the forests of Retz and Compiègne; the battles
	// of the frontiers, Mons, Le Cateau, Guise, the Marne and Flanders fought
	// in the open.
	{place: "Gérardmer", country: "FR", terrain: []string{"mountain"}},
	{place: "Bastogne", country: "BE", terrain: []string{"forest", "rough"}},
	{place: "Virton", country: "BE", terrain: []string{"forest", "rough"}},
	{place: "Sankt Vith", country: "DE", terrain: []string{"forest", "rough", "mountain"}},
	{place: "Prüm", country: "DE", terrain: []string{"forest", "rough", "mountain"}},
	{place: "Monschau", country: "DE", terrain: []string{"forest", "rough", "mountain"}},
	{place: "Villers-Cotterêts", country: "FR", terrain: []string{"forest"}},
	{place: "Compiègne", country: "FR", terrain: []string{"forest"}},
	{place: "Mons", country: "BE", terrain: []string{"clear"}},
	{place: "Charleroi", country: "BE", terrain: []string{"clear"}},
	{place: "Le Cateau", country: "FR", terrain: []string{"clear"}},
	{place: "Guise", country: "FR", terrain: []string{"clear"}},
	{place: "Morhange", country: "DE", terrain: []string{"clear"}},
	{place: "Sézanne", country: "FR", terrain: []string{"clear"}},
	{place: "Ypres", country: "BE", terrain: []string{"clear"}},
	{place: "Arras", country: "FR", terrain: []string{"clear"}},
	// The Marne and the Aisne, September 1914.
	{place: "Châlons", country: "FR", rivers: []string{"Marne"}},
	{place: "Château-Thierry", country: "FR", rivers: []string{"Marne"}},
	{place: "Soissons", country: "FR", rivers: []string{"Aisne"}},
	{place: "Amiens", country: "FR", rivers: []string{"Somme"}},
}

// The pairs a player measures with a ruler: fortresses this many hexes
// apart at least (Longwy and Montmédy are 28 km apart: two hexes of 15 km).
var geoApart = []struct {
	a, b  string
	min   int
	known bool // known not to hold yet: logged, and the test fails once it holds (remove the mark)
}{
	{"Longwy", "Montmédy", 2, false},
	{"Longwy", "Luxembourg", 2, false},
	{"Liège", "Namur", 3, false},
	{"Metz", "Diedenhofen", 2, false},
	{"Toul", "Nancy", 1, false},
}

var (
	describedHex   = regexp.MustCompile(`^\*\*Hex ([0-9]{4})\b`)
	describedHexJA = regexp.MustCompile(`^\*\*ヘクス ([0-9]{4})\b`)
	riverSideEN    = regexp.MustCompile(`([A-Z][^,()]*?) on the ([a-z-]+) side \(across it: ([0-9]{4})( [^)]+)?\)`)
	riverSideJA    = regexp.MustCompile(`([^,()、 ]+?) \(([^、(]+)側、対岸 ([0-9]{4})`)
	countryEN      = map[string]string{"FR": "France", "DE": "Germany", "BE": "Belgium", "NL": "Netherlands", "LU": "Luxembourg", "CH": "Switzerland"}
	countryJA      = map[string]string{"FR": "フランス", "DE": "ドイツ", "BE": "ベルギー", "NL": "オランダ", "LU": "ルクセンブルク", "CH": "スイス"}
	westSidesEN    = map[string]bool{"west": true, "south-west": true, "north-west": true}
	eastSidesEN    = map[string]bool{"east": true, "south-east": true, "north-east": true}
	westSidesJA    = map[string]bool{"西": true, "南西": true, "北西": true}
	eastSidesJA    = map[string]bool{"東": true, "南東": true, "北東": true}
)

// hexOfPlace asks /hex for a place by name, as a player who does not know
// its number does, and reads the one hex the answer describes.
func hexOfPlace(t *testing.T, b *Bot, name string) (string, bool) {
	t.Helper()
	got := text(runHex(b, name, i18n.EN))
	m := describedHex.FindStringSubmatch(got)
	if m == nil {
		t.Errorf("/hex hex:%s: want the one hex it names, got\n%s", name, got)
		return "", false
	}
	ja := describedHexJA.FindStringSubmatch(text(runHex(b, name, i18n.JA)))
	if ja == nil || ja[1] != m[1] {
		t.Errorf("/hex hex:%s: the Japanese answer describes %v, the English %s", name, ja, m[1])
	}
	return m[1], true
}

// line returns the line of a /hex answer that starts with prefix.
func answerLine(answer, prefix string) string {
	for _, l := range strings.Split(answer, "\n") {
		if strings.HasPrefix(l, prefix) {
			return l
		}
	}
	return ""
}

func TestHexGeographyFacts(t *testing.T) {
	b := hexBot(t)
	at := map[string]string{}
	for _, f := range geoFacts {
		h, ok := hexOfPlace(t, b, f.place)
		if !ok {
			continue
		}
		at[f.place] = h
		en := text(runHex(b, h, i18n.EN))
		ja := text(runHex(b, h, i18n.JA))
		where := "/hex hex:" + h + " (" + f.place + ")"

		if c := answerLine(en, "Country (1914): "); !strings.Contains(strings.SplitN(c, " — ", 2)[0], countryEN[f.country]) {
			t.Errorf("%s: want %s in 1914, the answer says %q", where, countryEN[f.country], c)
		}
		if c := answerLine(ja, "国 (1914年): "); !strings.Contains(strings.SplitN(c, " — ", 2)[0], countryJA[f.country]) {
			t.Errorf("%s (ja): want %s, the answer says %q", where, countryJA[f.country], c)
		}
		if f.fortress && answerLine(en, "Fortress: strength ") == "" {
			t.Errorf("%s: want a fortress (12.0), the answer has none:\n%s", where, en)
		}
		terrain := strings.TrimPrefix(answerLine(en, "Terrain: "), "Terrain: ")
		if len(f.terrain) > 0 && !slices.Contains(f.terrain, terrain) {
			t.Errorf("%s: terrain %s, want one of %v", where, terrain, f.terrain)
		}
		for _, bad := range f.not {
			if terrain == bad {
				t.Errorf("%s: terrain %s, which the place is not", where, terrain)
			}
		}

		rivers := riverSideEN.FindAllStringSubmatch(strings.TrimPrefix(answerLine(en, "Rivers: "), "Rivers: "), -1)
		has := map[string]bool{}
		acrossTo := map[string]bool{}
		for _, r := range rivers {
			has[r[1]] = true
			acrossTo[r[1]+":"+strings.TrimSpace(r[4])] = true
		}
		for _, want := range f.rivers {
			if !has[want] {
				t.Errorf("%s: want the %s along a side, the answer says %q", where, want, answerLine(en, "Rivers: "))
			}
		}
		for _, want := range f.across {
			if !acrossTo[want] {
				t.Errorf("%s: want %s across the river, the answer says %q", where, want, answerLine(en, "Rivers: "))
			}
		}
		if f.rhine != "" {
			checkRhineBank(t, where, f.rhine, rivers, 2, westSidesEN, eastSidesEN)
			sidesJA := riverSideJA.FindAllStringSubmatch(strings.TrimPrefix(answerLine(ja, "河川: "), "河川: "), -1)
			for _, s := range sidesJA {
				if s[1] == board.JapaneseRiver("Rhine") { // ライン河
					s[1] = "Rhine"
				}
			}
			checkRhineBank(t, where+" (ja)", f.rhine, sidesJA, 2, westSidesJA, eastSidesJA)
		}
	}

	for _, p := range geoApart {
		for _, n := range []string{p.a, p.b} {
			if _, ok := at[n]; !ok {
				if h, ok := hexOfPlace(t, b, n); ok {
					at[n] = h
				}
			}
		}
		a, err1 := hex.Parse(at[p.a])
		c, err2 := hex.Parse(at[p.b])
		if err1 != nil || err2 != nil {
			continue
		}
		d := hex.Distance(a, c)
		switch {
		case d < p.min && p.known:
			t.Logf("known: %s (%s) and %s (%s) are %d hexes apart; they should be at least %d", p.a, at[p.a], p.b, at[p.b], d, p.min)
		case d < p.min:
			t.Errorf("%s (%s) and %s (%s) are %d hexes apart; want at least %d", p.a, at[p.a], p.b, at[p.b], d, p.min)
		case p.known:
			t.Errorf("%s (%s) and %s (%s) are now %d hexes apart: remove the known mark", p.a, at[p.a], p.b, at[p.b], d)
		}
	}
}

// checkRhineBank: a place on the west bank of the Rhine has the river
// along a side of its hex to the east (east, south-east or north-east) and
// none due west; on the east bank, the other way round. The river meanders:
// Düsseldorf, on the east bank, has it to the south-east too.
func checkRhineBank(t *testing.T, where, bank string, sides [][]string, dir int, west, east map[string]bool) {
	t.Helper()
	toward, away, dueAway := east, west, "west"
	if bank == "east" {
		toward, away, dueAway = west, east, "east"
	}
	n := 0
	for _, s := range sides {
		if s[1] != "Rhine" {
			continue
		}
		if toward[s[dir]] {
			n++
		}
		if away[s[dir]] && (s[dir] == dueAway || s[dir] == map[string]string{"west": "西", "east": "東"}[dueAway]) {
			t.Errorf("%s: the Rhine on its %s side, yet the place stands on the %s bank", where, s[dir], bank)
		}
	}
	if n == 0 {
		t.Errorf("%s: no Rhine side towards the river, yet the place stands on the Rhine's %s bank:\n%v", where, bank, sides)
	}
}
