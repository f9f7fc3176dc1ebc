package commands

import (
	"context"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"rtrbot/engine/units"
	"rtrbot/i18n"
)

// The examples of docs/orders.md and docs/playing.md are run, as those of
// docs/cases.md are: a page that promises what the bot does not do fails
// here.

// docBlock is a fenced code block of a page, with the text after it up to
// the next block.
type docBlock struct {
	line  int // of the opening fence
	lines []string
	after string
}

func docBlocks(t *testing.T, page string) []docBlock {
	t.Helper()
	b, err := os.ReadFile("../docs/" + page)
	if err != nil {
		t.Fatal(err)
	}
	var out []docBlock
	var cur *docBlock
	for i, l := range strings.Split(string(b), "\n") {
		switch {
		case strings.HasPrefix(l, "```") && cur == nil:
			out = append(out, docBlock{line: i + 1})
			cur = &out[len(out)-1]
		case strings.HasPrefix(l, "```"):
			cur = nil
		case cur != nil:
			cur.lines = append(cur.lines, l)
		case len(out) > 0:
			out[len(out)-1].after += l + "\n"
		}
	}
	return out
}

// command is a command line of a page's example without the note for
// readers after it ("/game join side:allied   (each player ...)").
var readerNote = regexp.MustCompile(`\s{2,}\(.*\)\s*$`)

func command(l string) string { return strings.TrimSpace(readerNote.ReplaceAllString(l, "")) }

// understood fails unless the router takes the line as it is written: a
// command that exists, with options it has and values it accepts.
func understood(t *testing.T, rt *Router, where, line string) {
	t.Helper()
	path, opts := readLine(rt, line)
	c := rt.Find(path)
	if c == nil || c.Handler == nil {
		t.Errorf("%s: %q is not a command of the bot", where, line)
		return
	}
	req := &Request{Path: path, Options: opts, Lang: i18n.EN}
	normalise(req)
	if msg := checkOptions(c, req); msg != "" {
		t.Errorf("%s: %q is refused: %s", where, line, msg)
	}
}

// toGermanMovement plays a hot-seat standard game (seed 1) to the German
// player's first movement segment, each step by its default.
func toGermanMovement(t *testing.T, b *Bot, clock *fixedClock) {
	t.Helper()
	act(t, b, clock, bob, "C1", "/game new scenario:standard seed:1")
	for range 20 {
		st := txt(act(t, b, clock, bob, "C1", "/game status"))
		switch {
		case strings.Contains(st, "movement segment: German"):
			return
		case strings.Contains(st, "setup"):
			act(t, b, clock, bob, "C1", "/game setup")
		case strings.Contains(st, "reinforcement phase"):
			act(t, b, clock, bob, "C1", "/orders text:autoreinforce")
		}
		act(t, b, clock, bob, "C1", "/end")
	}
	t.Fatalf("the German movement segment never came:\n%s", txt(act(t, b, clock, bob, "C1", "/game status")))
}

func TestOrdersDocExamples(t *testing.T) {
	blocks := docBlocks(t, "orders.md")
	ran := 0
	for _, bl := range blocks {
		where := "docs/orders.md:" + strconv.Itoa(bl.line)
		var batch []string
		for _, l := range bl.lines {
			if l = strings.TrimSpace(l); l != "" {
				batch = append(batch, l)
			}
		}
		if len(batch) == 0 {
			continue
		}
		b, clock := newStoredBot(t)
		toGermanMovement(t, b, clock)
		var line string
		switch {
		case strings.HasPrefix(batch[0], "/"): // a command
			if len(batch) != 1 {
				t.Fatalf("%s: one command a block", where)
			}
			line = batch[0]
			understood(t, b.Router, where, line)
		case batch[0] == "orders": // a message in the side's thread: the same text
			line = strings.Join(batch[1:], "\n")
		default:
			line = strings.Join(batch, "\n")
		}
		var got string
		if strings.HasPrefix(line, "/") {
			got = txt(act(t, b, clock, bob, "C1", line))
		} else { // the text as the text box of /orders gives it
			got = txt(b.Router.Run(context.Background(), &Request{Path: "orders", Options: map[string]string{"text": line},
				Guild: "G1", Channel: "C1", Lang: i18n.EN, User: bob, Now: clock.Now()}))
		}
		ran++
		// What the block's lines say of themselves, and what the text after
		// it says the bot answers.
		refused := false
		for n, l := range batch {
			order, note, _ := strings.Cut(l, "#")
			note = strings.TrimSpace(note)
			f := strings.Fields(order)
			switch {
			case strings.HasPrefix(note, "refused:"):
				refused = true
				expect(t, got, "line "+strconv.Itoa(n+1)+" (", strings.TrimSpace(strings.TrimPrefix(note, "refused:")))
			case note == "not run":
				if len(f) >= 2 && strings.Contains(got, f[len(f)-2]+" moved") {
					t.Errorf("%s: %q is said not to run, but it did:\n%s", where, l, got)
				}
				if f[0] == "end" && strings.Contains(got, "Segment ended") {
					t.Errorf("%s: %q is said not to run, but the segment ended:\n%s", where, l, got)
				}
			}
		}
		if refused {
			for _, q := range regexp.MustCompile("`([^`]+)`").FindAllStringSubmatch(bl.after, -1) {
				if strings.Contains(q[1], " ") && !slices.ContainsFunc(batch, func(l string) bool { return strings.HasPrefix(l, q[1]+" ") }) {
					expect(t, got, q[1])
				}
			}
		} else if !regexp.MustCompile(`(\d+) of (\d+) orders applied`).MatchString(got) || strings.Contains(got, "Refused") {
			t.Errorf("%s: %s\nis refused:\n%s", where, line, got)
		}
	}
	if ran < 3 {
		t.Errorf("docs/orders.md: %d examples run, want 3", ran)
	}
	// Every example of the table of orders reads as a batch line.
	page, _ := os.ReadFile("../docs/orders.md")
	n := 0
	for _, row := range strings.Split(string(page), "\n") {
		cells := strings.Split(row, "|")
		if len(cells) < 4 || !strings.Contains(cells[2], "`") {
			continue
		}
		for _, q := range regexp.MustCompile("`([^`]+)`").FindAllStringSubmatch(cells[2], -1) {
			lines, bad := parseBatch(q[1], units.German, i18n.EN)
			n++
			if len(bad) > 0 || len(lines) != 1 || lines[0].Err.In(i18n.EN) != "" {
				t.Errorf("docs/orders.md: the example %q does not read: %v %v", q[1], bad, lines)
			}
		}
	}
	if n < 20 {
		t.Errorf("docs/orders.md: %d examples of orders read, want every one of the table", n)
	}
}
