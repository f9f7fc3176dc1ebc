package commands

import (
	"strings"
	"testing"

	"rtrbot/actor"
	"rtrbot/games"
)

// Red team (round 5b): /computer hint and /computer analysis.

// A people's game in which both sides agreed to the computer's takeover
// (takeover:heuristic) is still a game between people, which may be
// rated: the cheater hopes the takeover makes it "a game against the
// computer" and gets a hint. hintRefusal asks games.Game.Bot, which only a
// seated computer player answers, so the hint is refused.
func TestCheatHintThroughTakeover(t *testing.T) {
	b, clock := newStoredBot(t)
	act(t, b, clock, alice, "C1", "/game new scenario:standard")
	act(t, b, clock, alice, "C1", "/game join side:allied")
	act(t, b, clock, bob, "C1", "/game join side:german")
	act(t, b, clock, alice, "C1", "/game settings takeover:heuristic")
	act(t, b, clock, bob, "C1", "/game settings takeover:heuristic")
	g := peek(b, "C1")
	mover := alice
	if g.State.ToMove().String() == "german" {
		mover = bob
	}
	expect(t, hintOf(t, b, clock, mover, "C1"), "No hints in a game between people")
	if peek(b, "C1").Meta[games.MetaHinted] != "" {
		t.Error("a refused hint marked the game hinted")
	}
}

// The human in a game against the computer asks for a hint while the
// computer's side owes the move (to see what the computer plans from its
// view; in the standard setup the Allies move first, so with Bob Allied
// this branch runs only if the order of setup changes), and a spectator
// asks for the human's side: mayOrder lets only the side to move's
// players have its hint.
func TestCheatHintForTheComputersSide(t *testing.T) {
	b, clock := newStoredBot(t)
	act(t, b, clock, bob, "C1", "/game new vs:bot side:allied level:random")
	g := peek(b, "C1")
	if g == nil {
		t.Fatal("no game")
	}
	side := g.State.ToMove().String()
	switch side {
	case "german":
		// The computer's side is to move (or it has moved and the game
		// waits on it): Bob gets no hint for it.
		if strings.Contains(hintOf(t, b, clock, bob, "C1"), "Hint** for the German side") {
			t.Error("the human had a hint for the computer's side")
		}
	case "allied":
		expect(t, hintOf(t, b, clock, bob, "C1"), "Hint** for the Allied side")
	}
	if strings.Contains(hintOf(t, b, clock, carol, "C1"), "Hint**") {
		t.Error("a spectator had a hint")
	}
}

// After the game ends the hint is refused (there is nothing to move) and
// the game is not marked hinted by the asking: the cheater hopes to mark
// a finished game he lost off the ladder, or to see the end position's
// "plan". HintPosition refuses a game at GameOver, and a resigned game no
// longer holds its channel.
func TestCheatHintAfterTheEnd(t *testing.T) {
	b, clock := newStoredBot(t)
	act(t, b, clock, bob, "C1", "/game new vs:bot side:german level:random")
	act(t, b, clock, bob, "C1", "/game resign confirm:true")
	r := hintOf(t, b, clock, bob, "C1")
	if strings.Contains(r, "Hint**") || strings.Contains(r, "now practice") {
		t.Errorf("a hint after the end: %q", r)
	}
}

// Bad game numbers to /computer analysis: zero, negative, huge (past
// int64), full-width digits, a float, an exponent, text, another guild's
// game by number. Each is answered privately with no chart and no
// analysis, and nothing panics: the option is an integer in [1, 2^30],
// the handler parses it again, and ReplayGame checks the guild.
func TestCheatAnalysisOddGameNumbers(t *testing.T) {
	b, clock := newStoredBot(t)
	act(t, b, clock, bob, "C1", "/game new vs:bot side:german level:random")
	act(t, b, clock, bob, "C1", "/game resign confirm:true")
	for _, n := range []string{"0", "-1", "99999999999999999999999", "1073741825", "１", "1.0", "1e0", "0x1", "one", "+1 ", "\u200b1", "٣"} {
		r := act(t, b, clock, carol, "C2", "/computer analysis game:"+n)
		if len(r.Messages) == 0 {
			t.Errorf("game:%s: no answer", n)
			continue
		}
		for _, m := range r.Messages {
			if len(m.Files) != 0 || strings.Contains(m.Text, "Analysis of game") {
				t.Errorf("game:%q gave an analysis: %q", n, m.Text)
			}
		}
	}
	// Another guild names game #1.
	path, opts := readLine(b.Router, "/computer analysis game:1")
	r := b.Router.Run(t.Context(), &Request{Path: path, Options: opts, Guild: "G2", Channel: "C1", User: carol, Now: clock.Now()})
	if strings.Contains(txt(r), "Analysis of game") {
		t.Errorf("another guild's analysis: %q", txt(r))
	}
}

// A referee hands a person's seat to a made-up computer ("bot:nonsense"),
// to make a game between people count as a game against the computer, or
// seat a level that does not exist. Stopped by Replace: a computer takes
// a side only by /game new vs:bot or a takeover agreement.
func TestCheatReplaceSeatsAComputer(t *testing.T) {
	b, clock := newStoredBot(t)
	seatAliceAndBob(t, b, clock, "C1", 1)
	expect(t, txt(act(t, b, clock, umpire, "C1", "/game replace player:Alice by:bot:nonsense")), "computer's name")
	expect(t, txt(act(t, b, clock, umpire, "C1", "/game players")), "Alice")
}

// A hint taken in a game against the computer, whose seat a referee then
// gives to a person: both players' marks cannot rate the game.
func TestCheatHintedGameMarkedRated(t *testing.T) {
	b, clock := newStoredBot(t)
	act(t, b, clock, bob, "C1", "/game new vs:bot side:german level:random")
	expect(t, txt(act(t, b, clock, bob, "C1", "/computer hint")), "no longer rated")
	act(t, b, clock, umpire, "C1", "/game replace player:bot:random by:333 name:Carol")
	expect(t, txt(act(t, b, clock, bob, "C1", "/game resign confirm:true")), "resigns")
	expect(t, txt(act(t, b, clock, bob, "C1", "/ladder rate:true")), "hint was taken")
}

// A referee offers the computer's seat of a game against it to a person,
// who takes it: the game would then be rated as one between people
// though the computer played part of it. The computer's seat is never
// handed on: both the offer and the taking are refused, privately, and
// the computer keeps its side.
func TestCheatComputerSeatHandedToAPerson(t *testing.T) {
	b, clock := newStoredBot(t)
	act(t, b, clock, bob, "C1", "/game new vs:bot side:german level:random")
	dave := actor.Actor{ID: "444", Name: "Dave"}
	for _, who := range []actor.Actor{umpire, dave} {
		r := act(t, b, clock, who, "C1", "/game replace player:bot:random by:444")
		expect(t, txt(r), "the computer's seat")
		if len(r.Messages) == 0 || !r.Messages[0].Ephemeral {
			t.Errorf("%s: the refusal is not private: %+v", who.Name, r)
		}
	}
	if p := txt(act(t, b, clock, bob, "C1", "/game players")); strings.Contains(p, "444") || strings.Contains(p, "Dave") {
		t.Errorf("the person holds the computer's seat: %s", p)
	}
}
