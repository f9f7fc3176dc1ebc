package commands

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"rtrbot/actor"
	"rtrbot/commands/commandstest"
	"rtrbot/engine/board"
	"rtrbot/engine/game"
	"rtrbot/i18n"
)

func gameBot(t testing.TB) *Bot {
	t.Helper()
	m, err := board.Default()
	if err != nil {
		t.Skipf("map: %v", err)
	}
	b := New(Deps{Map: m, Now: func() time.Time { return time.Unix(1, 0) }})
	b.noMaps = true // segment accounts without their maps: these tests read the text
	return b
}

// say runs one console-style line ("/move unit:G-III to:3023") in the
// console channel and returns the reply text.
func say(t testing.TB, b *Bot, line string) string {
	t.Helper()
	return sayIn(t, b, line, i18n.EN)
}

func sayIn(t testing.TB, b *Bot, line string, lang i18n.Lang) string {
	t.Helper()
	path, opts := readLine(b.Router, line)
	return txt(b.Router.Run(context.Background(), &Request{Path: path, Options: opts, Guild: "console", Channel: "c1", Lang: lang, User: actor.Actor{ID: "u", Name: "u"}}))
}

// loadConsolePosition loads a sandbox game at the console from a position
// of the standard scenario with seed 5 (docs/positions.md) followed by the
// lines body, replacing (confirmed) a game already there, and checks that
// it loaded.
func loadConsolePosition(t testing.TB, b *Bot, body string) {
	t.Helper()
	pos := filepath.Join(t.TempDir(), "p.txt")
	if err := os.WriteFile(pos, []byte("scenario standard\nseed 5\n"+body), 0o644); err != nil {
		t.Fatal(err)
	}
	line := "/game load file:" + pos
	if peek(b, "c1") != nil {
		line += " replace:true confirm:true"
	}
	expect(t, say(t, b, line), "Sandbox game loaded")
}

func expect(t testing.TB, got string, want ...string) {
	t.Helper()
	for _, w := range want {
		if !strings.Contains(got, w) {
			t.Errorf("missing %q in:\n%s", w, got)
		}
	}
}

// A hot-seat game from setup through the movement of several turns, by
// the console commands.
func TestHotSeatGame(t *testing.T) {
	b := gameBot(t)
	expect(t, say(t, b, "/units"), "no game in this channel")
	expect(t, say(t, b, "/game new scenario:standard seed:3"), "Standard scenario", "Allied player to act")
	expect(t, say(t, b, "/place unit:F-XX hex:0101"), "F-XX sets up in setup area FR-2A")
	expect(t, say(t, b, "/place unit:G-III hex:3024"), "G-III is German")
	expect(t, say(t, b, "/end"), "still to be set up")
	expect(t, say(t, b, "/game setup"), "Set up ")
	expect(t, say(t, b, "/end"), "German player to act")
	expect(t, say(t, b, "/game setup"), "Set up ")
	expect(t, say(t, b, "/end"), "Aug II begins", "event phase")
	expect(t, sayIn(t, b, "/game status", i18n.JA), "8月II", "連合軍の手番")
	moved := 0
	for turn := 0; turn < 3; turn++ {
		for i := 0; i < 40; i++ {
			st := say(t, b, "/game status")
			if strings.Contains(st, "movement segment") && !strings.Contains(st, "may still act in this step") {
				t.Fatalf("movement segment with nobody to move:\n%s", st)
			}
			if strings.Contains(st, "movement segment") {
				// Move the first unit that may act to its cheapest destination.
				units := say(t, b, "/units")
				id := commandstest.FirstActor(units)
				if id != "" {
					dests := say(t, b, "/moves unit:"+id)
					if to := commandstest.FirstDest(dests); to != "" {
						expect(t, say(t, b, "/move unit:"+id+" to:"+to), id+" moved")
						moved++
					}
				}
			}
			if strings.Contains(st, "reinforcement phase") {
				say(t, b, "/reinforce")
			}
			out := say(t, b, "/end")
			if strings.Contains(out, "Stacking is over the limit") {
				// 7.0: the owner removes a unit of his choice, then ends.
				ids := strings.Fields(commandstest.Overstack.FindStringSubmatch(out)[1])
				expect(t, say(t, b, "/remove unit:"+ids[len(ids)-1]), "removed from over-stacked")
				out = say(t, b, "/end")
			}
			if strings.Contains(out, "event phase") {
				break
			}
		}
	}
	st := say(t, b, "/game status")
	expect(t, st, "Sep I")
	if moved < 6 {
		t.Errorf("only %d moves made", moved)
	}
	expect(t, say(t, b, "/move unit:ZZ-9 to:1804"), "There is no unit")
	expect(t, say(t, b, "/attack"), "")
}

// /game load starts a sandbox game from a position file; the reply names
// what is wrong with a bad file; file: is refused outside the console.
func TestGameLoad(t *testing.T) {
	b := gameBot(t)
	dir := t.TempDir()
	good := filepath.Join(dir, "p.txt")
	os.WriteFile(good, []byte("scenario standard\nturn Aug III\nstep movement-1\nplayer german\n3024: G-III\n3021: BE-3\n"), 0o644)
	expect(t, say(t, b, "/game load file:"+good), "Sandbox game loaded", "Aug III, first impulse, movement segment")
	expect(t, say(t, b, "/moves unit:G-III"), "G-III can move to")
	expect(t, say(t, b, "/move unit:G-III to:3021"), "enemy units hold it")
	bad := filepath.Join(dir, "bad.txt")
	os.WriteFile(bad, []byte("scenario standard\n3024: G-XXX\n"), 0o644)
	expect(t, say(t, b, "/game load file:"+bad), "A game is running in this channel")
	expect(t, say(t, b, "/game load file:"+bad+" replace:true confirm:true"), "line 2", "no unit")
	expect(t, say(t, b, "/game load file:"+filepath.Join(dir, "none.txt")+" replace:true confirm:true"), "Cannot read")
	resp := b.Router.Run(context.Background(), &Request{Path: "game load", Options: map[string]string{"file": good}, Guild: "g1", Channel: "c2"})
	expect(t, resp.Messages[0].Text, "only in the local console")
	// The position written by /game position loads back.
	pos := say(t, b, "/game position")
	expect(t, pos, "scenario standard", "3024: G-III")
}

// The orders kept for a game replay to the same state.
func TestGameOrdersReplay(t *testing.T) {
	b := gameBot(t)
	say(t, b, "/game new scenario:extended seed:11")
	for _, l := range []string{"/game setup", "/end", "/game setup", "/end", "/end", "/reinforce", "/end", "/end"} {
		say(t, b, l)
	}
	resp := b.Router.Run(context.Background(), &Request{Path: "game orders", Options: map[string]string{}, Guild: "console", Channel: "c1"})
	data := string(resp.Messages[0].Files[0].Data)
	var orders []game.Order
	for _, line := range strings.Split(strings.TrimSpace(data), "\n")[2:] {
		o, err := game.ParseOrder(line)
		if err != nil {
			t.Fatal(err)
		}
		orders = append(orders, o)
	}
	r, _ := game.NewRules(b.Map, "extended")
	s, err := game.Replay(r, 11, nil, orders)
	if err != nil {
		t.Fatal(err)
	}
	pos := say(t, b, "/game position")
	if !strings.Contains(pos, strings.TrimSpace(s.Position())) {
		t.Errorf("replayed position differs from the running game")
	}
}

// /end until: ends step after step, each by its own order, and stops at a
// refusal with its reason.
func TestEndUntil(t *testing.T) {
	b := gameBot(t)
	for _, l := range []string{"/game new seed:2", "/game setup", "/end", "/game setup", "/end"} {
		say(t, b, l)
	}
	expect(t, say(t, b, "/end until:movement-1 confirm:true"), "reinforcement phase", "Reinforcements may not be delayed")
	say(t, b, "/reinforce")
	expect(t, say(t, b, "/end until:movement-1 confirm:true"), "first impulse, movement segment: German player to act")
	expect(t, say(t, b, "/game status"), "first impulse, movement segment")
	expect(t, say(t, b, "/end until:nap"), "cannot be")
}

// The sample position of docs/positions.md loads in the console and can be
// played from: a German corps cannot enter the undestroyed fortress (12.7).
func TestLoadSamplePosition(t *testing.T) {
	b := gameBot(t)
	expect(t, say(t, b, "/game load file:../engine/game/testdata/liege.txt"), "Sandbox game loaded")
	expect(t, say(t, b, "/move unit:G-GKD to:3021"), "enemy units hold it")
	expect(t, say(t, b, "/units hex:2824"), "G-VII", "G-X")
}

// /game options lists what /game new accepts; a game with options starts.
func TestGameOptions(t *testing.T) {
	b := gameBot(t)
	expect(t, say(t, b, "/game options"), "18.1(10)", "18.2(14)", "16.1")
	expect(t, say(t, b, "/game new options:18.9(1)"), "not available")
	expect(t, say(t, b, "/game new options:18.2(14) seed:1"), "Allied player to act")
}

// Autocomplete offers the units that may act now, by prefix.
func TestGameAutocomplete(t *testing.T) {
	b := gameBot(t)
	say(t, b, "/game new seed:4")
	got := b.Router.Complete(context.Background(), &Request{Path: "place", Options: map[string]string{"unit": "f-x"}, Channel: "c1", Guild: "console"}, "unit")
	if len(got) == 0 || len(got) > 25 {
		t.Fatalf("%d choices", len(got))
	}
	for _, c := range got {
		if !strings.HasPrefix(c.Value, "F-X") {
			t.Errorf("choice %s", c.Value)
		}
	}
}

// /game check answers whether an order is legal, and why not.
func TestGameCheck(t *testing.T) {
	b := gameBot(t)
	say(t, b, "/game new seed:4")
	expect(t, say(t, b, "/game check order:allied place F-XX 1324"), "is legal now")
	expect(t, say(t, b, "/game check order:allied place F-XX 0101"), "is not legal now", "FR-2A")
	expect(t, say(t, b, "/game check order:german end"), "is not legal now", "cannot give orders now")
	expect(t, say(t, b, "/game check order:french"), "is not an order")
	// The same syntax as /orders: the side is meant, the answer is the
	// order as players read it.
	expect(t, say(t, b, "/game check order:place F-XX 1324"), "“Allied: place F-XX → 1324” is legal now")
	expect(t, say(t, b, "/game check order:place F-XX 1324; end"), "/orders")
	expect(t, say(t, b, "/units"), "*F-XX")
}

// During setup /units says where each unit sets up as the rules do
// (17.2-17.5), never the counter file's codes ("city:FR@0525").
func TestUnitsSetupPlacesReadable(t *testing.T) {
	b := gameBot(t)
	say(t, b, "/game new seed:4")
	out := say(t, b, "/units side:allied")
	expect(t, out, "setup area of the French 1st Army (FR-1A): ", "Belfort (0525): ", "any city of France, one such unit a hex: ", "anywhere in France: ")
	for _, code := range []string{"city:", "country:", "@"} {
		if strings.Contains(out, code) {
			t.Errorf("/units shows the setup code %q:\n%s", code, out)
		}
	}
	expect(t, say(t, b, "/units side:german"), "setup area of the German 4th Army (DE-4A) or anywhere in Luxembourg: ")
}

// A unit with one setup hex is told that hex, not "1 hexes" (17.2).
func TestPlaceRefusalOneHex(t *testing.T) {
	b := gameBot(t)
	say(t, b, "/game new seed:4")
	got := say(t, b, "/game check order:place F-T1 0101")
	expect(t, got, "F-T1 may set up only in 0525")
	if strings.Contains(got, "1 hexes") {
		t.Errorf("a plural for one hex: %s", got)
	}
}
