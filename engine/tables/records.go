package tables

import (
	"fmt"
	"strconv"
	"strings"
)

// record is one block of "field: value" lines from a data file.
type record struct {
	line   int // where the record starts, for error messages
	fields map[string]string
}

func (r record) get(name string) (string, error) {
	v, ok := r.fields[name]
	if !ok || v == "" {
		return "", fmt.Errorf("record at line %d has no %q", r.line, name)
	}
	return v, nil
}

// parseRecords reads blocks of "field: value" lines separated by blank
// lines. '#' starts a comment line; a line that begins with a space
// continues the previous field on a new line.
func parseRecords(text string) ([]record, error) {
	var out []record
	var cur *record
	last := ""
	for i, raw := range strings.Split(text, "\n") {
		n := i + 1
		line := strings.TrimRight(raw, " \t\r")
		switch {
		case strings.HasPrefix(strings.TrimSpace(line), "#"):
			continue
		case strings.TrimSpace(line) == "":
			cur, last = nil, ""
			continue
		case line[0] == ' ' || line[0] == '\t':
			if cur == nil || last == "" {
				return nil, fmt.Errorf("line %d continues nothing", n)
			}
			cur.fields[last] += "\n" + strings.TrimSpace(line)
			continue
		}
		k, v, ok := strings.Cut(line, ":")
		if !ok {
			return nil, fmt.Errorf("line %d: want \"field: value\", got %q", n, line)
		}
		if cur == nil {
			out = append(out, record{line: n, fields: map[string]string{}})
			cur = &out[len(out)-1]
		}
		k = strings.TrimSpace(k)
		if _, dup := cur.fields[k]; dup {
			return nil, fmt.Errorf("line %d: field %q twice in one record", n, k)
		}
		cur.fields[k] = strings.TrimSpace(v)
		last = k
	}
	return out, nil
}

// parseRange reads "3" or "3-8".
func parseRange(s string) (lo, hi int, err error) {
	a, b, isRange := strings.Cut(s, "-")
	if lo, err = strconv.Atoi(strings.TrimSpace(a)); err != nil {
		return 0, 0, fmt.Errorf("bad range %q", s)
	}
	hi = lo
	if isRange {
		if hi, err = strconv.Atoi(strings.TrimSpace(b)); err != nil || hi < lo {
			return 0, 0, fmt.Errorf("bad range %q", s)
		}
	}
	return lo, hi, nil
}

// rolledEntry reads a table row's entry (its "id" and texts) and the die
// rolls it covers ("rolls: 3-4").
func rolledEntry(r record) (e Entry, lo, hi int, err error) {
	if e, err = entry(r, "id"); err != nil {
		return
	}
	rs, err := r.get("rolls")
	if err != nil {
		return
	}
	if lo, hi, err = parseRange(rs); err != nil {
		err = fmt.Errorf("record at line %d: bad rolls %q: %w", r.line, rs, err)
	}
	return
}
