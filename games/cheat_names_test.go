package games

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"rtrbot/actor"
	"rtrbot/db"
	"rtrbot/tournament"
)

// Look-alike names: a tournament named like one the server has, but for
// an invisible character, the case or the width of its letters, is
// refused, saying which name it looks like; in memory and in the
// database alike.
func TestCheatLookAlikeTournamentNames(t *testing.T) {
	ctx := context.Background()
	st, err := db.Open(ctx, filepath.Join(t.TempDir(), "g.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	for _, store := range []tournament.Store{&tournament.MemStore{}, db.Tournaments{S: st}} {
		s := &tournament.Service{Store: store}
		create := func(name string) error {
			_, err := s.New(ctx, tournament.NewTournament{Guild: "G1", Name: name, Organiser: actor.Actor{ID: "111", Name: "Alice"},
				Settings: tournament.Settings{Format: tournament.Swiss, Scenario: "standard", Play: tournament.PlayBot, Rounds: 3}, Now: t0})
			return err
		}
		if err := create("Autumn"); err != nil {
			t.Fatal(err)
		}
		for _, look := range []string{"autumn", "AUTUMN", "Ａｕｔｕｍｎ", "Autumn ", "Aut\u200bumn", "Autumn\ufe0f", "Au\u00adtumn"} {
			err := create(look)
			if err == nil {
				t.Errorf("%T: %q was accepted beside \"Autumn\"", store, look)
				continue
			}
			if msg := err.Error(); !strings.Contains(msg, "Autumn") || !(strings.Contains(msg, "looks like") || strings.Contains(msg, "invisible") || strings.Contains(msg, "already exists")) {
				t.Errorf("%T: %q refused with %q, which does not say which name it looks like", store, look, msg)
			}
		}
		if err := create("Autumn Cup"); err != nil {
			t.Errorf("%T: a different name: %v", store, err)
		}
	}
}
