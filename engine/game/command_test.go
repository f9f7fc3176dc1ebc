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

// 4.3, 4.4: command ranges, tracing, nationality, HQ command.
func TestCommand(t *testing.T) {
	cases := []struct {
		rule, name string
		mapf       func(*testMap)
		pos        string
		side       int
		in, out    []string
	}{
		{"4.3", "range counted from the unit, HQ hex counted, unit hex not", nil,
			"0508: G-1A\n0506: G-III\n0505: G-IV\n0508: G-5", 0, []string{"G-1A", "G-III", "G-5"}, []string{"G-IV"}},
		{"4.4", "HQ without logistics in range is out of command, and so are its units", func(m *testMap) { m.hex("0510").Logistic = nil; m.logistic("DE", "0110") },
			"0508: G-1A\n0507: G-III", 0, nil, []string{"G-1A", "G-III"}},
		{"4.4", "HQ in command through unlimited rail to logistics", func(m *testMap) {
			m.hex("0510").Logistic = nil
			m.logistic("DE", "0110")
			m.railway("0510", "0410", "0310", "0210", "0110")
		}, "0508: G-1A\n0507: G-III", 0, []string{"G-1A", "G-III"}, nil},
		{"4.4", "rail to logistics cut by an EZOC", func(m *testMap) {
			m.hex("0510").Logistic = nil
			m.logistic("DE", "0110")
			m.railway("0510", "0410", "0310", "0210", "0110")
		}, "0508: G-1A\n0507: G-III\n0309: F-XX", 0, nil, []string{"G-1A", "G-III"}},
		{"4.4", "logistics hex in an EZOC cannot be used", nil,
			"0508: G-1A\n0610: F-XX", 0, nil, []string{"G-1A"}},
		{"4.4", "logistics in a destroyed fortress cannot be used", func(m *testMap) { m.fortress(3, "0510") },
			"destroyed 0510\n0508: G-1A", 0, nil, []string{"G-1A"}},
		{"4.3", "HQ in an EZOC commands only units in its own hex", func(m *testMap) { m.hex("0510").Logistic = nil; m.logistic("DE", "0507") },
			"0508: G-1A G-5\n0506: G-III\n0408: F-XX", 0, []string{"G-1A", "G-5"}, []string{"G-III"}},
		{"4.3", "a unit in an EZOC may trace out to its HQ", nil,
			"0508: G-1A\n0506: G-III\n0505: F-XX", 0, []string{"G-III"}, nil},
		{"4.3", "command is not traced through enemy units or EZOC", nil,
			"0508: G-1A\n0506: G-III\n0407: F-XX\n0607: F-XV\n0507: F-IX", 0, nil, []string{"G-III"}},
		{"4.3", "Bavarians and Austro-Hungarians trace to German HQs", nil,
			"0508: G-1A\n0507: BY-1 AH-S", 0, []string{"BY-1", "AH-S"}, nil},
		{"4.4", "Italian HQs may trace to German logistics; Germans do not trace to Italian HQs", nil,
			"0508: IT-HQ\n0507: IT-1 G-5", 0, []string{"IT-HQ", "IT-1"}, []string{"G-5"}},
		{"4.3", "Italians trace only to Italian HQs", nil,
			"0508: G-1A\n0507: IT-1", 0, nil, []string{"IT-1"}},
		{"4.3", "Allied units trace only to their own nation's HQs; the Dutch are always out", func(m *testMap) { m.logistic("FR", "0501") },
			"player allied\n0503: F-1A\n0502: F-11 GB-1 NL-1", 1, []string{"F-1A", "F-11"}, []string{"GB-1", "NL-1"}},
		{"4.4", "Belgian HQs may trace to British logistics; Belgian range is 1", func(m *testMap) { m.logistic("GB", "0501") },
			"player allied\n0502: BE-HQ\n0503: BE-1\n0504: BE-2", 1, []string{"BE-HQ", "BE-1"}, []string{"BE-2"}},
		{"4.4", "French HQs may not trace to British logistics", func(m *testMap) { m.logistic("GB", "0501") },
			"player allied\n0502: F-1A", 1, nil, []string{"F-1A"}},
		{"18.1(10)", "doubled HQ range", nil,
			"options 18.1(10)\n0508: G-1A\n0504: G-III", 0, []string{"G-III"}, nil},
		{"5.0", "bad weather: range -1", func(m *testMap) { m.logistic("DE", "0509") },
			"weather bad\n0508: G-1A\n0506: G-III\n0507: G-IV", 0, []string{"G-IV"}, []string{"G-III"}},
		{"18.1(11)", "German cavalry always in command", nil,
			"options 18.1(11)\n0508: G-1A\n0501: G-GKD", 0, []string{"G-GKD"}, nil},
	}
	for _, c := range cases {
		t.Run(c.rule+" "+c.name, func(t *testing.T) {
			m := newTestMap(10, 10)
			m.logistic("DE", "0510")
			if c.mapf != nil {
				c.mapf(m)
			}
			s := position(t, m.build(), c.pos)
			got := inCommand(t, s, c.side)
			for _, id := range c.in {
				if !got[id] {
					t.Errorf("%s should be in command", id)
				}
			}
			for _, id := range c.out {
				if got[id] {
					t.Errorf("%s should be out of command", id)
				}
			}
		})
	}
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
