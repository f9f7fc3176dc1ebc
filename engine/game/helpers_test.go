package game

import (
	"os"
	"strings"
	"testing"

	"rtrbot/engine/board"
	"rtrbot/engine/hex"
	"rtrbot/i18n"
)

// testMap is a small map for rule tests: cols x rows hexes of clear
// terrain, France in rows 1-5 and Germany in rows 6 and beyond (rows grow
// eastwards, as on the real map), changed hex by hex.
type testMap struct {
	cols, rows int
	hexes      map[hex.Hex]*board.Hex
	sides      map[hex.Hexside]board.Hexside
	rail       map[hex.Hexside]bool
}

func newTestMap(cols, rows int) *testMap {
	t := &testMap{cols: cols, rows: rows, hexes: map[hex.Hex]*board.Hex{}, sides: map[hex.Hexside]board.Hexside{}, rail: map[hex.Hexside]bool{}}
	for c := 1; c <= cols; c++ {
		for r := 1; r <= rows; r++ {
			country := board.France
			if r >= 6 {
				country = board.Germany
			}
			h := hex.New(c, r)
			t.hexes[h] = &board.Hex{At: h, Terrain: board.Clear, Country: country}
		}
	}
	return t
}

func (t *testMap) hex(s string) *board.Hex { return t.hexes[hex.MustParse(s)] }

func (t *testMap) terrain(tr board.Terrain, hs ...string) *testMap {
	for _, h := range hs {
		t.hex(h).Terrain = tr
	}
	return t
}

func (t *testMap) country(c board.Country, hs ...string) *testMap {
	for _, h := range hs {
		t.hex(h).Country = c
	}
	return t
}

func (t *testMap) logistic(n board.Nation, hs ...string) *testMap {
	for _, h := range hs {
		t.hex(h).Logistic = append(t.hex(h).Logistic, n)
	}
	return t
}

func (t *testMap) fortress(strength int, hs ...string) *testMap {
	for _, h := range hs {
		t.hex(h).Fortress = strength
	}
	return t
}

func (t *testMap) river(a, b string) *testMap {
	s, ok := hex.HexsideBetween(hex.MustParse(a), hex.MustParse(b))
	if !ok {
		panic("not adjacent: " + a + " " + b)
	}
	t.sides[s] = board.Hexside{River: "Test"}
	return t
}

// railway links each hex to the next.
func (t *testMap) railway(hs ...string) *testMap {
	for i := 1; i < len(hs); i++ {
		s, ok := hex.HexsideBetween(hex.MustParse(hs[i-1]), hex.MustParse(hs[i]))
		if !ok {
			panic("rail not adjacent: " + hs[i-1] + " " + hs[i])
		}
		t.rail[s] = true
	}
	return t
}

func (t *testMap) setup(area string, hs ...string) *testMap {
	for _, h := range hs {
		t.hex(h).Setup = append(t.hex(h).Setup, area)
	}
	return t
}

func (t *testMap) build() *board.Map {
	var hs []*board.Hex
	for _, h := range t.hexes {
		hs = append(hs, h)
	}
	return board.NewMap(t.cols, t.rows, hs, t.sides, t.rail)
}

// position parses a position over a map; the header defaults to the
// standard scenario, Aug II, the German first movement segment.
func position(t testing.TB, m *board.Map, body string) *State {
	t.Helper()
	text := body
	if !strings.Contains(body, "scenario ") {
		text = "scenario standard\n" + body
	}
	if !strings.Contains(body, "step ") {
		text += "\nstep movement-1\n"
	}
	s, err := ParsePosition(m, text)
	if err != nil {
		t.Fatalf("position: %v", err)
	}
	return s
}

// mustNew is the opening state of a game of r with seed and options,
// failing the test if New refuses them.
func mustNew(t testing.TB, r *Rules, seed uint64, opts []string) *State {
	t.Helper()
	s, err := New(r, seed, opts)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// try applies an order given as text and returns the error, if any.
func try(t testing.TB, s *State, text string) (*State, []Event, error) {
	t.Helper()
	o, err := ParseOrder(text)
	if err != nil {
		t.Fatalf("%s: %v", text, err)
	}
	return Apply(s, o)
}

// wantRefused checks that an order is refused with a reason containing
// want (English), and that the reason exists in Japanese too.
func wantRefused(t testing.TB, s *State, order, want string) {
	t.Helper()
	_, _, err := try(t, s, order)
	if err == nil {
		t.Errorf("%s: accepted, want refusal %q", order, want)
		return
	}
	e, ok := err.(*i18n.Error)
	if !ok {
		t.Errorf("%s: refusal is not an i18n.Error: %v", order, err)
		return
	}
	if !strings.Contains(e.EN, want) {
		t.Errorf("%s: refused with %q, want it to say %q", order, e.EN, want)
	}
	if strings.Contains(e.EN+e.JA, "%!") {
		t.Errorf("%s: badly formatted reason: %q / %q", order, e.EN, e.JA)
	}
	if e.JA == "" || e.JA == e.EN {
		t.Errorf("%s: no Japanese reason: %q", order, e.JA)
	}
}

func wantOK(t testing.TB, s *State, order string) *State {
	t.Helper()
	n, _, err := try(t, s, order)
	if err != nil {
		t.Fatalf("%s: refused: %v", order, err)
	}
	return n
}

func at(t testing.TB, s *State, id string) string {
	t.Helper()
	c, ok := s.Lookup(id)
	if !ok {
		t.Fatalf("no unit %s", id)
	}
	u := s.Units[c.Index]
	if u.Box != OnMap {
		return u.Box.String()
	}
	return u.At.String()
}

func destCost(t testing.TB, s *State, id, to string) int {
	t.Helper()
	c, _ := s.Lookup(id)
	ds, err := s.Destinations(c)
	if err != nil {
		t.Fatalf("%s: %v", id, err)
	}
	for _, d := range ds {
		if d.To.String() == to {
			return d.Cost
		}
	}
	return -1
}

func hexMust(s string) hex.Hex { return hex.MustParse(s) }

// payRussia sends units to the Russian Front while the Russian Front table
// demands them this turn (14.3, 11.7), so that drivers that play through
// turns can end the German first movement segment.
func payRussia(t testing.TB, s *State) *State {
	t.Helper()
	if s.Step != Move1 || s.Player != 0 || (s.WithdrawAttack <= 0 && s.WithdrawHQ <= 0) {
		return s
	}
	for i := range s.Units {
		if s.WithdrawAttack <= 0 && s.WithdrawHQ <= 0 {
			break
		}
		c := s.Counter(i)
		if s.Units[i].Box != OnMap || c.Side() != 0 {
			continue
		}
		if n, _, err := Apply(s, Order{Side: 0, Verb: VerbWithdraw, Units: []string{c.ID}}); err == nil {
			s = n
		}
	}
	return s
}

func hasEventKind(evs []Event, k EventKind) bool {
	for _, e := range evs {
		if e.Kind == k {
			return true
		}
	}
	return false
}

// readText is the file at path (from this package's folder: a source
// file, a rule case, a page of docs/), failing the test where it cannot
// be read.
func readText(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
