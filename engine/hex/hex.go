// Package hex is the map grid of Reinforce the Right!: hexes numbered XXYY
// (column, row, both 1-based) in the even-q layout that the rules' own hex
// numbers prove (see docs/map.md and shared design map-grid.md): even
// columns sit half a hex further along the row axis than odd columns.
//
// Distances and lines are computed in cube coordinates, never on raw XXYY.
package hex

import (
	"fmt"
	"strconv"
	"strings"
)

// Hex is one hex of the grid: Col is XX, Row is YY.
type Hex struct {
	Col, Row int
}

// None is the zero Hex; no real hex has column or row 0.
var None = Hex{}

// Bounds of the numbering: two digits each, so 01..99.
const (
	MaxCol = 99
	MaxRow = 99
)

// New returns the hex at column col and row row.
func New(col, row int) Hex { return Hex{Col: col, Row: row} }

// String prints the hex as the rules do: four digits, XXYY ("0525").
func (h Hex) String() string {
	if h.Col >= 0 && h.Col <= 99 && h.Row >= 0 && h.Row <= 99 {
		// What the format below gives, without fmt (asked for every
		// hex of every event and refusal text).
		return string([]byte{'0' + byte(h.Col/10), '0' + byte(h.Col%10), '0' + byte(h.Row/10), '0' + byte(h.Row%10)})
	}
	return fmt.Sprintf("%02d%02d", h.Col, h.Row)
}

// Valid reports whether both parts are in 1..99.
func (h Hex) Valid() bool { return h.Col >= 1 && h.Col <= MaxCol && h.Row >= 1 && h.Row <= MaxRow }

// ParseError says what is wrong with a hex number and what a right one is.
type ParseError struct {
	Input  string
	Reason string
}

func (e *ParseError) Error() string {
	return fmt.Sprintf("%q is not a hex number: %s; write four digits XXYY, column then row, e.g. 1804", e.Input, e.Reason)
}

// Parse reads "XXYY" (four digits; surrounding spaces and a leading '#' are
// allowed). It checks the format only; whether the hex is on the map is the
// board's business.
func Parse(s string) (Hex, error) {
	t := strings.TrimPrefix(strings.TrimSpace(s), "#")
	if t == "" {
		return None, &ParseError{s, "it is empty"}
	}
	if len(t) != 4 {
		return None, &ParseError{s, fmt.Sprintf("it has %d characters, not 4", len([]rune(t)))}
	}
	for _, r := range t {
		if r < '0' || r > '9' {
			return None, &ParseError{s, "it contains something other than digits"}
		}
	}
	col, _ := strconv.Atoi(t[:2])
	row, _ := strconv.Atoi(t[2:])
	h := Hex{col, row}
	if col == 0 {
		return None, &ParseError{s, "column 00 does not exist (columns start at 01)"}
	}
	if row == 0 {
		return None, &ParseError{s, "row 00 does not exist (rows start at 01)"}
	}
	return h, nil
}

// MustParse is Parse for literals in tests and data known to be good.
func MustParse(s string) Hex {
	h, err := Parse(s)
	if err != nil {
		panic(err)
	}
	return h
}

// Direction numbers the six neighbours in the order of Neighbors.
type Direction int

// Neighbor returns the neighbour in direction d (0..5), following the
// even-q table of map-grid.md:
//
//	odd c:  (c,r-1) (c,r+1) (c-1,r-1) (c-1,r) (c+1,r-1) (c+1,r)
//	even c: (c,r-1) (c,r+1) (c-1,r)   (c-1,r+1) (c+1,r) (c+1,r+1)
func (h Hex) Neighbor(d Direction) Hex {
	c, r := h.Col, h.Row
	odd := c%2 != 0
	switch d {
	case 0:
		return Hex{c, r - 1}
	case 1:
		return Hex{c, r + 1}
	case 2:
		if odd {
			return Hex{c - 1, r - 1}
		}
		return Hex{c - 1, r}
	case 3:
		if odd {
			return Hex{c - 1, r}
		}
		return Hex{c - 1, r + 1}
	case 4:
		if odd {
			return Hex{c + 1, r - 1}
		}
		return Hex{c + 1, r}
	case 5:
		if odd {
			return Hex{c + 1, r}
		}
		return Hex{c + 1, r + 1}
	}
	return None
}

// Neighbors returns the six adjacent hexes (some may be off any map).
func (h Hex) Neighbors() [6]Hex {
	var n [6]Hex
	for d := Direction(0); d < 6; d++ {
		n[d] = h.Neighbor(d)
	}
	return n
}

// Adjacent reports whether a and b share a hexside.
func Adjacent(a, b Hex) bool { return Distance(a, b) == 1 }

// Cube is a hex in cube coordinates (X+Y+Z == 0).
type Cube struct{ X, Y, Z int }

// Cube converts from even-q offset coordinates. Columns are the q axis; the
// row axis runs along a column.
func (h Hex) Cube() Cube {
	q := h.Col
	r := h.Row - (h.Col+(h.Col&1))/2
	return Cube{X: q, Z: r, Y: -q - r}
}

// Offset converts back from cube to even-q offset coordinates.
func (c Cube) Offset() Hex {
	col := c.X
	row := c.Z + (c.X+(c.X&1))/2
	return Hex{col, row}
}

// Distance is the number of hexes from a to b (0 for the same hex).
func Distance(a, b Hex) int {
	ca, cb := a.Cube(), b.Cube()
	return max(abs(ca.X-cb.X), abs(ca.Y-cb.Y), abs(ca.Z-cb.Z))
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// Hexside is the edge between two adjacent hexes. Its identity is
// the same whichever of the two hexes it is seen from: the two hexes are
// stored in a fixed order.
type Hexside struct{ A, B Hex }

// HexsideBetween returns the hexside shared by a and b, and false if they are
// not adjacent.
func HexsideBetween(a, b Hex) (Hexside, bool) {
	if !Adjacent(a, b) {
		return Hexside{}, false
	}
	if less(b, a) {
		a, b = b, a
	}
	return Hexside{a, b}, true
}

// HexsideOf is the hexside of h in direction d.
func (h Hex) HexsideOf(d Direction) Hexside {
	s, _ := HexsideBetween(h, h.Neighbor(d))
	return s
}

// String prints a hexside as "XXYY/XXYY", the lower hex first.
func (s Hexside) String() string { return s.A.String() + "/" + s.B.String() }

// ParseHexside reads "XXYY/XXYY" (or "XXYY-XXYY") of two adjacent hexes.
func ParseHexside(s string) (Hexside, error) {
	parts := strings.FieldsFunc(s, func(r rune) bool { return r == '/' || r == '-' || r == ' ' })
	if len(parts) != 2 {
		return Hexside{}, fmt.Errorf("%q is not a hexside: write the two hexes on either side as XXYY/XXYY, e.g. 1804/1805", s)
	}
	a, err := Parse(parts[0])
	if err != nil {
		return Hexside{}, err
	}
	b, err := Parse(parts[1])
	if err != nil {
		return Hexside{}, err
	}
	side, ok := HexsideBetween(a, b)
	if !ok {
		return Hexside{}, fmt.Errorf("%s and %s are not adjacent, so they share no hexside", a, b)
	}
	return side, nil
}

func less(a, b Hex) bool {
	if a.Col != b.Col {
		return a.Col < b.Col
	}
	return a.Row < b.Row
}

// Less orders hexes by column, then row: the order of the map data files.
func Less(a, b Hex) bool { return less(a, b) }

// Line returns the hexes on the straight line from a to b, both included,
// Distance(a,b)+1 of them, each adjacent to the next. Ties on a hexside are
// broken consistently by a small nudge, as is usual for hex lines.
func Line(a, b Hex) []Hex {
	n := Distance(a, b)
	ca, cb := a.Cube(), b.Cube()
	out := make([]Hex, 0, n+1)
	const eps = 1e-6
	for i := 0; i <= n; i++ {
		t := 0.0
		if n > 0 {
			t = float64(i) / float64(n)
		}
		x := lerp(float64(ca.X)+eps, float64(cb.X)+eps, t)
		y := lerp(float64(ca.Y)+eps, float64(cb.Y)+eps, t)
		z := lerp(float64(ca.Z)-2*eps, float64(cb.Z)-2*eps, t)
		out = append(out, roundCube(x, y, z).Offset())
	}
	return out
}

func lerp(a, b, t float64) float64 { return a + (b-a)*t }

func roundCube(x, y, z float64) Cube {
	rx, ry, rz := round(x), round(y), round(z)
	dx, dy, dz := fabs(rx-x), fabs(ry-y), fabs(rz-z)
	switch {
	case dx > dy && dx > dz:
		rx = -ry - rz
	case dy > dz:
		ry = -rx - rz
	default:
		rz = -rx - ry
	}
	return Cube{int(rx), int(ry), int(rz)}
}

func round(f float64) float64 {
	if f < 0 {
		return -float64(int(-f + 0.5))
	}
	return float64(int(f + 0.5))
}

func fabs(f float64) float64 {
	if f < 0 {
		return -f
	}
	return f
}

// Ring returns the hexes at exactly distance r from h (r >= 1), and Within
// all hexes at distance 0..r. Neither filters off-map hexes.
func Within(h Hex, r int) []Hex {
	c := h.Cube()
	var out []Hex
	for dx := -r; dx <= r; dx++ {
		for dy := max(-r, -dx-r); dy <= min(r, -dx+r); dy++ {
			dz := -dx - dy
			out = append(out, Cube{c.X + dx, c.Y + dy, c.Z + dz}.Offset())
		}
	}
	return out
}
