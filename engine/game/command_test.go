package game

import (
	"testing"

	"rtrbot/engine/board"
)

func inCommand(t *testing.T, s *State, side int) map[string]bool {
	t.Helper()
	out := map[string]bool{}
	in := s.InCommand(s.Player)
	for i, u := range s.Units {
		if u.Box == OnMap && int(s.Counter(i).Side()) == side {
			out[s.Counter(i).ID] = in[i]
		}
	}
	return out
}

// 4.0, 4.2, 8.0: markers in the command phase; in the second impulse only
// units in command move; markers come off at the end of the turn.
func TestCommandPhaseMarkers(t *testing.T) {
	m := newTestMap(10, 10)
	m.logistic("DE", "0510")
	s := position(t, m.build(), "step combat-1\n0508: G-1A\n0506: G-III\n0503: G-IV\n0101: F-XX")
	s = wantOK(t, s, "german end")
	if s.Step != Command {
		t.Fatalf("step %s", s.Step)
	}
	if c, _ := s.Lookup("G-IV"); !s.Units[c.Index].OutOfCommand {
		t.Error("4.0: G-IV has no out-of-command marker")
	}
	if c, _ := s.Lookup("G-III"); s.Units[c.Index].OutOfCommand {
		t.Error("4.0: G-III has an out-of-command marker")
	}
	s = wantOK(t, s, "german end") // reorganisation-2
	s = wantOK(t, s, "german end") // movement-2
	s = wantOK(t, s, "german move G-III 0505")
	for _, st := range []string{"german end", "german end"} {
		s = wantOK(t, s, st)
	}
	// Allied player turn: to its end.
	for s.Step != EventStep {
		s = wantOK(t, s, s.ToMove().String()+" end")
	}
	if c, _ := s.Lookup("G-IV"); s.Units[c.Index].OutOfCommand {
		t.Error("4.0: out-of-command marker still there after the turn")
	}
}

var _ = board.Clear
