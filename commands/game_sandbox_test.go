package commands

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"rtrbot/db/enginereplay"
	"rtrbot/i18n"
)

// loadPosition runs /game load with the position as an attachment (the
// file: option is the console's only).
func loadPosition(t testing.TB, b *Bot, clock *fixedClock, ch string, text []byte) *Response {
	t.Helper()
	_, path, _ := b.Router.Lookup([]string{"game", "load"})
	return b.Router.Run(context.Background(), &Request{Path: path, Options: map[string]string{}, Files: map[string][]byte{"attachment": text},
		Guild: "G1", Channel: ch, Lang: i18n.EN, User: bob, Now: clock.Now()})
}

// A sandbox game loaded from a position is stored like a scenario game
// (docs/storage.md): after a restart it is found again with the same state
// hash, replayed from the loaded position, and goes on (undo reaches into
// the segment begun before the restart).
func TestSandboxGameSurvivesRestart(t *testing.T) {
	pos, err := os.ReadFile("../engine/game/testdata/liege.txt")
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "games.db")
	clock := newClock()
	b1 := storedBot(t, path, clock)
	expect(t, txt(loadPosition(t, b1, clock, "C1", pos)), "Sandbox game loaded", "stored: it survives a restart")
	start := peek(b1, "C1").State.Hash()
	u, h := legalMove(t, b1, "C1", 0)
	expect(t, txt(act(t, b1, clock, bob, "C1", "/move unit:"+u+" to:"+h)), u+" moved")
	before := peek(b1, "C1")
	if n := storedOrders(t, b1, "C1"); n != 1 {
		t.Fatalf("stored orders %d, want 1", n)
	}
	dbOf(b1).Close()

	b2 := storedBot(t, path, clock)
	after := peek(b2, "C1")
	if after == nil {
		t.Fatal("the sandbox game is gone after the restart")
	}
	if after.State.Hash() != before.State.Hash() || len(after.Orders) != 1 || len(after.Seg) != 1 || !after.Sandbox {
		t.Fatalf("after restart: hash %s orders %d seg %d sandbox %v; before %s", after.State.Hash(), len(after.Orders), len(after.Seg), after.Sandbox, before.State.Hash())
	}
	expect(t, txt(act(t, b2, clock, bob, "C1", "/game status")), "(sandbox from a position)")
	undoThenMove(t, b2, clock, u, start)
	expect(t, txt(act(t, b2, clock, bob, "C1", "/end")), "Segment ended")
	ended := peek(b2, "C1").State.Hash()
	id := peek(b2, "C1").ID
	// A full replay from the stored position checks every snapshot's hash.
	if _, err := dbOf(b2).Verify(context.Background(), id, enginereplay.Replayer{Map: b2.Map}); err != nil {
		t.Fatalf("verify: %v", err)
	}
	// A game file starts from a scenario: a sandbox game is refused, saying why.
	if _, err := b2.Store.Export(context.Background(), id); err == nil || !strings.Contains(err.Error(), "sandbox game loaded from a position") {
		t.Errorf("export of a sandbox game: %v, want a refusal naming the sandbox", err)
	}
	dbOf(b2).Close()

	b3 := storedBot(t, path, clock)
	g := peek(b3, "C1")
	if g == nil || g.State.Hash() != ended || len(g.Orders) != 2 || len(g.Seg) != 0 {
		t.Fatalf("after the second restart: %+v, want hash %s and 2 orders (the undone one left out)", g, ended)
	}
}
