package games

import (
	"context"
	"strings"
	"testing"

	"rtrbot/actor"
	"rtrbot/i18n"
)

// A neutral referee seats nobody unwilling: his giving of Alice's seat to
// Dave is an offer, which only Dave accepts, in his own name; his taking
// of a seat himself is at once (he consents).
func TestRefereeSeatsNobodyUnwilling(t *testing.T) {
	ctx := context.Background()
	s := service(t) // Alice plays the Allies, Bob the Germans
	playSome(t, s, at)
	mona := actor.Actor{ID: "901", Name: "Mona", Manager: true}
	dave := actor.Actor{ID: "444", Name: "Dave"}
	seated := func(id string) bool { _, ok := s.Peek(ctx, "C1").SideOf(id); return ok }
	_, err := s.Replace(ctx, mona, at, alice.ID, dave.ID, "Dave", t0, nil)
	if !isProposal(err) || seated(dave.ID) || !seated(alice.ID) {
		t.Fatalf("the referee seated Dave without his consent: %v", err)
	}
	if ja := i18n.Message(err, i18n.JA); !strings.Contains(ja, "/game replace player:Alice by:444") {
		t.Errorf("the referee's answer does not say how Dave accepts: %s", ja)
	}
	if _, err := s.Replace(ctx, carol, at, alice.ID, dave.ID, "", t0, nil); err == nil || seated(dave.ID) {
		t.Fatalf("Carol accepted the seat for Dave: %v", err)
	}
	if _, err := s.Replace(ctx, dave, at, alice.ID, dave.ID, "", t0, nil); err != nil || !seated(dave.ID) || seated(alice.ID) {
		t.Fatalf("Dave's acceptance: %v", err)
	}
	// The referee takes the Allied seat himself: at once.
	if _, err := s.Replace(ctx, mona, at, dave.ID, mona.ID, "", t0, nil); err != nil || !seated(mona.ID) {
		t.Fatalf("the referee taking a seat himself: %v", err)
	}
}
