package commands

import (
	"context"
	"fmt"
	"regexp"
	"strconv"
	"testing"
	"time"

	"rtrbot/balance"
	"rtrbot/db"
)

// /stats balance: below 30 club games the computer's self-play stands
// beside the club's figures, labelled as such, and the even bid rests on
// it; with 30 club games of the scenario and options the club's own
// figures decide and the self-play is not shown. Options select their own
// games. The answers are public; a bad option is refused privately.
func TestStatsBalance(t *testing.T) {
	b, clock := newStoredBot(t)
	self, _, err := balance.SelfPlay("extended")
	if err != nil {
		t.Fatal(err)
	}
	s := balance.Summarise(self.Games)
	r := act(t, b, clock, carol, "C1", "/stats balance scenario:extended")
	expect(t, txt(r), "no rated game of this scenario", "the computer's self-play (heuristic as the Germans against heuristic as the Allies; 400 games, not the club's)",
		fmt.Sprintf("Allied victories %d", s.AlliedWins), fmt.Sprintf("from the computer's self-play"), "Even bid between equal players")
	if r.Messages[0].Ephemeral {
		t.Error("the balance is public")
	}
	// 30 rated casual games of the standard scenario with 18.1(5), each
	// German margin +80 or -20: 15 German victories, 15 draws.
	tt := db.Tournaments{S: dbOf(b)}
	ctx := context.Background()
	for i := 0; i < 30; i++ {
		vp := [2]int{180, 100}
		if i%2 == 1 {
			vp = [2]int{100, 120}
		}
		for _, by := range []string{"g", "a"} {
			if _, err := tt.MarkRated(ctx, db.LadderMark{Game: int64(100 + i), Guild: "G1", German: "g", Allied: "a", ScoreGerman: 0.5,
				Ended: clock.t.Add(time.Duration(i) * time.Hour), By: by, Scenario: "standard", Options: "18.1(5)", VP: &vp}); err != nil {
				t.Fatal(err)
			}
		}
	}
	club := txt(act(t, b, clock, carol, "C1", "/stats balance scenario:standard options:18.1(5)"))
	expect(t, club, "The club's rated games (30): German victories 15 (50%", "draws 15, Allied victories 0", "mean margin German−Allied +30.0 VP", "from the club's 30 rated games")
	if regexp.MustCompile(`self-play`).MatchString(club) {
		t.Errorf("30 club games: the self-play is not shown:\n%s", club)
	}
	// Without the option those games do not count.
	expect(t, txt(act(t, b, clock, carol, "C1", "/stats balance scenario:standard options:18.1(6)")), "no rated game of this scenario", "stored for each scenario without options only")
	bad := act(t, b, clock, carol, "C1", "/stats balance scenario:standard options:99.9")
	if expect(t, txt(bad), "99.9"); !bad.Messages[0].Ephemeral {
		t.Error("a refusal is private")
	}
}

// /stats bid: the stronger player as the Germans gives more than the even
// bid, the weaker less; equal (new) players get the even bid itself; a
// name with Discord's mentions or the same player twice is refused
// privately.
func TestStatsBid(t *testing.T) {
	b, clock := newStoredBot(t)
	self, _, _ := balance.SelfPlay("extended")
	even := balance.EvenBid(self.Games)
	bidOf := func(line string) (vp int, expected float64) {
		t.Helper()
		out := txt(act(t, b, clock, carol, "C1", line))
		m := regexp.MustCompile(`For an even game: the (German|Allied) player gives the \w+ (\d+) VP`).FindStringSubmatch(out)
		e := regexp.MustCompile(`expected score of (\d\.\d\d)`).FindStringSubmatch(out)
		if m == nil || e == nil {
			t.Fatalf("%s:\n%s", line, out)
		}
		vp, _ = strconv.Atoi(m[2])
		if m[1] == "Allied" {
			vp = -vp
		}
		expected, _ = strconv.ParseFloat(e[1], 64)
		return vp, expected
	}
	if vp, e := bidOf("/stats bid german:Alice allied:Bob scenario:extended"); vp != even || e != 0.5 {
		t.Errorf("new players: bid %d (expected score %.2f), want the even bid %d", vp, e, even)
	}
	// Alice wins a rated game as the Allies: her Allied rating rises.
	seatAliceAndBob(t, b, clock, "C1", 1)
	expect(t, txt(act(t, b, clock, bob, "C1", "/game resign confirm:true")), "resigned")
	expect(t, txt(act(t, b, clock, bob, "C1", "/ladder rate:true")), "marks game #1")
	expect(t, txt(act(t, b, clock, alice, "C1", "/ladder rate:true")), "is rated")
	strongAllied, e := bidOf("/stats bid german:Bob allied:Alice scenario:extended")
	if !(strongAllied < even && e < 0.5) {
		t.Errorf("the stronger Allied player: bid %d (expected %.2f), want below the even bid %d", strongAllied, e, even)
	}
	for _, line := range []string{"/stats bid german:Bob allied:bob scenario:extended"} {
		r := act(t, b, clock, carol, "C1", line)
		if len(r.Messages) == 0 || !r.Messages[0].Ephemeral {
			t.Errorf("%s: the refusal is private: %+v", line, r)
		}
	}
}
