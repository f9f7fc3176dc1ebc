package commands

import (
	"context"
	"strings"
	"testing"
	"time"

	"rtrbot/ai"
	"rtrbot/engine/game"
	"rtrbot/engine/units"
	"rtrbot/games"
	"rtrbot/i18n"
)

// TestGameVsBot: /game new vs:bot seats the asker and the computer; the
// computer sets up at once (the Allies first, 17.1) and then plays its side
// whenever the asker's orders hand it the move, its orders stored in the
// log under its own name, until the game ends.
func TestGameVsBot(t *testing.T) {
	b, clock := newStoredBot(t)
	r := txt(act(t, b, clock, bob, "C1", "/game new vs:bot side:german seed:3"))
	expect(t, r, "Bob joins the German side", "The computer (heuristic) plays the Allied side", "Segment ended: Aug II, Allied setup", "The computer gave")
	g := peek(b, "C1")
	if g.State.ToMove() != units.German || g.State.Step != game.SetupStep {
		t.Fatalf("after /game new the Germans should set up, not %s %s", g.State.ToMove(), g.State.Step)
	}
	if r := txt(act(t, b, clock, bob, "C1", "/game setup")); len(peek(b, "C1").State.Unplaced()) > 0 {
		t.Fatalf("/game setup left units to place: %s", r)
	}
	playBobToTheEnd(t, b, clock)
	g = peek(b, "C1")
	if g.State.Step != game.GameOver {
		t.Fatalf("the game did not end: %s %s", g.State.Turn, g.State.Step)
	}
	if byBot, total := computerOrders(t, b, g.ID, "allied"); byBot["bot:heuristic"] < 20 {
		t.Fatalf("only %d of %d stored orders are the computer's (%v)", byBot["bot:heuristic"], total, byBot)
	}
	if st := txt(act(t, b, clock, bob, "C1", "/game status")); !strings.Contains(st, "is over") || !strings.Contains(st, "(15.1)") {
		t.Fatalf("status after the end: %s", st)
	}
}

// /game new vs:bot seats both sides at once: its answer does not invite
// anyone to /game join nor speak of a hot seat, and in Japanese the
// computer's level is named in Japanese.
func TestVsBotStartSaysBothSeatsAreTaken(t *testing.T) {
	b, clock := newStoredBot(t)
	r := txt(act(t, b, clock, bob, "C1", "/game new vs:bot side:german level:random seed:3"))
	for _, bad := range []string{"/game join side:german or side:allied", "whoever types plays both sides"} {
		if strings.Contains(r, bad) {
			t.Errorf("vs:bot start says %q:\n%s", bad, r)
		}
	}
	expect(t, r, "The computer (random) plays the Allied side")
	b2, clock2 := newStoredBot(t)
	ja := txt(actIn(t, b2, clock2, bob, "C1", "/game new vs:bot side:german level:random seed:3", i18n.JA))
	if !strings.Contains(ja, "コンピュータ (ランダム)") {
		t.Errorf("the level is not named in Japanese:\n%s", ja)
	}
}

// computerOrders counts game id's stored orders by each computer author
// ("bot:heuristic"), failing the test if the computer gave one for a side
// other than side (the one it plays); total is the whole log's length.
func computerOrders(t testing.TB, b *Bot, id int64, side string) (byBot map[string]int, total int) {
	t.Helper()
	row, err := dbOf(b).Game(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	orders, err := dbOf(b).Log(context.Background(), row, 0)
	if err != nil {
		t.Fatal(err)
	}
	byBot = map[string]int{}
	for _, o := range orders {
		if games.IsBot(o.Author) {
			byBot[o.Author]++
			if o.Side != side {
				t.Fatalf("the computer gave an order for the %s side: %s", o.Side, o.Text)
			}
		}
	}
	return byBot, len(orders)
}

// TestBotAfterDeadline: a deadline that ends the asker's segment hands the
// computer the move, and it plays at once.
func TestBotAfterDeadline(t *testing.T) {
	b, clock := newStoredBot(t)
	act(t, b, clock, bob, "C1", "/game new vs:bot side:german seed:4")
	if r := txt(act(t, b, clock, bob, "C1", "/game setup")); len(peek(b, "C1").State.Unplaced()) > 0 {
		t.Fatalf("/game setup left units to place: %s", r)
	}
	expect(t, txt(act(t, b, clock, bob, "C1", "/game deadline hours:4 then:end")), "Each segment now has 4 hours")
	before := peek(b, "C1").State
	m := b.Tick(context.Background(), clock.t.Add(4*time.Hour+time.Minute), nil)
	var all []string
	for _, x := range m {
		all = append(all, x.Text)
	}
	expect(t, strings.Join(all, "\n"), "ended with no further orders", "The computer gave")
	g := peek(b, "C1")
	if g.State.ToMove() != units.German || g.State.Turn == before.Turn && g.State.Step == before.Step {
		t.Fatalf("after the deadline: %s %s, %s to move", g.State.Turn, g.State.Step, g.State.ToMove())
	}
}

// When the computer's attacks leave its combat segment open, waiting for
// the person's retreats (9.4), the person's answer says what the attacks
// did (the public account, 14.1) and which retreats he owes, with the
// hexes he may retreat to: his own command did not make him owe them.
func TestBotAttacksToldBeforeTheRetreat(t *testing.T) {
	b, clock := newStoredBot(t)
	act(t, b, clock, bob, "C1", "/game new vs:bot side:allied seed:5")
	act(t, b, clock, bob, "C1", "/game setup")
	me, err := ai.New("heuristic", ai.Config{Side: units.Allied, Seed: 2})
	if err != nil {
		t.Fatal(err)
	}
	told := 0
	for i := 0; i < 400 && told == 0; i++ {
		g := peek(b, "C1")
		if g.State.Step == game.GameOver || g.State.Turn > 4 {
			break
		}
		var lines []string
		for _, o := range me.Orders(g.State.ViewFor(game.AlliedView), ai.NewBoard(g.State, units.Allied)) {
			lines = append(lines, o.String())
		}
		line := "/end"
		if len(lines) > 0 {
			line = "/orders text:" + strings.Join(lines, "; ")
		}
		r := txt(act(t, b, clock, bob, "C1", line))
		if peek(b, "C1").State == g.State {
			r = txt(act(t, b, clock, bob, "C1", "/end"))
		}
		after := peek(b, "C1")
		if !strings.Contains(r, "The computer gave") || (after.State.Step != game.Combat1 && after.State.Step != game.Combat2) || len(retreatsOwed(after, units.Allied)) == 0 {
			continue
		}
		told++
		expect(t, r, "🤖", "Attack on", "you owe a retreat", "/retreat unit:")
		// /end is refused; its answer lists the retreats and their hexes
		e := act(t, b, clock, bob, "C1", "/end")
		expect(t, txt(e), "Retreats come first", "you owe a retreat", "hex: one of")
		if peek(b, "C1").State != after.State {
			t.Fatal("/end passed with retreats owed")
		}
	}
	if told == 0 {
		t.Fatal("the computer never left a combat segment open for the person's retreats in four turns")
	}
}

// playBobToTheEnd plays Bob's German side of the game against the
// computer in C1 by the heuristic, through /orders batches, until the
// game is over (15.1) or 3000 requests.
func playBobToTheEnd(t *testing.T, b *Bot, clock *fixedClock) {
	t.Helper()
	bobAI, err := ai.New("heuristic", ai.Config{Side: units.German, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 3000 && peek(b, "C1").State.Step != game.GameOver; i++ {
		g := peek(b, "C1")
		if g.State.ToMove() != units.German {
			t.Fatalf("%s %s: the computer's side is to move after Bob's orders", g.State.Turn, g.State.Step)
		}
		var lines []string
		for _, o := range bobAI.Orders(g.State.ViewFor(game.GermanView), ai.NewBoard(g.State, units.German)) {
			lines = append(lines, o.String())
		}
		r := txt(act(t, b, clock, bob, "C1", "/orders text:"+strings.Join(lines, "; ")))
		if peek(b, "C1").State == g.State {
			if e := txt(act(t, b, clock, bob, "C1", "/end")); peek(b, "C1").State == g.State {
				t.Fatalf("%s %s: Bob is stuck: %s\n%s", g.State.Turn, g.State.Step, r, e)
			}
		}
	}
}
