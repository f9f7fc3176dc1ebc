// Package scenario is the two scenarios of 17.0 (standard and extended:
// same setup and victory conditions, different length), their starting VP
// (17.6) and the reinforcement table, as embedded data.
package scenario

import (
	"bufio"
	"bytes"
	_ "embed"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"sync"

	"rtrbot/engine/turn"
	"rtrbot/engine/units"
	"rtrbot/i18n"
)

// Scenario is one of the scenarios of 17.0.
type Scenario struct {
	Name        string
	Title       i18n.Text
	First, Last turn.Turn // 17.1
	// StartVP is 17.6: Germans 0, Allies 50 (the violations of Belgium
	// and Luxembourg, 15.21).
	StartVP [2]int
}

// Turns is the number of game turns.
func (s Scenario) Turns() int { return int(s.Last-s.First) + 1 }

// Standard is August II to September IV, 7 turns (17.1).
var standard = Scenario{Name: "standard", Title: i18n.T("Standard scenario (Aug II - Sep IV, 7 turns)", "標準シナリオ (8月II～9月IV、全7GT)"), First: 2, Last: 8, StartVP: [2]int{0, 50}}

// Extended is August II to November IV, 15 turns (17.1).
var extended = Scenario{Name: "extended", Title: i18n.T("Extended scenario (Aug II - Nov IV, 15 turns)", "延長シナリオ (8月II～11月IV、全15GT)"), First: 2, Last: 16, StartVP: [2]int{0, 50}}

// Names lists the scenarios.
var Names = []string{"standard", "extended"}

// Get returns a scenario by name, or an error listing the names.
func Get(name string) (Scenario, error) {
	switch strings.ToLower(strings.TrimSpace(name)) {
	case "standard", "":
		return standard, nil
	case "extended":
		return extended, nil
	}
	return Scenario{}, i18n.Errorf("There is no scenario %q: choose standard (Aug II - Sep IV, 7 turns) or extended (Aug II - Nov IV, 15 turns).",
		"シナリオ %q はありません。standard (8月II～9月IV、7GT) か extended (8月II～11月IV、15GT) を選んでください。", name)
}

// Entry is one line of the reinforcement table, counted in
// division-equivalents of its nationality group and type (11.1: a corps
// may enter for two divisions and two divisions for a corps).
type Entry struct {
	Turn   turn.Turn
	Nation units.Nation // DE stands for Germans and Bavarians (11.1)
	Type   units.Type   // or "naval" for the naval gunfire marker (16.4)
	DE     int
}

//go:embed data/reinforcements.tsv
var reinforcementsTSV []byte

var table = sync.OnceValues(func() ([]Entry, error) { return ParseTable(reinforcementsTSV) })

// Reinforcements returns the embedded reinforcement table.
func Reinforcements() ([]Entry, error) { return table() }

// Due returns the entries of one turn for one side, merged by nation and type.
func Due(table []Entry, t turn.Turn, side units.Side) []Entry {
	sum := map[[2]string]int{}
	for _, e := range table {
		if e.Turn == t && e.Nation.Side() == side {
			sum[[2]string{string(e.Nation), string(e.Type)}] += e.DE
		}
	}
	var out []Entry
	for k, n := range sum {
		out = append(out, Entry{Turn: t, Nation: units.Nation(k[0]), Type: units.Type(k[1]), DE: n})
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Nation != out[j].Nation {
			return out[i].Nation < out[j].Nation
		}
		return out[i].Type < out[j].Type
	})
	return out
}

// ParseTable reads the format of data/reinforcements.tsv.
func ParseTable(b []byte) ([]Entry, error) {
	var out []Entry
	sc := bufio.NewScanner(bytes.NewReader(b))
	line := 0
	for sc.Scan() {
		line++
		t := strings.TrimSpace(sc.Text())
		if t == "" || strings.HasPrefix(t, "#") {
			continue
		}
		f := strings.Split(t, "\t")
		if len(f) != 5 {
			return nil, fmt.Errorf("reinforcements line %d: want 5 tab-separated columns", line)
		}
		gt, err := turn.Parse(f[0])
		if err != nil {
			return nil, fmt.Errorf("reinforcements line %d: %w", line, err)
		}
		n := units.Nation(f[1])
		if !n.Valid() {
			return nil, fmt.Errorf("reinforcements line %d: unknown nation %q", line, f[1])
		}
		typ := units.Type(f[2])
		if !typ.Valid() && typ != "naval" {
			return nil, fmt.Errorf("reinforcements line %d: unknown type %q", line, f[2])
		}
		count, err := strconv.Atoi(f[4])
		if err != nil || count < 1 {
			return nil, fmt.Errorf("reinforcements line %d: count %q", line, f[4])
		}
		per := 1
		switch f[3] {
		case "corps":
			per = 2
		case "div", "hq", "marker":
		default:
			return nil, fmt.Errorf("reinforcements line %d: size %q is not corps, div, hq or marker", line, f[3])
		}
		out = append(out, Entry{Turn: gt, Nation: n, Type: typ, DE: per * count})
	}
	return out, sc.Err()
}
