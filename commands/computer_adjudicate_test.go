package commands

import (
	"context"
	"strings"
	"testing"

	"rtrbot/ai"
	"rtrbot/games"
)

// cheapAdjudication makes the bot's adjudications quick: one play-out by
// the heuristic (the rules of who may ask are what these tests hold).
func cheapAdjudication(b *Bot) {
	b.games.SetAdjudication(ai.AdjudicateConfig{PlayOuts: 1, Level: "heuristic"})
}

// A casual game ends by adjudication only when both sides ask at the same
// position: a spectator's ask is refused in private and changes nothing,
// one player alone (even asking twice) only waits, another channel's
// asks are that game's, and once both sides asked the game is over,
// marked adjudicated, its players can no longer play on.
func TestComputerAdjudicateNeedsBothSides(t *testing.T) {
	b, clock := openedGame(t) // Alice the Allies, Bob the Germans, in C1
	cheapAdjudication(b)
	dave := alice
	dave.ID, dave.Name = "444", "Dave"
	// Another game in C2: Bob the Germans, Dave the Allies.
	act(t, b, clock, dave, "C2", "/game new scenario:standard seed:9")
	act(t, b, clock, dave, "C2", "/game join side:allied")
	act(t, b, clock, bob, "C2", "/game join side:german")

	r := act(t, b, clock, carol, "C1", "/computer adjudicate")
	expect(t, txt(r), "Only a player of this game asks for its adjudication")
	if !r.Messages[0].Ephemeral {
		t.Fatalf("a spectator's refusal was public: %q", txt(r))
	}
	if _, asked := peek(b, "C1").AdjudicationAsked(); asked {
		t.Fatal("a spectator's ask was recorded")
	}
	for i := 0; i < 2; i++ {
		r = act(t, b, clock, bob, "C1", "/computer adjudicate")
		expect(t, txt(r), "Bob asks for the German side to end game #1 by adjudication", "<@111>")
		if g := peek(b, "C1"); g == nil || g.Status != games.Active {
			t.Fatal("one player alone ended the game by adjudication")
		}
	}
	if len(r.Messages[0].Buttons) != 1 || r.Messages[0].Buttons[0].Path != "computer adjudicate" {
		t.Fatalf("the ask has no button to agree: %+v", r.Messages[0].Buttons)
	}
	// Dave asks in C2 for that game's Allies: C1's Allies have not asked.
	expect(t, txt(act(t, b, clock, dave, "C2", "/computer adjudicate")), "Dave asks for the Allied side to end game #2")
	if g := peek(b, "C1"); g == nil || g.Status != games.Active {
		t.Fatal("another channel's ask ended game #1")
	}
	// Alice agrees in C1: the game ends by adjudication, in public.
	r = act(t, b, clock, alice, "C1", "/computer adjudicate")
	expect(t, txt(r), "Game #1 ends by adjudication. Both sides asked for it.", "Adjudicated: ", "median of 1 play-out", "**Game over** by adjudication")
	if r.Messages[0].Ephemeral {
		t.Fatal("the adjudication was private")
	}
	if g := peek(b, "C1"); g != nil {
		t.Fatalf("the adjudicated game still holds C1 (%s)", g.Status)
	}
	row, err := b.Store.Game(context.Background(), 1)
	if err != nil || row == nil || row.Status != games.Finished {
		t.Fatalf("game #1 after adjudication: %+v, %v", row, err)
	}
	g, err := b.games.LoadStored(context.Background(), 1)
	if err != nil {
		t.Fatal(err)
	}
	if a, ok := g.Adjudicated(); !ok || a.PlayOuts != 1 {
		t.Fatalf("the stored game is not marked adjudicated: %q", g.Meta[games.MetaAdjudicated])
	}
	// Its players cannot play on: the game is over, and /game new starts another.
	expect(t, txt(act(t, b, clock, bob, "C1", "/end")), "Game #1 of this channel is over (finished)", "/game new")
	expect(t, txt(act(t, b, clock, bob, "C1", "/computer adjudicate")), "Game #1 of this channel is over (finished)", "/game new")
	// Game #2 still waits for Bob.
	if g := peek(b, "C2"); g == nil || g.Status != games.Active {
		t.Fatal("game #2 ended")
	}
}

// An ask is for the position it was given at: an order in between
// cancels it, and the other side's later ask only waits in its turn.
func TestComputerAdjudicateAnOrderCancels(t *testing.T) {
	b, clock := openedGame(t)
	cheapAdjudication(b)
	expect(t, txt(act(t, b, clock, alice, "C1", "/computer adjudicate")), "Alice asks for the Allied side")
	before := peek(b, "C1").State.Hash()
	act(t, b, clock, bob, "C1", "/withdraw unit:G-III") // a German order (11.7)
	if peek(b, "C1").State.Hash() == before {
		t.Fatal("the order did not change the position")
	}
	expect(t, txt(act(t, b, clock, bob, "C1", "/computer adjudicate")), "Bob asks for the German side")
	if g := peek(b, "C1"); g == nil || g.Status != games.Active {
		t.Fatal("an ask given before an order agreed with one after it")
	}
}

// Against the computer the human alone asks; the computer's side agrees.
func TestComputerAdjudicateAgainstTheComputer(t *testing.T) {
	b, clock := newStoredBot(t)
	cheapAdjudication(b)
	act(t, b, clock, bob, "C1", "/game new vs:bot side:german level:random seed:3")
	expect(t, txt(act(t, b, clock, carol, "C1", "/computer adjudicate")), "Only a player of this game")
	// One ask only asks (a mistyped command ends nothing); the same ask
	// again at the same position ends the game.
	r := act(t, b, clock, bob, "C1", "/computer adjudicate")
	expect(t, txt(r), "The computer agrees at once", "the play-outs begin only when you confirm")
	if strings.Contains(txt(r), "nothing is done") || strings.Contains(txt(r), "No one else") {
		t.Errorf("the ask against the computer reads as if nothing happens: %q", txt(r))
	}
	if peek(b, "C1") == nil {
		t.Fatal("one ask ended the game against the computer")
	}
	r = act(t, b, clock, bob, "C1", "/computer adjudicate")
	expect(t, txt(r), "Game #1 ends by adjudication. Bob asked for it for the German side; the computer, playing the Allied side, agreed.")
	if strings.Contains(txt(r), "both sides") {
		t.Errorf("the result against the computer says both sides agreed: %q", txt(r))
	}
	if peek(b, "C1") != nil {
		t.Fatal("the game against the computer still runs")
	}
}

// /game adjudicate, where one might look for it, says where it is.
func TestGameAdjudicateSaysWhereItIs(t *testing.T) {
	b, clock := newStoredBot(t)
	r := b.Router.Run(context.Background(), &Request{Path: "game adjudicate", Guild: "G1", Channel: "C1", User: bob, Now: clock.Now()})
	expect(t, txt(r), "/game adjudicate is /computer adjudicate")
}

// An adjudicated casual game is not rated on the ladder.
func TestAdjudicatedGameIsNotRated(t *testing.T) {
	b, clock := openedGame(t)
	cheapAdjudication(b)
	act(t, b, clock, alice, "C1", "/computer adjudicate")
	expect(t, txt(act(t, b, clock, bob, "C1", "/computer adjudicate")), "ends by adjudication")
	expect(t, txt(act(t, b, clock, bob, "C1", "/ladder rate:true")), "ended by adjudication", "not rated")
}
