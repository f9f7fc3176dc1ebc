package games

import (
	"context"
	"errors"
	"strings"
	"testing"

	"rtrbot/actor"
	"rtrbot/engine/game"
	"rtrbot/engine/units"
	"rtrbot/i18n"
)

// endSegment has the side to move end its segment (setting up first, if
// it is the setup).
func endSegment(t *testing.T, s *Service) {
	t.Helper()
	ctx := context.Background()
	g := s.Peek(ctx, "C1")
	who := alice
	if g.State.ToMove() == units.German {
		who = bob
	}
	var lines []Pending
	if g.State.Step == game.SetupStep && !g.Started(g.State.ToMove()) {
		lines = append(lines, Pending{Order: game.AutoSetup()})
	}
	lines = append(lines, Pending{Order: game.End()})
	if _, err := s.Orders(ctx, who, at, t0, lines, true); err != nil {
		t.Fatalf("ending the segment: %v", err)
	}
}

func isProposal(err error) bool {
	var p *Proposal
	return errors.As(err, &p)
}

// Alice, who created the game and plays the Allies against Bob, proposes
// a pause: a repeat of it asks Bob nothing again and says how to withdraw
// it; asking for what is in force (/game resume) withdraws it, after which
// Bob's command is no agreement. She makes at most MaxProposals deadline
// proposals in a segment, each a ping to Bob.
func TestProposalRepeatWithdrawCap(t *testing.T) {
	ctx := context.Background()
	s := service(t)
	peek := func() *Game { return s.Peek(ctx, "C1") }
	if _, err := s.Pause(ctx, alice, at, true); !isProposal(err) {
		t.Fatalf("Alice's pause is no proposal: %v", err)
	}
	_, err := s.Pause(ctx, alice, at, true)
	if err == nil || isProposal(err) || !strings.Contains(i18n.Message(err, i18n.EN), "/game resume") || !strings.Contains(i18n.Message(err, i18n.JA), "/game resume") {
		t.Fatalf("Alice's repeated pause is not refused saying how to withdraw it: %v", err)
	}
	_, err = s.Pause(ctx, alice, at, false)
	if err == nil || !strings.Contains(i18n.Message(err, i18n.EN), "withdrawn") || peek().Paused() {
		t.Fatalf("Alice's /game resume did not withdraw her pause proposal: %v", err)
	}
	if _, err := s.Pause(ctx, bob, at, true); err == nil || peek().Paused() {
		t.Fatalf("Bob agreed to a withdrawn proposal: %v", err)
	}
	for h := 1; h <= MaxProposals; h++ {
		if _, err := s.SetDeadline(ctx, alice, at, h, "remind", t0); !isProposal(err) {
			t.Fatalf("Alice's deadline proposal %d: %v", h, err)
		}
	}
	_, err = s.SetDeadline(ctx, alice, at, 9, "remind", t0)
	if err == nil || isProposal(err) || !strings.Contains(i18n.Message(err, i18n.EN), "the most one player may") {
		t.Fatalf("Alice's proposal beyond the cap was not refused: %v", err)
	}
	// Her last one stands: Bob agrees to it.
	if _, err := s.SetDeadline(ctx, bob, at, MaxProposals, "remind", t0); err != nil || peek().SegmentHours != MaxProposals {
		t.Fatalf("Bob's agreement to the last proposal: %v", err)
	}
	// The cap is a segment's: the next segment she may propose again.
	endSegment(t, s)
	if _, err := s.SetDeadline(ctx, alice, at, 9, "remind", t0); !isProposal(err) {
		t.Fatalf("Alice's proposal in the next segment: %v", err)
	}
}

// A proposal and a seat offer lapse at the end of their segment: the
// other side's command is then no agreement, a press of the old button
// answers that it lapsed, and the person offered a seat cannot take it.
func TestProposalsAndOffersLapse(t *testing.T) {
	ctx := context.Background()
	s := service(t)
	peek := func() *Game { return s.Peek(ctx, "C1") }
	dave := actor.Actor{ID: "444", Name: "Dave"}
	if _, err := s.Pause(ctx, alice, at, true); !isProposal(err) {
		t.Fatalf("Alice's pause is no proposal: %v", err)
	}
	if _, err := s.Replace(ctx, alice, at, alice.ID, dave.ID, "", t0, nil); !isProposal(err) {
		t.Fatalf("Alice's offer to Dave: %v", err)
	}
	endSegment(t, s)
	press := Bind(ctx, BindingFor(peek(), nil, false), bob.ID)
	_, err := s.Pause(press, bob, at, true)
	if err == nil || peek().Paused() || !strings.Contains(i18n.Message(err, i18n.EN), "no longer stands") {
		t.Fatalf("Bob's press of a lapsed proposal: %v", err)
	}
	if _, err := s.Pause(ctx, bob, at, true); err == nil || peek().Paused() {
		t.Fatalf("Bob's command agreed to a lapsed proposal: %v", err)
	}
	_, err = s.Replace(ctx, dave, at, alice.ID, dave.ID, "", t0, nil)
	if err == nil || !strings.Contains(i18n.Message(err, i18n.EN), "no longer stands") {
		t.Fatalf("Dave's acceptance of a lapsed offer: %v", err)
	}
	if side, ok := peek().SideOf(alice.ID); !ok || side != units.Allied {
		t.Fatalf("Alice lost her seat by a lapsed offer")
	}
	// Made anew in this segment, both stand.
	if _, err := s.Replace(ctx, alice, at, alice.ID, dave.ID, "", t0, nil); !isProposal(err) {
		t.Fatalf("Alice's new offer to Dave: %v", err)
	}
	if _, err := s.Replace(ctx, dave, at, alice.ID, dave.ID, "", t0, nil); err != nil {
		t.Fatalf("Dave's acceptance of a standing offer: %v", err)
	}
}
