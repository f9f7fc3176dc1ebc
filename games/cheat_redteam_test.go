package games

import (
	"bytes"
	"context"
	"regexp"
	"strings"
	"testing"
	"time"

	"rtrbot/actor"
	"rtrbot/db/gamefile"
	"rtrbot/engine/game"
	"rtrbot/engine/units"
	"rtrbot/tournament"
)

// The red team's cheat attempts (a cheating player against the service).
// Each test says what the cheater tries and which rule stops him.

// playToEnd plays the game at w to its end as a, ending each step (the
// setup by default, reinforcements by default, the Russian Front's
// demands by the unit its refusal names). a must be allowed to act for
// the side to move (a hot-seat game).
func playToEnd(t *testing.T, s *Service, a actor.Actor, w Where) {
	t.Helper()
	ctx := context.Background()
	for i := 0; i < 3000 && s.Peek(context.Background(), w.Channel).State.Step != game.GameOver; i++ {
		g := s.Peek(context.Background(), w.Channel)
		if g.State.Step == game.SetupStep && !g.Started(g.State.ToMove()) {
			if _, err := s.Orders(ctx, a, w, t0, []Pending{{Order: game.AutoSetup()}}, false); err != nil {
				t.Fatalf("setup: %v", err)
			}
			continue
		}
		_, endErr := s.Orders(ctx, a, w, t0, endStep, false)
		if endErr == nil {
			continue
		}
		if m := withdrawable.FindStringSubmatch(endErr.Error()); m != nil {
			if _, err := s.Orders(ctx, a, w, t0, []Pending{{Order: game.Withdraw(m[1])}}, false); err == nil {
				continue
			}
		}
		if m := overStacked.FindStringSubmatch(endErr.Error()); m != nil {
			f := strings.Fields(m[1])
			if _, err := s.Orders(ctx, a, w, t0, []Pending{{Order: game.Remove(f[len(f)-1])}}, false); err == nil {
				continue
			}
		}
		if _, err := s.Orders(ctx, a, w, t0, []Pending{{Order: game.AutoReinforce()}}, false); err != nil {
			t.Fatalf("at %s %s: %v (end: %v)", g.State.Turn, g.State.Step, err, endErr)
		}
	}
	if s.Peek(context.Background(), w.Channel).State.Step != game.GameOver {
		t.Fatal("the game did not end")
	}
}

// overStacked reads the units of an over-stacked hex from a refused end.
var overStacked = regexp.MustCompile(`in \d{4} \(([^)]*)\)`)

// renamePlayers rewrites a game file's player lines: the German seat to
// german, the Allied one to allied (user IDs and names).
func renamePlayers(file []byte, german, allied actor.Actor) []byte {
	var out []string
	added := false
	for _, l := range strings.Split(string(file), "\n") {
		if strings.HasPrefix(l, "player ") {
			continue
		}
		if strings.HasPrefix(l, "order ") && !added {
			out = append(out, "player german "+german.ID+" "+german.Name, "player allied "+allied.ID+" "+allied.Name)
			added = true
		}
		out = append(out, l)
	}
	return []byte(strings.Join(out, "\n"))
}

var (
	mallory = actor.Actor{ID: "444", Name: "Mallory", Lang: "en"}
	sock    = actor.Actor{ID: "555", Name: "Sock", Lang: "en"}
)

// forge rewrites a game file as a cheater would: keep only its first keep
// orders (all if keep < 0), name german and allied as its players, set
// its status and its practice mark.
func forge(t *testing.T, file []byte, keep int, german, allied actor.Actor, status, practice string) []byte {
	t.Helper()
	gf, err := gamefile.Parse(file)
	if err != nil {
		t.Fatal(err)
	}
	if keep >= 0 {
		gf.Log = gf.Log[:keep]
		var cs []gamefile.Check
		for _, c := range gf.Checks {
			if c.Seq <= int64(keep) {
				cs = append(cs, c)
			}
		}
		gf.Checks = cs
	}
	gf.Players = []gamefile.Player{{Side: "german", UserID: german.ID, Name: german.Name}, {Side: "allied", UserID: allied.ID, Name: allied.Name}}
	gf.Status, gf.Practice = status, practice
	return gf.Encode()
}

// finishedGame is a game Carol played alone (hot seat) to its end in C1,
// and its file, which anyone may export now that it is over.
func finishedGame(t *testing.T) (*Service, []byte) {
	t.Helper()
	s, st, _ := freshTable(t)
	ctx := context.Background()
	g := mustNewGame(t, s, carol, at, NewGame{Scenario: "standard"})
	playToEnd(t, s, carol, at)
	file, err := st.Export(ctx, g.Game.ID)
	if err != nil {
		t.Fatal(err)
	}
	return s, file
}

// rateable says what commands' /ladder rate:true asks of a casual game
// before both players' marks rate it: over, not practice, not imported,
// one player a side, two different users.
func rateable(g *Game) bool {
	ger, all := g.PlayersOf(units.German), g.PlayersOf(units.Allied)
	return g.State.Step == game.GameOver && !g.Practice() && !g.Imported() && len(ger) == 1 && len(all) == 1 && ger[0].UserID != all[0].UserID
}

// Mallory wants a ladder rating without a game: he takes a finished game
// he never played (anyone may export it), writes himself and his second
// account in as its players and imports it. A finished game seats nobody
// (14.1's secrets are over, but so is the game: "This game is over:
// nobody can join it"), so it can never be marked rated.
func TestCheatFinishedGameFileMakesNoRating(t *testing.T) {
	s, file := finishedGame(t)
	ctx := context.Background()
	to := Where{Guild: "G1", Channel: "C2"}
	if _, err := s.Import(ctx, mallory, to, t0, func() ([]byte, error) { return forge(t, file, -1, mallory, sock, "finished", ""), nil }); err != nil {
		t.Fatalf("import: %v", err)
	}
	for _, j := range []struct {
		a    actor.Actor
		side string
	}{{mallory, "german"}, {sock, "allied"}} {
		if _, err := s.Join(ctx, j.a, to, j.side, t0, nil); err == nil {
			t.Errorf("%s took a seat in a finished imported game", j.a.Name)
		}
	}
	if rateable(s.Peek(context.Background(), "C2")) {
		t.Error("a finished game from a file can be rated by the names it was given")
	}
}

// Mallory wants to act for both sides of a game: he forges a file that
// proposes him for the German and the Allied seat. He confirms one; the
// other is refused, since a player never changes or adds a side once the
// game has begun (14.1: he has seen his side's secrets), and the game is
// no hot seat he could play alone.
func TestCheatImportProposesOnePlayerForBothSides(t *testing.T) {
	s, file := finishedGame(t)
	ctx := context.Background()
	gf, err := gamefile.Parse(file)
	if err != nil {
		t.Fatal(err)
	}
	to := Where{Guild: "G1", Channel: "C2"}
	if _, err := s.Import(ctx, mallory, to, t0, func() ([]byte, error) { return forge(t, file, len(gf.Log)/2, mallory, mallory, "active", ""), nil }); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Join(ctx, mallory, to, "german", t0, nil); err != nil {
		t.Fatalf("the German seat the file proposes: %v", err)
	}
	if _, err := s.Join(ctx, mallory, to, "allied", t0, nil); err == nil || !strings.Contains(err.Error(), "nobody changes sides") {
		t.Errorf("Mallory took the Allied seat too: %v", err)
	}
	g := s.Peek(context.Background(), "C2")
	if len(g.Players) != 1 || g.HotSeat() {
		t.Errorf("players %+v, hot seat %v", g.Players, g.HotSeat())
	}
	// and the side he does not hold is not his to order
	if g.State.ToMove() == units.Allied {
		if _, err := s.Orders(ctx, mallory, to, t0, endStep, false); err == nil {
			t.Error("Mallory ended the Allied segment")
		}
	}
}

// Bob, the German player, probes for hidden Allied units with orders: he
// moves into a stack whose second counter is hidden (only its top unit
// and its height are seen, 14.1 and ruling C15), orders and checks the
// hidden unit itself. Every refusal names only
// what he sees (the stack's top unit, or the ID he typed himself, which the
// orders of battle make public) and never the hex of a hidden unit.
func TestCheatOrdersProbeHiddenUnits(t *testing.T) {
	s := sandbox(t, "scenario standard\nstep movement-1\nplayer german\n2621: G-III\n2419: F-XX F-66R\n2319: F-57R\n")
	ctx := context.Background()
	// the stack's top counter is seen; the other one is the hidden unit
	seen := map[string]bool{}
	for _, st := range s.Peek(context.Background(), "C1").State.ViewFor(game.ViewerOf(units.German)).Stacks {
		for _, u := range st.Units {
			seen[u.ID] = true
		}
	}
	hidden := ""
	for _, id := range []string{"F-XX", "F-66R"} {
		if !seen[id] {
			hidden = id
		}
	}
	if hidden == "" || !seen["F-57R"] {
		t.Fatalf("the German view: %v (want one of 2419's two counters hidden)", seen)
	}
	before := s.Peek(context.Background(), "C1").State.Position()
	for _, line := range []string{
		"german move G-III 2419", "german move G-III 2520 2419", "german rail G-III 2419",
		"german attack assault G-III 2419", "german recon G-III 2419",
		"german move H 2418", "german remove H", "german withdraw H", "german retreat H 2418",
		"allied move H 2418", "allied entrench H",
	} {
		line = strings.ReplaceAll(line, " H", " "+hidden)
		o, err := game.ParseOrder(line)
		if err != nil {
			continue
		}
		p, err := s.Orders(ctx, bob, at, t0, []Pending{{Order: o, Named: true}}, false)
		var msg string
		switch {
		case err != nil:
			msg = err.Error()
		case p.Applied == 0 && len(p.Refused) == 1:
			msg = p.Refused[0].EN + " " + p.Refused[0].JA
		default:
			t.Errorf("%q was obeyed: %+v", line, p)
			continue
		}
		if strings.Contains(line, "G-III") && strings.Contains(msg, hidden) {
			t.Errorf("%q: the refusal names the hidden %s: %s", line, hidden, msg)
		}
		if len(o.Units) > 0 && o.Units[0] == hidden && strings.Contains(msg, "2419") {
			t.Errorf("%q: the refusal says where %s stands: %s", line, hidden, msg)
		}
	}
	unchanged(t, s, before, "Bob's probes")
}

// Alice, the Allied player, wants one person to see and order both sides:
// she hands her seat to Bob, who plays the Germans, and Bob adds Alice
// to his German side. Both refused: a player never holds both sides
// (14.1: each side's hidden units are its own), and nothing changes.
func TestCheatOnePlayerHoldsBothSides(t *testing.T) {
	s := service(t)
	ctx := context.Background()
	if _, err := s.Replace(ctx, alice, at, alice.ID, bob.ID, bob.Name, t0, nil); err == nil {
		t.Error("Alice handed the Allied seat to the German player")
	}
	if err := s.Add(ctx, bob, at, "german", alice.ID, alice.Name); err == nil || isProposal(err) {
		t.Error("Bob added the Allied player to the German side")
	}
	if err := s.Add(ctx, bob, at, "allied", carol.ID, carol.Name); err == nil || isProposal(err) {
		t.Error("Bob added a player to the Allied side")
	}
	g := s.Peek(context.Background(), "C1")
	if len(g.Players) != 2 || len(g.PlayersOf(units.German)) != 1 || g.PlayersOf(units.German)[0].UserID != bob.ID ||
		len(g.PlayersOf(units.Allied)) != 1 || g.PlayersOf(units.Allied)[0].UserID != alice.ID {
		t.Errorf("the seats changed: %+v", g.Players)
	}
}

// Bob attacks, sees the die, and wants it back: /undo never takes back
// an order that rolled a die (what was seen cannot be unseen, docs/
// playing.md), nor does his next order's undo reach behind it.
func TestCheatUndoAfterTheDie(t *testing.T) {
	s := sandbox(t, "scenario standard\nstep combat-1\nplayer german\ndice 1 1 1 1\n2621: G-III\n2620: F-66R\n")
	ctx := context.Background()
	o, err := game.ParseOrder("german attack assault G-III 2620")
	if err != nil {
		t.Fatal(err)
	}
	p, err := s.Orders(ctx, bob, at, t0, []Pending{{Order: o, Named: true}}, false)
	if err != nil || p.Applied != 1 {
		t.Fatalf("the attack: %v %+v", err, p)
	}
	before := s.Peek(context.Background(), "C1").State.Position()
	if _, err := s.Undo(ctx, bob, at); err == nil || !strings.Contains(err.Error(), "cannot be taken back") {
		t.Errorf("Bob took back his attack: %v", err)
	}
	unchanged(t, s, before, "the undo of an attack")
}

// HOLE: Mallory wants a ladder rating without a game. He takes a
// finished game he never played (anyone may export it), cuts its last
// order, marks it active and names himself and his second account as its
// players, imports it and confirms the seats the file proposes. One /end
// finishes it: the game meets every condition of /ladder rate:true
// (over, not practice, one player a side, two users). Should be stopped
// like the finished file is: a game from a file is not the importers'
// game.
func TestCheatCutFileMakesARatingWithoutAGame(t *testing.T) {
	s, file := finishedGame(t)
	ctx := context.Background()
	gf, _ := gamefile.Parse(file)
	to := Where{Guild: "G1", Channel: "C2"}
	if _, err := s.Import(ctx, mallory, to, t0, func() ([]byte, error) { return forge(t, file, len(gf.Log)-1, mallory, sock, "active", ""), nil }); err != nil {
		t.Fatalf("import: %v", err)
	}
	s.Join(ctx, mallory, to, "german", t0, nil)
	s.Join(ctx, sock, to, "allied", t0, nil)
	who := mallory
	if s.Peek(context.Background(), "C2").State.ToMove() == units.Allied {
		who = sock
	}
	s.Orders(ctx, who, to, t0, endStep, false)
	if rateable(s.Peek(context.Background(), "C2")) {
		t.Error("a game Mallory and Sock never played is over, theirs, and may be rated")
	}
	// The mark is the game's, not the process's: a restart keeps it, and
	// the game's own file, imported again, comes in marked again.
	back, err := New(Config{Map: s.m, Store: s.store}).load(ctx, s.Peek(context.Background(), "C2").ID)
	if err != nil || !back.Imported() {
		t.Errorf("after a restart the imported game is not marked imported (%v)", err)
	}
	ex, err := s.Export(ctx, mallory, to)
	if err != nil {
		t.Fatalf("export: %v", err)
	}
	again := Where{Guild: "G1", Channel: "C3"}
	g3, err := s.Import(ctx, sock, again, t0, func() ([]byte, error) { return ex.Data, nil })
	if err != nil {
		t.Fatalf("import again: %v", err)
	}
	if !g3.Imported() {
		t.Error("an imported game's file, imported again, washes the import off")
	}
}

// HOLE: a file a person held decides the dice again if its holder adds
// the line "practice 1": the import keeps the file's key (no new secret,
// docs/playing.md "Export and import"), and marks a real game practice.
func TestCheatForgedPracticeMarkKeepsTheFileKey(t *testing.T) {
	s, _, key, file := abandonedFile(t)
	ctx := context.Background()
	to := Where{Guild: "G1", Channel: "C2"}
	g2, err := s.Import(ctx, bob, to, t0, func() ([]byte, error) { return forge(t, file, -1, bob, alice, "active", "1"), nil })
	if err == nil && bytes.Equal(g2.State.Key(), key) {
		t.Error("the imported game goes on with the key of the file Bob held")
	}
	if err == nil && g2.Practice() {
		t.Error("a real game's file with a forged practice line imports as a practice game")
	}
}

// HOLE: in a play:bot tournament Alice, losing her bot game, reports a
// decisive German win for her table while the game is still in play.
// Nobody disputes it before the round's deadline (her opponent is busy
// playing the game in its thread); the report stands, the organiser
// closes the round, and the game's real end is refused ("round closed").
// A bot game's result should come from the game (docs/tournaments.md:
// play:bot "results arrive on their own").
func TestCheatReportDuringABotGameOutlivesTheGame(t *testing.T) {
	ctx := context.Background()
	s := &tournament.Service{Store: &tournament.MemStore{}}
	org := actor.Actor{ID: "999", Name: "Olga"}
	if _, err := s.New(ctx, tournament.NewTournament{Guild: "G1", Name: "Bot", Organiser: org,
		Settings: tournament.Settings{Format: tournament.Swiss, Scenario: "standard", Play: tournament.PlayBot, Rounds: 3, DeadlineHours: 24}, Now: t0}); err != nil {
		t.Fatal(err)
	}
	for _, u := range []actor.Actor{{ID: alice.ID, Name: alice.Name}, {ID: bob.ID, Name: bob.Name}, {ID: carol.ID, Name: carol.Name}, {ID: "444", Name: "Dan"}} {
		if _, err := s.Join(ctx, "G1", "Bot", u, t0); err != nil {
			t.Fatal(err)
		}
	}
	tt, err := s.Start(ctx, "G1", "Bot", org, t0)
	if err != nil {
		t.Fatal(err)
	}
	for i, g := range tt.Current().Games {
		if _, err := s.SetGame(ctx, "G1", "Bot", g.Table, int64(77+i)); err != nil {
			t.Fatal(err)
		}
	}
	g := tt.Current().Games[0]
	s.RecordGame(ctx, 78, tournament.German, tournament.Marginal, 2) // the other table's game ends
	if _, err := s.Report(ctx, "G1", "Bot", actor.Actor{ID: g.German}, g.Table, tournament.Result{Winner: tournament.German, Level: tournament.Decisive, Margin: 40}); err != nil {
		// held: no report of a bot game in play; it says who decides a
		// game that cannot finish
		if !strings.Contains(err.Error(), "organiser") {
			t.Errorf("the refusal names nobody to ask: %v", err)
		}
		if _, err := s.Confirm(ctx, "G1", "Bot", actor.Actor{ID: g.Allied}, g.Table); err == nil {
			t.Error("the opponent confirms a table whose bot game is in play")
		}
		if ch, _ := s.Deadline(ctx, "G1", "Bot", t0.Add(25*time.Hour)); len(ch) != 0 {
			t.Errorf("the deadline settles tables %v, one with its bot game in play", ch)
		}
		if _, err := s.Report(ctx, "G1", "Bot", org, g.Table, tournament.Result{Winner: tournament.Allied, Level: tournament.Marginal, Margin: 3}); err != nil {
			t.Errorf("the organiser cannot decide a table whose game cannot finish: %v", err)
		}
		return
	}
	s.Deadline(ctx, "G1", "Bot", t0.Add(25*time.Hour))
	s.Next(ctx, "G1", "Bot", org, t0.Add(25*time.Hour))
	s.RecordGame(ctx, 77, tournament.Allied, tournament.Decisive, 50) // the real game ends
	back, _ := s.Get(ctx, "G1", "Bot")
	if r := back.Rounds[0].Games[0].Result; r == nil || r.Winner != tournament.Allied {
		t.Errorf("table 1 stands as %+v (source %s): one player's word beat the bot game", r, back.Rounds[0].Games[0].Source)
	}
}
