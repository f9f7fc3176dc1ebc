package commands

import (
	"strings"
	"testing"

	"rtrbot/actor"
	"rtrbot/engine/units"
	"rtrbot/i18n"
)

// hintOf gives /computer hint and checks that the answer, whatever it
// says, is private and changes nothing in the game.
func hintOf(t *testing.T, b *Bot, clock *fixedClock, who actor.Actor, ch string) string {
	t.Helper()
	before := ""
	if g := peek(b, ch); g != nil {
		before = g.State.Hash()
	}
	r := act(t, b, clock, who, ch, "/computer hint")
	if len(r.Messages) == 0 {
		t.Fatal("no answer")
	}
	for _, m := range r.Messages {
		if !m.Ephemeral || m.Target != "" {
			t.Errorf("a hint's answer must be private to its asker: %+v", m)
		}
	}
	if g := peek(b, ch); g != nil && g.State.Hash() != before {
		t.Error("/computer hint changed the game")
	}
	return txt(r)
}

// Who may have a hint: the side to move's player in a practice game and
// in a game against the computer; never a spectator, the side not to
// move, nor anyone in a game between people (it may be rated) or in a
// tournament game.
func TestComputerHintPermissions(t *testing.T) {
	// A practice game (seed:7): Bob's Germans are to move.
	b, clock := openedGame(t)
	if g := peek(b, "C1"); g.State.ToMove() != units.German || !g.Practice() {
		t.Fatalf("the opening: %s to move, practice %v", g.State.ToMove(), g.Practice())
	}
	expect(t, hintOf(t, b, clock, bob, "C1"), "Hint** for the German side", "from your side's view only")
	expect(t, hintOf(t, b, clock, alice, "C1"), "You play the Allied side")
	expect(t, hintOf(t, b, clock, carol, "C1"), "You do not play in this game")
	expect(t, hintOf(t, b, clock, carol, "C9"), "no game in this channel")

	// A game between people, not practice: refused to its mover.
	b2, clock2 := newStoredBot(t)
	act(t, b2, clock2, alice, "C1", "/game new scenario:standard")
	act(t, b2, clock2, alice, "C1", "/game join side:allied")
	act(t, b2, clock2, bob, "C1", "/game join side:german")
	if g := peek(b2, "C1"); g.Practice() || g.State.ToMove() != units.Allied {
		t.Fatalf("the rated-able game: practice %v, %s to move", g.Practice(), g.State.ToMove())
	}
	expect(t, hintOf(t, b2, clock2, alice, "C1"), "No hints in a game between people")

	// Against the computer (no seed: not a practice game), the human's side.
	b3, clock3 := newStoredBot(t)
	expect(t, txt(act(t, b3, clock3, bob, "C1", "/game new vs:bot side:german level:random")), "plays the Allied side")
	g := peek(b3, "C1")
	if g.Practice() || g.State.ToMove() != units.German {
		t.Fatalf("vs:bot: practice %v, %s to move", g.Practice(), g.State.ToMove())
	}
	expect(t, hintOf(t, b3, clock3, bob, "C1"), "Hint** for the German side")
	expect(t, hintOf(t, b3, clock3, carol, "C1"), "You do not play in this game")

	// Japanese reader.
	path, opts := readLine(b.Router, "/computer hint")
	ja := txt(b.Router.Run(t.Context(), &Request{Path: path, Options: opts, Guild: "G1", Channel: "C1", Lang: i18n.JA, User: bob, Now: clock.Now()}))
	expect(t, ja, "ヒント", "独軍側")
	if strings.Contains(ja, "Hint") {
		t.Errorf("English in the Japanese hint:\n%s", ja)
	}
}

// A tournament game gets no hint, even for its side to move.
func TestComputerHintRefusedInTournament(t *testing.T) {
	b, clock := newStoredBot(t)
	chat := &fakeChat{}
	org := actor.Actor{ID: "900", Name: "Org"}
	ps := []actor.Actor{{ID: "901", Name: "Ann"}, {ID: "902", Name: "Ben"}}
	do := func(u actor.Actor, ch, line string) *Response { return chatAct(b, clock, chat, u, ch, line) }
	do(org, "C1", "/tournament new name:Cup format:swiss rounds:1 scenario:standard")
	for _, p := range ps {
		do(p, "C1", "/tournament join name:Cup")
	}
	do(org, "C1", "/tournament start name:Cup")
	tr, err := b.tournamentService().Get(t.Context(), "G1", "Cup")
	if err != nil {
		t.Fatal(err)
	}
	tg := tr.Current().Games[0]
	g := b.games.Peek(t.Context(), tg.Thread)
	if g == nil {
		t.Fatal("no tournament game")
	}
	mover := actor.Actor{ID: tg.German, Name: "German"}
	if g.State.ToMove() == units.Allied {
		mover = actor.Actor{ID: tg.Allied, Name: "Allied"}
	}
	r := chatAct(b, clock, chat, mover, tg.Thread, "/computer hint")
	expect(t, txt(r), "tournament game")
	if !r.Messages[0].Ephemeral {
		t.Error("the refusal is private")
	}
}
