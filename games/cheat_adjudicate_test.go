package games

import (
	"context"
	"testing"

	"rtrbot/ai"
)

// Adjudication's cheats: a referee who does not play, a computer's ID and
// a player asking twice cannot end the game; a player-referee asks only
// for her own side; the clock's adjudication ends only the game it was
// told of.
func TestCheatAdjudication(t *testing.T) {
	s := sandbox(t, "scenario standard\nstep movement-1\nplayer german\n2621: G-III\n2619: F-XX\n")
	s.SetAdjudication(ai.AdjudicateConfig{PlayOuts: 1, Level: "heuristic"})
	ctx := context.Background()
	ref := carol
	ref.Manager = true // a server manager: a referee who plays neither side
	for _, a := range []struct {
		who  string
		name string
	}{{ref.ID, "a neutral referee"}, {BotPrefix + "search", "a computer's ID"}} {
		who := ref
		who.ID = a.who
		if _, err := s.AskAdjudication(ctx, who, at, nil); err == nil {
			t.Errorf("%s asked for adjudication", a.name)
		}
	}
	// Alice (the Allies, and the game's creator) asks twice: she asks
	// only for her own side, and the game goes on.
	for i := 0; i < 2; i++ {
		x, err := s.AskAdjudication(ctx, alice, at, nil)
		if err != nil || x.Agreed || x.Side.String() != "allied" {
			t.Fatalf("Alice's ask %d: %+v, %v", i, x, err)
		}
	}
	if g := s.Peek(ctx, "C1"); g == nil || g.Status != Active {
		t.Fatal("one side's asks ended the game")
	}
	// The clock's adjudication of another game's number ends nothing.
	id := s.Peek(ctx, "C1").ID
	if _, _, err := s.AdjudicateAtLimit(ctx, at, id+1); err == nil {
		t.Fatal("the clock adjudicated the game of another number")
	}
	if s.Peek(ctx, "C1") == nil {
		t.Fatal("the game ended")
	}
	g, res, err := s.AdjudicateAtLimit(ctx, at, id)
	if err != nil || g.Status != Finished || res.PlayOuts != 1 {
		t.Fatalf("the clock's adjudication: %+v, %v", res, err)
	}
	if a, ok := g.Adjudicated(); !ok || a.Margin != res.Margin || a.Level != res.Level || a.PlayOuts != 1 {
		t.Fatalf("marked %+v, adjudicated %+v", a, res)
	}
	if _, err := s.AskAdjudication(ctx, bob, at, nil); err == nil {
		t.Fatal("a player asked for adjudication of a game already over")
	}
}

// A stored adjudication reads back as it was.
func TestAdjudicationStored(t *testing.T) {
	a := ai.Adjudication{Winner: 1, Level: 2, Margin: -120, Q1: -140, Q3: -90, Wins: [2]int{1, 6}, Draws: 2, PlayOuts: 9, Iterations: 2}
	b, ok := DecodeAdjudication(EncodeAdjudication(a))
	if !ok || b.Winner != a.Winner || b.Level != a.Level || b.Margin != a.Margin || b.Q1 != a.Q1 || b.Q3 != a.Q3 || b.Wins != a.Wins || b.Draws != a.Draws || b.PlayOuts != a.PlayOuts || b.Iterations != a.Iterations {
		t.Fatalf("%+v read back as %+v (%v)", a, b, ok)
	}
	if _, ok := DecodeAdjudication("german 1 2"); ok {
		t.Fatal("a short record was read")
	}
}
