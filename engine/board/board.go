// Package board is the map of Reinforce the Right!: what lies in each hex
// and along each hexside. The rules name hexes but do not contain the map; it
// is rebuilt from 1914 geography by cmd/mapgen into the text files under
// data/, which this package embeds (see docs/map.md). A club that owns the
// printed map edits those files (or data/overrides.tsv) to match it.
package board

import (
	"fmt"
	"sort"
	"sync"

	"rtrbot/engine/hex"
)

// Terrain is the terrain of a hex (terrain effects chart).
type Terrain uint8

const (
	Clear Terrain = iota
	Rough
	Mountain
	Forest
	Marsh
	Sea
)

var terrainNames = [...]string{"clear", "rough", "mountain", "forest", "marsh", "sea"}

func (t Terrain) String() string {
	if int(t) < len(terrainNames) {
		return terrainNames[t]
	}
	return fmt.Sprintf("terrain(%d)", t)
}

// ParseTerrain reads a terrain name as written in the data files.
func ParseTerrain(s string) (Terrain, error) {
	for i, n := range terrainNames {
		if n == s {
			return Terrain(i), nil
		}
	}
	return Clear, fmt.Errorf("unknown terrain %q (one of clear, rough, mountain, forest, marsh, sea)", s)
}

// Country is the 1914 country a hex lies in.
type Country string

const (
	France      Country = "FR"
	Germany     Country = "DE"
	Luxembourg  Country = "LU"
	Belgium     Country = "BE"
	Netherlands Country = "NL"
	Switzerland Country = "CH"
	NoCountry   Country = "" // all-sea hexes
)

// Nation owns logistics hexes (兵站): whose HQs trace command to them (4.4)
// and whose reinforcements arrive there (11.1).
type Nation string

const (
	French  Nation = "FR"
	German  Nation = "DE"
	British Nation = "GB"
	Belgian Nation = "BE"
)

// Hex is everything the map says about one hex.
type Hex struct {
	At       hex.Hex
	Terrain  Terrain
	Country  Country
	Name     string   // place name shown on the map ("" if none)
	Local    string   // the place's 1914 local name, if different
	City     bool     // a city (都市) for victory (15.23)
	Port     bool     // a port (港湾) (16.3)
	Coastal  bool     // touches sea (沿岸)
	Fortress int      // fortress strength 3, 6 or 12; 0 = none (12.0)
	Logistic []Nation // whose logistics hex this is (兵站)
	Setup    []string // setup areas (配置地域), e.g. "DE-1A", "FR-5A", "BEF", "B"
	Towns    []string // other towns in the hex, for name search and small labels
}

// Hexside is what lies along one hexside.
type Hexside struct {
	River  string // river name, "" if none
	Border bool   // a 1914 border between two countries
}

// Map is the whole map: hexes, hexsides and rail links.
type Map struct {
	Cols, Rows int
	hexes      map[hex.Hex]*Hex
	sides      map[hex.Hexside]Hexside
	rail       map[hex.Hexside]bool
	railLines  map[hex.Hexside][]string // line ids of railways-1914.tsv per link (documentation only)

	// memo keeps what other packages derive from the map once (Memo).
	memoMu sync.Mutex
	memo   map[any]any
}

// Memo is what build derives from the map, built on the first call for
// key and kept with the map: a map does not change once loaded, so what
// is derived from it (the engine's dense grid of hexes) is built once per
// map, not once per game. build runs without the memo's lock (it may ask
// Memo for other keys); if two callers build the same key at once, the
// first value kept is everyone's.
func (m *Map) Memo(key any, build func() any) any {
	m.memoMu.Lock()
	v, ok := m.memo[key]
	m.memoMu.Unlock()
	if ok {
		return v
	}
	v = build()
	m.memoMu.Lock()
	defer m.memoMu.Unlock()
	if old, ok := m.memo[key]; ok {
		return old
	}
	if m.memo == nil {
		m.memo = map[any]any{}
	}
	m.memo[key] = v
	return v
}

// NewMap builds a map from its parts; the loader and tests use it.
func NewMap(cols, rows int, hexes []*Hex, sides map[hex.Hexside]Hexside, rail map[hex.Hexside]bool) *Map {
	m := &Map{Cols: cols, Rows: rows, hexes: make(map[hex.Hex]*Hex, len(hexes)), sides: sides, rail: rail}
	if m.sides == nil {
		m.sides = map[hex.Hexside]Hexside{}
	}
	if m.rail == nil {
		m.rail = map[hex.Hexside]bool{}
	}
	for _, h := range hexes {
		m.hexes[h.At] = h
	}
	return m
}

// Hex returns what the map says of h, and false if h is off the map.
func (m *Map) Hex(h hex.Hex) (*Hex, bool) {
	x, ok := m.hexes[h]
	return x, ok
}

// OnMap reports whether h is a hex of the map.
func (m *Map) OnMap(h hex.Hex) bool { _, ok := m.hexes[h]; return ok }

// Hexside returns what lies along the hexside between two adjacent hexes (zero if none).
func (m *Map) Hexside(a, b hex.Hex) Hexside {
	s, ok := hex.HexsideBetween(a, b)
	if !ok {
		return Hexside{}
	}
	return m.sides[s]
}

// Rail reports whether a railway links adjacent hexes a and b.
func (m *Map) Rail(a, b hex.Hex) bool {
	s, ok := hex.HexsideBetween(a, b)
	return ok && m.rail[s]
}

// HasRail reports whether any railway runs through h.
func (m *Map) HasRail(h hex.Hex) bool {
	for _, n := range h.Neighbors() {
		if m.Rail(h, n) {
			return true
		}
	}
	return false
}

// Hexes returns every hex of the map in column, row order.
func (m *Map) Hexes() []*Hex {
	out := make([]*Hex, 0, len(m.hexes))
	for _, h := range m.hexes {
		out = append(out, h)
	}
	sort.Slice(out, func(i, j int) bool { return hex.Less(out[i].At, out[j].At) })
	return out
}

// Hexsides returns every hexside that carries something.
func (m *Map) Hexsides() map[hex.Hexside]Hexside { return m.sides }

// RailLinks returns every rail link between adjacent hexes.
func (m *Map) RailLinks() []hex.Hexside {
	out := make([]hex.Hexside, 0, len(m.rail))
	for s, ok := range m.rail {
		if ok {
			out = append(out, s)
		}
	}
	sortHexsides(out)
	return out
}

// sortHexsides sorts hexsides by their first hex, then their second.
func sortHexsides(out []hex.Hexside) {
	sort.Slice(out, func(i, j int) bool {
		if out[i].A != out[j].A {
			return hex.Less(out[i].A, out[j].A)
		}
		return hex.Less(out[i].B, out[j].B)
	})
}
