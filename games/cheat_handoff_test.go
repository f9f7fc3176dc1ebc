package games

import (
	"context"
	"strings"
	"testing"

	"rtrbot/actor"
	"rtrbot/i18n"
)

// handOn has from offer his seat to to, and to accept it.
func handOn(t *testing.T, s *Service, from, to actor.Actor) {
	t.Helper()
	ctx := context.Background()
	if _, err := s.Replace(ctx, from, at, from.ID, to.ID, "", t0, nil); err == nil || !strings.Contains(err.Error(), "offer") {
		t.Fatalf("%s's hand-off was no offer: %v", from.Name, err)
	}
	if _, err := s.Replace(ctx, to, at, from.ID, to.ID, "", t0, nil); err != nil {
		t.Fatalf("%s's acceptance: %v", to.Name, err)
	}
}

// A seat's holder hands it to someone who does not want it: nothing
// changes until the person named accepts, in his own name; nobody else
// (the holder's opponent, a third person) accepts for him; a seat is never
// handed to a person named as the computer is ("rtrbot"), whoever asks.
func TestCheatHandSeatWithoutConsent(t *testing.T) {
	ctx := context.Background()
	s := service(t) // Alice plays the Allies, Bob the Germans
	playSome(t, s, at)
	dave := actor.Actor{ID: "444", Name: "Dave"}
	seats := func() string {
		g := s.Peek(ctx, "C1")
		var out []string
		for _, p := range g.Players {
			out = append(out, p.UserID+"="+p.Side)
		}
		return strings.Join(out, " ")
	}
	before := seats()
	_, err := s.Replace(ctx, alice, at, alice.ID, dave.ID, "Dave", t0, nil)
	if err == nil || seats() != before {
		t.Fatalf("Alice's seat went to Dave without his consent: %v (%s)", err, seats())
	}
	if ja := i18n.Message(err, i18n.JA); !strings.Contains(ja, "/game replace player:Alice by:444") {
		t.Errorf("the offer does not say how Dave accepts: %s", ja)
	}
	// Someone else accepts the offer meant for Dave: Carol naming Dave,
	// Carol naming herself, Bob naming Dave.
	for _, try := range []struct {
		who actor.Actor
		by  string
	}{{carol, dave.ID}, {carol, carol.ID}, {bob, dave.ID}} {
		if _, err := s.Replace(ctx, try.who, at, alice.ID, try.by, "", t0, nil); err == nil || seats() != before {
			t.Errorf("%s accepted the offer meant for Dave (by:%s): %v (%s)", try.who.Name, try.by, err, seats())
		}
	}
	// Dave accepts: he takes the seat under his own name.
	if _, err := s.Replace(ctx, dave, at, alice.ID, dave.ID, "", t0, nil); err != nil {
		t.Fatalf("Dave's acceptance: %v", err)
	}
	if side, ok := s.Peek(ctx, "C1").SideOf(dave.ID); !ok || side.String() != "allied" {
		t.Fatalf("Dave does not hold the Allied seat: %s", seats())
	}
	// The offer is used up: Alice, seatless, cannot use it again.
	if _, err := s.Replace(ctx, dave, at, alice.ID, dave.ID, "", t0, nil); err == nil {
		t.Error("an accepted offer was accepted again")
	}

	// by:rtrbot (or the computer's display name) seats no person, whoever
	// asks, a neutral referee included.
	mona := actor.Actor{ID: "901", Name: "Mona", Manager: true}
	before = seats()
	for _, try := range []struct {
		who      actor.Actor
		by, name string
	}{{bob, "rtrbot", ""}, {bob, "RTRBOT", ""}, {bob, "555", "rtrbot (heuristic)"}, {mona, "rtrbot", ""}, {mona, "bot:heuristic", ""}} {
		_, err := s.Replace(ctx, try.who, at, bob.ID, try.by, try.name, t0, nil)
		if err == nil || seats() != before || !strings.Contains(i18n.Message(err, i18n.EN), "computer's name") {
			t.Errorf("%s by:%s name:%s: %v (%s)", try.who.Name, try.by, try.name, err, seats())
		}
	}
}
