package games

import (
	"context"
	"errors"
	"strings"
	"testing"

	"rtrbot/engine/game"
	"rtrbot/engine/hex"
	"rtrbot/engine/units"
)

// The cheat suite: each way a player once acted for the other side, took
// a seat, chose the dice or undid the other side is tried here and must
// fail, leaving the game as it was. (The dice: dice_test.go; the privacy
// of answers: commands/privacy_test.go and discord/privacy_test.go.)

// sandbox loads a position in C1 (Alice creates it, so she referees) and
// seats Alice on the Allies and Bob on the Germans.
func sandbox(t *testing.T, pos string) *Service {
	t.Helper()
	s, _, _ := freshTable(t)
	ctx := context.Background()
	if _, err := s.LoadPosition(ctx, alice, at, false, false, func() ([]byte, error) { return []byte(pos), nil }); err != nil {
		t.Fatal(err)
	}
	seat(t, s)
	return s
}

// unchanged fails the test if the game's position moved.
func unchanged(t *testing.T, s *Service, before string, what string) {
	t.Helper()
	if after := s.Peek(context.Background(), "C1").State.Position(); after != before {
		t.Errorf("%s changed the game", what)
	}
}

// A player who is also a referee (the game's creator) cannot act for the
// other side: a fix from her is only a proposal the other side must
// confirm; she cannot give the other side's seat away, nor take the
// running seed by an export.
func TestCheatPlayerRefereeActsForTheOtherSide(t *testing.T) {
	s := sandbox(t, "scenario standard\nstep movement-1\nplayer german\n2621: G-III\n2619: F-XX\n")
	ctx := context.Background()
	before := s.Peek(context.Background(), "C1").State.Position()
	move := func(toMove units.Side) ([]Pending, error) {
		o, err := game.ParseOrder("german move G-III 2721")
		return []Pending{{Order: o}}, err
	}
	_, err := s.Fix(ctx, alice, at, t0, move)
	var prop *FixProposal
	if !errors.As(err, &prop) || prop.Side != units.Allied {
		t.Fatalf("Alice's fix: %v, want a proposal of the Allied player", err)
	}
	unchanged(t, s, before, "a player-referee's fix")
	// Alice cannot confirm her own proposal.
	if _, err := s.Fix(ctx, alice, at, t0, move); !errors.As(err, &prop) {
		t.Fatalf("Alice confirming her own fix: %v", err)
	}
	unchanged(t, s, before, "a player-referee confirming her own fix")
	if _, err := s.Replace(ctx, alice, at, "Bob", "333", "Carol", t0, nil); err == nil || !strings.Contains(err.Error(), "neither side") {
		t.Errorf("Alice gave Bob's seat away: %v", err)
	}
	if g := s.Peek(context.Background(), "C1"); len(g.PlayersOf(units.German)) != 1 || g.PlayersOf(units.German)[0].UserID != bob.ID {
		t.Errorf("the German seat moved: %+v", g.Players)
	}
	if _, err := s.Export(ctx, alice, at); err == nil {
		t.Error("a player exported the running game, with its seed")
	}
	// The German player confirms the same fix: now it is applied.
	if _, err := s.Fix(ctx, bob, at, t0, move); err != nil {
		t.Fatalf("Bob confirming: %v", err)
	}
	if s.Peek(context.Background(), "C1").State.Position() == before {
		t.Error("a fix confirmed by both sides was not applied")
	}
}

// Nobody takes a seat once the game runs: a spectator cannot join a side
// that has begun, nor a side somebody holds.
func TestCheatSpectatorTakesASeat(t *testing.T) {
	s := service(t)
	ctx := context.Background()
	if _, err := s.Orders(ctx, alice, at, t0, []Pending{{Order: game.AutoSetup()}}, false); err != nil {
		t.Fatal(err)
	}
	for _, side := range []string{"german", "allied"} {
		if _, err := s.Join(ctx, carol, at, side, t0, nil); err == nil {
			t.Errorf("Carol took a %s seat in a running game", side)
		}
	}
	if _, ok := s.Peek(context.Background(), "C1").SideOf(carol.ID); ok {
		t.Fatal("Carol plays")
	}
	// A hot-seat game that began: its sides are taken only by a neutral
	// referee's hand.
	h, _, _ := freshTable(t)
	if _, err := h.NewGame(ctx, alice, at, NewGame{Scenario: "standard", Seed: 9, SeedGiven: true}); err != nil {
		t.Fatal(err)
	}
	if _, err := h.Orders(ctx, carol, at, t0, []Pending{{Order: game.AutoSetup()}}, false); err != nil {
		t.Fatal(err)
	}
	if _, err := h.Join(ctx, carol, at, "allied", t0, nil); err == nil || !strings.Contains(err.Error(), "begun") {
		t.Errorf("Carol took the Allied seat after its setup: %v", err)
	}
	if _, err := h.Join(ctx, carol, at, "german", t0, nil); err != nil {
		t.Errorf("the German seat before its first order: %v", err)
	}
}

// One side cannot undo the other: after the Allied player chose a
// retreat, the German player's undo is refused and the retreat stands.
func TestCheatUndoTheOtherSide(t *testing.T) {
	s := sandbox(t, "scenario standard\nstep combat-1\nplayer german\nretreat F-66R\n2620: F-66R\n2621: G-III\n")
	ctx := context.Background()
	var done bool
	for _, nb := range hex.MustParse("2620").Neighbors() {
		o := game.Retreat("F-66R", nb).By(units.Allied)
		if game.Check(s.Peek(context.Background(), "C1").State, o) != nil {
			continue
		}
		if _, err := s.Orders(ctx, alice, at, t0, []Pending{{Order: o, Named: true}}, false); err != nil {
			t.Fatalf("the retreat: %v", err)
		}
		done = true
		break
	}
	if !done {
		t.Fatal("no legal retreat for F-66R")
	}
	before := s.Peek(context.Background(), "C1").State.Position()
	if _, err := s.Undo(ctx, bob, at); err == nil || !strings.Contains(err.Error(), "only your own side's") {
		t.Errorf("Bob undid the Allied retreat: %v", err)
	}
	unchanged(t, s, before, "the German undo")
}
