package commands

import (
	"context"
	"strings"
	"testing"

	"rtrbot/actor"
	"rtrbot/engine/units"
	"rtrbot/games"
	"rtrbot/tournament"
)

// A table's game that ends just before a crash, before its result reached
// the table, gives it after the restart: the round clock's first tick
// finds the stored game finished (here by a resignation, whose side is
// stored with the game's end) and records it. An abandoned game is left
// to the organiser.
func TestTournamentGameEndedBeforeCrash(t *testing.T) {
	clock := newClock()
	path := t.TempDir() + "/crash.db"
	b := storedBot(t, path, clock)
	chat := &fakeChat{}
	org := actor.Actor{ID: "900", Name: "Org"}
	ps := []actor.Actor{{ID: "901", Name: "Ann"}, {ID: "902", Name: "Ben"}, {ID: "903", Name: "Cat"}, {ID: "904", Name: "Dan"}}
	chatAct(b, clock, chat, org, "C1", "/tournament new name:Crash format:swiss rounds:2 scenario:standard")
	for _, p := range ps {
		chatAct(b, clock, chat, p, "C1", "/tournament join name:Crash")
	}
	chatAct(b, clock, chat, org, "C1", "/tournament start name:Crash")
	ctx := context.Background()
	tr, err := b.tournamentService().Get(ctx, "G1", "Crash")
	if err != nil {
		t.Fatal(err)
	}
	t1, t2 := tr.Current().Games[0], tr.Current().Games[1]
	if t1.GameID == 0 || t2.GameID == 0 {
		t.Fatalf("no bot games: %+v %+v", t1, t2)
	}
	// Table 1's German player resigns; the game service stores the end,
	// and the process dies before the command layer tells the table.
	if _, err := b.games.Resign(ctx, actor.Actor{ID: t1.German, Name: "x"}, games.Where{Guild: "G1", Channel: t1.Thread}); err != nil {
		t.Fatal(err)
	}
	// Table 2's game is abandoned by the organiser (a referee of it).
	if _, err := b.games.Abandon(ctx, actor.Actor{ID: org.ID, Name: org.Name}, games.Where{Guild: "G1", Channel: t2.Thread}); err != nil {
		t.Fatal(err)
	}
	tr, _ = b.tournamentService().Get(ctx, "G1", "Crash")
	if r := tr.Current().Games[0].Result; r != nil {
		t.Fatalf("the result reached the table before the crash: %+v", r)
	}

	b2 := storedBot(t, path, clock) // the bot starts again over the same file
	msgs := b2.Tick(ctx, clock.t, nil)
	tr, _ = b2.tournamentService().Get(ctx, "G1", "Crash")
	r := tr.Current().Games[0].Result
	if r == nil || r.Winner != tournament.Allied || r.Level != tournament.Decisive {
		t.Fatalf("table 1 after the restart's first tick: %+v (messages %v)", r, msgs)
	}
	said := false
	for _, m := range msgs {
		said = said || (m.Target == t1.Thread && strings.Contains(m.Text, "result is recorded"))
	}
	if !said {
		t.Errorf("the table's thread was not told: %v", msgs)
	}
	if r := tr.Current().Games[1].Result; r != nil {
		t.Errorf("an abandoned game gave a result by itself: %+v", r)
	}
	if again := b2.Tick(ctx, clock.t, nil); len(again) != 0 {
		t.Errorf("recorded twice: %v", again)
	}
	// The organiser decides the abandoned table; the round closes.
	expect(t, txt(chatAct(b2, clock, chat, org, "C1", "/tournament fix name:Crash table:2 result:draw")), "")
	expect(t, txt(chatAct(b2, clock, chat, org, "C1", "/tournament next name:Crash")), "standings after round 1")
}

// byegame:LEVEL gives the player with a pairing-allocated bye a practice
// game against the computer in a thread of its own: the player on the
// side he has played less, the computer on the other. Its end is said in
// its thread but does not reach the table: the bye's points stand, and
// the tournament service refuses a result for it.
func TestTournamentByeGameAgainstTheBot(t *testing.T) {
	b, clock := newStoredBot(t)
	chat := &fakeChat{}
	org := actor.Actor{ID: "900", Name: "Org"}
	ps := []actor.Actor{{ID: "901", Name: "Ann"}, {ID: "902", Name: "Ben"}, {ID: "903", Name: "Cat"}, {ID: "904", Name: "Dan"}, {ID: "905", Name: "Eve"}}
	do := func(u actor.Actor, ch, line string) *Response { return chatAct(b, clock, chat, u, ch, line) }
	expect(t, txt(do(org, "C1", "/tournament new name:Byes format:swiss rounds:2 scenario:standard byegame:wizard")), `byegame cannot be "wizard"`)
	do(org, "C1", "/tournament new name:Byes format:swiss rounds:2 scenario:standard byegame:random")
	for _, p := range ps {
		do(p, "C1", "/tournament join name:Byes")
	}
	start := do(org, "C1", "/tournament start name:Byes")
	ctx := context.Background()
	tr, _ := b.tournamentService().Get(ctx, "G1", "Byes")
	var bye *tournament.Game
	for _, g := range tr.Current().Games {
		if g.Bye() {
			bye = g
		}
	}
	if bye == nil || bye.GameID == 0 || bye.Thread == "" {
		t.Fatalf("the bye has no game against the computer: %+v\n%s", bye, txt(start))
	}
	bg := b.games.Peek(context.Background(), bye.Thread)
	if bg == nil || bg.ID != bye.GameID {
		t.Fatalf("no game #%d in %s", bye.GameID, bye.Thread)
	}
	if s, ok := bg.SideOf(bye.German); !ok || s != units.German {
		t.Errorf("the bye's player is not on the German side (he has played neither): %v %v", s, ok)
	}
	if s, level, ok := bg.Bot(); !ok || s != units.Allied || level != "random" {
		t.Errorf("the computer: %v %q %v", s, level, ok)
	}
	expect(t, txt(do(org, "C1", "/tournament pairings name:Byes")), "practice game against the computer")
	// The result of the bye's game is refused by the tournament.
	if _, _, _, err := b.tournamentService().RecordGame(ctx, bye.GameID, tournament.German, tournament.Decisive, 0); err == nil {
		t.Error("a result for a bye's practice game was taken")
	}
	// The player resigns the practice game: said in its thread, no result.
	res := do(actor.Actor{ID: bye.German, Name: "p"}, bye.Thread, "/game resign confirm:true")
	expect(t, txt(res), "the bye's points stand")
	tr, _ = b.tournamentService().Get(ctx, "G1", "Byes")
	for _, g := range tr.Current().Games {
		if g.Bye() && g.Result != nil {
			t.Errorf("the bye got a result: %+v", g.Result)
		}
	}
	// The other tables resign; the bye's player has the bye's point.
	for _, g := range tr.Current().Games {
		if !g.Bye() {
			do(actor.Actor{ID: g.Allied, Name: "a"}, g.Thread, "/game resign confirm:true")
		}
	}
	expect(t, txt(do(org, "C1", "/tournament next name:Byes")), "standings after round 1")
	tr, _ = b.tournamentService().Get(ctx, "G1", "Byes")
	st := tr.Standings()
	for _, row := range st {
		if row.ID == bye.German && row.Score*2 != float64(tr.Settings.Points.Bye) {
			t.Errorf("the bye's player has %v points, want the bye's %d half points", row.Score, tr.Settings.Points.Bye)
		}
	}
	// Round 2: the new bye goes to someone who played German in round 1
	// if the pairing gives it so; then the computer takes the German side.
	for _, g := range tr.Current().Games {
		if !g.Bye() {
			continue
		}
		bg := b.games.Peek(context.Background(), g.Thread)
		if bg == nil {
			t.Fatalf("round 2's bye has no game: %+v", g)
		}
		want := units.German
		if sideBalance(tr, g.German) > 0 {
			want = units.Allied
		}
		if s, _ := bg.SideOf(g.German); s != want {
			t.Errorf("round 2's bye plays %v, want %v", s, want)
		}
	}
}
