package board

import (
	"bytes"
	"fmt"
	"io/fs"
	"strconv"
	"strings"

	"rtrbot/engine/datafile"
	"rtrbot/engine/hex"
)

// The map data is three tab-separated text files, one record a line, so
// that a club can read a diff and correct a hex by hand:
//
//	hexes.tsv  one line per hex: terrain, country, place, city, port, ...
//	sides.tsv  one line per hexside that carries a river or a border
//	rail.tsv   one line per rail link between two adjacent hexes
//
// Lines starting with '#' are comments; the first other line is the header,
// which must name the columns exactly as below. "-" is an empty field;
// lists are comma-separated. docs/map.md describes every column.
const (
	HexesFile = "hexes.tsv"
	SidesFile = "sides.tsv"
	RailFile  = "rail.tsv"
)

var (
	hexColumns  = []string{"hex", "terrain", "country", "name", "local", "city", "port", "coastal", "fortress", "logistic", "setup", "towns"}
	sideColumns = []string{"side", "river", "border"}
	railColumns = []string{"side", "lines"}
)

// Encode writes the map as the three data files, byte-identical for the
// same map (hexes, hexsides and links in order).
func Encode(m *Map, comment string) map[string][]byte {
	out := map[string][]byte{}
	head := func(b *bytes.Buffer, what string, cols []string) {
		for _, l := range strings.Split(strings.TrimSpace(comment), "\n") {
			if l != "" {
				fmt.Fprintf(b, "# %s\n", l)
			}
		}
		fmt.Fprintf(b, "# %s\n", what)
		b.WriteString(strings.Join(cols, "\t") + "\n")
	}

	var b bytes.Buffer
	head(&b, fmt.Sprintf("%d columns x %d rows, one hex a line; see docs/map.md", m.Cols, m.Rows), hexColumns)
	for _, h := range m.Hexes() {
		fort := "-"
		if h.Fortress > 0 {
			fort = strconv.Itoa(h.Fortress)
		}
		log := make([]string, len(h.Logistic))
		for i, n := range h.Logistic {
			log[i] = string(n)
		}
		fields := []string{
			h.At.String(), h.Terrain.String(), dash(string(h.Country)), dash(h.Name), dash(h.Local),
			flag(h.City, "city"), flag(h.Port, "port"), flag(h.Coastal, "coastal"), fort,
			list(log), list(h.Setup), list(h.Towns),
		}
		b.WriteString(strings.Join(fields, "\t") + "\n")
	}
	out[HexesFile] = append([]byte(nil), b.Bytes()...)

	b.Reset()
	head(&b, "one hexside a line: the river along it and whether a 1914 border follows it", sideColumns)
	for _, s := range sortedSides(m.sides) {
		v := m.sides[s]
		if v.River == "" && !v.Border {
			continue
		}
		b.WriteString(strings.Join([]string{s.String(), dash(v.River), flag(v.Border, "border")}, "\t") + "\n")
	}
	out[SidesFile] = append([]byte(nil), b.Bytes()...)

	b.Reset()
	head(&b, "one rail link a line between two adjacent hexes, with the railways-1914 lines that use it", railColumns)
	for _, s := range m.RailLinks() {
		b.WriteString(s.String() + "\t" + list(m.railLines[s]) + "\n")
	}
	out[RailFile] = append([]byte(nil), b.Bytes()...)
	return out
}

func sortedSides(sides map[hex.Hexside]Hexside) []hex.Hexside {
	out := make([]hex.Hexside, 0, len(sides))
	for s := range sides {
		out = append(out, s)
	}
	sortHexsides(out)
	return out
}

func dash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

func flag(b bool, word string) string {
	if b {
		return word
	}
	return "-"
}

func list(xs []string) string {
	if len(xs) == 0 {
		return "-"
	}
	return strings.Join(xs, ",")
}

// DataError says which file and line of the map data is wrong, and how.
type DataError struct {
	File string
	Line int
	What string
}

func (e *DataError) Error() string {
	if e.Line == 0 {
		return fmt.Sprintf("map data %s: %s", e.File, e.What)
	}
	return fmt.Sprintf("map data %s line %d: %s", e.File, e.Line, e.What)
}

// Load reads the three data files from fsys and checks them: every hex of
// the rectangle present once, known terrain, countries and nations, sides
// between adjacent hexes of the map. The first error found is returned
// with its file and line.
func Load(fsys fs.FS) (*Map, error) {
	read := func(name string) ([]byte, error) {
		b, err := fs.ReadFile(fsys, name)
		if err != nil {
			return nil, &DataError{File: name, What: "cannot be read: " + err.Error()}
		}
		return b, nil
	}
	hb, err := read(HexesFile)
	if err != nil {
		return nil, err
	}
	sb, err := read(SidesFile)
	if err != nil {
		return nil, err
	}
	rb, err := read(RailFile)
	if err != nil {
		return nil, err
	}
	return Parse(hb, sb, rb)
}

// record is one data line, split into fields.
type record struct {
	line   int
	fields []string
}

// records splits a data file into its lines after checking the header.
func records(file string, data []byte, cols []string) ([]record, error) {
	var out []record
	last, header := 0, false
	err := datafile.EachLine(bytes.NewReader(data), func(n int, line string) error {
		last = n
		f := strings.Split(line, "\t")
		for i := range f {
			f[i] = strings.TrimSpace(f[i])
		}
		if !header {
			if strings.Join(f, "\t") != strings.Join(cols, "\t") {
				return &DataError{file, n, fmt.Sprintf("the header must be the columns %q separated by tabs, not %q", strings.Join(cols, " "), strings.Join(f, " "))}
			}
			header = true
			return nil
		}
		if len(f) != len(cols) {
			return &DataError{file, n, fmt.Sprintf("%d fields, want %d tab-separated fields (%s)", len(f), len(cols), strings.Join(cols, " "))}
		}
		out = append(out, record{n, f})
		return nil
	})
	if err != nil {
		if _, ours := err.(*DataError); !ours { // a read error
			err = &DataError{file, last, err.Error()}
		}
		return nil, err
	}
	if !header {
		return nil, &DataError{File: file, What: "no header line (" + strings.Join(cols, " ") + ")"}
	}
	return out, nil
}

func undash(s string) string {
	if s == "-" {
		return ""
	}
	return s
}

func unlist(s string) []string {
	if s == "-" || s == "" {
		return nil
	}
	parts := strings.Split(s, ",")
	for i := range parts {
		parts[i] = strings.TrimSpace(parts[i])
	}
	return parts
}

func parseFlag(s, word string) (bool, error) {
	switch s {
	case word:
		return true, nil
	case "-":
		return false, nil
	}
	return false, fmt.Errorf("%q must be %q or \"-\"", s, word)
}

// Parse reads the map from the contents of hexes.tsv, sides.tsv, rail.tsv.
func Parse(hexesTSV, sidesTSV, railTSV []byte) (*Map, error) {
	g, err := parseHexes(hexesTSV)
	if err != nil {
		return nil, err
	}
	sides, err := g.parseSides(sidesTSV)
	if err != nil {
		return nil, err
	}
	rail, lines, err := g.parseRail(railTSV)
	if err != nil {
		return nil, err
	}
	m := NewMap(g.cols, g.rows, g.hexes, sides, rail)
	m.railLines = lines
	return m, nil
}

// grid is the map's hexes as hexes.tsv gives them: every hex of its
// columns and rows, each with the line that gives it.
type grid struct {
	hexes      []*Hex
	seen       map[hex.Hex]int
	cols, rows int
}

// parseHexes reads hexes.tsv, and checks that no hex of the grid is
// missing.
func parseHexes(data []byte) (*grid, error) {
	recs, err := records(HexesFile, data, hexColumns)
	if err != nil {
		return nil, err
	}
	g := &grid{seen: map[hex.Hex]int{}}
	for _, r := range recs {
		h, err := parseHexRow(r, g.seen)
		if err != nil {
			return nil, err
		}
		g.seen[h.At] = r.line
		g.cols, g.rows = max(g.cols, h.At.Col), max(g.rows, h.At.Row)
		g.hexes = append(g.hexes, h)
	}
	if len(g.hexes) == 0 {
		return nil, &DataError{File: HexesFile, What: "no hexes"}
	}
	for c := 1; c <= g.cols; c++ {
		for r := 1; r <= g.rows; r++ {
			if _, ok := g.seen[hex.New(c, r)]; !ok {
				return nil, &DataError{File: HexesFile, What: fmt.Sprintf("hex %s is missing: the map is %d columns x %d rows and needs every hex of it", hex.New(c, r), g.cols, g.rows)}
			}
		}
	}
	return g, nil
}

// parseHexRow reads one row of hexes.tsv; seen holds the hexes read
// before it.
func parseHexRow(r record, seen map[hex.Hex]int) (*Hex, error) {
	bad := func(format string, args ...any) error {
		return &DataError{HexesFile, r.line, fmt.Sprintf(format, args...)}
	}
	f := r.fields
	at, err := hex.Parse(f[0])
	if err != nil {
		return nil, bad("%v", err)
	}
	if prev, ok := seen[at]; ok {
		return nil, bad("hex %s appears twice (first on line %d)", at, prev)
	}
	h := &Hex{At: at, Name: undash(f[3]), Local: undash(f[4]), Setup: unlist(f[10]), Towns: unlist(f[11])}
	if h.Terrain, err = ParseTerrain(f[1]); err != nil {
		return nil, bad("hex %s: %v", at, err)
	}
	switch c := Country(undash(f[2])); c {
	case France, Germany, Luxembourg, Belgium, Netherlands, Switzerland:
		h.Country = c
	case NoCountry:
		if h.Terrain != Sea {
			return nil, bad("hex %s is %s but has no country: write FR, DE, LU, BE, NL or CH", at, h.Terrain)
		}
	default:
		return nil, bad("hex %s: unknown country %q (one of FR DE LU BE NL CH, or - for sea)", at, f[2])
	}
	if h.Terrain == Sea && h.Country != NoCountry {
		return nil, bad("hex %s is sea but has country %s: write - for sea hexes", at, h.Country)
	}
	if h.City, err = parseFlag(f[5], "city"); err != nil {
		return nil, bad("hex %s city: %v", at, err)
	}
	if h.Port, err = parseFlag(f[6], "port"); err != nil {
		return nil, bad("hex %s port: %v", at, err)
	}
	if h.Coastal, err = parseFlag(f[7], "coastal"); err != nil {
		return nil, bad("hex %s coastal: %v", at, err)
	}
	switch f[8] {
	case "-", "0":
	case "3", "6", "12":
		h.Fortress, _ = strconv.Atoi(f[8])
	default:
		return nil, bad("hex %s: fortress strength %q must be 3, 6, 12 or - (12.0)", at, f[8])
	}
	for _, n := range unlist(f[9]) {
		switch nat := Nation(n); nat {
		case French, German, British, Belgian:
			h.Logistic = append(h.Logistic, nat)
		default:
			return nil, bad("hex %s: unknown logistics nation %q (FR, DE, GB or BE)", at, n)
		}
	}
	return h, nil
}

// onMap reads a hexside of sides.tsv or rail.tsv, both of whose hexes
// must be on the map.
func (g *grid) onMap(file string, line int, s string) (hex.Hexside, error) {
	side, err := hex.ParseHexside(s)
	if err != nil {
		return hex.Hexside{}, &DataError{file, line, err.Error()}
	}
	for _, h := range []hex.Hex{side.A, side.B} {
		if _, ok := g.seen[h]; !ok {
			return hex.Hexside{}, &DataError{file, line, fmt.Sprintf("hexside %s: hex %s is not on the map (columns 01-%02d, rows 01-%02d)", s, h, g.cols, g.rows)}
		}
	}
	return side, nil
}

// parseSides reads sides.tsv: rivers and borders, each hexside once.
func (g *grid) parseSides(data []byte) (map[hex.Hexside]Hexside, error) {
	srecs, err := records(SidesFile, data, sideColumns)
	if err != nil {
		return nil, err
	}
	sides := map[hex.Hexside]Hexside{}
	sideLine := map[hex.Hexside]int{}
	for _, r := range srecs {
		s, err := g.onMap(SidesFile, r.line, r.fields[0])
		if err != nil {
			return nil, err
		}
		if prev, ok := sideLine[s]; ok {
			return nil, &DataError{SidesFile, r.line, fmt.Sprintf("hexside %s appears twice (first on line %d)", s, prev)}
		}
		sideLine[s] = r.line
		border, err := parseFlag(r.fields[2], "border")
		if err != nil {
			return nil, &DataError{SidesFile, r.line, fmt.Sprintf("hexside %s border: %v", s, err)}
		}
		sides[s] = Hexside{River: undash(r.fields[1]), Border: border}
	}
	return sides, nil
}

// parseRail reads rail.tsv: the railway links and the lines each belongs
// to, each link once.
func (g *grid) parseRail(data []byte) (map[hex.Hexside]bool, map[hex.Hexside][]string, error) {
	rrecs, err := records(RailFile, data, railColumns)
	if err != nil {
		return nil, nil, err
	}
	rail := map[hex.Hexside]bool{}
	lines := map[hex.Hexside][]string{}
	railLine := map[hex.Hexside]int{}
	for _, r := range rrecs {
		s, err := g.onMap(RailFile, r.line, r.fields[0])
		if err != nil {
			return nil, nil, err
		}
		if prev, ok := railLine[s]; ok {
			return nil, nil, &DataError{RailFile, r.line, fmt.Sprintf("rail link %s appears twice (first on line %d)", s, prev)}
		}
		railLine[s] = r.line
		rail[s] = true
		lines[s] = unlist(r.fields[1])
	}
	return rail, lines, nil
}

// SetRailLines records which railways use each link (the generator's
// bookkeeping, written to rail.tsv so that a club sees what a link is).
func (m *Map) SetRailLines(lines map[hex.Hexside][]string) { m.railLines = lines }

// RailLines returns the railway line ids that use the link a-b.
func (m *Map) RailLines(a, b hex.Hex) []string {
	s, ok := hex.HexsideBetween(a, b)
	if !ok {
		return nil
	}
	return m.railLines[s]
}
