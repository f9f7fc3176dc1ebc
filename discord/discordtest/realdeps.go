package discordtest

import (
	"path/filepath"
	"testing"

	"rtrbot/commands"
	"rtrbot/db"
	"rtrbot/engine/board"
	"rtrbot/games/sqlstore"
)

// RealDeps are the commands' dependencies as a club runs the bot: the
// real map and a SQLite file in a temporary folder, closed when the test
// ends. The test is skipped where the map is not embedded.
func RealDeps(t testing.TB) commands.Deps {
	t.Helper()
	m, err := board.Default()
	if err != nil {
		t.Skip("map not available yet:", err)
	}
	store, err := db.Open(t.Context(), filepath.Join(t.TempDir(), "rtrbot.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	return commands.Deps{Map: m, Store: sqlstore.New(store)}
}
