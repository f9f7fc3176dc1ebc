package commands

import (
	"strings"
	"testing"
)

// The options in force show in /game status, and a reveal names each
// option once, even one both sides chose.
func TestOptionsInForceShown(t *testing.T) {
	b, clock := newStoredBot(t)
	seatBoth(t, b, clock, "C1", "/game new scenario:standard seed:3")
	if s := txt(act(t, b, clock, carol, "C1", "/game status")); strings.Contains(s, "Options in force") {
		t.Errorf("options shown before any is chosen:\n%s", s)
	}
	act(t, b, clock, alice, "C1", "/game choose side:allied options:18.3")
	act(t, b, clock, bob, "C1", "/game choose side:german options:18.3")
	act(t, b, clock, alice, "C1", "/game confirm side:allied")
	r := txt(act(t, b, clock, bob, "C1", "/game confirm side:german"))
	expect(t, r, "Options revealed", "Both sides: 18.3 (")
	if strings.Count(r, "18.3") != 1 { // the line of both sides only
		t.Errorf("the reveal repeats 18.3:\n%s", r)
	}
	expect(t, txt(act(t, b, clock, carol, "C1", "/game status")), "Options in force: 18.3.")
}

// A game created with options (a preset, a void option, a rule switched
// off) stores the codes as given; reopened from the store its replay
// applies them identically (same options in force, same state).
func TestOptionsStoredAndReplayed(t *testing.T) {
	b, clock := newStoredBot(t)
	act(t, b, clock, alice, "C1", "/game new scenario:standard seed:5 options:all-16 18.1(5) 18.2(4) no-16.6")
	g := peek(b, "C1")
	want := "16.1 16.2 16.3 16.5 18.1(5) no-16.6"
	if got := strings.Join(g.State.Options, " "); got != want {
		t.Fatalf("in force %q, want %q", got, want)
	}
	expect(t, txt(act(t, b, clock, alice, "C1", "/game setup")))
	before := peek(b, "C1").State
	again := peek(storedBot(t, b.Store.File(), clock), "C1").State
	if again.Hash() != before.Hash() || strings.Join(again.Options, " ") != want {
		t.Errorf("reopened: options %v, hash %s, want %s", again.Options, again.Hash(), before.Hash())
	}
	expect(t, txt(act(t, b, clock, carol, "C1", "/game status")), "Options in force: "+want+".")
}
