package commands

import (
	"context"
	"strings"
	"testing"

	"rtrbot/ai"
	"rtrbot/db"
	"rtrbot/engine/game"
	"rtrbot/engine/units"
	"rtrbot/games"
	"rtrbot/i18n"
	"rtrbot/tournament"
)

// The computer levels are ladder players: a game of Bob against the
// random level, resigned, rates both with no mark (the same figures as
// two new people, 1662 and 1338); asking again rates nothing twice; a
// practice game (a chosen seed) and a game abandoned in its setup are
// not rated; one abandoned after the setup is the person's loss; the
// computer is found by its level's name in either language and marked as
// a computer; another server's ladder does not see any of it.
func TestLadderRatesComputerGames(t *testing.T) {
	b, clock := newStoredBot(t)
	expect(t, txt(act(t, b, clock, bob, "C1", "/game new vs:bot side:german level:random")), "Game #1")
	expect(t, txt(act(t, b, clock, bob, "C1", "/game resign confirm:true")), "resigns")
	lad := txt(act(t, b, clock, carol, "C9", "/ladder"))
	expect(t, lad, "1. Computer (random) [computer]  1662 ± 581  (1)", "2. Bob  1338 ± 581  (1)")
	expect(t, txt(act(t, b, clock, carol, "C9", "/ladder")), "(1)")
	if again := txt(act(t, b, clock, carol, "C9", "/ladder")); again != lad {
		t.Errorf("the ladder changed when asked again:\n%s\nthen\n%s", lad, again)
	}
	expect(t, txt(act(t, b, clock, bob, "C1", "/ladder rate:true")), "needs no mark")
	expect(t, txt(actIn(t, b, clock, carol, "C9", "/ladder player:ランダム", i18n.JA)), "コンピュータ (ランダム) [コンピュータ]: 1位")
	expect(t, txt(act(t, b, clock, carol, "C9", "/ladder side:allied")), "1. Computer (random) [computer]  1662 ± 581  (1: 1-0-0)")

	expect(t, txt(act(t, b, clock, bob, "C2", "/game new vs:bot side:german level:random seed:7")), "Game #2")
	expect(t, txt(act(t, b, clock, bob, "C2", "/game resign confirm:true")), "resigns")
	expect(t, txt(act(t, b, clock, bob, "C3", "/game new vs:bot side:german level:random")), "Game #3")
	expect(t, txt(act(t, b, clock, bob, "C3", "/game abandon confirm:true")), "bandon")
	// (Bob's reliability falls: the abandoned game counts there.)
	expect(t, txt(act(t, b, clock, carol, "C9", "/ladder")), "1. Computer (random) [computer]  1662 ± 581  (1)", "2. Bob  1338 ± 581  (1)")

	expect(t, txt(act(t, b, clock, bob, "C4", "/game new vs:bot side:german level:random")), "Game #4")
	act(t, b, clock, bob, "C4", "/game setup")
	expect(t, txt(act(t, b, clock, bob, "C4", "/end")), "Aug II")
	expect(t, txt(act(t, b, clock, bob, "C4", "/game abandon confirm:true")), "bandon")
	expect(t, txt(act(t, b, clock, carol, "C9", "/ladder")), "Computer (random) [computer]", "(2)")
	expect(t, txt(act(t, b, clock, carol, "C9", "/ladder player:bob")), "0 won, 0 drawn, 2 lost", "game against the computer (rated by itself)")

	path, opts := readLine(b.Router, "/ladder")
	elsewhere := b.Router.Run(context.Background(), &Request{Path: path, Options: opts, Guild: "G2", Channel: "C9", Lang: i18n.EN, User: carol, Now: clock.Now()})
	expect(t, txt(elsewhere), "The ladder is empty")
	if games.BotPrefix != tournament.ComputerPrefix {
		t.Errorf("the ladder marks computers by %q, the games' bot seats start %q", tournament.ComputerPrefix, games.BotPrefix)
	}
}

// A hint takes a win or a draw against the computer off the ladder, but
// saves no lost game: the player is told so with his first hint, and the
// game, resigned, is rated as his loss; had he won it, it would rate
// nobody.
func TestLadderHintedComputerGame(t *testing.T) {
	b, clock := newStoredBot(t)
	expect(t, txt(act(t, b, clock, bob, "C1", "/game new vs:bot side:allied level:random")), "Game #1")
	expect(t, txt(act(t, b, clock, bob, "C1", "/computer hint")), "no longer rated", "a loss", "Hint")
	again := txt(act(t, b, clock, bob, "C1", "/computer hint"))
	if strings.Contains(again, "no longer rated") {
		t.Errorf("the second hint says it again:\n%s", again)
	}
	expect(t, txt(act(t, b, clock, bob, "C1", "/game resign confirm:true")), "resigns")
	expect(t, txt(act(t, b, clock, carol, "C9", "/ladder player:bob")), "0 won, 0 drawn, 1 lost")

	g, err := b.games.LoadStored(context.Background(), 1)
	if err != nil {
		t.Fatal(err)
	}
	c := db.ComputerGame{ID: g.ID, Channel: "C1", Ended: clock.Now()}
	if _, ok := computerMark(g, "G1", c); !ok {
		t.Fatal("the hinted game the player lost is not rated")
	}
	g.Meta[games.MetaResigned] = units.German.String() // as if the computer had resigned
	if m, ok := computerMark(g, "G1", c); ok {
		t.Fatalf("a win helped by a hint is rated: %+v", m)
	}
}

// Ending a game against the computer some other way than playing it out
// saves no rating: seating a friend beside oneself still rates the first
// person's game (here his resignation), and an adjudicated game is rated
// only as his loss: asking for adjudication in a lost position still
// loses, and an adjudicated win or draw rates nobody. /ladder,
// /ladder player: and /ladder rate:true say the same of it.
func TestCheatLadderComputerGameDodges(t *testing.T) {
	b, clock := newStoredBot(t)
	cheapAdjudication(b)
	expect(t, txt(act(t, b, clock, bob, "C1", "/game new vs:bot side:german level:random")), "Game #1")
	act(t, b, clock, bob, "C1", "/game setup")
	act(t, b, clock, bob, "C1", "/end")
	act(t, b, clock, bob, "C1", "/game join side:german user:333")
	act(t, b, clock, carol, "C1", "/game join side:german") // she takes the seat Bob offered
	expect(t, txt(act(t, b, clock, bob, "C1", "/game resign confirm:true")), "resigns")
	expect(t, txt(act(t, b, clock, umpire, "C9", "/ladder player:bob")), "0 won, 0 drawn, 1 lost")

	expect(t, txt(act(t, b, clock, bob, "C2", "/game new vs:bot side:german level:random")), "Game #2")
	act(t, b, clock, bob, "C2", "/game setup")
	act(t, b, clock, bob, "C2", "/end")
	act(t, b, clock, bob, "C2", "/computer adjudicate")
	expect(t, txt(act(t, b, clock, bob, "C2", "/computer adjudicate")), "ends by adjudication")
	g, err := b.games.LoadStored(context.Background(), 2)
	if err != nil {
		t.Fatal(err)
	}
	adj, ok := g.Adjudicated()
	if !ok {
		t.Fatal("game #2 is not marked adjudicated")
	}
	// Bob holds the Germans: the game is rated only if the Allies won it.
	want := "1 rated game"
	if adj.Level != game.Draw && adj.Winner == units.Allied {
		want = "2 rated games"
	}
	expect(t, txt(act(t, b, clock, umpire, "C9", "/ladder player:bob")), "rating", want)
	rate := act(t, b, clock, bob, "C2", "/ladder rate:true")
	expect(t, txt(rate), "ended by adjudication", "needs no mark", "only if the adjudication made it the person's loss")
	if !rate.Messages[0].Ephemeral {
		t.Error("the answer to /ladder rate:true on an adjudicated game against the computer is public")
	}
	expect(t, txt(actIn(t, b, clock, bob, "C2", "/ladder rate:true", i18n.JA)), "判定", "人間側の負けの場合にだけ")

	// Each result the play-outs may give, for a person on either side.
	c := db.ComputerGame{ID: g.ID, Channel: "C2", Ended: clock.Now()}
	for _, tc := range []struct {
		winner units.Side
		level  game.Level
		rated  bool // for Bob, the Germans
	}{
		{units.Allied, game.Decisive, true},
		{units.Allied, game.Marginal, true},
		{units.German, game.Marginal, false},
		{units.German, game.Decisive, false},
		{units.German, game.Draw, false},
	} {
		g.Meta[games.MetaAdjudicated] = games.EncodeAdjudication(ai.Adjudication{Winner: tc.winner, Level: tc.level, PlayOuts: 1})
		m, rated := computerMark(g, "G1", c)
		if rated != tc.rated {
			t.Errorf("adjudicated %v %v: rated %v, want %v", tc.winner, tc.level, rated, tc.rated)
		}
		if rated && m.ScoreGerman != 0 {
			t.Errorf("adjudicated %v %v: the German person scores %v, want 0", tc.winner, tc.level, m.ScoreGerman)
		}
	}
}
