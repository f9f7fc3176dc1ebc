// Package tables holds the game's tables as embedded data files and pure
// lookups over them: the three combat results tables with the odds rules
// (9.0, 9.7), the nine result codes, the siege table (12.6), the random
// events table (5.0) and the Russian Front table (14.3). Both the companion
// commands and the rules engine read the tables here, so a club that edits
// a data file changes both at once.
//
// The package does no I/O and keeps no state beyond the parsed embedded
// data; every lookup is a function of its arguments.
package tables

import (
	"embed"
	"fmt"
	"sync"

	"rtrbot/i18n"
)

//go:embed data/*.txt
var files embed.FS

// Entry is one row of a table that players read: an identifier, a short
// name and the full text, each in English and Japanese.
type Entry struct {
	ID   string
	Name i18n.Text
	Text i18n.Text
}

// Set is one complete set of tables.
type Set struct {
	crts     []*CRT
	columns  []Odds
	results  map[Code]Entry
	siegeMod map[int]int
	siege    []ranged[SiegeRow]
	events   []ranged[EventRow]
	russia   []ranged[RussiaRow]
	// russiaAlt is the box modifier of the MOVES #91 alternative.
	russiaAlt []ranged[int]
}

type ranged[T any] struct {
	lo, hi int
	row    T
}

func find[T any](rs []ranged[T], n int) (T, bool) {
	for _, r := range rs {
		if n >= r.lo && n <= r.hi {
			return r.row, true
		}
	}
	var zero T
	return zero, false
}

var (
	defaultOnce sync.Once
	defaultSet  *Set
	defaultErr  error
)

// Default returns the tables embedded in the program. The embedded files
// are checked by the package's tests, so an error here means a broken build.
func Default() *Set {
	defaultOnce.Do(func() {
		defaultSet, defaultErr = Load(func(name string) (string, error) {
			b, err := files.ReadFile("data/" + name)
			return string(b), err
		})
	})
	if defaultErr != nil {
		panic("tables: embedded data is broken: " + defaultErr.Error())
	}
	return defaultSet
}

// Load parses a set of tables; read returns the text of one data file
// (crt.txt, results.txt, siege.txt, events.txt, russia.txt).
func Load(read func(name string) (string, error)) (*Set, error) {
	s := &Set{}
	steps := []struct {
		file  string
		parse func(string) error
	}{
		{"results.txt", s.parseResults},
		{"crt.txt", s.parseCRT},
		{"siege.txt", s.parseSiege},
		{"events.txt", s.parseEvents},
		{"russia.txt", s.parseRussia},
	}
	for _, st := range steps {
		text, err := read(st.file)
		if err != nil {
			return nil, err
		}
		if err := st.parse(text); err != nil {
			return nil, fmt.Errorf("%s: %w", st.file, err)
		}
	}
	return s, nil
}

// entry reads the id, name.en, name.ja, text.en and text.ja of a record.
func entry(r record, idField string) (Entry, error) {
	var e Entry
	var err error
	if e.ID, err = r.get(idField); err != nil {
		return e, err
	}
	for _, f := range []struct {
		name string
		dst  *string
	}{{"name.en", &e.Name.EN}, {"name.ja", &e.Name.JA}, {"text.en", &e.Text.EN}, {"text.ja", &e.Text.JA}} {
		if *f.dst, err = r.get(f.name); err != nil {
			return e, err
		}
	}
	return e, nil
}

// checkCover makes sure the ranges of a table cover lo..hi exactly once.
func checkCover[T any](rs []ranged[T], lo, hi int, ok func(int) bool) error {
	for n := lo; n <= hi; n++ {
		if ok != nil && !ok(n) {
			continue
		}
		c := 0
		for _, r := range rs {
			if n >= r.lo && n <= r.hi {
				c++
			}
		}
		if c != 1 {
			return fmt.Errorf("roll %d is covered %d times, want once", n, c)
		}
	}
	return nil
}

// Named is the entry of a rolled table (random events, Russian Front,
// siege) whose id is id: a roll log stores results by id, and players
// read them by name.
func (s *Set) Named(id string) (Entry, bool) {
	for _, r := range s.events {
		if r.row.ID == id {
			return r.row.Entry, true
		}
	}
	for _, r := range s.russia {
		if r.row.ID == id {
			return r.row.Entry, true
		}
	}
	for _, r := range s.siege {
		if r.row.ID == id {
			return r.row.Entry, true
		}
	}
	return Entry{}, false
}
