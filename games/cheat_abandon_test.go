package games

import (
	"context"
	"strings"
	"testing"

	"rtrbot/actor"
)

// A player who is also the game's referee (its creator) and is losing
// cannot escape the loss by abandoning the game: an abandoned game has no
// result and is not rated. Past the setup, against a person, his abandon
// is his side's resignation, and replacing the game (/game new
// replace:true, which abandons it) is refused. A referee who plays
// neither side still abandons without a result.
func TestCheatPlayerRefereeAbandonsHisGame(t *testing.T) {
	ctx := context.Background()
	s := service(t) // Alice created the game and plays the Allies; Bob the Germans
	playSome(t, s, at)
	id := s.Peek(ctx, "C1").ID

	if _, err := s.Abandon(ctx, bob, at); err == nil {
		t.Fatal("Bob, a player who does not referee, abandoned the game")
	}
	if _, err := s.NewGame(ctx, alice, at, NewGame{Scenario: "standard", Replace: true}); err == nil {
		t.Fatal("Alice replaced her running game against Bob: it was abandoned without a result")
	}
	if g := s.Peek(ctx, "C1"); g == nil || g.ID != id || g.Status != Active {
		t.Fatalf("the refused replace changed the game: %+v", g)
	}
	g, err := s.Abandon(ctx, alice, at)
	if err != nil {
		t.Fatal(err)
	}
	if g.Status != Finished || g.Meta[MetaResigned] != "allied" {
		t.Fatalf("Alice's abandon of her game past the setup: status %q, resigned %q; want finished, the Allies resigned", g.Status, g.Meta[MetaResigned])
	}

	// A server manager who plays neither side abandons without a result.
	s2 := service(t)
	playSome(t, s2, at)
	manager := carol
	manager.Manager = true
	g, err = s2.Abandon(ctx, manager, at)
	if err != nil {
		t.Fatal(err)
	}
	if g.Status != Abandoned || g.Meta[MetaResigned] != "" {
		t.Fatalf("a neutral referee's abandon: status %q, resigned %q; want abandoned without a result", g.Status, g.Meta[MetaResigned])
	}
}

// A player who referees hands his own seat to someone else past the
// setup, then abandons as if he were neutral: the result would vanish
// (or fall on the player he handed it to). Refused: he held a side
// (MetaLeft), and the game goes on.
func TestCheatHandSeatOnThenAbandon(t *testing.T) {
	ctx := context.Background()
	s := service(t) // Alice created the game and plays the Allies; Bob the Germans
	playSome(t, s, at)
	handOn(t, s, alice, actor.Actor{ID: "444", Name: "Dave"})
	if _, plays := s.Peek(ctx, "C1").SideOf(alice.ID); plays {
		t.Fatal("Alice still plays after handing her seat on")
	}
	if _, err := s.Abandon(ctx, alice, at); err == nil || !strings.Contains(err.Error(), "handed your seat on") {
		t.Fatalf("Alice abandoned the game whose seat she handed on: %v", err)
	}
	if g := s.Peek(ctx, "C1"); g == nil || g.Status != Active {
		t.Fatal("the refused abandon ended the game")
	}
}
