package ai

import (
	"testing"

	"rtrbot/engine/game"
	"rtrbot/engine/turn"
	"rtrbot/engine/units"
)

// movementPosition is a German first movement segment of the second turn,
// reached by random play from seed 5.
func movementPosition(b *testing.B) *game.State {
	r := rules(b)
	s, err := game.New(r, 5, nil)
	if err != nil {
		b.Fatal(err)
	}
	var players [2]Player
	for side := range players {
		players[side], _ = New("random", Config{Side: units.Side(side), Seed: 5})
	}
	seen := false
	var first turn.Turn
	for s.Step != game.GameOver {
		side := s.ToMove()
		progressed := false
		for _, o := range players[side].Orders(s.ViewFor(game.ViewerOf(side)), NewBoard(s, side)) {
			o.Side = side
			n, _, err := game.Apply(s, o)
			if err != nil {
				break
			}
			s, progressed = n, true
			if s.Step == game.Move1 && s.ToMove() == units.German {
				if seen && s.Turn != first {
					return s
				}
				seen, first = true, s.Turn
			}
		}
		if !progressed {
			n, _, err := game.Apply(s, game.Order{Side: side, Verb: game.End})
			if err != nil {
				b.Fatal(err)
			}
			s = n
		}
	}
	b.Fatal("no second German movement segment")
	return nil
}

// BenchmarkHeuristicMovement: the heuristic's whole movement segment (one
// request) from the side's view and board.
func BenchmarkHeuristicMovement(b *testing.B) {
	s := movementPosition(b)
	p := NewHeuristic(Config{Side: units.German})
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		v := s.ViewFor(game.GermanView)
		if len(p.Orders(v, NewBoard(s, units.German))) == 0 {
			b.Fatal("no orders")
		}
	}
}

// BenchmarkFloorMovementQuestions: the least any player of a movement
// segment does: the view, the board, and every actor's destinations once.
func BenchmarkFloorMovementQuestions(b *testing.B) {
	s := movementPosition(b)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		_ = s.ViewFor(game.GermanView)
		bd := NewBoard(s, units.German)
		n := 0
		for _, c := range bd.Actors() {
			n += len(bd.Destinations(c))
		}
		if n == 0 {
			b.Fatal("no destinations")
		}
	}
}
