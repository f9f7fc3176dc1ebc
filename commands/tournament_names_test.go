package commands_test

import (
	"path/filepath"
	"testing"
)

// A tournament is found by its name as people read it: the look-alike
// check that refuses "ａｕｔｕｍｎ" next to "Autumn" (tournament.NameKey)
// is the comparison every command finds a tournament by.
func TestTournamentFoundByLookAlikeName(t *testing.T) {
	r := newConsoleRun(t, filepath.Join(t.TempDir(), "t.db"))
	r.must("Org", "/tournament new name:Autumn format:swiss rounds:2 scenario:standard play:table")
	r.refused("Org", "/tournament new name:ａｕｔｕｍｎ format:swiss rounds:2 scenario:standard play:table", "Autumn")
	r.must("Ann", "/tournament join name:autumn")
	r.must("Ben", "/tournament join name:ＡＵＴＵＭＮ")
	r.refused("Ann", "/tournament join name:Autumn", "You are already registered in Autumn.")
	r.must("Ben", "/tournament withdraw name:autumn")
	r.refused("Cat", "/tournament join name:Spring", "no tournament named")
}
