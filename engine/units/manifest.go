package units

import (
	"bytes"
	_ "embed"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"
	"sync"

	"rtrbot/engine/datafile"
	"rtrbot/engine/turn"
)

//go:embed data/types.tsv
var typesTSV []byte

//go:embed data/counters.tsv
var countersTSV []byte

// Set is a counter manifest: every counter, in file order, by index and id.
type Set struct {
	list []*Counter
	byID map[string]*Counter
}

// All returns every counter in manifest order (Index order).
func (s *Set) All() []*Counter { return s.list }

// Len is the number of counters.
func (s *Set) Len() int { return len(s.list) }

// At returns the counter with index i.
func (s *Set) At(i int) *Counter { return s.list[i] }

// Lookup finds a counter by id, ignoring case.
func (s *Set) Lookup(id string) (*Counter, bool) {
	c, ok := s.byID[strings.ToUpper(strings.TrimSpace(id))]
	return c, ok
}

// SetupWhere is where the counter sets up (17.2-17.5): the instruction of
// a setup counter, or the place an option counter takes when its option is
// chosen ("18.1(9)/country:DE"); ok is false for counters that do not set up.
func (c *Counter) SetupWhere() (string, bool) {
	switch c.Role {
	case Setup:
		return c.Where, true
	case Option:
		_, place, ok := strings.Cut(c.Where, "/")
		return place, ok
	}
	return "", false
}

// OptionCode is the option (18.x) an option counter belongs to.
func (c *Counter) OptionCode() string {
	code, _, _ := strings.Cut(c.Where, "/")
	return code
}

// Arrives is the turn a Reinf counter may first enter (0 otherwise).
func (c *Counter) Arrives() turn.Turn {
	if c.Role != Reinf {
		return 0
	}
	t, _ := turn.Parse(c.Where)
	return t
}

var defaultSet = sync.OnceValues(func() (*Set, error) {
	return Parse(bytes.NewReader(typesTSV), bytes.NewReader(countersTSV))
})

// Default returns the embedded manifest (parsed once; immutable).
func Default() (*Set, error) { return defaultSet() }

type typeKey struct {
	t Type
	s Size
	n Nation
}

// Parse reads a types table and a counter manifest (the formats of
// data/types.tsv and data/counters.tsv), checking every field.
func Parse(types, counters io.Reader) (*Set, error) {
	vals := map[typeKey]Values{}
	err := eachRow(types, "types.tsv", 11, func(line int, f []string) error {
		return readTypeRow(f, vals)
	})
	if err != nil {
		return nil, err
	}
	s := &Set{byID: map[string]*Counter{}}
	err = eachRow(counters, "counters.tsv", 9, func(line int, f []string) error {
		return s.readCounterRow(f, vals)
	})
	if err != nil {
		return nil, err
	}
	return s, nil
}

// readTypeRow reads one row of types.tsv: a type and size, its nations,
// their values (attack, defence, move, trench, division-equivalents, VP,
// command range) and how they pay for terrain.
func readTypeRow(f []string, vals map[typeKey]Values) error {
	t, size := Type(f[0]), Size(f[1])
	if !t.Valid() {
		return fmt.Errorf("unknown type %q", f[0])
	}
	if size != Corps && size != Division && size != HQSize {
		return fmt.Errorf("size %q is not corps, div or hq", f[1])
	}
	var n [6]int
	for i, col := range []int{3, 4, 5, 6, 7, 8} {
		if f[col] == "-" {
			continue
		}
		x, err := strconv.Atoi(f[col])
		if err != nil || x < 0 {
			return fmt.Errorf("column %d: %q is not a number", col+1, f[col])
		}
		n[i] = x
	}
	rng, err := positiveOr(f[9], "-", "range", 0)
	if err != nil {
		return err
	}
	mv := Moves(f[10])
	switch mv {
	case NormalMoves, LightMoves, ArmouredMoves, SiegeMoves:
	default:
		return fmt.Errorf("moves %q is not normal, light, armoured or siege", f[10])
	}
	if n[4] < 1 {
		return fmt.Errorf("size in division-equivalents must be at least 1")
	}
	v := Values{Attack: n[0], Defence: n[1], Move: n[2], Trench: n[3], DE: n[4], VP: n[5], Range: rng, Moves: mv}
	for _, nat := range strings.Split(f[2], ",") {
		nn := Nation(strings.TrimSpace(nat))
		if !nn.Valid() {
			return fmt.Errorf("unknown nation %q", nat)
		}
		k := typeKey{t, size, nn}
		if _, dup := vals[k]; dup {
			return fmt.Errorf("%s %s %s given twice", t, size, nn)
		}
		vals[k] = v
	}
	return nil
}

// positiveOr reads an optional column that holds a positive whole number:
// def where the field is absent (the file's mark for none), an error
// naming the column (what) where it is not such a number.
func positiveOr(field, absent, what string, def int) (int, error) {
	if field == absent {
		return def, nil
	}
	x, err := strconv.Atoi(field)
	if err != nil || x < 1 {
		return 0, fmt.Errorf("%s %q is not a positive number", what, field)
	}
	return x, nil
}

// add gives a counter its values and its place in the set.
func (s *Set) add(c *Counter, vals map[typeKey]Values) error {
	v, ok := vals[typeKey{c.Type, c.Size, c.Nation}]
	if !ok {
		return fmt.Errorf("%s: no values for %s %s %s in types.tsv", c.ID, c.Nation, c.Type, c.Size)
	}
	c.Values = v
	if _, dup := s.byID[c.ID]; dup {
		return fmt.Errorf("counter id %s given twice", c.ID)
	}
	c.Index = len(s.list)
	s.list = append(s.list, c)
	s.byID[c.ID] = c
	return nil
}

// readCounterRow reads one row of counters.tsv and adds its counters: a
// row with a count gives that many numbered counters; a corps with
// breakdown parts adds its two divisions after it (10.0).
func (s *Set) readCounterRow(f []string, vals map[typeKey]Values) error {
	c, err := counterOfRow(f)
	if err != nil {
		return err
	}
	count, err := positiveOr(f[8], "", "count", 1)
	if err != nil {
		return err
	}
	parts, err := breakdownParts(c, f[7])
	if err != nil {
		return err
	}
	if count > 1 || f[8] != "" {
		for i := 1; i <= count; i++ {
			x := *c
			x.ID = fmt.Sprintf("%s%d", c.ID, i)
			x.Name = fmt.Sprintf("%s %d", c.Name, i)
			if err := s.add(&x, vals); err != nil {
				return err
			}
		}
		return nil
	}
	if err := s.add(c, vals); err != nil {
		return err
	}
	for _, p := range parts {
		c.Parts = append(c.Parts, p[0])
		d := &Counter{ID: p[0], Name: p[1], Nation: c.Nation, Type: c.Type, Size: Division, Role: Breakdown, Parent: c.ID}
		if err := s.add(d, vals); err != nil {
			return err
		}
	}
	return nil
}

// counterOfRow is the counter a row describes, its id, nation, role and
// where it sets up or arrives checked.
func counterOfRow(f []string) (*Counter, error) {
	c := &Counter{ID: strings.ToUpper(f[0]), Nation: Nation(f[1]), Type: Type(f[2]), Size: Size(f[3]), Role: Role(f[4]), Where: f[5], Name: f[6]}
	if c.ID == "" || strings.ContainsAny(c.ID, " \t,:") {
		return nil, fmt.Errorf("id %q must be one word without commas or colons", f[0])
	}
	if !c.Nation.Valid() {
		return nil, fmt.Errorf("unknown nation %q", f[1])
	}
	switch c.Role {
	case Setup, Reinf, Spare, Option, Event:
	default:
		return nil, fmt.Errorf("role %q is not setup, reinf, spare, option or event", f[4])
	}
	if c.Role == Reinf {
		if _, err := turn.Parse(c.Where); err != nil {
			return nil, err
		}
	}
	if place, ok := c.SetupWhere(); ok {
		if _, err := ParseWhere(place); err != nil {
			return nil, err
		}
	}
	return c, nil
}

// breakdownParts reads a corps' two divisions, "id=name;id=name" (10.0).
func breakdownParts(c *Counter, field string) ([][2]string, error) {
	if field == "" {
		return nil, nil
	}
	if c.Size != Corps {
		return nil, fmt.Errorf("%s is not a corps but has breakdown parts", c.ID)
	}
	var parts [][2]string
	for _, p := range strings.Split(field, ";") {
		id, name, ok := strings.Cut(p, "=")
		if !ok || id == "" || name == "" {
			return nil, fmt.Errorf("part %q must be id=name", p)
		}
		parts = append(parts, [2]string{strings.ToUpper(strings.TrimSpace(id)), strings.TrimSpace(name)})
	}
	if len(parts) != 2 {
		return nil, fmt.Errorf("a corps breaks down into exactly two divisions (10.0), %s lists %d", c.ID, len(parts))
	}
	return parts, nil
}

func eachRow(r io.Reader, file string, cols int, f func(line int, fields []string) error) error {
	return datafile.EachLine(r, func(line int, t string) error {
		fields := strings.Split(t, "\t")
		for len(fields) < cols {
			fields = append(fields, "")
		}
		if len(fields) > cols {
			return fmt.Errorf("%s line %d: %d tab-separated columns, want %d", file, line, len(fields), cols)
		}
		for i := range fields {
			fields[i] = strings.TrimSpace(fields[i])
		}
		if err := f(line, fields); err != nil {
			return fmt.Errorf("%s line %d: %w", file, line, err)
		}
		return nil
	})
}

// Where is a parsed setup instruction (17.2-17.5).
type Where struct {
	Areas     []string // setup areas, e.g. DE-1A
	Hex       string   // a fixed hex XXYY
	Countries []string // anywhere in these countries ("DE" includes Luxembourg, 14.2)
	CityOf    string   // any city of this country, one such unit per hex
	Hint      string   // the hex the automatic setup prefers
}

// ParseWhere reads "DE-1A", "hex:1723", "city:FR@0525", "country:DE@3024",
// "DE-4A+country:LU".
func ParseWhere(s string) (Where, error) {
	var w Where
	body, hint, _ := strings.Cut(s, "@")
	w.Hint = hint
	for _, part := range strings.Split(body, "+") {
		k, v, ok := strings.Cut(part, ":")
		switch {
		case !ok && part != "":
			w.Areas = append(w.Areas, part)
		case k == "hex" && len(v) == 4:
			w.Hex = v
		case k == "country" && v != "":
			w.Countries = append(w.Countries, v)
		case k == "city" && v != "":
			w.CityOf = v
		default:
			return w, fmt.Errorf("setup place %q: write an area (DE-1A), hex:XXYY, city:FR or country:FR, joined by +", s)
		}
	}
	sort.Strings(w.Areas)
	return w, nil
}
