package commands

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"rtrbot/actor"
	"rtrbot/db"
)

// Reliability from the stored games (tournament/reliability.go): Bob's
// German segment is ended by its deadline and the game then finished by
// a resignation; a second game is abandoned by its referee. Bob's record
// is then one game timed out and one abandoned (0 % finished); Alice's
// first game counts as finished (the deadline never ended a segment of
// hers), her second as abandoned (50 %). A tournament with
// reliability:60 refuses both, privately, saying their figures, and
// admits Dave, who has no ended game yet.
func TestReliabilityFromStoredGames(t *testing.T) {
	path := filepath.Join(t.TempDir(), "r.db")
	b, clock := openedAt(t, path)
	ctx := context.Background()
	expect(t, txt(act(t, b, clock, umpire, "C1", "/game deadline hours:4 then:end")), "Each segment now has 4 hours")
	withdraw(t, b, clock, bob)
	if g := peek(b, "C1"); g.State.ToMove().String() != "german" {
		t.Fatalf("the German side should be to move: %v", g.State.ToMove())
	}
	if m := b.Tick(ctx, clock.t.Add(4*time.Hour+time.Minute), nil); len(m) == 0 || !strings.Contains(m[0].Text, "deadline passed") {
		t.Fatalf("the deadline did not end Bob's segment: %+v", m)
	}
	clock.t = clock.t.Add(5 * time.Hour)
	expect(t, txt(act(t, b, clock, alice, "C1", "/game resign confirm:true")), "resigned")
	// A second game, abandoned by its referee (Alice created it).
	seatAliceAndBob(t, b, clock, "C2", 2)
	expect(t, txt(act(t, b, clock, alice, "C2", "/game abandon confirm:true")), "bandon")

	expect(t, txt(act(t, b, clock, carol, "C3", "/ladder player:222")), "no rated game")
	expect(t, txt(act(t, b, clock, alice, "C3", "/tournament new name:Reliable format:swiss rounds:3 reliability:60")), "Reliable created")
	refusal := act(t, b, clock, bob, "C3", "/tournament join name:Reliable")
	expect(t, txt(refusal), "at least 60%", "0% finished (0 of 2; timed out 1, taken over 0, abandoned 1, seat handed over 0)")
	if len(refusal.Messages) == 0 || !refusal.Messages[0].Ephemeral {
		t.Errorf("the refusal names a player's record: it must be private: %+v", refusal)
	}
	expect(t, txt(act(t, b, clock, alice, "C3", "/tournament join name:Reliable")), "50% finished (1 of 2; timed out 0, taken over 0, abandoned 1, seat handed over 0)")
	dave := actor.Actor{ID: "444", Name: "Dave"}
	expect(t, txt(act(t, b, clock, dave, "C3", "/tournament join name:Reliable")), "Dave joins Reliable")
	expect(t, txt(act(t, b, clock, alice, "C3", "/tournament new name:Bad format:swiss rounds:3 reliability:120")), "reliability")
}

// A casual game that ended by a resignation is rated where it was played
// (it no longer holds the channel), the resigning side losing whatever
// the VP said; an abandoned one is never rated; the side ladders then
// show each player on the side they played.
func TestLadderRateAfterResignation(t *testing.T) {
	b, clock := newStoredBot(t)
	seatAliceAndBob(t, b, clock, "C1", 1)
	expect(t, txt(act(t, b, clock, bob, "C1", "/ladder rate:true")), "not over")
	expect(t, txt(act(t, b, clock, bob, "C1", "/game resign confirm:true")), "resigned")
	expect(t, txt(act(t, b, clock, carol, "C1", "/ladder rate:true")), "Only the game's players")
	expect(t, txt(act(t, b, clock, bob, "C1", "/ladder rate:true")), "when the opponent does too")
	expect(t, txt(act(t, b, clock, alice, "C1", "/ladder rate:true")), "Game #1 is rated")
	lad := txt(act(t, b, clock, carol, "C9", "/ladder"))
	expect(t, lad, "1. Alice  1662 ± 581  (1)  100%", "2. Bob  1338 ± 581  (1)  100%")
	expect(t, txt(act(t, b, clock, carol, "C9", "/ladder side:german")), "1. Bob  1338 ± 581  (1: 0-0-1)")
	expect(t, txt(act(t, b, clock, carol, "C9", "/ladder side:allied")), "1. Alice  1662 ± 581  (1: 1-0-0)")
	expect(t, txt(act(t, b, clock, carol, "C9", "/ladder player:Alice")), "As the Allies: 1662 ± 581, 1 won, 0 drawn, 0 lost")

	seatAliceAndBob(t, b, clock, "C2", 2)
	expect(t, txt(act(t, b, clock, alice, "C2", "/game abandon confirm:true")), "bandon")
	r := act(t, b, clock, alice, "C2", "/ladder rate:true")
	expect(t, txt(r), "abandoned")
	if len(r.Messages) == 0 || !r.Messages[0].Ephemeral {
		t.Errorf("a refusal is private: %+v", r)
	}
}

// seatAliceAndBob starts game number n in channel ch, Alice on the Allied
// side and Bob on the German.
func seatAliceAndBob(t *testing.T, b *Bot, clock *fixedClock, ch string, n int) {
	t.Helper()
	expect(t, seatBoth(t, b, clock, ch, "/game new scenario:standard"), fmt.Sprintf("Game #%d", n))
}

// umpire manages the server, so referees every game without playing in
// one: the deadlines of these tests are set by a referee who is not a
// player (a player-referee cannot shorten his opponent's clock).
var umpire = actor.Actor{ID: "555", Name: "Uma", Manager: true}

// A player who referees his own game (its creator) cannot put a deadline
// on the segment his opponent is playing, to time him out: the new hours
// apply from the next segment; the opponent's reliability stays clean.
func TestCheatRefereeTimesOutHisOpponent(t *testing.T) {
	b, clock := newStoredBot(t)
	ctx := context.Background()
	opening(t, b, clock) // Alice (creator, Allied) referees; Bob (German) to move
	// Against a person she may not set it alone at all: a proposal Bob
	// does not take up.
	expect(t, txt(act(t, b, clock, alice, "C1", "/game deadline hours:1 then:end")), "agrees by giving the same command")
	if g := peek(b, "C1"); !g.Deadline.IsZero() {
		t.Fatalf("Bob's segment got a deadline from his opponent: %v", g.Deadline)
	}
	for _, m := range b.Tick(ctx, clock.t.Add(2*time.Hour), nil) {
		if strings.Contains(m.Text, "deadline passed") {
			t.Fatalf("Bob was timed out by his opponent's deadline: %+v", m)
		}
	}
	expect(t, txt(act(t, b, clock, alice, "C1", "/game resign confirm:true")), "resigned")
	rel, err := db.Tournaments{S: dbOf(b)}.Reliability(ctx, "G1")
	if err != nil {
		t.Fatal(err)
	}
	if r := rel[bob.ID]; r.TimedOut != 0 || r.Finished != 1 {
		t.Errorf("Bob's reliability: %+v", r)
	}
}

// A player who hands his seat to another once the setup is over, in a
// position he is losing, still counts as the one who left: Bob gives his
// German seat to Dave after the opening, Dave resigns. Bob's record is one
// game, left (0 %); Dave's one game, finished. A seat changed during the
// setup (Erin gives hers to Frank before the first turn) counts nothing
// against the one who left it.
func TestReliabilityCountsASeatHandedOver(t *testing.T) {
	b, clock := openedGame(t)
	dave := actor.Actor{ID: "444", Name: "Dave"}
	expect(t, txt(act(t, b, clock, bob, "C1", "/game replace player:Bob by:444 name:Dave")), "offer")
	expect(t, txt(act(t, b, clock, dave, "C1", "/game replace player:Bob by:444")), "<@444> takes <@222>'s place on the German side.")
	expect(t, txt(act(t, b, clock, dave, "C1", "/game resign confirm:true")), "resigned")

	erin, frank := actor.Actor{ID: "666", Name: "Erin"}, actor.Actor{ID: "777", Name: "Frank"}
	expect(t, txt(act(t, b, clock, erin, "C2", "/game new scenario:standard")), "Game #2")
	expect(t, txt(act(t, b, clock, erin, "C2", "/game join side:german")), "German")
	expect(t, txt(act(t, b, clock, carol, "C2", "/game join side:allied")), "Allied")
	expect(t, txt(act(t, b, clock, erin, "C2", "/game replace player:Erin by:777 name:Frank")), "offer")
	expect(t, txt(act(t, b, clock, frank, "C2", "/game replace player:Erin by:777")), "<@777>")
	expect(t, txt(act(t, b, clock, frank, "C2", "/game resign confirm:true")), "resigned")

	expect(t, txt(act(t, b, clock, umpire, "C3", "/tournament new name:Reliable format:swiss rounds:3 reliability:60")), "Reliable created")
	refusal := act(t, b, clock, bob, "C3", "/tournament join name:Reliable")
	expect(t, txt(refusal), "at least 60%", "0% finished (0 of 1; timed out 0, taken over 0, abandoned 0, seat handed over 1)")
	expect(t, txt(act(t, b, clock, dave, "C3", "/tournament join name:Reliable")), "Dave joins Reliable")
	expect(t, txt(act(t, b, clock, erin, "C3", "/tournament join name:Reliable")), "Erin joins Reliable")
	expect(t, txt(act(t, b, clock, frank, "C3", "/tournament join name:Reliable")), "Frank joins Reliable")
}
