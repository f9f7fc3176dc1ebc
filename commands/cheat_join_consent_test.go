package commands

import (
	"context"
	"strings"
	"testing"

	"rtrbot/actor"
	"rtrbot/i18n"
)

// Red team on seating another person: Bob (German) adds Dave beside him
// with /game join side:german user:. It is an offer, said in the channel
// naming Dave, with a button only Dave's press takes: Carol's press, and
// Carol's own /game join, seat nobody. Bob hands his seat to Carol and
// Alice hers to Carol: offers too. Adding the computer, under any of its
// names, is refused privately, saying what would be right; naming oneself
// is one's own join.
func TestCheatJoinUserNeedsConsent(t *testing.T) {
	b, clock := openedGame(t)
	dave := actor.Actor{ID: "444", Name: "Dave"}
	press := func(who actor.Actor, btn Button) *Response {
		t.Helper()
		return b.Router.Run(context.Background(), &Request{Path: btn.Path, Options: btn.Options, Bound: btn.Bound, Guild: "G1", Channel: "C1", Lang: i18n.EN, User: who, Now: clock.Now()})
	}
	seated := func(id string) bool { _, ok := peek(b, "C1").SideOf(id); return ok }

	r := act(t, b, clock, bob, "C1", "/game join side:german user:444")
	if seated(dave.ID) {
		t.Fatalf("Bob seated Dave without his consent: %q", txt(r))
	}
	if len(r.Messages) == 0 || r.Messages[0].Ephemeral || len(r.Messages[0].Buttons) != 1 {
		t.Fatalf("the offer is not said in the channel with a button: %+v", r)
	}
	expect(t, r.Messages[0].Text, "<@444>", "/game join side:german")
	btn := r.Messages[0].Buttons[0]
	if btn.Label != "Take the seat" {
		t.Errorf("the button reads %q", btn.Label)
	}
	if r := press(carol, btn); seated(carol.ID) || !r.Messages[0].Ephemeral {
		t.Fatalf("Carol's press of Dave's button: %q", txt(r))
	}
	if r := act(t, b, clock, carol, "C1", "/game join side:german"); seated(carol.ID) || !r.Messages[0].Ephemeral {
		t.Fatalf("Carol joined by herself: %q", txt(r))
	}
	r = press(dave, btn)
	if !seated(dave.ID) {
		t.Fatalf("Dave's press did not seat him: %q", txt(r))
	}
	expect(t, txt(r), "Dave joins the German side")

	// Seat hand-offs name another person: offers.
	act(t, b, clock, bob, "C1", "/game replace player:222 by:333")
	act(t, b, clock, alice, "C1", "/game replace player:111 by:333")
	if seated(carol.ID) {
		t.Fatal("a hand-off seated Carol without her consent")
	}

	// The computer is never added.
	for _, name := range []string{"bot:heuristic", "rtrbot", "console:rtrbot"} {
		r := act(t, b, clock, alice, "C1", "/game join side:allied user:"+name)
		if !r.Messages[0].Ephemeral || len(r.Messages[0].Buttons) > 0 {
			t.Errorf("adding %q is not refused privately: %+v", name, r)
		}
		expect(t, txt(r), "/game new vs:bot")
		if _, _, ok := peek(b, "C1").Bot(); ok {
			t.Fatalf("%q seated the computer", name)
		}
	}
	// Naming oneself: one's own join (here refused: she already plays).
	r = act(t, b, clock, alice, "C1", "/game join side:allied user:111")
	if !strings.Contains(txt(r), "You already play the Allied side") {
		t.Errorf("naming oneself is not one's own join: %q", txt(r))
	}
}
