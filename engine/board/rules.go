package board

import (
	"strings"

	"rtrbot/engine/hex"
)

// Neutral reports whether a country is neutral in the standard scenario
// (14.2: the Netherlands and Switzerland). Options may bring the
// Netherlands into the war (18.1(7)); the engine decides that, not the map.
func (c Country) Neutral() bool { return c == Netherlands || c == Switzerland }

// GermanTerritory reports whether a hex of country c counts as German:
// Germany itself, and Luxembourg "in every way" (14.2) unless an option
// keeps Luxembourg neutral (luxembourgNeutral).
func (c Country) GermanTerritory(luxembourgNeutral bool) bool {
	return c == Germany || (c == Luxembourg && !luxembourgNeutral)
}

// AlliedTerritory reports whether a hex of country c is French or Belgian.
func (c Country) AlliedTerritory() bool { return c == France || c == Belgium }

// ScoringSide is a side that scores victory points.
type ScoringSide uint8

const (
	Germans ScoringSide = iota + 1
	Allies
)

// victoryHexes are the hexes 15.23 names, with the VP each is worth to
// the side that holds it (or last entered it) at the end.
var victoryHexes = []struct {
	Hex    string
	Name   string
	Scorer ScoringSide
	VP     int
}{
	{"1804", "Paris", Germans, 10}, {"1805", "Paris", Germans, 10}, {"1905", "Paris", Germans, 10},
	{"3210", "Lille", Germans, 10},
	{"3607", "Dunkirk", Germans, 5}, {"3506", "Calais", Germans, 5}, {"3404", "Boulogne", Germans, 5},
	{"1819", "Verdun", Germans, 5}, {"1101", "Orléans", Germans, 5}, {"3216", "Brussels", Germans, 5},
	{"3517", "Antwerp", Germans, 5}, {"3616", "Antwerp", Germans, 5}, {"3609", "Ostend", Germans, 5},
	{"2123", "Luxembourg", Germans, 5},
	{"1723", "Metz", Allies, 20}, {"1330", "Strasbourg", Allies, 20},
}

// VictoryHex is a hex that 15.23 names by number.
type VictoryHex struct {
	At     hex.Hex
	Name   string
	Scorer ScoringSide
	VP     int
}

// VictoryHexes lists the hexes 15.23 names, with their VP.
func VictoryHexes() []VictoryHex {
	out := make([]VictoryHex, len(victoryHexes))
	for i, v := range victoryHexes {
		out[i] = VictoryHex{hex.MustParse(v.Hex), v.Name, v.Scorer, v.VP}
	}
	return out
}

// CityVP is what hex h is worth at the end (15.23) to player p if p's
// units hold it or last entered it: for the Germans 10 for each Paris hex
// and Lille, 5 for each named hex (Luxembourg among them), 2 for every
// other Allied (French or Belgian) city; for the Allies 20 for Metz and
// Strasbourg and 10 for every other German city. Luxembourg's hex scores
// for the Germans only (15.23 names it among their objectives); neutral
// cities score nothing. Doubling options (18.x) are the engine's business.
func (m *Map) CityVP(h hex.Hex, p ScoringSide) int {
	at := h.String()
	for _, v := range victoryHexes {
		if v.Hex == at {
			if v.Scorer == p {
				return v.VP
			}
			return 0
		}
	}
	x, ok := m.Hex(h)
	if !ok || !x.City {
		return 0
	}
	switch {
	case p == Germans && x.Country.AlliedTerritory():
		return 2
	case p == Allies && x.Country == Germany:
		return 10
	}
	return 0
}

// TerrainCost is the movement cost to enter the hex by its terrain
// (terrain effects chart): clear 1, rough 2, mountain 3, forest 2, marsh
// 2; a city or fortress hex costs 1 whatever else it holds (the chart's
// own rows for 都市 and 要塞); sea cannot be entered (ok false). Rivers
// (+1 per river hexside crossed) and rail (1 along a line) depend on the
// hexside and are added by the caller; neutral countries (14.2) too.
func (x *Hex) TerrainCost() (cost int, ok bool) {
	if x.Terrain == Sea {
		return 0, false
	}
	if x.City || x.Fortress > 0 {
		return 1, true
	}
	switch x.Terrain {
	case Rough, Forest, Marsh:
		return 2, true
	case Mountain:
		return 3, true
	}
	return 1, true
}

// Fold is a name as the search compares it: lower case, accents and
// punctuation dropped ("Liège" and "liege" match, "Saarbrücken" and
// "saarbrucken", "'s-Hertogenbosch" and "s hertogenbosch").
func Fold(s string) string {
	// "St", "St." and "Ste" are written for Saint and Sainte:
	// "St Quentin" = "St.-Quentin" = "Saint-Quentin".
	words := strings.FieldsFunc(strings.ToLower(s), func(r rune) bool { return r == ' ' || r == '-' || r == '.' })
	for i, w := range words {
		switch w {
		case "st":
			words[i] = "saint"
		case "ste":
			words[i] = "sainte"
		}
	}
	var b strings.Builder
	for _, r := range strings.Join(words, " ") {
		if f, ok := foldTable[r]; ok {
			b.WriteString(f)
			continue
		}
		switch {
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9':
			b.WriteRune(r)
		case r == ' ' || r == '-' || r == '\'' || r == '.' || r == '/':
			// dropped: "Saint-Quentin" = "saint quentin" = "saintquentin"
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

var foldTable = map[rune]string{
	'à': "a", 'á': "a", 'â': "a", 'ä': "a", 'ã': "a", 'å': "a",
	'ç': "c", 'è': "e", 'é': "e", 'ê': "e", 'ë': "e",
	'ì': "i", 'í': "i", 'î': "i", 'ï': "i", 'ñ': "n",
	'ò': "o", 'ó': "o", 'ô': "o", 'ö': "o", 'õ': "o", 'ø': "o",
	'ù': "u", 'ú': "u", 'û': "u", 'ü': "u", 'ý': "y", 'ÿ': "y",
	'ß': "ss", 'œ': "oe", 'æ': "ae",
}

// names lists every name a hex answers to: its place name, each part of
// its local name ("Bruxelles / Brussel"), and its other towns.
func (x *Hex) names() []string {
	var out []string
	if x.Name != "" {
		out = append(out, x.Name)
	}
	for _, p := range strings.Split(x.Local, "/") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	out = append(out, x.Towns...)
	return append(out, namesJA[x.Name]...)
}

// Find returns the hexes whose place names match name, accent- and
// case-insensitively: exact matches if there are any, else names that
// begin with it, else names that contain it. The result is in map order.
func (m *Map) Find(name string) []*Hex {
	q := Fold(name)
	if q == "" {
		return nil
	}
	for _, match := range []func(string) bool{
		func(n string) bool { return n == q },
		func(n string) bool { return strings.HasPrefix(n, q) },
		func(n string) bool { return strings.Contains(n, q) },
	} {
		var out []*Hex
		for _, x := range m.Hexes() {
			for _, n := range x.names() {
				if match(Fold(n)) {
					out = append(out, x)
					break
				}
			}
		}
		if len(out) > 0 {
			return out
		}
	}
	return nil
}
