package main

import (
	"bytes"
	"fmt"
	"strings"

	"rtrbot/engine/datafile"
)

// An override is one hand correction from overrides.tsv: what it changes
// (a hex, a hexside, a place of cities.tsv or a setup area), which field,
// the new value, and the one-line reason a club reads.
//
//	target       field     value                 meaning
//	XXYY         terrain   clear|rough|...       set the hex's terrain
//	XXYY         country   FR|DE|LU|BE|NL|CH     set the hex's 1914 country
//	XXYY         name      text                  set the place name shown
//	XXYY         city      yes|no                force the hex (not) a city
//	XXYY         port      yes|no                force the hex (not) a port
//	XXYY         fortress  3|6|12|-              set or remove a fortress
//	XXYY         logistic  FR,GB|-               set whose logistics hex it is
//	XXYY/XXYY    river     name|-                set or remove a river
//	XXYY/XXYY    rail      add|remove            add or remove a rail link
//	place:NAME   rules     XXYY XXYY ...         the rules name the place in these hexes: put it there, a city
//	place:NAME   hexes     XXYY XXYY ...         move a place to these hexes
//	place:NAME   fortress  3|6|12                fortress strength of a place
//	place:NAME   city      yes|no                force a place (not) a city
//	area:NAME    hexes     XXYY XXYY ...         the hexes of a setup area
//	river:NAME   line      lat,lon lat,lon ...   add a hand-drawn stretch of river
//	river:NAME   rank      1|2|3                 change a river's rank (3 = not shown)
type override struct {
	line                 int
	target, field, value string
	reason               string
}

var overrideColumns = "target\tfield\tvalue\treason"

var overrideFields = map[string][]string{
	"hex":   {"terrain", "country", "name", "city", "port", "fortress", "logistic"},
	"side":  {"river", "rail"},
	"place": {"rules", "hexes", "fortress", "city"},
	"area":  {"hexes"},
	"river": {"line", "rank"},
}

// kind says what an override's target is: hex, side, place or area.
func (o override) kind() string {
	switch {
	case strings.HasPrefix(o.target, "place:"):
		return "place"
	case strings.HasPrefix(o.target, "area:"):
		return "area"
	case strings.HasPrefix(o.target, "river:"):
		return "river"
	case strings.Contains(o.target, "/"):
		return "side"
	}
	return "hex"
}

// name is the place or area name of a place: or area: target.
func (o override) name() string {
	_, n, _ := strings.Cut(o.target, ":")
	return n
}

func (o override) errorf(format string, args ...any) error {
	return fmt.Errorf("overrides.tsv line %d (%s %s): %s", o.line, o.target, o.field, fmt.Sprintf(format, args...))
}

// parseOverrides reads overrides.tsv: '#' comments, a header, then four
// tab-separated fields a line. Every line needs a reason.
func parseOverrides(data []byte) ([]override, error) {
	var out []override
	header := false
	err := datafile.EachLine(bytes.NewReader(data), func(n int, l string) error {
		if !header {
			if l != overrideColumns {
				return fmt.Errorf("overrides.tsv line %d: the header must be %q (tab-separated)", n, strings.ReplaceAll(overrideColumns, "\t", " "))
			}
			header = true
			return nil
		}
		f := strings.Split(l, "\t")
		if len(f) != 4 {
			return fmt.Errorf("overrides.tsv line %d: %d fields, want 4 tab-separated fields: target field value reason", n, len(f))
		}
		o := override{line: n, target: strings.TrimSpace(f[0]), field: strings.TrimSpace(f[1]), value: strings.TrimSpace(f[2]), reason: strings.TrimSpace(f[3])}
		if o.reason == "" {
			return o.errorf("every override needs a one-line reason")
		}
		ok := false
		for _, fl := range overrideFields[o.kind()] {
			ok = ok || fl == o.field
		}
		if !ok {
			return o.errorf("a %s override changes one of %s, not %q", o.kind(), strings.Join(overrideFields[o.kind()], ", "), o.field)
		}
		out = append(out, o)
		return nil
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}
