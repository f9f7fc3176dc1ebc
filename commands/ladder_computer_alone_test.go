package commands

import (
	"context"
	"testing"

	"rtrbot/db"
	"rtrbot/games"
)

// Only a game of people against the computer alone is rated as a game
// against the computer: a computer seated beside a person (on either
// side), or a person beside the computer, makes a game the ladder does
// not rate, however it came about (the seat paths refuse it; this is the
// ladder's own check).
func TestCheatLadderComputerAlone(t *testing.T) {
	b, clock := newStoredBot(t)
	expect(t, txt(act(t, b, clock, bob, "C1", "/game new vs:bot side:german level:random")), "Game #1")
	act(t, b, clock, bob, "C1", "/game resign confirm:true")
	g, err := b.games.LoadStored(context.Background(), 1)
	if err != nil {
		t.Fatal(err)
	}
	c := db.ComputerGame{ID: g.ID, Channel: g.Channel}
	if _, ok := computerMark(g, "G1", c); !ok {
		t.Fatal("the plain game against the computer is not rated")
	}
	with := func(p games.Player) *games.Game {
		x := *g
		x.Players = append(append([]games.Player(nil), g.Players...), p)
		return &x
	}
	for name, x := range map[string]*games.Game{
		"a stronger computer on the person's side": with(games.Player{UserID: games.BotPrefix + "heuristic", Name: "rtrbot (heuristic)", Side: "german"}),
		"a second computer beside the computer":    with(games.Player{UserID: games.BotPrefix + "heuristic", Name: "rtrbot (heuristic)", Side: "allied"}),
		"a person beside the computer":             with(games.Player{UserID: "444", Name: "Dave", Side: "allied"}),
	} {
		if m, ok := computerMark(x, "G1", c); ok {
			t.Errorf("%s: rated %+v", name, m)
		}
	}
}
