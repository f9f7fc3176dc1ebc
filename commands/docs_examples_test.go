package commands

import (
	"context"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"rtrbot/actor"
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

// The command examples of docs/playing.md, played in order in one game:
// a /game join line by the player of its side (Alice the Allied player,
// who opened the game and so referees it, Bob the German), a line whose
// note names a side's player by him, a line "each side" by both, any
// other by Alice. Each must be understood and do what the page says.
func TestPlayingDocExamples(t *testing.T) {
	b, clock := newStoredBot(t)
	rt := b.Router
	ran := 0
	for _, bl := range docBlocks(t, "playing.md") {
		for k, raw := range bl.lines {
			line := command(raw)
			if !strings.HasPrefix(line, "/") {
				continue
			}
			where := "docs/playing.md:" + strconv.Itoa(bl.line+1+k)
			understood(t, rt, where, line)
			note := strings.TrimSpace(strings.TrimPrefix(raw, line))
			who := []actor.Actor{alice}
			switch {
			case strings.Contains(line, "side:german"), strings.Contains(note, "the German player"):
				who = []actor.Actor{bob}
			case strings.Contains(note, "each side"):
				who = []actor.Actor{alice, bob}
			}
			for _, u := range who {
				r := act(t, b, clock, u, "C1", line)
				ran++
				got := txt(r)
				if strings.Contains(note, "answered only to him") && !r.Messages[0].Ephemeral {
					t.Errorf("%s: %s is said to be answered only to its author, but the answer is public:\n%s", where, line, got)
				}
				for _, refusal := range []string{"Only the players", "Only a referee", "not an option", "no game", "cannot", "refused"} {
					if strings.Contains(got, refusal) {
						t.Errorf("%s: %s (as %s) is refused:\n%s", where, line, u.Name, got)
					}
				}
			}
		}
	}
	if ran < 7 {
		t.Fatalf("docs/playing.md: %d examples run, want 7", ran)
	}
	// What the page says came of them: the two seats, the options both
	// confirmed in force (18.1(10), the German's; 16.1 only one side
	// chose), a deadline.
	g := peek(b, "C1")
	if g == nil {
		t.Fatal("no game after the examples")
	}
	if s, ok := g.SideOf(alice.ID); !ok || s != units.Allied {
		t.Errorf("Alice plays %v %v, want the Allies", s, ok)
	}
	if s, ok := g.SideOf(bob.ID); !ok || s != units.German {
		t.Errorf("Bob plays %v %v, want the Germans", s, ok)
	}
	if got := strings.Join(g.Options, " "); got != "18.1(10)" {
		t.Errorf("options in force %q, want 18.1(10)", got)
	}
	if g.Deadline.IsZero() {
		t.Error("no deadline after /game deadline hours:24")
	}
}
