package game

import (
	"fmt"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"rtrbot/engine/board"
	"rtrbot/engine/hex"
)

// Rule cases are plain text (testdata/cases/*.txt, docs/cases.md), one
// file per rule area, in the manner of the DATC files of Diplomacy
// judges: a position, orders with the refusals and dice they meet, and
// what must hold after. A referee who reads no Go can read and add them.
//
//	CASE 8.5 rail capacity, German
//	RULINGS R14                (optional: the rulings of docs/rulings.md it exercises)
//	MAP 10x10                  (optional: a small test map, else the real one)
//	  rail 0106 0206 0306
//	PRESTATE                   (a position, docs/positions.md)
//	  0106: G-III
//	ORDERS
//	  DICE 4                   (the next die rolled)
//	  german rail G-III 0306
//	  german rail G-IX 0706
//	  REFUSED rail-capacity    (the order above is refused with this code)
//	POSTSTATE                  (what must hold: hexes, vp, step, boxes...)
//	  0306: G-III:moved
//	  EVENT rail-moved
//	END

// ruleCase is one case as read from its file.
type ruleCase struct {
	file  string
	line  int // of its CASE line
	title string
	rule  string // the rule number the title starts with
	// rulings are the rulings of docs/rulings.md the case exercises
	// (its RULINGS line).
	rulings []string
	mapW    int // test map size; 0: the real map
	mapH    int
	mapOp   []caseLine // MAP lines
	pre     []string
	// newGame is a NEWGAME line's scenario and options: the case starts
	// from a new game (New, seed 1) instead of a PRESTATE; newRefused
	// the code New must refuse it with.
	newGame    []string
	newRefused string
	steps      []caseStep
	post       []caseLine
}

type caseLine struct {
	line int
	text string
}

// caseStep is an order (with the refusal it must meet, if any) or dice
// to force before the next orders.
type caseStep struct {
	line    int
	order   string
	refused string // the refusal code the order must meet; "" accepted
	dice    []int
}

// parseCases reads a case file; a mistake is reported with its line.
func parseCases(file, text string) ([]*ruleCase, error) {
	var out []*ruleCase
	var c *ruleCase
	section := ""
	for i, raw := range strings.Split(text, "\n") {
		n := i + 1
		line := strings.TrimSpace(raw)
		if j := strings.Index(line, "#"); j >= 0 && section != "PRESTATE" {
			line = strings.TrimSpace(line[:j])
		}
		if line == "" {
			continue
		}
		word, rest, _ := strings.Cut(line, " ")
		bad := func(format string, a ...any) error {
			return fmt.Errorf("%s:%d: %s", file, n, fmt.Sprintf(format, a...))
		}
		switch word {
		case "CASE":
			if c != nil {
				return nil, bad("CASE before the END of the case at line %d", c.line)
			}
			rule, _, _ := strings.Cut(rest, " ")
			if rule == "" || !strings.ContainsAny(rule[:1], "0123456789") {
				return nil, bad("a case's title starts with the rule it is about (e.g. CASE 8.5 rail capacity), not %q", rest)
			}
			c, section = &ruleCase{file: file, line: n, title: strings.TrimSpace(rest), rule: rule}, "CASE"
			continue
		case "RULINGS":
			if c == nil || section != "CASE" || c.rulings != nil {
				return nil, bad("RULINGS comes once, right after CASE")
			}
			for _, id := range strings.Fields(rest) {
				if len(id) < 2 || !strings.Contains("RC", id[:1]) || strings.Trim(id[1:], "0123456789") != "" {
					return nil, bad("RULINGS names rulings of docs/rulings.md (R1, C5...), not %q", id)
				}
				c.rulings = append(c.rulings, id)
			}
			if len(c.rulings) == 0 {
				return nil, bad("RULINGS names at least one ruling")
			}
			continue
		case "NEWGAME":
			if c == nil || (section != "CASE" && section != "MAP") || len(rest) == 0 {
				return nil, bad("NEWGAME SCENARIO [OPTIONS...] comes after CASE (and MAP), instead of PRESTATE")
			}
			c.newGame, section = strings.Fields(rest), "NEWGAME"
			continue
		case "MAP", "PRESTATE", "ORDERS", "POSTSTATE", "END":
			if c == nil {
				return nil, bad("%s outside a case (a case begins with CASE)", word)
			}
			switch word {
			case "MAP":
				if section != "CASE" {
					return nil, bad("MAP comes right after CASE (and RULINGS)")
				}
				w, h, ok := strings.Cut(strings.TrimSpace(rest), "x")
				c.mapW, _ = strconv.Atoi(w)
				c.mapH, _ = strconv.Atoi(h)
				if !ok || c.mapW < 1 || c.mapH < 1 || c.mapW > 60 || c.mapH > 60 {
					return nil, bad("MAP takes a size such as 10x10, not %q", rest)
				}
			case "PRESTATE":
				if c.newGame != nil {
					return nil, bad("a case has a PRESTATE or a NEWGAME, not both")
				}
			case "END":
				if len(c.pre) == 0 && c.newGame == nil {
					return nil, bad("the case has no PRESTATE (or NEWGAME)")
				}
				out, c = append(out, c), nil
			}
			section = word
			continue
		}
		if c == nil {
			return nil, bad("%q outside a case", line)
		}
		switch section {
		case "NEWGAME":
			if word != "REFUSED" || rest == "" || c.newRefused != "" {
				return nil, bad("after NEWGAME only a REFUSED line (the code New refuses the game with), then ORDERS or POSTSTATE")
			}
			c.newRefused = strings.TrimSpace(rest)
		case "MAP":
			c.mapOp = append(c.mapOp, caseLine{n, line})
		case "PRESTATE":
			c.pre = append(c.pre, strings.TrimSpace(raw))
		case "ORDERS":
			switch word {
			case "REFUSED":
				if len(c.steps) == 0 || c.steps[len(c.steps)-1].order == "" || c.steps[len(c.steps)-1].refused != "" {
					return nil, bad("REFUSED follows the order it refuses")
				}
				if rest == "" {
					return nil, bad("REFUSED names the refusal's code (engine/game/refusals.txt)")
				}
				c.steps[len(c.steps)-1].refused = strings.TrimSpace(rest)
			case "DICE":
				var ds []int
				for _, f := range strings.Fields(rest) {
					d, err := strconv.Atoi(f)
					if err != nil || d < 1 || d > 6 {
						return nil, bad("DICE takes dice from 1 to 6, not %q", f)
					}
					ds = append(ds, d)
				}
				if len(ds) == 0 {
					return nil, bad("DICE names at least one die")
				}
				c.steps = append(c.steps, caseStep{line: n, dice: ds})
			default:
				c.steps = append(c.steps, caseStep{line: n, order: line})
			}
		case "POSTSTATE":
			c.post = append(c.post, caseLine{n, line})
		default:
			return nil, bad("%q before PRESTATE, ORDERS or POSTSTATE", line)
		}
	}
	if c != nil {
		return nil, fmt.Errorf("%s:%d: the case has no END", file, c.line)
	}
	return out, nil
}

// caseMap builds a case's test map: cols x rows of clear terrain, France
// in rows 1-5 and Germany from row 6 (helpers_test.go's newTestMap), then
// the MAP lines: terrain T H..., country C H..., logistic N H...,
// fortress S H..., river A B, rail H H H..., coastal H..., city H...,
// port H..., setup AREA H....
func caseMap(c *ruleCase) (m *board.Map, err error) {
	defer func() {
		if p := recover(); p != nil { // a hex off the map, or not adjacent
			err = fmt.Errorf("%v", p)
		}
	}()
	t := newTestMap(c.mapW, c.mapH)
	for _, l := range c.mapOp {
		f := strings.Fields(l.text)
		if len(f) < 2 {
			return nil, fmt.Errorf("%s:%d: %q: a MAP line is a word and its hexes", c.file, l.line, l.text)
		}
		hs := f[1:]
		if f[0] != "rail" && f[0] != "river" && f[0] != "coastal" && f[0] != "city" && f[0] != "port" {
			hs = f[2:] // after the terrain, country, nation, strength or area
		}
		for _, h := range hs {
			x, err := hex.Parse(h)
			if err != nil {
				return nil, fmt.Errorf("%s:%d: %v", c.file, l.line, err)
			}
			if _, ok := t.hexes[x]; !ok {
				return nil, fmt.Errorf("%s:%d: hex %s is off the %dx%d map", c.file, l.line, h, c.mapW, c.mapH)
			}
		}
		switch f[0] {
		case "terrain":
			tr, err := board.ParseTerrain(f[1])
			if err != nil || len(f) < 3 {
				return nil, fmt.Errorf("%s:%d: terrain TYPE HEX...: %v", c.file, l.line, err)
			}
			t.terrain(tr, f[2:]...)
		case "country":
			if len(f) < 3 {
				return nil, fmt.Errorf("%s:%d: country CODE HEX...", c.file, l.line)
			}
			t.country(board.Country(f[1]), f[2:]...)
		case "logistic":
			if len(f) < 3 {
				return nil, fmt.Errorf("%s:%d: logistic NATION HEX...", c.file, l.line)
			}
			t.logistic(board.Nation(f[1]), f[2:]...)
		case "fortress":
			s, err := strconv.Atoi(f[1])
			if err != nil || len(f) < 3 {
				return nil, fmt.Errorf("%s:%d: fortress STRENGTH HEX...", c.file, l.line)
			}
			t.fortress(s, f[2:]...)
		case "river":
			if len(f) != 3 {
				return nil, fmt.Errorf("%s:%d: river HEX HEX (the hexside between two hexes)", c.file, l.line)
			}
			t.river(f[1], f[2])
		case "rail":
			t.railway(f[1:]...)
		case "coastal", "city", "port":
			for _, h := range f[1:] {
				x := t.hex(h)
				switch f[0] {
				case "coastal":
					x.Coastal = true
				case "city":
					x.City = true
				case "port":
					x.Port = true
				}
			}
		case "setup":
			if len(f) < 3 {
				return nil, fmt.Errorf("%s:%d: setup AREA HEX...", c.file, l.line)
			}
			t.setup(f[1], f[2:]...)
		default:
			return nil, fmt.Errorf("%s:%d: unknown MAP line %q (terrain, country, logistic, fortress, river, rail, coastal, city, port, setup)", c.file, l.line, f[0])
		}
	}
	return t.build(), nil
}

// run plays a case and returns what did not hold, one line each.
func (c *ruleCase) run(real *board.Map) (fails []string) {
	defer func() {
		if p := recover(); p != nil {
			fails = append(fails, fmt.Sprintf("%s:%d: the engine panicked: %v", c.file, c.line, p))
		}
	}()
	m := real
	if c.mapW > 0 {
		var err error
		if m, err = caseMap(c); err != nil {
			return []string{err.Error()}
		}
	}
	var s *State
	if c.newGame != nil {
		r, err := NewRules(m, c.newGame[0])
		if err != nil {
			return []string{fmt.Sprintf("%s:%d: NEWGAME: %v", c.file, c.line, err)}
		}
		s, err = New(r, 1, c.newGame[1:])
		switch {
		case err != nil && RefusalCode(err) == c.newRefused:
			return nil // refused as it must be
		case err != nil && c.newRefused == "":
			return []string{fmt.Sprintf("%s:%d: NEWGAME was refused (%s: %v), and no REFUSED line expects it", c.file, c.line, RefusalCode(err), err)}
		case err != nil:
			return []string{fmt.Sprintf("%s:%d: NEWGAME was refused with %s (%v), want %s", c.file, c.line, RefusalCode(err), err, c.newRefused)}
		case c.newRefused != "":
			return []string{fmt.Sprintf("%s:%d: NEWGAME was accepted, want REFUSED %s", c.file, c.line, c.newRefused)}
		}
	} else {
		text := strings.Join(c.pre, "\n")
		if !strings.Contains(text, "scenario ") {
			text = "scenario standard\n" + text
		}
		var err error
		if s, err = ParsePosition(m, text); err != nil {
			return []string{fmt.Sprintf("%s:%d: PRESTATE: %v", c.file, c.line, err)}
		}
	}
	var events []Event
	var read [3][]Event // the events as each viewer reads them (EventsFor)
	for _, st := range c.steps {
		at := fmt.Sprintf("%s:%d", c.file, st.line)
		if st.dice != nil {
			if err := s.ForceDice(st.dice...); err != nil {
				fails = append(fails, fmt.Sprintf("%s: DICE: %v", at, err))
			}
			continue
		}
		o, err := ParseOrder(st.order)
		if err != nil {
			if code := RefusalCode(err); st.refused != "" && code == st.refused {
				continue // a case about the order's own syntax
			}
			return append(fails, fmt.Sprintf("%s: %q is not an order: %v", at, st.order, err))
		}
		n, evs, err := Apply(s, o)
		switch {
		case err != nil && st.refused == "":
			return append(fails, fmt.Sprintf("%s: %s was refused (%s: %v), and no REFUSED line expects it", at, st.order, RefusalCode(err), err))
		case err != nil && RefusalCode(err) != st.refused:
			fails = append(fails, fmt.Sprintf("%s: %s was refused with %s (%v), want %s", at, st.order, RefusalCode(err), err, st.refused))
		case err == nil && st.refused != "":
			fails = append(fails, fmt.Sprintf("%s: %s was accepted, want REFUSED %s", at, st.order, st.refused))
			fallthrough
		case err == nil:
			for v := range read {
				read[v] = append(read[v], EventsFor(Viewer(v), s, n, evs)...)
			}
			s, events = n, append(events, evs...)
		}
	}
	return append(fails, c.check(s, events, read)...)
}

// check compares POSTSTATE with the state reached. A hex line lists
// exactly what stands there (order aside; "XXYY: -" for nothing); the
// lists eliminated, russia, unplaced and out name units that must be in
// them; EVENT kind [value...] an event of that kind that must have
// happened, with these values among its side, units, hexes, n=N and, for
// a combat, table=, odds=, die= and result=; NOEVENT kind [value...] one
// that must not; VIEW viewer XXYY: ids what a viewer (german, allied,
// public) sees in a hex ("G-III of 3": only the top unit of three);
// SEEN viewer id and UNSEEN viewer id whether the viewer's view or the
// events as he read them (EventsFor) name a unit; any other line must
// equal the line of the same key in the position (a key the position
// leaves out has its default), and where a key has several lines (due,
// held) the lines listed must be all the position has; "due -" says the
// position has no such line.
func (c *ruleCase) check(s *State, events []Event, read [3][]Event) []string {
	var fails []string
	actual := map[string]string{}
	lines := map[string][]string{} // a key's values, for keys with several lines (due, held)
	for _, l := range strings.Split(s.Position(), "\n") {
		if l == "" || strings.HasPrefix(l, "#") {
			continue
		}
		k, v, _ := strings.Cut(l, " ")
		if strings.HasSuffix(k, ":") {
			actual[k] = sortedFields(v)
			continue
		}
		actual[k] = strings.TrimSpace(v)
		lines[k] = append(lines[k], strings.TrimSpace(v))
	}
	wantLines := map[string][]string{}
	for _, p := range c.post {
		k, v, _ := strings.Cut(p.text, " ")
		wantLines[k] = append(wantLines[k], strings.TrimSpace(v))
	}
	compared := map[string]bool{}
	for _, p := range c.post {
		at := fmt.Sprintf("%s:%d", c.file, p.line)
		k, v, _ := strings.Cut(p.text, " ")
		v = strings.TrimSpace(v)
		switch {
		case strings.HasSuffix(k, ":"):
			want := sortedFields(v)
			if want == "-" {
				want = ""
			}
			if actual[k] != want {
				got := actual[k]
				if got == "" {
					got = "nothing"
				}
				fails = append(fails, fmt.Sprintf("%s: %s holds %s, want %s", at, strings.TrimSuffix(k, ":"), got, v))
			}
		case k == "eliminated" || k == "russia" || k == "unplaced" || k == "out":
			have := strings.Fields(actual[k])
			for _, id := range strings.Fields(v) {
				if !slices.Contains(have, id) {
					fails = append(fails, fmt.Sprintf("%s: %s is not %s (%s: %s)", at, id, k, k, actual[k]))
				}
			}
		case k == "EVENT" || k == "NOEVENT":
			want := strings.Fields(v)
			if len(want) == 0 {
				fails = append(fails, fmt.Sprintf("%s: %s names an event kind", at, k))
				continue
			}
			seen := slices.ContainsFunc(events, func(e Event) bool { return eventHas(e, want) })
			if seen != (k == "EVENT") {
				fails = append(fails, fmt.Sprintf("%s: %s %s, but the orders' events were %s", at, k, v, eventsText(events)))
			}
		case k == "VIEW" || k == "SEEN" || k == "UNSEEN":
			who, rest, _ := strings.Cut(v, " ")
			viewer, ok := map[string]Viewer{"german": GermanView, "allied": AlliedView, "public": PublicView}[who]
			if !ok {
				fails = append(fails, fmt.Sprintf("%s: %s takes a viewer (german, allied or public), not %q", at, k, who))
				continue
			}
			w := s.ViewFor(viewer)
			if k == "VIEW" {
				h, ids, _ := strings.Cut(strings.TrimSpace(rest), ":")
				if got, want := viewAt(w, strings.TrimSpace(h)), normView(ids); got != want && !(want == "-" && got == "") {
					fails = append(fails, fmt.Sprintf("%s: %s sees %q in %s, want %q", at, who, got, h, strings.TrimSpace(ids)))
				}
				continue
			}
			id := strings.TrimSpace(rest)
			named := w.VisibleIDs()[id] || slices.ContainsFunc(read[viewer], func(e Event) bool { return namesUnit(e, id) })
			if named != (k == "SEEN") {
				fails = append(fails, fmt.Sprintf("%s: %s %s %s, but %s's view and events say otherwise (events %v)", at, k, who, id, who, read[viewer]))
			}
		case v == "-":
			// no such line: "due -", no reinforcements left due
			if got, ok := actual[k]; ok {
				fails = append(fails, fmt.Sprintf("%s: %s is %s, want none", at, k, got))
			}
		case len(lines[k]) > 1 || len(wantLines[k]) > 1:

			// a key of several lines: the lines listed are all there are
			if compared[k] {
				continue
			}
			compared[k] = true
			got, want := slices.Sorted(slices.Values(lines[k])), slices.Sorted(slices.Values(wantLines[k]))
			if !slices.Equal(got, want) {
				fails = append(fails, fmt.Sprintf("%s: the %s lines are %q, want %q", at, k, got, want))
			}
		default:
			got, ok := actual[k]
			if !ok && c.isDefault(s, p.text) {
				continue // the position leaves out a line at its default
			}
			if !ok || got != v {
				if !ok {
					got = "left out (its default)"
				}
				fails = append(fails, fmt.Sprintf("%s: %s is %s, want %s", at, k, got, v))
			}
		}
	}
	return fails
}

// isDefault: a position line is at its default, which the position
// writes by leaving it out ("naval 0"): a position made of the line alone
// leaves it out too.
func (c *ruleCase) isDefault(s *State, line string) bool {
	k, _, _ := strings.Cut(line, " ")
	p, err := ParsePosition(s.rules.Map, "scenario "+s.rules.Scenario.Name+"\n"+line)
	if err != nil {
		return false
	}
	for _, l := range strings.Split(p.Position(), "\n") {
		if key, _, _ := strings.Cut(l, " "); key == k {
			return false
		}
	}
	return true
}

// eventsText writes events as EVENT lines read them, a combat's facts
// included.
func eventsText(evs []Event) string {
	var b strings.Builder
	for _, e := range evs {
		b.WriteString("\n\t" + e.String())
		if f := e.Combat; f != nil {
			fmt.Fprintf(&b, " table=%s odds=%s die=%d result=%s", f.Table, f.Odds, f.Die, f.Result)
		}
	}
	return b.String()
}

// eventHas: e is of kind want[0] and has every value of want[1:].
func eventHas(e Event, want []string) bool {
	if string(e.Kind) != want[0] {
		return false
	}
	have := []string{e.Side.String(), fmt.Sprintf("n=%d", e.N)}
	have = append(have, e.Units...)
	for _, h := range e.Hexes {
		have = append(have, h.String())
	}
	if f := e.Combat; f != nil {
		have = append(have, "table="+f.Table, "odds="+f.Odds.String(), fmt.Sprintf("die=%d", f.Die), "result="+string(f.Result))
	}
	for _, w := range want[1:] {
		if !slices.Contains(have, w) {
			return false
		}
	}
	return true
}

// namesUnit: the event names the unit, among its units or in its
// sentence (either language).
func namesUnit(e Event, id string) bool {
	words := func(r rune) bool {
		return !(r == '-' || r >= '0' && r <= '9' || r >= 'A' && r <= 'Z' || r >= 'a' && r <= 'z')
	}
	return slices.Contains(e.Units, id) || slices.Contains(strings.FieldsFunc(e.Text.EN, words), id) || slices.Contains(strings.FieldsFunc(e.Text.JA, words), id)
}

// normView writes a VIEW line's "ids [of N]" as viewAt does.
func normView(s string) string {
	ids, n, ok := strings.Cut(s, " of ")
	out := sortedFields(ids)
	if ok {
		out += " of " + strings.TrimSpace(n)
	}
	return out
}

// viewAt is what a view shows in hex h: the visible ids, sorted, and
// " of N" after them where only part of a stack of N counters shows.
func viewAt(w View, h string) string {
	var ids []string
	hidden := 0
	for _, st := range w.Stacks {
		if st.At.String() != h {
			continue
		}
		for _, u := range st.Units {
			ids = append(ids, u.ID)
		}
		if !st.Full {
			hidden += st.Count
		}
	}
	slices.Sort(ids)
	out := strings.Join(ids, " ")
	if hidden > 0 {
		out += fmt.Sprintf(" of %d", hidden)
	}
	return out
}

func sortedFields(s string) string {
	f := strings.Fields(s)
	slices.Sort(f)
	return strings.Join(f, " ")
}

func eventKinds(evs []Event) []EventKind {
	var out []EventKind
	for _, e := range evs {
		out = append(out, e.Kind)
	}
	return out
}

// loadCases reads every case file.
func loadCases(t *testing.T) []*ruleCase {
	t.Helper()
	files, err := filepath.Glob(filepath.Join("testdata", "cases", "*.txt"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no case files in testdata/cases: %v", err)
	}
	var all []*ruleCase
	for _, f := range files {
		data := readText(t, f)
		cs, err := parseCases(filepath.Base(f), data)
		if err != nil {
			t.Fatal(err)
		}
		if len(cs) == 0 {
			t.Errorf("%s holds no case", f)
		}
		all = append(all, cs...)
	}
	return all
}

// TestCases runs every rule case.
func TestCases(t *testing.T) {
	real := realMap(t)
	for _, c := range loadCases(t) {
		t.Run(c.file+"/"+c.title, func(t *testing.T) {
			for _, f := range c.run(real) {
				t.Error(f)
			}
		})
	}
}

// The runner can fail: wrong expectations of every kind are reported,
// and a malformed file is refused with its line, never a panic.
func TestCaseRunnerReportsFailures(t *testing.T) {
	real := realMap(t)
	const pre = "PRESTATE\n  step movement-1\n  0101: F-XX\n  0505: G-III\n"
	for _, c := range []struct{ name, text, want string }{
		{"wrong hex", "CASE 8.0 x\nMAP 10x10\n" + pre + "ORDERS\n  german move G-III 0506\nPOSTSTATE\n  0507: G-III:moved\nEND\n", "0507 holds nothing"},
		{"wrong code", "CASE 8.0 x\nMAP 10x10\n" + pre + "ORDERS\n  german rail G-III 0506\n  REFUSED rail-capacity\nEND\n", "want rail-capacity"},
		{"accepted, expected refused", "CASE 8.0 x\nMAP 10x10\n" + pre + "ORDERS\n  german move G-III 0506\n  REFUSED rail-capacity\nEND\n", "was accepted, want REFUSED"},
		{"refused, not expected", "CASE 8.0 x\nMAP 10x10\n" + pre + "ORDERS\n  allied move F-XX 0102\nEND\n", "no REFUSED line expects it"},
		{"wrong vp", "CASE 8.0 x\nMAP 10x10\n" + pre + "POSTSTATE\n  vp 1 1\nEND\n", "vp is 0 50, want 1 1"},
		{"missing event", "CASE 8.0 x\nMAP 10x10\n" + pre + "ORDERS\n  german move G-III 0506\nPOSTSTATE\n  EVENT combat\nEND\n", "EVENT combat"},
		{"wrong event value", "CASE 8.0 x\nMAP 10x10\n" + pre + "ORDERS\n  german move G-III 0506\nPOSTSTATE\n  EVENT moved G-III 0507\nEND\n", "EVENT moved G-III 0507"},
		{"event that must not happen", "CASE 8.0 x\nMAP 10x10\n" + pre + "ORDERS\n  german move G-III 0506\nPOSTSTATE\n  NOEVENT moved G-III\nEND\n", "NOEVENT moved G-III"},
		{"wrong view", "CASE 8.0 x\nMAP 10x10\n" + pre + "POSTSTATE\n  VIEW allied 0505: G-IV\nEND\n", "allied sees \"G-III of 1\" in 0505"},
		{"unseen unit seen", "CASE 8.0 x\nMAP 10x10\n" + pre + "POSTSTATE\n  UNSEEN german G-III\nEND\n", "UNSEEN german G-III"},
		{"bad viewer", "CASE 8.0 x\nMAP 10x10\n" + pre + "POSTSTATE\n  VIEW french 0505: G-III\nEND\n", "takes a viewer"},
		{"wrong due lines", "CASE 8.0 x\nMAP 10x10\nPRESTATE\n  step reinforcement\n  due DE reserve 1\n  due DE landwehr 1\n  0101: F-XX\nPOSTSTATE\n  due DE reserve 1\nEND\n", "the due lines are"},
		{"a line that must not be", "CASE 8.0 x\nMAP 10x10\nPRESTATE\n  step reinforcement\n  due DE reserve 1\n  0101: F-XX\nPOSTSTATE\n  due -\nEND\n", "due is DE reserve 1, want none"},
		{"new game accepted, expected refused", "CASE 18.0 x\nMAP 10x10\nNEWGAME standard 18.2(6)\n  REFUSED option-unknown\nEND\n", "NEWGAME was accepted, want REFUSED option-unknown"},
		{"new game refused, not expected", "CASE 18.0 x\nMAP 10x10\nNEWGAME standard 18.9(9)\nEND\n", "NEWGAME was refused"},
		{"bad prestate", "CASE 8.0 x\nPRESTATE\n  0101: NO-SUCH-UNIT\nEND\n", "PRESTATE"},
		{"bad map line", "CASE 8.0 x\nMAP 10x10\n  lake 0101\n" + pre + "END\n", "unknown MAP line"},
	} {
		cs, err := parseCases("t.txt", c.text)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		fails := cs[0].run(real)
		if !slices.ContainsFunc(fails, func(f string) bool { return strings.Contains(f, c.want) }) {
			t.Errorf("%s: the runner said %q, want a failure saying %q", c.name, fails, c.want)
		}
	}
	for _, bad := range []struct{ text, want string }{
		{"CASE no rule here\nPRESTATE\n 0101: F-XX\nEND\n", "t.txt:1: a case's title starts with the rule"},
		{"CASE 8.0 x\nORDERS\n  REFUSED rail-capacity\nEND\n", "t.txt:3: REFUSED follows the order"},
		{"CASE 8.0 x\nPRESTATE\n 0101: F-XX\nORDERS\n DICE 7\nEND\n", "t.txt:5: DICE takes dice from 1 to 6"},
		{"CASE 8.0 x\nPRESTATE\n 0101: F-XX\n", "t.txt:1: the case has no END"},
		{"PRESTATE\n", "t.txt:1: PRESTATE outside a case"},
		{"CASE 8.0 x\nMAP big\nEND\n", "t.txt:2: MAP takes a size"},
		{"CASE 8.0 x\nRULINGS X9\nPRESTATE\n 0101: F-XX\nEND\n", "t.txt:2: RULINGS names rulings"},
		{"CASE 8.0 x\nPRESTATE\n 0101: F-XX\nRULINGS R1\nEND\n", "t.txt:4: RULINGS comes once, right after CASE"},
		{"CASE 18.0 x\nNEWGAME standard\nPRESTATE\n 0101: F-XX\nEND\n", "t.txt:3: a case has a PRESTATE or a NEWGAME, not both"},
		{"CASE 18.0 x\nNEWGAME standard\n  german end\nEND\n", "t.txt:3: after NEWGAME only a REFUSED line"},
	} {
		if _, err := parseCases("t.txt", bad.text); err == nil || !strings.Contains(err.Error(), bad.want) {
			t.Errorf("%q: %v, want %q", bad.text, err, bad.want)
		}
	}
}

// FuzzParseCases: no case file, however malformed, panics the parser or
// the runner.
func FuzzParseCases(f *testing.F) {
	f.Add("CASE 8.0 x\nMAP 10x10\n  rail 0101 0102\nPRESTATE\n  0101: F-XX\nORDERS\n  DICE 3\n  allied move F-XX 0102\n  REFUSED enter-ezoc\nPOSTSTATE\n  0102: F-XX\n  EVENT moved\nEND\n")
	real := realMap(f)
	f.Fuzz(func(t *testing.T, text string) {
		cs, err := parseCases("f.txt", text)
		if err != nil {
			return
		}
		for _, c := range cs {
			c.run(real)
		}
	})
}

// The examples of docs/cases.md are cases that hold.
func TestCasesDocExamples(t *testing.T) {
	real := realMap(t)
	b := readText(t, "../../docs/cases.md")
	var block []string
	n := 0
	for _, l := range strings.Split(b, "\n") {
		if strings.HasPrefix(l, "    ") {
			block = append(block, strings.TrimPrefix(l, "    "))
			continue
		}
		if len(block) > 0 && strings.HasPrefix(block[0], "CASE ") {
			cs, err := parseCases("docs/cases.md", strings.Join(block, "\n"))
			if err != nil {
				t.Error(err)
			}
			for _, c := range cs {
				n++
				for _, f := range c.run(real) {
					t.Error(f)
				}
			}
		}
		block = nil
	}
	if n < 2 {
		t.Errorf("docs/cases.md: %d examples run, want 2", n)
	}
}
