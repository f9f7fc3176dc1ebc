package commands

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"rtrbot/actor"
	"rtrbot/ai"
	"rtrbot/games"
)

// Red team, round 5: a cheating player against /computer explain,
// /computer adjudicate, tournaments with adjudicate:true, the computer on
// the ladder and place names in hex options. Each test is an attempt that
// the bot stops; the rule that stops it is named in its comment.

// The cheater is losing a tournament game and both he and his friend at
// the table ask /computer adjudicate to end it before the round's limit
// (or to choose the moment the play-outs judge). Stopped by
// computerAdjudicate's notTournament: a tournament game is adjudicated
// only by the round's clock, and the game runs on.
func TestCheatAdjudicateTournamentGameByAsking(t *testing.T) {
	b, clock := newStoredBot(t)
	cheapAdjudication(b)
	do, tr := judgeRound(t, b, clock, 1, "Ann", "Ben")
	ctx := context.Background()
	tb := tr.Current().Games[0]
	ger, all := tableSeats(tr, tb)
	for _, who := range []actor.Actor{ger, all, ger} {
		expect(t, txt(do(who, tb.Thread, "/computer adjudicate")), "This is a tournament game")
	}
	if g := b.games.Peek(ctx, tb.Thread); g == nil || g.Status != games.Active {
		t.Fatal("the tournament game ended by the players' asks")
	}
	if _, asked := b.games.Peek(ctx, tb.Thread).AdjudicationAsked(); asked {
		t.Fatal("a refused ask was recorded with the position")
	}
	// Nor does the organiser's word as a non-player adjudicate it.
	expect(t, txt(do(judgeOrganiser, tb.Thread, "/computer adjudicate")), "")
	if g := b.games.Peek(ctx, tb.Thread); g == nil || g.Status != games.Active {
		t.Fatal("the organiser's ask ended the tournament game")
	}
}

// The cheater (Bob) wants to end a casual game he is losing while his
// opponent is away on vacation, by asking alone, several times, and by
// pressing the agree button himself. Stopped by AskAdjudication: the
// other side's own ask at the same position is needed; a vacation is no
// consent, and a player's second ask is still his own side's.
func TestCheatAdjudicateOpponentOnVacation(t *testing.T) {
	b, clock := openedGame(t) // Alice the Allies, Bob the Germans, in C1
	cheapAdjudication(b)
	act(t, b, clock, alice, "C1", "/vacation days:3")
	for i := 0; i < 3; i++ {
		expect(t, txt(act(t, b, clock, bob, "C1", "/computer adjudicate")), "Bob asks for the German side")
	}
	if g := peek(b, "C1"); g == nil || g.Status != games.Active {
		t.Fatal("one side alone ended the game by adjudication while the other was on vacation")
	}
	if side, asked := peek(b, "C1").AdjudicationAsked(); !asked || side.String() != "german" {
		t.Fatalf("the ask recorded is not Bob's own side's: %v %v", side, asked)
	}
}

// A spectator (Carol) tries to end someone else's game against the
// computer by adjudication, and to take the computer's empty-looking seat
// so as to "agree" for it. Stopped by adjudicationSide (only a player of
// the game asks, for his own side) and by Join (the computer's side is
// not joinable by a second person).
func TestCheatAdjudicateSomeoneElsesComputerGame(t *testing.T) {
	b, clock := newStoredBot(t)
	cheapAdjudication(b)
	act(t, b, clock, bob, "C1", "/game new vs:bot side:german level:random")
	expect(t, txt(act(t, b, clock, carol, "C1", "/game join side:allied")), "held by")
	r := act(t, b, clock, carol, "C1", "/computer adjudicate")
	expect(t, txt(r), "Only a player of this game")
	if !r.Messages[0].Ephemeral {
		t.Fatal("the refusal was public")
	}
	if g := peek(b, "C1"); g == nil || g.Status != games.Active {
		t.Fatal("a spectator ended the computer game")
	}
	// Nor in another channel: there it is that channel's (no) game.
	expect(t, txt(act(t, b, clock, carol, "C2", "/computer adjudicate")), "no game")
}

// The cheater looks for the computer's hidden units through /computer
// explain in a game where no computer plays, or before it has played a
// turn. Stopped by Service.Explain: nothing is explained without a
// computer's kept account.
func TestCheatExplainWithoutAComputerTurn(t *testing.T) {
	b, clock := openedGame(t)
	expect(t, txt(act(t, b, clock, bob, "C1", "/computer explain")), "No computer plays in this game")
	expect(t, txt(act(t, b, clock, carol, "C1", "/computer explain")), "No computer plays in this game")
	b2, clock2 := newStoredBot(t)
	act(t, b2, clock2, bob, "C1", "/game new vs:bot side:german level:random")
	expect(t, txt(act(t, b2, clock2, bob, "C1", "/computer explain")), "has not played a player turn")
}

// The cheater feeds the place-name hex option odd input: full-width
// digits and letters, bidi overrides, zero-width joiners, huge numbers,
// signs, hex notation, emoji, a long string. Stopped by the hex parser:
// each is read (full-width forms normalised) or refused in private with
// an explanation, and nothing panics.
func TestCheatHexOptionOddInput(t *testing.T) {
	b, clock := newStoredBot(t)
	expect(t, txt(act(t, b, clock, bob, "C1", "/hex hex:１８０４")), "Hex 1804")
	for _, in := range []string{"99999999999999999999999", "\u202eParis", "Pa\u200dris", "-1", "+1804", "0x10",
		"1804\u0301", "🇫🇷", "18 04", "１８０４０", "٠١٠١", strings.Repeat("Paris", 400), "\x00", "%s%d"} {
		r := act(t, b, clock, bob, "C1", "/hex hex:"+in)
		if len(r.Messages) == 0 {
			t.Fatalf("/hex hex:%q: no answer", in)
		}
		if !r.Messages[0].Ephemeral && !strings.Contains(txt(r), "Hex ") {
			t.Errorf("/hex hex:%q: a public answer that is no hex: %q", in, txt(r))
		}
		if len(txt(r)) > 4000 {
			t.Errorf("/hex hex:%q: an answer of %d characters (echoes the input whole?)", in, len(txt(r)))
		}
	}
	expect(t, txt(act(t, b, clock, bob, "C1", "/hex hex:ＰＡＲＩＳ")), "names 3 hexes")
}

// The cheater, losing his adjudicate:true tournament game, reports a
// result of his own (his friend at the table confirms it) before the
// round's limit, so that the table "already has a result" and the
// play-outs leave it alone. Stopped by the tournament's inPlay: a report
// or confirmation of a table whose bot game is in play is refused, so
// the limit adjudicates the table.
func TestCheatReportToDodgeAdjudication(t *testing.T) {
	b, clock := newStoredBot(t)
	cheapAdjudication(b)
	do, tr := judgeRound(t, b, clock, 1, "Ann", "Ben")
	ctx := context.Background()
	tb := tr.Current().Games[0]
	ger, all := tableSeats(tr, tb)
	expect(t, txt(do(ger, "C1", "/tournament report name:Judge table:1 result:german level:decisive margin:200")), "still in play")
	expect(t, txt(do(all, "C1", "/tournament report name:Judge table:1 result:german level:decisive margin:200")), "still in play")
	expect(t, txt(do(all, "C1", "/tournament confirm name:Judge table:1")), "")
	tr, _ = b.tournamentService().Get(ctx, "G1", "Judge")
	if g := tr.Current().Games[0]; g.Result != nil || g.Reported != nil {
		t.Fatalf("a report of a bot game in play was kept: %+v %+v", g.Result, g.Reported)
	}
	out := ""
	for _, m := range limitTick(b, clock.t.Add(48*time.Hour)) {
		out += m.Text + "\n"
	}
	expect(t, out, "it is adjudicated")
	tr, _ = b.tournamentService().Get(ctx, "G1", "Judge")
	if !tr.Current().Games[0].Adjudicated() {
		t.Fatal("the table was not adjudicated at the limit")
	}
}

// The cheater feeds numeric options huge, negative and full-width
// numbers (radius, deadline, days, rounds), and odd names to /ladder
// player:. Stopped by the options' bounds (refused in private, saying
// the range) and the full-width normalisation; nothing panics and no
// rated game appears from a name.
func TestCheatNumbersAndNamesOddInput(t *testing.T) {
	b, clock := newStoredBot(t)
	for _, line := range []string{"/map around:1819 radius:99999999999999", "/map around:1819 radius:-5",
		"/tournament new name:X format:swiss rounds:2 deadline:99999999999999999 adjudicate:true"} {
		r := act(t, b, clock, bob, "C1", line)
		expect(t, txt(r), "must be between")
		if !r.Messages[0].Ephemeral {
			t.Errorf("%s: a public refusal", line)
		}
	}
	expect(t, txt(act(t, b, clock, bob, "C1", "/map around:１８１９ radius:３")), "1819")
	for _, who := range []string{"bot:search", "\u202e", "Computer (search)", "探索", "bot:", "bot:../../etc", strings.Repeat("ｂ", 500)} {
		expect(t, txt(act(t, b, clock, carol, "C9", "/ladder player:"+who)), "no rated game")
	}
}

// The cheater asks for adjudication against the computer and goes on
// giving orders while the play-outs run (outside the game's lock), to
// end the game at a position other than the one judged, or to race the
// referee's copy of the state. Stopped by AskAdjudication's re-check
// under the lock (the position's hash): either the ask came after the
// orders and judged that position, or nothing ends and the game goes on
// (the orders having cancelled the first ask, the second only asks anew);
// under -race, no data race between the play-outs and the orders.
func TestCheatOrdersDuringAdjudication(t *testing.T) {
	b, clock := newStoredBot(t)
	b.games.SetAdjudication(ai.AdjudicateConfig{PlayOuts: 2, Level: "heuristic"})
	act(t, b, clock, bob, "C1", "/game new vs:bot side:german level:random")
	act(t, b, clock, bob, "C1", "/computer adjudicate") // the first ask only asks
	var wg sync.WaitGroup
	var asked string
	wg.Add(1)
	go func() { defer wg.Done(); asked = txt(act(t, b, clock, bob, "C1", "/computer adjudicate")) }()
	for _, l := range []string{"/game setup", "/end", "/end", "/end"} {
		act(t, b, clock, bob, "C1", l)
	}
	wg.Wait()
	switch g := peek(b, "C1"); {
	case strings.Contains(asked, "went on while it was being adjudicated"):
		if g == nil || g.Status != games.Active {
			t.Fatal("an adjudication refused for a changed position ended the game")
		}
	case strings.Contains(asked, "the play-outs begin only when you confirm"): // the orders came first: a new first ask
		if g == nil || g.Status != games.Active {
			t.Fatal("a first ask ended the game")
		}
	case strings.Contains(asked, "ends by adjudication"):
		if g != nil {
			t.Fatal("the adjudicated game still runs")
		}
	default:
		t.Fatalf("the ask: %q", asked)
	}
}

// The cheater asks for adjudication, the opponent gives an order (which
// cancels the ask) and takes it back: the ask must not come back with the
// position, or the cheater's opponent would end the game by a later ask
// he thought was his own request. Stopped by Undo clearing the asks.
func TestCheatUndoBringsBackAnAsk(t *testing.T) {
	b, clock := openedGame(t)
	cheapAdjudication(b)
	act(t, b, clock, alice, "C1", "/computer adjudicate")
	at := peek(b, "C1").State.Hash()
	act(t, b, clock, bob, "C1", "/withdraw unit:G-III")
	act(t, b, clock, bob, "C1", "/undo")
	if peek(b, "C1").State.Hash() != at {
		t.Fatal("the order was not taken back: the test proves nothing")
	}
	if side, asked := peek(b, "C1").AdjudicationAsked(); asked {
		t.Fatalf("the %s ask came back with /undo", side)
	}
	expect(t, txt(act(t, b, clock, bob, "C1", "/computer adjudicate")), "Bob asks for the German side")
}
