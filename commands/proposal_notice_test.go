package commands

import (
	"context"
	"strings"
	"testing"

	"rtrbot/actor"
	"rtrbot/i18n"
)

// A two-sided decision waiting for the other person is told in the game's
// channel, naming him, with the button that agrees: Alice (the creator,
// playing the Allies against Bob) proposes a pause, Bob presses the
// button and the game is paused; the same for the resume. Bob offers his
// seat to Dave: the offer is public, with a button that Carol's press
// does not take and Dave's does. Each reader gets his own language.
func TestProposalsReachTheOtherSide(t *testing.T) {
	b, clock := openedGame(t)
	press := func(who actor.Actor, btn Button) *Response {
		t.Helper()
		return b.Router.Run(context.Background(), &Request{Path: btn.Path, Options: btn.Options, Guild: "G1", Channel: "C1", Lang: i18n.EN, User: who, Now: clock.Now()})
	}
	public := func(r *Response, want ...string) Button {
		t.Helper()
		if r == nil || len(r.Messages) == 0 || r.Messages[0].Ephemeral || len(r.Messages[0].Buttons) == 0 {
			t.Fatalf("the proposal is not public with a button: %+v", r)
		}
		expect(t, r.Messages[0].Text, want...)
		return r.Messages[0].Buttons[0]
	}
	btn := public(act(t, b, clock, alice, "C1", "/game pause"), "<@222>", "proposes to pause", "/game pause")
	if peek(b, "C1").Paused() {
		t.Fatal("a proposal paused the game")
	}
	expect(t, txt(press(bob, btn)), "paused the game")
	if !peek(b, "C1").Paused() {
		t.Fatal("Bob's press did not agree")
	}
	btn = public(act(t, b, clock, alice, "C1", "/game resume"), "<@222>", "/game resume")
	expect(t, txt(press(bob, btn)), "resumed the game")

	ja := actIn(t, b, clock, alice, "C1", "/game deadline hours:24 then:end", i18n.JA)
	public(ja, "<@222>", "提案しました", "/game deadline hours:24 then:end")

	dave, carol := actor.Actor{ID: "444", Name: "Dave"}, actor.Actor{ID: "333", Name: "Carol"}
	btn = public(act(t, b, clock, bob, "C1", "/game replace player:Bob by:444 name:Dave"), "<@444>", "offers the German seat", "/game replace player:Bob by:444")
	if _, ok := peek(b, "C1").SideOf("444"); ok {
		t.Fatal("an offer seated Dave")
	}
	// the button carries IDs only, so that it fits Discord's 100
	// characters of a custom ID whatever names were typed
	if len(btn.Options) != 2 || btn.Options["player"] != "222" || btn.Options["by"] != "444" {
		t.Fatalf("the offer's button carries %v", btn.Options)
	}
	if r := press(carol, btn); r.Messages[0].Ephemeral == false || strings.Contains(txt(r), "place on the German side") {
		t.Fatalf("Carol took Dave's offer: %q", txt(r))
	}
	if _, ok := peek(b, "C1").SideOf("333"); ok {
		t.Fatal("Carol holds a seat")
	}
	// A new offer replaces the earlier one; the holder may take his back.
	erin := actor.Actor{ID: "555", Name: "Erin"}
	btnErin := public(act(t, b, clock, bob, "C1", "/game replace player:Bob by:555"), "<@555>", "take the offer back")
	if r := press(dave, btn); !r.Messages[0].Ephemeral {
		t.Fatalf("Dave took an offer replaced by Erin's: %q", txt(r))
	}
	expect(t, txt(act(t, b, clock, bob, "C1", "/game replace player:Bob by:Bob")), "withdrawn")
	if r := press(erin, btnErin); !r.Messages[0].Ephemeral {
		t.Fatalf("Erin took a withdrawn offer: %q", txt(r))
	}
	expect(t, txt(act(t, b, clock, bob, "C1", "/game replace player:Bob by:Bob")), "offered it to nobody")
	if _, ok := peek(b, "C1").SideOf("222"); !ok {
		t.Fatal("Bob lost his seat")
	}
	btn = public(act(t, b, clock, bob, "C1", "/game replace player:Bob by:444"), "<@444>")
	expect(t, txt(press(dave, btn)), "<@444> takes <@222>'s place on the German side.")
	if _, ok := peek(b, "C1").SideOf("444"); !ok {
		t.Fatal("Dave's press did not seat him")
	}
}
