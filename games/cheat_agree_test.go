package games

import (
	"context"
	"strings"
	"testing"
	"time"

	"rtrbot/actor"
	"rtrbot/i18n"
)

// Alice created the game and plays the Allies against Bob, a person: she
// may not pause it or set its deadline alone (she would stop or shorten
// Bob's clock). Her command is a proposal, said privately, and nothing
// changes until Bob gives the same command; Bob cannot start one himself
// (he referees nothing), and agreeing to a different value is no
// agreement. A neutral referee decides alone; so does a player against
// the computer.
func TestPauseNeedsTheOpponent(t *testing.T) {
	ctx := context.Background()
	s := service(t)
	peek := func() *Game { return s.Peek(ctx, "C1") }
	_, err := s.Pause(ctx, alice, at, true)
	if err == nil || peek().Paused() {
		t.Fatalf("Alice paused a game against Bob alone: %v", err)
	}
	if msg := i18n.Message(err, i18n.EN); !strings.Contains(msg, "/game pause") || !strings.Contains(i18n.Message(err, i18n.JA), "同意") {
		t.Errorf("the answer does not say how to get Bob's agreement: %s", msg)
	}
	if _, err := s.Pause(ctx, alice, at, true); err == nil || peek().Paused() {
		t.Errorf("Alice's second pause counted as an agreement: %v", err)
	}
	if _, err := s.Pause(ctx, bob, at, true); err != nil || !peek().Paused() {
		t.Fatalf("Bob's agreement did not pause the game: %v", err)
	}
	// Resuming is two-sided too, and Bob, who referees nothing, may not
	// start it.
	if _, err := s.Pause(ctx, bob, at, false); err == nil || !peek().Paused() {
		t.Errorf("Bob resumed alone: %v", err)
	}
	if _, err := s.Pause(ctx, alice, at, false); err == nil || !peek().Paused() {
		t.Errorf("Alice resumed alone: %v", err)
	}
	if _, err := s.Pause(ctx, bob, at, false); err != nil || peek().Paused() {
		t.Errorf("Bob's agreement did not resume: %v", err)
	}

	// The deadline: Alice proposes 1 hour; Bob's 48 hours is no agreement
	// to it; his 1 hour is.
	if _, err := s.SetDeadline(ctx, alice, at, 1, "end", t0); err == nil || peek().SegmentHours != 0 {
		t.Fatalf("Alice set a deadline against Bob alone: %v", err)
	}
	if _, err := s.SetDeadline(ctx, bob, at, 48, "end", t0); err == nil || peek().SegmentHours != 0 {
		t.Errorf("Bob's different deadline was taken as agreement: %v", err)
	}
	if _, err := s.SetDeadline(ctx, bob, at, 1, "end", t0); err != nil || peek().SegmentHours != 1 {
		t.Errorf("Bob's agreement did not set the deadline: %v", err)
	}

	// A neutral referee decides alone.
	mona := actor.Actor{ID: "901", Name: "Mona", Manager: true}
	if _, err := s.Pause(ctx, mona, at, true); err != nil || !peek().Paused() {
		t.Errorf("the neutral referee's pause: %v", err)
	}
	if _, err := s.SetDeadline(ctx, mona, at, 0, "", t0.Add(time.Hour)); err != nil || peek().SegmentHours != 0 {
		t.Errorf("the neutral referee's deadline: %v", err)
	}

	// Against the computer, the player decides alone.
	c := vsBot(t, 7)
	if _, err := c.Pause(ctx, alice, at, true); err != nil || !c.Peek(ctx, "C1").Paused() {
		t.Errorf("Alice against the computer may pause alone: %v", err)
	}
	if _, err := c.SetDeadline(ctx, alice, at, 24, "remind", t0); err != nil {
		t.Errorf("Alice against the computer may set a deadline alone: %v", err)
	}
}
