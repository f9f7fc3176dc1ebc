package ai

import (
	"reflect"
	"testing"

	"rtrbot/engine/game"
)

// A hint sees only what its side sees: two states that differ only in
// units hidden from the side to move (and the dice) give the same hint,
// odds included (14.1). The states come from a game of the heuristic
// whenever the side to move has a hidden enemy stack in a movement or
// combat step.
func TestHintSeesNoHiddenUnits(t *testing.T) {
	r := rules(t)
	s := newGame(t, r, 4)
	players := AnalysisPlayers(4)
	checked, attacks := 0, 0
	for s.Step != game.GameOver && checked < 6 {
		side := s.ToMove()
		if twin, ok := hiddenTwin(s, side); ok && (s.Step.IsMovement() || s.Step.IsCombat()) && s.Turn > 1 {
			if s.Hash() == twin.Hash() {
				t.Fatal("the twin is the same state: the test would prove nothing")
			}
			a, err := HintFor(s.ViewFor(game.ViewerOf(side)), NewBoard(s, side), 2)
			if err != nil {
				t.Fatal(err)
			}
			b, err := HintFor(twin.ViewFor(game.ViewerOf(side)), NewBoard(twin, side), 2)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(a, b) {
				t.Fatalf("%s %s %s: the hints differ between states the side cannot tell apart:\n%+v\n%+v", s.Turn, s.Step, side, a, b)
			}
			if len(a.Orders) == 0 && !a.EndsStep {
				t.Fatalf("%s %s: an empty hint", s.Turn, s.Step)
			}
			for _, o := range a.Orders {
				if o.Order.Verb == game.VerbAttack {
					attacks++
					if o.Odds == nil {
						t.Fatalf("an attack without its odds: %v", o.Order)
					}
				}
			}
			checked++
		}
		tr, err := Turn(s, side, players[side])
		if err != nil {
			t.Fatal(err)
		}
		s = tr.State
	}
	if checked < 6 {
		t.Fatalf("only %d positions with a hidden stack checked", checked)
	}
	t.Logf("%d positions, %d attacks hinted", checked, attacks)
}
