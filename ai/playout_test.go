package ai

import (
	"testing"

	"rtrbot/engine/game"
	"rtrbot/engine/units"
)

// A play-out continues a position to the end with its own dice: the same
// dice seed gives the same game, the game's own dice key is not used, and
// the position it started from is unchanged.
func TestPlayOutFromPosition(t *testing.T) {
	r := rules(t)
	s := newGame(t, r, 11)
	h := func(side units.Side) Computer { return NewHeuristic(Config{Side: side, Seed: 3}) }
	players := [2]Computer{h(units.German), h(units.Allied)}
	for s.Step != game.GameOver && s.Turn < 3 {
		tr, err := Turn(s, s.ToMove(), players[s.ToMove()])
		if err != nil {
			t.Fatal(err)
		}
		s = tr.State
	}
	before, key := s.Hash(), string(s.Key())
	a, err := PlayOut(s, 1, players)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := PlayOut(s, 1, players)
	if a.Final.Step != game.GameOver || a.Final.Hash() != b.Final.Hash() {
		t.Fatalf("play-outs with one dice seed: over %v, same %v", a.Final.Step == game.GameOver, a.Final.Hash() == b.Final.Hash())
	}
	if string(a.Final.Key()) == key {
		t.Fatal("the play-out rolled the game's own dice")
	}
	if s.Hash() != before {
		t.Fatal("the play-out changed the position it started from")
	}
	differ := false
	for seed := uint64(2); seed < 8 && !differ; seed++ {
		c, err := PlayOut(s, seed, players)
		if err != nil {
			t.Fatal(err)
		}
		differ = c.Final.Hash() != a.Final.Hash()
	}
	if !differ {
		t.Fatal("seven dice seeds gave one game: the play-out's dice are not its own")
	}
}
