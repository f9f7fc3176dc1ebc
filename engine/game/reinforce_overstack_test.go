package game

import (
	"strings"
	"testing"

	"rtrbot/engine/board"
)

// 11.1 and 7.0: when every entry hex is full, the default placement
// (autoreinforce) says at once which hex it over-stacked and that it must
// be cleared before the movement segment ends; while a hex has room it
// over-stacks none.
func TestAutoReinforceTellsOverstack(t *testing.T) {
	m := newTestMap(10, 10).logistic(board.Nation("DE"), "0509", "0609").build()
	full := "turn Aug III\nstep reinforcement\nplayer german\nvp 0 50\ndue DE reserve 1\n0101: F-XX\n0509: G-III G-IV\n0609: G-V G-VI\n"
	s := position(t, m, full)
	n, evs, err := try(t, s, "german autoreinforce")
	if err != nil {
		t.Fatal(err)
	}
	if len(evs) != 1 || len(evs[0].Hexes) != 1 {
		t.Fatalf("events: %v", evs)
	}
	h := evs[0].Hexes[0]
	if len(n.Overstacked(n.Player)) != 1 {
		t.Fatalf("over-stacked: %v", n.Overstacked(n.Player))
	}
	for _, txt := range []string{evs[0].Text.EN, evs[0].Text.JA} {
		if !strings.Contains(txt, "7.0") || strings.Count(txt, h.String()) < 2 {
			t.Errorf("the placement does not say which hex to clear: %s", txt)
		}
	}
	if !strings.Contains(evs[0].Text.EN, "before the movement segment ends") {
		t.Errorf("no word of when: %s", evs[0].Text.EN)
	}
	// With room in 0609 nothing is over-stacked and nothing is said.
	s = position(t, m, strings.Replace(full, "0609: G-V G-VI\n", "0609: G-V\n", 1))
	n, evs, _ = try(t, s, "german autoreinforce")
	if len(n.Overstacked(n.Player)) != 0 || strings.Contains(evs[0].Text.EN, "7.0") {
		t.Errorf("with room: over-stacked %v, %s", n.Overstacked(n.Player), evs[0].Text.EN)
	}
}

// 7.0: a reinforcement placed by hand in a full hex while another entry
// hex had room is told so, with the hex that had room.
func TestReinforceByHandTellsOverstack(t *testing.T) {
	m := newTestMap(10, 10).logistic(board.Nation("DE"), "0509", "0609").build()
	s := position(t, m, "turn Aug III\nstep reinforcement\nplayer german\nvp 0 50\ndue DE reserve 1\n0101: F-XX\n0509: G-III G-IV\n")
	c := s.candidates(s.Dues[0])[0]
	_, evs, err := try(t, s, "german reinforce "+c.ID+" 0509")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(evs[0].Text.EN, "0609 had room") || !strings.Contains(evs[0].Text.JA, "0609") {
		t.Errorf("%s / %s", evs[0].Text.EN, evs[0].Text.JA)
	}
}
