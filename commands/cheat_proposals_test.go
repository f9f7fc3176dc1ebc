package commands

import (
	"context"
	"testing"

	"rtrbot/actor"
	"rtrbot/games"
	"rtrbot/i18n"
)

// Red team on proposals: Alice (the creator, playing the Allies against
// Bob) repeats her pause proposal: the repeat is private and pings nobody.
// Carol, a spectator, cannot withdraw it (her /game resume changes
// nothing). Once Alice withdraws it, Bob's press of the old button
// answers privately that it no longer stands, and the game is not paused.
func TestCheatProposalRepeatAndWithdraw(t *testing.T) {
	b, clock := openedGame(t)
	press := func(who actor.Actor, btn Button) *Response {
		t.Helper()
		return b.Router.Run(context.Background(), &Request{Path: btn.Path, Options: btn.Options, Bound: btn.Bound, Guild: "G1", Channel: "C1", Lang: i18n.EN, User: who, Now: clock.Now()})
	}
	r := act(t, b, clock, alice, "C1", "/game pause")
	if len(r.Messages) == 0 || r.Messages[0].Ephemeral || len(r.Messages[0].Buttons) == 0 {
		t.Fatalf("the proposal is not public with a button: %+v", r)
	}
	btn := r.Messages[0].Buttons[0]
	r = act(t, b, clock, alice, "C1", "/game pause")
	if !r.Messages[0].Ephemeral || len(r.Messages[0].Buttons) > 0 {
		t.Fatalf("the repeated proposal was posted again: %+v", r)
	}
	expect(t, txt(r), "stands already", "/game resume")
	if r := act(t, b, clock, carol, "C1", "/game resume"); !r.Messages[0].Ephemeral {
		t.Fatalf("Carol's /game resume was public: %q", txt(r))
	}
	if peek(b, "C1").Meta[games.MetaAgree+"pause"] == "" {
		t.Fatal("Carol withdrew Alice's proposal")
	}
	// Alice withdraws it (the segment's end makes it lapse the same way:
	// games' TestProposalsAndOffersLapse); Bob presses the old button.
	r = act(t, b, clock, alice, "C1", "/game resume")
	if !r.Messages[0].Ephemeral {
		t.Fatalf("the withdrawal was public: %q", txt(r))
	}
	expect(t, txt(r), "withdrawn")
	r = press(bob, btn)
	if !r.Messages[0].Ephemeral || peek(b, "C1").Paused() {
		t.Fatalf("Bob's press of a lapsed proposal: %q", txt(r))
	}
	expect(t, txt(r), "no longer stands")
}
