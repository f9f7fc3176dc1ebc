package commands

import (
	"strings"
	"testing"

	"rtrbot/engine/units"
	"rtrbot/games"
)

// Alice proposes a deadline of 48 hours and replaces it by 72: Bob's
// /game deadline hours:48 is told that her standing proposal is 72 hours
// and how to agree, not that only a referee may; /game status shows the
// standing proposal to both sides. Once it lapses with its segment, Bob
// is told so.
func TestStandingProposalToldToTheOtherSide(t *testing.T) {
	b, clock := newStoredBot(t)
	seatBoth(t, b, clock, "C1", "/game new scenario:standard seed:7")
	act(t, b, clock, alice, "C1", "/game deadline hours:48 then:remind")
	act(t, b, clock, alice, "C1", "/game deadline hours:72 then:remind")
	r := act(t, b, clock, bob, "C1", "/game deadline hours:48 then:remind")
	if !r.Messages[0].Ephemeral || peek(b, "C1").SegmentHours != 0 {
		t.Fatalf("Bob's differing answer: %q", txt(r))
	}
	expect(t, txt(r), "standing proposal is /game deadline hours:72 then:remind")
	if strings.Contains(txt(r), "Only a referee") {
		t.Errorf("Bob is told only a referee may: %q", txt(r))
	}
	for _, who := range []string{"alice", "bob"} {
		u := alice
		if who == "bob" {
			u = bob
		}
		expect(t, txt(act(t, b, clock, u, "C1", "/game status")), "Proposed by the Allied side: /game deadline hours:72 then:remind")
	}
	// The segment ends: the proposal lapses.
	g := peek(b, "C1")
	mover := alice
	if g.State.ToMove() == units.German {
		mover = bob
	}
	seg := games.SegmentOf(g.State)
	act(t, b, clock, mover, "C1", "/game setup")
	if r := act(t, b, clock, mover, "C1", "/end"); games.SegmentOf(peek(b, "C1").State) == seg {
		t.Fatalf("the segment did not end: %q", txt(r))
	}
	r = act(t, b, clock, bob, "C1", "/game deadline hours:72 then:remind")
	expect(t, txt(r), "lapsed at the end of the segment")
	if st := txt(act(t, b, clock, bob, "C1", "/game status")); strings.Contains(st, "Proposed by") {
		t.Errorf("the status shows a lapsed proposal: %q", st)
	}
}
