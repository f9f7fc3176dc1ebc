package ai

import (
	"crypto/sha256"
	"testing"

	"rtrbot/engine/game"
	"rtrbot/engine/turn"
	"rtrbot/engine/units"
)

// movementPosition is a German first movement segment of the second turn,
// reached by random play from seed 5.
func movementPosition(b *testing.B) *game.State {
	r := rules(b)
	s := newGame(b, r, 5)
	var players [2]Computer
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
			n, _, err := game.Apply(s, game.End().By(side))
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

// campaignPosition is the German first movement segment of the game's
// third turn, reached by the German campaign against the heuristic Allies
// from seed 6000: a position the search meets, with both fronts engaged.
func campaignPosition(b testing.TB) *game.State {
	r := rules(b)
	s := newGame(b, r, 6000)
	players := campaignPlayers(1, 1)
	moves := 0
	for s.Step != game.GameOver {
		if s.Step == game.Move1 && s.ToMove() == units.German {
			if moves++; moves == 3 {
				return s
			}
		}
		side := s.ToMove()
		// One request at a time, to stop at the segment's start.
		v, bd := s.ViewFor(game.ViewerOf(side)), NewBoard(s, side)
		s = applyRequestUntil(b, s, side, players[side].Orders(v, bd), func(n *game.State) bool { return n.Step != v.Step })
	}
	b.Fatal("no third German movement segment")
	return nil
}

// BenchmarkSearchGermanMovement: one German movement request of the
// search at a fixed 6 candidates (-iterations 6, the arena's measure):
// the campaign's plan and up to 6 others, each scored by 3 play-outs.
func BenchmarkSearchGermanMovement(b *testing.B) {
	s := campaignPosition(b)
	p, _ := New("search", Config{Side: units.German, Seed: 1, Iterations: 6})
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if len(p.Orders(s.ViewFor(game.GermanView), NewBoard(s, units.German))) == 0 {
			b.Fatal("no orders")
		}
	}
}

// BenchmarkSearchPlayOut: one play-out of the search from the German
// movement segment: the campaign's plan applied on a guess of the board,
// then both sides by the heuristic to the end of the Allies' next player
// turn (Search.fitness with one dice sample).
func BenchmarkSearchPlayOut(b *testing.B) {
	s := campaignPosition(b)
	p, _ := New("search", Config{Side: units.German, Seed: 1, Iterations: 1})
	sp := p.(*Search)
	v, bd := s.ViewFor(game.GermanView), NewBoard(s, units.German)
	plan := append(sp.g.movement(v, bd, newKnowledge(v, bd, sp.h.citiesOf(bd))), game.End().By(units.German))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		sp.fitness(v, bd, plan, []uint64{uint64(i % 8)})
	}
}

// BenchmarkFloorHash64K is the floor the search's benchmarks are read
// against: SHA-256 of 64 KiB, standard library only (no code of this
// project, so the ratios move with the project's code alone).
func BenchmarkFloorHash64K(b *testing.B) {
	buf := make([]byte, 64<<10)
	for i := range buf {
		buf[i] = byte(i * 7)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		sum := sha256.Sum256(buf)
		buf[0] = sum[0]
	}
}
