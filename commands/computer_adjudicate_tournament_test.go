package commands

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"rtrbot/actor"
	"rtrbot/games"
	"rtrbot/tournament"
)

// judgeRound starts the tournament Judge (Swiss, bot games, a 48-hour
// deadline, adjudicate:true) of the Org organiser in C1 with the players
// named, and gives the way to act in it and the tournament as started.
func judgeRound(t *testing.T, b *Bot, clock *fixedClock, rounds int, names ...string) (func(actor.Actor, string, string) *Response, *tournament.Tournament) {
	t.Helper()
	chat := &fakeChat{}
	do := func(u actor.Actor, ch, line string) *Response { return chatAct(b, clock, chat, u, ch, line) }
	expect(t, txt(do(judgeOrganiser, "C1", "/tournament new name:Judge format:swiss rounds:2 scenario:standard play:table deadline:48 adjudicate:true")), "adjudicate:true needs bot games")
	expect(t, txt(do(judgeOrganiser, "C1", fmt.Sprintf("/tournament new name:Judge format:swiss rounds:%d scenario:standard deadline:48 adjudicate:true", rounds))), "Judge")
	for i, n := range names {
		do(actor.Actor{ID: fmt.Sprint(901 + i), Name: n}, "C1", "/tournament join name:Judge")
	}
	do(judgeOrganiser, "C1", "/tournament start name:Judge")
	tr, err := b.tournamentService().Get(context.Background(), "G1", "Judge")
	if err != nil {
		t.Fatal(err)
	}
	return do, tr
}

// judgeOrganiser organises the tournament of judgeRound.
var judgeOrganiser = actor.Actor{ID: "900", Name: "Org"}

// tableSeats are the German and Allied players of a table.
func tableSeats(tr *tournament.Tournament, tb *tournament.Game) (ger, all actor.Actor) {
	return actor.Actor{ID: tb.German, Name: tr.Player(tb.German).Name}, actor.Actor{ID: tb.Allied, Name: tr.Player(tb.Allied).Name}
}

// With adjudicate:true a round's deadline adjudicates the bot games still
// unfinished then, and only those: table 1 (resigned) keeps its result,
// table 2's game ends adjudicated, its result marked so in the round's
// table and the standings, and its players cannot play on. Only the
// organiser overrules it.
func TestTournamentLimitAdjudicates(t *testing.T) {
	b, clock := newStoredBot(t)
	cheapAdjudication(b)
	do, tr := judgeRound(t, b, clock, 2, "Ann", "Ben", "Cat", "Dan")
	ctx := context.Background()
	t1, t2 := tr.Current().Games[0], tr.Current().Games[1]
	allied := actor.Actor{ID: t1.Allied, Name: tr.Player(t1.Allied).Name}
	expect(t, txt(do(allied, t1.Thread, "/game resign confirm:true")), "result is recorded")
	// Before the deadline nothing is adjudicated.
	for _, m := range b.Tick(ctx, clock.t.Add(47*time.Hour), nil) {
		if strings.Contains(m.Text, "adjudicated") {
			t.Fatalf("adjudicated before the deadline: %s", m.Text)
		}
	}
	if b.games.Peek(ctx, t2.Thread) == nil {
		t.Fatal("table 2's game ended before the deadline")
	}
	m := limitTick(b, clock.t.Add(48*time.Hour))
	all := ""
	for _, x := range m {
		all += x.Text + "\n"
	}
	expect(t, all, "table 2: the round's limit passed with game #", "it is adjudicated", "median of 1 play-out", "判定しました")
	if strings.Contains(all, "table 1: the round's limit") {
		t.Fatalf("the finished table 1 was adjudicated:\n%s", all)
	}
	if again := b.Tick(ctx, clock.t.Add(49*time.Hour), nil); len(again) != 0 {
		t.Fatalf("a second tick did more: %+v", again)
	}
	tr, _ = b.tournamentService().Get(ctx, "G1", "Judge")
	g1, g2 := tr.Current().Games[0], tr.Current().Games[1]
	if g1.Adjudicated() || g1.Source != tournament.SourceGame {
		t.Fatalf("table 1 (resigned): source %q", g1.Source)
	}
	if !g2.Adjudicated() || g2.Result == nil || g2.Adjudication.PlayOuts != 1 {
		t.Fatalf("table 2: %+v, %+v", g2.Result, g2.Adjudication)
	}
	if g := b.games.Peek(ctx, t2.Thread); g != nil {
		t.Fatal("the adjudicated game still runs")
	}
	if row, err := b.Store.Game(ctx, t2.GameID); err != nil || row.Status != games.Finished {
		t.Fatalf("table 2's game: %+v %v", row, err)
	}
	ger := actor.Actor{ID: t2.German, Name: tr.Player(t2.German).Name}
	expect(t, txt(do(ger, t2.Thread, "/end")), "of this channel is over (finished)", "/game new")
	expect(t, txt(do(judgeOrganiser, "C1", "/tournament pairings name:Judge")), "(adjudicated: median of 1 play-out")
	expect(t, txt(do(judgeOrganiser, "C1", "/tournament standings name:Judge")), "Adjudicated at a round's limit", "round 1, table 2")

	// A player (even of the table) cannot overrule it; the organiser can.
	r := do(ger, "C1", "/tournament fix name:Judge table:2 result:german level:marginal margin:60")
	expect(t, txt(r), "organiser")
	tr, _ = b.tournamentService().Get(ctx, "G1", "Judge")
	if !tr.Current().Games[1].Adjudicated() {
		t.Fatal("a player overruled the adjudication")
	}
	expect(t, txt(do(judgeOrganiser, "C1", "/tournament fix name:Judge table:2 result:german level:marginal margin:60")), "")
	tr, _ = b.tournamentService().Get(ctx, "G1", "Judge")
	if g := tr.Current().Games[1]; g.Adjudicated() || g.Result.Winner != tournament.German || g.Result.Margin != 60 {
		t.Fatalf("after the organiser's fix: %+v, source %q", g.Result, g.Source)
	}
}

// Without adjudicate:true the deadline leaves an unfinished bot game to
// the organiser, as before.
func TestTournamentLimitWithoutAdjudication(t *testing.T) {
	b, clock := newStoredBot(t)
	cheapAdjudication(b)
	chat := &fakeChat{}
	ps := []actor.Actor{{ID: "901", Name: "Ann"}, {ID: "902", Name: "Ben"}}
	do := func(u actor.Actor, ch, line string) *Response { return chatAct(b, clock, chat, u, ch, line) }
	do(judgeOrganiser, "C1", "/tournament new name:Plain format:swiss rounds:1 scenario:standard deadline:48")
	for _, p := range ps {
		do(p, "C1", "/tournament join name:Plain")
	}
	do(judgeOrganiser, "C1", "/tournament start name:Plain")
	ctx := context.Background()
	tr, _ := b.tournamentService().Get(ctx, "G1", "Plain")
	all := ""
	for _, x := range b.Tick(ctx, clock.t.Add(48*time.Hour), nil) {
		all += x.Text + "\n"
	}
	expect(t, all, "decides these")
	if b.games.Peek(ctx, tr.Current().Games[0].Thread) == nil {
		t.Fatal("the game ended without adjudicate:true")
	}
}
