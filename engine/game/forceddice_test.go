package game

import (
	"strings"
	"testing"

	"rtrbot/engine/units"
	"rtrbot/i18n"
)

// Forced dice are rolled first, in order, then the generator's dice as if
// nothing had been forced (docs/dice.md stays verifiable).
func TestForcedDice(t *testing.T) {
	m := realMap(t)
	s, err := ParsePosition(m, "scenario standard\nseed 7\ndice 4 2\n")
	if err != nil {
		t.Fatal(err)
	}
	if err := s.ForceDice(6); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(s.Position(), "dice 4 2 6\n") {
		t.Fatalf("position does not hold the dice:\n%s", s.Position())
	}
	back, err := ParsePosition(m, s.Position())
	if err != nil || back.Position() != s.Position() {
		t.Fatalf("position round trip: %v", err)
	}
	n := s.clone()
	var evs []Event
	what := i18n.T("a test", "テスト")
	got := []int{n.roll(units.German, what, &evs), n.roll(units.German, what, &evs), n.roll(units.Allied, what, &evs), n.roll(units.Allied, what, &evs)}
	if want := []int{4, 2, 6, DieRoll(7, 1)}; got[0] != want[0] || got[1] != want[1] || got[2] != want[2] || got[3] != want[3] {
		t.Errorf("rolled %v, want %v", got, want)
	}
	if n.Dice.Rolls != 1 || len(evs) != 4 || evs[0].N != 4 || evs[3].N != got[3] {
		t.Errorf("rolls %d, events %v", n.Dice.Rolls, evs)
	}
	if strings.Contains(n.Position(), "dice") {
		t.Errorf("an empty queue is written:\n%s", n.Position())
	}
	if !strings.Contains(s.Position(), "dice 4 2 6\n") {
		t.Error("rolling on a clone consumed the original's dice")
	}
	if err := s.ForceDice(3, 7); RefusalCode(err) != "not-a-die" || strings.Contains(s.Position(), "dice 4 2 6 3") {
		t.Errorf("a 7 is forced: %v", err)
	}
	if _, err := ParsePosition(m, "scenario standard\ndice 0\n"); err == nil {
		t.Error("a die of 0 read")
	}
}
