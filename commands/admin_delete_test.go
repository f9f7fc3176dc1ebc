package commands

import (
	"context"
	"os"
	"strings"
	"testing"

	"rtrbot/actor"
	"rtrbot/i18n"
)

// Only the operator deletes a game; its file is written first, and the
// channel is free afterwards.
func TestAdminDeleteGame(t *testing.T) {
	b, clock := openedGame(t)
	id := peek(b, "C1").ID
	run := func(u actor.Actor, operator bool) string {
		u.Operator = operator
		req := &Request{Path: "admin delete", Options: map[string]string{"game": "1"}, Guild: "G1", Channel: "C1", User: u,
			Lang: i18n.EN, Now: clock.Now()}
		return txt(b.Router.Run(context.Background(), req))
	}
	expect(t, run(alice, false), "Only the bot's operator")
	if peek(b, "C1") == nil {
		t.Fatal("a player's delete removed the game")
	}
	out := run(actor.Actor{ID: "999", Name: "Op"}, true)
	expect(t, out, "Game #1 is deleted", ".rtrbot")
	path := out[strings.Index(out, ": /")+2:]
	path = path[:strings.Index(path, " (")]
	if data, err := os.ReadFile(path); err != nil || !strings.Contains(string(data), "rtrbot-game") {
		t.Errorf("the game's file %s: %v", path, err)
	}
	if _, err := dbOf(b).Game(context.Background(), id); err == nil {
		t.Error("the game is still stored")
	}
	if peek(b, "C1") != nil {
		t.Error("the service still holds the deleted game")
	}
	expect(t, txt(act(t, b, clock, carol, "C1", "/game new scenario:standard")), "Game #")
}
