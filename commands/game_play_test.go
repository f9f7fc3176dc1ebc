package commands

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"rtrbot/actor"
	"rtrbot/db"
	"rtrbot/engine/board"
	"rtrbot/engine/game"
	"rtrbot/engine/hex"
	"rtrbot/engine/units"
	"rtrbot/games/sqlstore"
	"rtrbot/i18n"
)

// Games played through the router with a real SQLite file.

var (
	alice = actor.Actor{ID: "111", Name: "Alice"} // Allied
	bob   = actor.Actor{ID: "222", Name: "Bob"}   // German
	carol = actor.Actor{ID: "333", Name: "Carol"} // spectator
)

type fixedClock struct{ t time.Time }

func (c *fixedClock) Now() time.Time { return c.t }

func storedBot(t testing.TB, path string, clock *fixedClock) *Bot {
	t.Helper()
	m, err := board.Default()
	if err != nil {
		t.Skipf("map: %v", err)
	}
	st, err := db.Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	b := New(Deps{Map: m, Store: sqlstore.New(st), Now: clock.Now})
	b.noMaps = true
	return b
}

// newClock is the tests' fixed clock, at 18:00 UTC on 22 November 2026.
func newClock() *fixedClock { return &fixedClock{time.Date(2026, 11, 22, 18, 0, 0, 0, time.UTC)} }

// newStoredBot is a bot over a fresh database file, with its clock.
func newStoredBot(t testing.TB) (*Bot, *fixedClock) {
	clock := newClock()
	return storedBot(t, filepath.Join(t.TempDir(), "g.db"), clock), clock
}

// openedGame is a stored bot with the opening played (opening).
func openedGame(t testing.TB) (*Bot, *fixedClock) {
	return openedAt(t, filepath.Join(t.TempDir(), "g.db"))
}

// openedAt is a bot over the database file at path, with the tests' clock
// and the opening played; a test that restarts opens path again.
func openedAt(t testing.TB, path string) (*Bot, *fixedClock) {
	t.Helper()
	clock := newClock()
	b := storedBot(t, path, clock)
	opening(t, b, clock)
	return b, clock
}

// act runs a console-style line as a user in guild G1, channel ch.
func act(t testing.TB, b *Bot, clock *fixedClock, who actor.Actor, ch, line string) *Response {
	t.Helper()
	return actIn(t, b, clock, who, ch, line, i18n.EN)
}

// actIn is act for a user who reads lang.
func actIn(t testing.TB, b *Bot, clock *fixedClock, who actor.Actor, ch, line string, lang i18n.Lang) *Response {
	t.Helper()
	path, opts := readLine(b.Router, line)
	return b.Router.Run(context.Background(), &Request{Path: path, Options: opts, Guild: "G1", Channel: ch, Lang: lang, User: who, Now: clock.Now()})
}

func txt(r *Response) string {
	var s []string
	for _, m := range r.Messages {
		s = append(s, m.Text)
	}
	return strings.Join(s, "\n")
}

// storedOrders is the game's log length in the database.
func storedOrders(t testing.TB, b *Bot, ch string) int64 {
	t.Helper()
	return mustGame(t, b, ch).LastSeq
}

// seatBoth has Alice create a game in channel ch by newLine ("/game new
// …") and seats her on the Allied side and Bob on the German, the players
// most tests need; it returns the answer to /game new.
func seatBoth(t testing.TB, b *Bot, clock *fixedClock, ch, newLine string) string {
	t.Helper()
	created := txt(act(t, b, clock, alice, ch, newLine))
	expect(t, txt(act(t, b, clock, alice, ch, "/game join side:allied")), "Alice joins the Allied side")
	expect(t, txt(act(t, b, clock, bob, ch, "/game join side:german")), "Bob joins the German side")
	return created
}

// opening creates a game in C1 with Alice (Allied) and Bob (German) and
// plays the setup, up to the first German movement segment.
func opening(t testing.TB, b *Bot, clock *fixedClock) {
	t.Helper()
	expect(t, seatBoth(t, b, clock, "C1", "/game new scenario:standard seed:7"), "Game #1", "commitment")
	expect(t, txt(act(t, b, clock, alice, "C1", "/game setup")), "Set up ")
	expect(t, txt(act(t, b, clock, alice, "C1", "/end")), "Segment ended", "<@222>")
	expect(t, txt(act(t, b, clock, bob, "C1", "/game setup")), "Set up ")
	for i := 0; i < 10; i++ {
		g := peek(b, "C1")
		if g.State.Step.IsMovement() {
			return
		}
		side := g.State.ToMove()
		who := bob
		if side == units.Allied {
			who = alice
		}
		if g.State.Step == game.Reinforcement {
			act(t, b, clock, who, "C1", "/reinforce")
			g = peek(b, "C1")
		}
		r := act(t, b, clock, who, "C1", "/end")
		if peek(b, "C1").State == g.State {
			t.Fatalf("could not end %s: %s", g.State.Step, txt(r))
		}
	}
	t.Fatal("no movement segment reached")
}

// undoThenMove has Bob take back his move of unit u in C1, which must
// bring the game back to the state hash start (the undo reaches past a
// restart), and move another unit (legalPublicMove's second).
func undoThenMove(t testing.TB, b *Bot, clock *fixedClock, u, start string) {
	t.Helper()
	expect(t, txt(act(t, b, clock, bob, "C1", "/undo")), "Taken back: German: move "+u)
	if h := peek(b, "C1").State.Hash(); h != start {
		t.Errorf("after the undo the state is %s, want %s, the state before the move", h, start)
	}
	u2, h2 := legalPublicMove(t, b, "C1", 1)
	expect(t, txt(act(t, b, clock, bob, "C1", "/move unit:"+u2+" to:"+h2)), u2+" moved")
}

// legalMove finds a legal move of the side to move: "UNIT HEX".
func legalMove(t testing.TB, b *Bot, ch string, skip int) (string, string) {
	t.Helper()
	s := peek(b, ch).State
	for _, c := range s.Actors() {
		ds, err := s.Destinations(c)
		if err != nil || len(ds) == 0 {
			continue
		}
		if skip > 0 {
			skip--
			continue
		}
		return c.ID, ds[len(ds)/2].To.String()
	}
	t.Fatal("no legal move")
	return "", ""
}

// Every game lives in SQLite: drop the bot, open another over the same
// file, and the game is back, in the same state, and goes on.
func TestGameSurvivesRestart(t *testing.T) {
	path := filepath.Join(t.TempDir(), "games.db")
	b1, clock := openedAt(t, path)
	u, h := legalMove(t, b1, "C1", 0)
	segStart := peek(b1, "C1").State.Hash()
	expect(t, txt(act(t, b1, clock, bob, "C1", "/move unit:"+u+" to:"+h)), u+" moved")
	before := peek(b1, "C1")
	n := storedOrders(t, b1, "C1")
	dbOf(b1).Close()

	b2 := storedBot(t, path, clock)
	after := peek(b2, "C1")
	if after == nil {
		t.Fatal("the game is gone after the restart")
	}
	if after.State.Hash() != before.State.Hash() || len(after.Orders) != len(before.Orders) || len(after.Seg) != 1 {
		t.Fatalf("after restart: hash %s orders %d seg %d; before %s %d", after.State.Hash(), len(after.Orders), len(after.Seg), before.State.Hash(), len(before.Orders))
	}
	if got := storedOrders(t, b2, "C1"); got != n {
		t.Errorf("stored orders %d, want %d", got, n)
	}
	// The players and their rights came back too.
	expect(t, txt(act(t, b2, clock, alice, "C1", "/end")), "You play the Allied side")
	// Undo reaches into the segment begun before the restart.
	undoThenMove(t, b2, clock, u, segStart)
	withdraw(t, b2, clock, bob)
	// The mover's own side stays to act: the post tells the public what
	// happened and mentions no one; the status says who acts.
	end := txt(act(t, b2, clock, bob, "C1", "/end"))
	expect(t, end, "Segment ended", "To move: German (Bob)")
	if strings.Contains(end, "<@222>") {
		t.Errorf("the player who ended his own segment was mentioned: %s", end)
	}
}

// Bad input of every kind gets a specific reply and changes nothing in
// the stored log.
func TestBadInputChangesNothing(t *testing.T) {
	b, clock := openedGame(t)
	n := storedOrders(t, b, "C1")
	hash := peek(b, "C1").State.Hash()
	for _, c := range []struct {
		who        actor.Actor
		line, want string
	}{
		{carol, "/move unit:G-III to:3023", "You do not play in this game"},
		{alice, "/move unit:F-XX to:1804", "You play the Allied side, and it is the German player's turn"},
		{bob, "/move unit:G-XXXX to:3023", `There is no unit "G-XXXX"`},
		{bob, "/move unit:G-III to:9999", "off the map"},
		{bob, "/move unit:F-XX to:1804", "F-XX is Allied"},
		{bob, "/reorg split unit:G-III", "reorganisation"},
		{bob, "/orders text:flurb G-III", "line 1 (flurb G-III)"},
		{bob, "/orders text:allied end", "it is the German player's turn"},
		{bob, "/orders text:move G-III 9999", "line 1"},
		{carol, "/undo", "You do not play in this game"},
		{bob, "/undo", "nothing to take back"},
		{carol, "/game pause", "Only a referee may"},
		{bob, "/game export", "Only a referee may"},
		{bob, "/game choose options:18.1(10)", "this game has begun"},
		{carol, "/game fix order:end", "Only a referee may"},
		{carol, "/units", "hidden from all but its players (14.1)"},
		{bob, "/units side:allied", "The Allied side's units are hidden from you"},
		{bob, "/moves unit:F-XX", "not a unit of your side"},
		{bob, "/game position", "both sides' hidden units"},
		{alice, "/game orders", "both sides' moves"},
		{bob, "/game check order:allied end", "only your own side's"},
		{bob, "/game join side:allied", "nobody changes sides"},
	} {
		r := act(t, b, clock, c.who, "C1", c.line)
		expect(t, txt(r), c.want)
		for _, m := range r.Messages {
			if !m.Ephemeral && m.Target == "" {
				t.Errorf("%s: a refusal was public: %q", c.line, m.Text)
			}
		}
		if got := storedOrders(t, b, "C1"); got != n {
			t.Errorf("%s changed the stored log: %d rows, want %d", c.line, got, n)
		}
		if h := peek(b, "C1").State.Hash(); h != hash {
			t.Errorf("%s changed the state", c.line)
		}
	}
}

// A batch applies its lines in order and stops at the first refused one,
// saying which lines were applied, which was refused and why, and that the
// rest was not run; it stores only what it applied (docs/orders.md).
func TestBatchOrders(t *testing.T) {
	b, clock := openedGame(t)
	n := storedOrders(t, b, "C1")
	u1, h1 := legalMove(t, b, "C1", 0)
	u2, h2 := legalMove(t, b, "C1", 1)
	batch := `move ` + u1 + ` ` + h1 + `\n# a comment\nmove G-NOPE 3023\n` + u2 + ` ` + h2 + `\nend`
	r := act(t, b, clock, bob, "C1", "/orders text:"+batch)
	expect(t, txt(r), "1 of 4 orders applied", "line 3 (German: move G-NOPE → 3023)", "the 2 lines after it were not run", u1+" moved")
	if strings.Contains(txt(r), u2+" moved") || strings.Contains(txt(r), "Segment ended") {
		t.Errorf("lines after the refused one were run:\n%s", txt(r))
	}
	if got := storedOrders(t, b, "C1"); got != n+1 {
		t.Errorf("stored %d rows, want %d", got, n+1)
	}
	// end in a batch ends the segment and posts its account.
	withdraw(t, b, clock, bob)
	r = act(t, b, clock, bob, "C1", "/orders text:end")
	expect(t, txt(r), "1 of 1 order applied", "Segment ended")
}

// Secret option choice (18.0): each side chooses privately, orders wait,
// and both choices are shown together once both confirmed.
func TestSecretOptions(t *testing.T) {
	b, clock := newStoredBot(t)
	seatBoth(t, b, clock, "C1", "/game new scenario:standard seed:7")
	expect(t, txt(act(t, b, clock, bob, "C1", "/game choose options:18.2(14)")), "option of the Allied side")
	expect(t, txt(act(t, b, clock, carol, "C1", "/game choose options:18.1(10)")), "Only the players")
	r := act(t, b, clock, bob, "C1", "/game choose options:18.1(10) 16.1")
	if !r.Messages[0].Ephemeral {
		t.Error("a secret choice was answered in public")
	}
	expect(t, txt(act(t, b, clock, alice, "C1", "/game setup")), "choosing their options in secret")
	expect(t, txt(act(t, b, clock, alice, "C1", "/game choose options:18.2(14)")), "18.2(14)")
	r = act(t, b, clock, bob, "C1", "/game confirm")
	expect(t, txt(r), "German side has confirmed")
	if strings.Contains(txt(r), "18.1(10)") {
		t.Error("a confirmation showed the choice before the reveal")
	}
	r = act(t, b, clock, alice, "C1", "/game confirm")
	expect(t, txt(r), "Options revealed", "German: 18.1(10)", "Allied: 18.2(14)")
	if strings.Contains(txt(r), "16.1") { // chosen by one side only: not in force, not told (18.0)
		t.Errorf("the reveal names an optional rule only one side chose:\n%s", txt(r))
	}
	g := peek(b, "C1")
	if strings.Join(g.Options, " ") != "18.1(10) 18.2(14)" {
		t.Errorf("options %v", g.Options)
	}
	stored, _ := b.Store.Game(context.Background(), g.ID)
	expect(t, stored.Options, "18.1(10)", "18.2(14)")
	expect(t, txt(act(t, b, clock, alice, "C1", "/game setup")), "Set up ")
}

// Deadlines: a reminder when a quarter of the time is left, the segment
// ended when it passes (then:end), and all of it after a restart.
func TestDeadlines(t *testing.T) {
	path := filepath.Join(t.TempDir(), "g.db")
	b, clock := openedAt(t, path)
	expect(t, txt(act(t, b, clock, bob, "C1", "/game deadline hours:4 then:end")), "Only a referee")
	expect(t, txt(act(t, b, clock, umpire, "C1", "/game deadline hours:4 then:end")), "Each segment now has 4 hours")
	ctx := context.Background()
	if m := b.Tick(ctx, clock.t.Add(2*time.Hour), nil); len(m) != 0 {
		t.Errorf("reminded too early: %v", m)
	}
	m := b.Tick(ctx, clock.t.Add(3*time.Hour+5*time.Minute), nil)
	if len(m) != 1 || m[0].Target != "C1" {
		t.Fatalf("reminder: %+v", m)
	}
	expect(t, m[0].Text, "<@222>", "ends <t:")
	if m := b.Tick(ctx, clock.t.Add(3*time.Hour+10*time.Minute), nil); len(m) != 0 {
		t.Errorf("reminded twice: %v", m)
	}
	// The segment cannot end yet (units the Russian Front demands, 11.7):
	// the game's thread hears only that; the reason, which names units,
	// is the German side's.
	m = b.Tick(ctx, clock.t.Add(4*time.Hour+time.Minute), nil)
	if len(m) != 1 || !strings.Contains(m[0].Text, "cannot end yet") || regexp.MustCompile(`\bG-`).MatchString(m[0].Text) {
		t.Fatalf("deadline passing with the segment unable to end: %+v", m)
	}
	withdraw(t, b, clock, bob)
	step := peek(b, "C1").State.Step
	dbOf(b).Close()
	b2 := storedBot(t, path, clock)
	m = b2.Tick(ctx, clock.t.Add(8*time.Hour+2*time.Minute), nil)
	if len(m) < 2 {
		t.Fatalf("deadline passed: %+v", m)
	}
	expect(t, m[0].Text, "deadline passed", "ended with no further orders")
	// The status message follows the segment the deadline ended.
	if st := m[len(m)-1]; st.Pin == "" || !strings.Contains(st.Text, "📌 rtrbot #") {
		t.Errorf("no status message after the deadline ended the segment: %+v", st)
	}
	if g := peek(b2, "C1"); g.State.Step == step {
		t.Error("the segment did not end")
	}
	log, _ := dbOf(b2).Log(ctx, mustGame(t, b2, "C1"), 1)
	if last := log[len(log)-1]; last.Author != "deadline" || !strings.HasSuffix(last.Text, " end") {
		t.Errorf("last order %+v", last)
	}
	// then:remind reminds again when it passes and sets the next deadline;
	// a paused game is left alone.
	clock.t = clock.t.Add(5 * time.Hour)
	expect(t, txt(act(t, b2, clock, umpire, "C1", "/game deadline hours:2 then:remind")), "Each segment now has 2 hours")
	expect(t, txt(act(t, b2, clock, umpire, "C1", "/game pause")), "paused")
	if m := b2.Tick(ctx, clock.t.Add(3*time.Hour), nil); len(m) != 0 {
		t.Errorf("a paused game's deadline acted: %v", m)
	}
	act(t, b2, clock, umpire, "C1", "/game resume")
	m = b2.Tick(ctx, clock.t.Add(3*time.Hour), nil)
	if len(m) != 1 || !strings.Contains(m[0].Text, "has passed") {
		t.Fatalf("remind: %+v", m)
	}
	if dl := mustGame(t, b2, "C1").Deadline; !dl.Equal(clock.t.Add(5 * time.Hour)) {
		t.Errorf("next deadline %v, want %v", dl, clock.t.Add(5*time.Hour))
	}
}

func mustGame(t testing.TB, b *Bot, ch string) *db.Game {
	t.Helper()
	id, err := b.Store.LiveGameAt(context.Background(), "G1", ch)
	if err != nil {
		t.Fatal(err)
	}
	g, err := dbOf(b).Game(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// Export gives the seed only to a referee while the game runs; import
// elsewhere replays to the same state (a practice game: its seed goes on).
func TestExportImport(t *testing.T) {
	b, clock := openedGame(t)
	expect(t, txt(act(t, b, clock, alice, "C1", "/game export")), "You play in this game")
	ref := &Request{Path: "game export", Options: map[string]string{}, Guild: "G1", Channel: "C1", User: actor.Actor{ID: carol.ID, Name: carol.Name, Manager: true}, Lang: i18n.EN, Now: clock.t}
	r := b.Router.Run(context.Background(), ref)
	if len(r.Messages) == 0 || len(r.Messages[0].Files) != 1 || !r.Messages[0].Ephemeral {
		t.Fatalf("export: %+v", r)
	}
	file := r.Messages[0].Files[0].Data
	expect(t, string(file), "rtrbot-game 1", "seed ")
	req := &Request{Path: "game import", Options: map[string]string{"attachment": "x"}, Files: map[string][]byte{"attachment": file},
		Guild: "G2", Channel: "C9", User: carol, Lang: i18n.EN, Now: clock.Now()}
	r = b.Router.Run(context.Background(), req)
	expect(t, txt(r), "Game imported as #2", "Practice game: its seed", "The file seats nobody")
	if peek(b, "C9").State.Hash() != peek(b, "C1").State.Hash() {
		t.Error("the imported game differs")
	}
}

// A damaged game answers with the database's message; the others go on.
func TestDamagedGameAlone(t *testing.T) {
	path := filepath.Join(t.TempDir(), "g.db")
	b, clock := openedAt(t, path)
	expect(t, txt(act(t, b, clock, carol, "C2", "/game new scenario:standard seed:9")), "Game #2")
	expect(t, txt(act(t, b, clock, carol, "C3", "/game list")), "#2 standard in <#C2>: 0 players", "#1 standard in <#C1>: 2 players")
	if _, err := dbOf(b).DB.Exec(`UPDATE games SET options = 'not json' WHERE channel_id = 'C2'`); err != nil {
		t.Fatal(err)
	}
	dbOf(b).Close()
	b2 := storedBot(t, path, clock)
	expect(t, txt(act(t, b2, clock, carol, "C2", "/game status")), "is damaged", "other games go on")
	expect(t, txt(act(t, b2, clock, carol, "C3", "/game list")), "#2 in <#C2>: damaged", "#1 standard in <#C1>")
	u, h := legalMove(t, b2, "C1", 0)
	expect(t, txt(act(t, b2, clock, bob, "C1", "/move unit:"+u+" to:"+h)), u+" moved")
	// Its referee exports it to mend it and abandons it; the channel is free.
	expect(t, txt(act(t, b2, clock, bob, "C2", "/game export")), "Only a referee")
	r := act(t, b2, clock, carol, "C2", "/game export")
	if len(r.Messages) == 0 || len(r.Messages[0].Files) != 1 || !strings.Contains(string(r.Messages[0].Files[0].Data), "damaged") {
		t.Errorf("export of the damaged game: %s", txt(r))
	}
	expect(t, txt(act(t, b2, clock, carol, "C2", "/game abandon confirm:true")), "abandoned", "this channel is free")
	expect(t, txt(act(t, b2, clock, carol, "C2", "/game new scenario:standard")), "Game #3")
}

// No public message says anything the public view hides (14.1): every
// counter named in a public message is one the public saw during the
// segment, or one named by an event both players witness. The game
// includes a combat, whose account names units; the check counts what it
// saw and fails if it saw nothing. (Making every event public in the
// engine makes this test report 33 leaks.)
func TestPublicMessagesLeakNothing(t *testing.T) {
	b, clock := newStoredBot(t)
	publicMsgs, mentioned := 0, 0
	defer func() {
		t.Logf("%d public messages, %d unit mentions checked", publicMsgs, mentioned)
		if publicMsgs == 0 || mentioned == 0 {
			t.Errorf("the check saw %d public messages naming %d units: it checked nothing", publicMsgs, mentioned)
		}
	}()
	var all []string
	seen := map[string]bool{}
	check := func(r *Response) {
		t.Helper()
		g := peek(b, "C1")
		if g == nil {
			return
		}
		if len(all) == 0 {
			for _, c := range g.State.Rules().Counters.All() {
				all = append(all, regexp.QuoteMeta(c.ID))
			}
		}
		ids := regexp.MustCompile(`\b(` + strings.Join(all, "|") + `)\b`)
		// What the public saw at some moment of the segment (a combat
		// shows its stacks, 14.1; a unit may be gone by the account).
		for id := range g.State.ViewFor(game.PublicView).VisibleIDs() {
			seen[id] = true
		}
		for _, m := range r.Messages {
			if m.Ephemeral {
				continue
			}
			publicMsgs++
			for _, id := range ids.FindAllString(m.Text, -1) {
				mentioned++
				if !seen[id] {
					t.Errorf("public message names %s, which the public cannot see:\n%s", id, m.Text)
				}
			}
		}
	}
	run := func(who actor.Actor, line string) {
		before := peek(b, "C1")
		if before != nil {
			for id := range before.State.ViewFor(game.PublicView).VisibleIDs() {
				seen[id] = true
			}
			// and the units of what both players witnessed (the test's
			// own list, 14.1): a unit broken down in a combat is gone
			// from every view by the segment's account.
			for _, so := range before.Seg {
				for _, e := range so.Events {
					if witnessed[e.Kind] {
						for _, id := range e.Units {
							seen[id] = true
						}
					}
				}
			}
		}
		check(act(t, b, clock, who, "C1", line))
		if after := peek(b, "C1"); before != nil && after != nil && (after.State.Step != before.State.Step || after.State.Turn != before.State.Turn) {
			seen = map[string]bool{}
		}
	}
	run(alice, "/game new scenario:standard seed:11")
	run(alice, "/game join side:allied")
	run(bob, "/game join side:german")
	run(alice, "/game setup")
	run(alice, "/end")
	run(bob, "/game setup")
	for i := 0; i < 30; i++ {
		g := peek(b, "C1")
		who := bob
		if g.State.ToMove() == units.Allied {
			who = alice
		}
		if g.State.Step.IsMovement() {
			for k := 0; k < 3; k++ {
				u, h := legalMove(t, b, "C1", k)
				run(who, "/move unit:"+u+" to:"+h)
			}
		}
		if g.State.Step == game.Reinforcement {
			run(who, "/reinforce")
		}
		if g.State.Step.IsMovement() {
			withdraw(t, b, clock, who)
		}
		run(who, "/end")
	}
	// A combat, whose public account names the units it reveals (14.1).
	pos := "scenario standard\nseed 3\nstep combat-1\nplayer german\n2620: F-XX F-66R\n2621: G-III G-IV\n2420: F-1A\n"
	check(b.Router.Run(context.Background(), &Request{Path: "game load", Options: map[string]string{"replace": "true", "confirm": "true"},
		Files: map[string][]byte{"attachment": []byte(pos)}, Guild: "G1", Channel: "C1", Lang: i18n.EN, User: umpire, Now: clock.Now()}))
	// (loaded by a referee who plays neither side: Alice, who plays the
	// running game against Bob, may not replace it)
	run(bob, "/game join side:german")
	run(alice, "/game join side:allied")
	run(bob, "/attack table:assault units:G-III G-IV hex:2620")
	// The retreats the combat owes, then the segment's end: its public
	// account names what the combat showed.
	for _, id := range peek(b, "C1").State.ViewFor(game.PublicView).Retreats {
		for _, nb := range hex.MustParse("2620").Neighbors() {
			o := game.Retreat(id, nb).By(units.Allied)
			if game.Check(peek(b, "C1").State, o) == nil {
				run(alice, "/retreat unit:"+id+" hex:"+nb.String())
				break
			}
		}
	}
	run(bob, "/end")
}

var withdrawRE = regexp.MustCompile(`/withdraw unit:(\S+)`)

// withdraw meets the Russian Front's demand (11.7) so that the German
// movement segment may end: /game check says what is still due.
func withdraw(t testing.TB, b *Bot, clock *fixedClock, who actor.Actor) {
	t.Helper()
	for i := 0; i < 10; i++ {
		g := peek(b, "C1")
		if err := game.Check(g.State, game.End().By(g.State.ToMove())); err == nil {
			return
		} else if m := withdrawRE.FindStringSubmatch(err.Error()); m != nil {
			act(t, b, clock, who, "C1", "/withdraw unit:"+m[1])
		} else {
			return
		}
	}
}

// Referees pause, resume, replace a player and fix; players resign; the
// game's end frees the channel.
func TestRefereeing(t *testing.T) {
	b, clock := openedGame(t)
	dave := actor.Actor{ID: "444", Name: "Dave"}
	// Alice plays against Bob: she proposes, he agrees.
	expect(t, txt(act(t, b, clock, alice, "C1", "/game pause")), "agrees by giving the same command")
	expect(t, txt(act(t, b, clock, bob, "C1", "/game pause")), "paused the game")
	u, h := legalMove(t, b, "C1", 0)
	expect(t, txt(act(t, b, clock, bob, "C1", "/move unit:"+u+" to:"+h)), "paused this game")
	expect(t, txt(act(t, b, clock, alice, "C1", "/game resume")), "agrees by giving the same command")
	expect(t, txt(act(t, b, clock, bob, "C1", "/game resume")), "resumed the game")
	// A guild's referee role: set by a manager, then its members referee.
	req := &Request{Path: "game referee", Options: map[string]string{"role": "<@&999>"}, Guild: "G1", Channel: "C1", User: carol, Lang: i18n.EN, Now: clock.Now()}
	expect(t, txt(b.Router.Run(context.Background(), req)), "Only someone who may manage")
	req.User.Manager = true
	expect(t, txt(b.Router.Run(context.Background(), req)), "<@&999>")
	req = &Request{Path: "game replace", Options: map[string]string{"player": "Bob", "by": "<@444>", "name": "Dave"}, Guild: "G1", Channel: "C1", User: actor.Actor{ID: carol.ID, Name: carol.Name, Roles: []string{"999"}}, Lang: i18n.EN, Now: clock.Now()}
	// A neutral referee's seating is an offer: Dave takes it in his own name.
	expect(t, txt(b.Router.Run(context.Background(), req)), "offers the German seat to <@444>")
	expect(t, txt(act(t, b, clock, dave, "C1", "/game replace player:Bob by:<@444>")), "<@444>")
	expect(t, txt(act(t, b, clock, bob, "C1", "/move unit:"+u+" to:"+h)), "You do not play in this game")
	expect(t, txt(act(t, b, clock, dave, "C1", "/move unit:"+u+" to:"+h)), u+" moved")
	// The referee ends the segment for an absent player.
	withdraw(t, b, clock, dave)
	// Alice referees (she created the game) but plays the Allies: her fix
	// is a proposal, which the German player confirms.
	expect(t, txt(act(t, b, clock, alice, "C1", "/game fix order:end")), "Your fix is proposed")
	expect(t, txt(act(t, b, clock, dave, "C1", "/game fix order:end")), "Segment ended")
	expect(t, txt(act(t, b, clock, carol, "C1", "/game resign confirm:true")), "Only a player resigns")
	expect(t, txt(act(t, b, clock, dave, "C1", "/game resign confirm:true")), "The German side resigns: the Allied side wins")
	if st := mustFinished(t, b); st != db.Finished {
		t.Errorf("status %s", st)
	}
	// The channel is free; the finished game's export is anyone's now.
	r := act(t, b, clock, carol, "C1", "/game export")
	if len(r.Messages) == 0 || len(r.Messages[0].Files) != 1 {
		t.Errorf("export of a finished game: %s", txt(r))
	}
	expect(t, txt(act(t, b, clock, carol, "C1", "/game new scenario:standard")), "Game #2")
	expect(t, txt(act(t, b, clock, dave, "C1", "/game abandon confirm:true")), "Only a referee")
	expect(t, txt(act(t, b, clock, carol, "C1", "/game abandon confirm:true")), "abandoned")
}

func mustFinished(t testing.TB, b *Bot) db.Status {
	l, err := b.Store.ListGames(context.Background(), db.Filter{Guild: "G1"})
	if err != nil || len(l) == 0 {
		t.Fatal(err)
	}
	return l[0].Status
}

// Autocomplete offers the side's own units to its players only, and for
// a chosen unit its legal destinations, within Discord's 25.
func TestAutocompleteDestinations(t *testing.T) {
	b, clock := openedGame(t)
	u, _ := legalMove(t, b, "C1", 0)
	ask := func(who actor.Actor, focused string, opts map[string]string) []Choice {
		return b.Router.Complete(context.Background(), &Request{Path: "move", Options: opts, Guild: "G1", Channel: "C1", User: who, Lang: i18n.EN, Now: clock.t}, focused)
	}
	if got := ask(bob, "unit", map[string]string{"unit": "G"}); len(got) == 0 || len(got) > 25 {
		t.Errorf("German units for Bob: %d", len(got))
	}
	if got := ask(alice, "unit", map[string]string{"unit": "G"}); len(got) != 0 {
		t.Errorf("the German units offered to the Allied player: %v", got)
	}
	s := peek(b, "C1").State
	c, _ := s.Lookup(u)
	ds, _ := s.Destinations(c)
	legal := map[string]bool{}
	for _, d := range ds {
		legal[d.To.String()] = true
	}
	got := ask(bob, "to", map[string]string{"unit": u, "to": ""})
	if len(got) == 0 || len(got) > 25 || len(got) != min(25, len(ds)) {
		t.Fatalf("destinations of %s: %d choices, %d legal", u, len(got), len(ds))
	}
	for _, ch := range got {
		if !legal[ch.Value] {
			t.Errorf("%s offered but not legal for %s", ch.Value, u)
		}
	}
}

// Undo stops at a die roll or a reveal: an attack (dice, both stacks
// shown, 14.1) stands, the orders before it too; the segment's start is
// the other limit.
func TestUndoLimits(t *testing.T) {
	b := gameBot(t)
	loadConsolePosition(t, b, "step combat-1\n2620: F-XX F-66R\n2621: G-III G-IV\n")
	expect(t, say(t, b, "/undo"), "nothing to take back")
	expect(t, say(t, b, "/attack table:assault units:G-III G-IV hex:2620"), "Attack on 2620")
	hash := peek(b, "c1").State.Hash()
	expect(t, say(t, b, "/undo"), "“German: attack (assault) G-III G-IV → 2620” cannot be taken back", "rolled a die or revealed something hidden")
	if peek(b, "c1").State.Hash() != hash {
		t.Error("a refused undo changed the game")
	}
}

// Map drawing is bounded: with every render slot taken, the next map
// waits for one (a burst of games cannot draw all at once).
func TestRenderSlots(t *testing.T) {
	b := gameBot(t)
	tb := b
	tb.noMaps = false
	s, err := game.New(mustRules(t, b), 1, nil)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < cap(tb.renders); i++ {
		tb.renders <- struct{}{}
	}
	done := make(chan []byte)
	go func() {
		done <- tb.draw(i18n.EN, s.Rules().Scenario, s.ViewFor(game.PublicView), s.Rules().Counters, nil, nil)
	}()
	select {
	case <-done:
		t.Fatal("a map was drawn with every slot taken")
	case <-time.After(200 * time.Millisecond):
	}
	// The operator's metrics see the queue (rtrbot_map_drawings).
	if waiting, drawing, slots := tb.MapQueue(); waiting != 1 || drawing != slots {
		t.Errorf("map queue: %d waiting, %d drawing of %d, want 1 waiting and every slot drawing", waiting, drawing, slots)
	}
	<-tb.renders
	select {
	case png := <-done:
		if len(png) < 8 || string(png[1:4]) != "PNG" {
			t.Errorf("not a PNG: %d bytes", len(png))
		}
	case <-time.After(time.Minute):
		t.Fatal("the map was not drawn once a slot was free")
	}
}

func mustRules(t testing.TB, b *Bot) *game.Rules {
	r, err := game.NewRules(b.Map, "standard")
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// Every answer of the game commands comes in the asker's language.
func TestGameRepliesInJapanese(t *testing.T) {
	b, clock := openedGame(t)
	ja := func(who actor.Actor, line string) string {
		return txt(actIn(t, b, clock, who, "C1", line, i18n.JA))
	}
	for _, c := range []struct {
		who        actor.Actor
		line, want string
	}{
		{carol, "/move unit:G-III to:2922", "観戦のみ"},
		{alice, "/move unit:F-XX to:1804", "あなたは連合軍側です"},
		{bob, "/undo", "取り消せる命令はありません"},
		{bob, "/orders text:fly", "命令 0/1 件を適用しました"},
		{bob, "/game pause", "審判だけが行えます"},
		{bob, "/game choose options:none", "既に始まっている"},
		{alice, "/game deadline hours:2", "期限の設定を提案しました"},
		{bob, "/game deadline hours:2", "各セグメントの期限は 2 時間"},
		{carol, "/units", "見えません"},
		{alice, "/game players", "独軍: Bob"},
		{alice, "/game status", "ゲーム #1"},
	} {
		expect(t, ja(c.who, c.line), c.want)
	}
}

// witnessed are the events both players see happen on the table (14.1:
// a combat shows both stacks; dice, losses, sieges, fortresses, VP, the
// tables), written here from the rules as the leak tests' own oracle, apart
// from the engine's list, which they check.
var witnessed = map[game.EventKind]bool{
	game.EvCombat: true, game.EvEliminated: true, game.EvBrokenDown: true, game.EvRetreatDue: true, game.EvRetreated: true,
	game.EvFortress: true, game.EvSiege: true, game.EvAbandoned: true, game.EvRoll: true, game.EvRandom: true,
	game.EvRussia: true, game.EvVP: true, game.EvVictory: true, game.EvSeed: true, game.EvStep: true, game.EvTurn: true,
	game.EvGameOver: true, game.EvEventPhase: true, game.EvDue: true, game.EvSetupDone: true,
}

// The whole scripted standard game (engine/game/testdata), played through
// the router by two players who joined opposite sides, each order by the
// side's own player, stored in SQLite, with a spectator asking questions
// and autocompleting after every step. Every token of every message that
// is a unit's id must be one its readers may know of in this segment:
// shown by their view (public, or the reader's side) at some moment of
// the segment, or named by an event both players witness (the test's own
// list, from 14.1) or by one of the reader's own side. The check counts
// what it saw and fails if it saw nothing. (Making every event public in
// the engine makes this test report 180 leaks.)
func TestWholeGameLeaksNothing(t *testing.T) {
	if testing.Short() {
		t.Skip("a whole game")
	}
	data, err := os.ReadFile("../engine/game/testdata/standard-game.orders")
	if err != nil {
		t.Skip(err)
	}
	b, clock := newStoredBot(t)
	act(t, b, clock, carol, "C1", "/game new scenario:standard seed:1914")
	act(t, b, clock, alice, "C1", "/game join side:allied")
	act(t, b, clock, bob, "C1", "/game join side:german")
	counters := map[string]bool{}
	for _, c := range peek(b, "C1").State.Rules().Counters.All() {
		counters[c.ID] = true
	}
	// Every token of a message that is a counter's id is a mention: ids
	// are letters, digits and hyphens, so anything else separates them.
	mentions := func(text string) []string {
		var out []string
		for _, tok := range strings.FieldsFunc(text, func(r rune) bool {
			return !(r == '-' || r >= 'A' && r <= 'Z' || r >= 'a' && r <= 'z' || r >= '0' && r <= '9')
		}) {
			if counters[tok] {
				out = append(out, tok)
			}
		}
		return out
	}
	checked := map[bool]int{} // mentions checked in public (false) and private (true) messages
	// What each viewer has seen of the segment so far: a combat shows its
	// stacks for the rest of the segment (14.1), so a unit seen at any
	// moment of the segment may be named in its account.
	segSeen := map[game.Viewer]map[string]bool{}
	look := func(s *game.State) {
		for _, v := range []game.Viewer{game.PublicView, game.GermanView, game.AlliedView} {
			if segSeen[v] == nil {
				segSeen[v] = map[string]bool{}
			}
			for id := range s.ViewFor(v).VisibleIDs() {
				segSeen[v][id] = true
			}
		}
	}
	n, posts, last := 0, 0, ""
	for _, line := range strings.Split(string(data), "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") || strings.HasPrefix(line, "seed ") {
			continue
		}
		before := peek(b, "C1").State
		look(before)
		who, v := bob, game.GermanView
		if strings.HasPrefix(line, "allied") {
			who, v = alice, game.AlliedView
		}
		r := act(t, b, clock, who, "C1", "/orders text:"+line)
		n++
		if !strings.Contains(txt(r), "1 of 1 order applied") {
			t.Fatalf("order %d %q: %s", n, line, txt(r))
		}
		after := peek(b, "C1").State
		look(after)
		// The oracle: what a viewer's picture showed at some moment of the
		// segment, and the units that events of a kind both players witness
		// (combat, sieges, losses: 14.1) or of the viewer's own side name;
		// not the engine's event filter, whose answers it checks.
		o, err := game.ParseOrder(line)
		if err != nil {
			t.Fatal(err)
		}
		_, evs, err := game.Apply(before, o)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range evs {
			for _, w := range []game.Viewer{game.PublicView, game.GermanView, game.AlliedView} {
				if witnessed[e.Kind] || (w != game.PublicView && units.Side(w) == e.Side) {
					for _, id := range e.Units {
						segSeen[w][id] = true
					}
				}
			}
		}
		pub, own := segSeen[game.PublicView], segSeen[v]
		scan := func(r *Response, own map[string]bool, what string) {
			for _, m := range r.Messages {
				ok := pub
				if m.Ephemeral {
					ok = own
				} else if (m.Target == "" || m.Target == "C1") && what == "the order's answer" && m.Pin == "" {
					posts++
					if !strings.HasPrefix(m.Text, "**The story of game") { // the story follows the last account
						last = m.Text
					}
				}
				for _, id := range mentions(m.Text) {
					checked[m.Ephemeral]++
					if !ok[id] {
						t.Errorf("order %d %q, %s: a message (private %v) names %s, hidden from its readers:\n%s", n, line, what, m.Ephemeral, id, m.Text)
					}
				}
			}
		}
		scan(r, own, "the order's answer")
		// A spectator's questions and autocompletion see only the public.
		if after.Step != before.Step {
			for _, q := range []string{"/game status", "/units", "/game players"} {
				scan(act(t, b, clock, carol, "C1", q), pub, "spectator "+q)
			}
			// the answer may name the unit the spectator typed, no other
			typed := map[string]bool{"G-III": true}
			for id := range pub {
				typed[id] = true
			}
			scan(act(t, b, clock, carol, "C1", "/moves unit:G-III"), typed, "spectator /moves unit:G-III")
			for _, p := range []struct{ path, opt string }{{"move", "unit"}, {"attack", "units"}, {"retreat", "unit"}} {
				req := &Request{Path: p.path, Options: map[string]string{p.opt: ""}, Guild: "G1", Channel: "C1", User: carol, Lang: i18n.EN, Now: clock.Now()}
				for _, c := range b.Router.Complete(context.Background(), req, p.opt) {
					for _, id := range mentions(c.Value + " " + c.Name.EN) {
						checked[false]++
						if !pub[id] {
							t.Errorf("order %d %q: a spectator's autocomplete of /%s offers %s, which the public cannot see", n, line, p.path, id)
						}
					}
				}
			}
		}
		if after.Step != before.Step || after.Player != before.Player {
			segSeen = map[game.Viewer]map[string]bool{}
		}
	}
	if s := peek(b, "C1").State; s.Step != game.GameOver {
		t.Errorf("the game did not end: %s", s.Step)
	}
	// The last post says the game is over, the level, and the seed.
	expect(t, last, "The game is over. Seed (now revealed", "1914", "draw")
	// At least the two passes of each of the 7 game turns;
	// the counts per turn are TestNotificationFiguresPerTurn's.
	if posts < 14 {
		t.Errorf("only %d public posts in a whole game", posts)
	}
	t.Logf("%d orders, %d public posts; %d unit mentions checked in public messages, %d in private ones", n, posts, checked[false], checked[true])
	if checked[false] == 0 || checked[true] == 0 {
		t.Errorf("the leak check saw no unit named (public %d, private %d): it checked nothing", checked[false], checked[true])
	}
}

// Several games in several channels played at once over one database
// file: each keeps its own orders (run with -race).
func TestConcurrentGames(t *testing.T) {
	b, clock := newStoredBot(t)
	chans := []string{"K1", "K2", "K3", "K4"}
	done := make(chan error, len(chans))
	for i, ch := range chans {
		go func() {
			who := actor.Actor{ID: fmt.Sprint(900 + i), Name: ch}
			for _, line := range []string{"/game new scenario:standard seed:" + fmt.Sprint(i+1), "/game setup", "/end", "/game setup", "/end", "/game status", "/end", "/reinforce", "/end"} {
				act(t, b, clock, who, ch, line)
			}
			done <- nil
		}()
	}
	for range chans {
		<-done
	}
	for _, ch := range chans {
		g := peek(b, ch)
		if g == nil {
			t.Fatalf("%s: no game", ch)
		}
		if n := storedOrders(t, b, ch); n != int64(len(g.Orders)) || n < 6 {
			t.Errorf("%s: %d stored orders, %d in the game", ch, n, len(g.Orders))
		}
	}
}

// A batch written as a message in the side's private thread is run like
// /orders; other messages, and messages elsewhere, are left alone.
func TestOrdersAsThreadMessage(t *testing.T) {
	b, clock := openedGame(t)
	// Give the sides threads as Discord would have at /game join.
	g := peek(b, "C1")
	for side, th := range map[string]string{"german": "TG", "allied": "TA"} {
		if err := b.Store.SetMeta(context.Background(), g.ID, "thread:"+side, th); err != nil {
			t.Fatal(err)
		}
	}
	b2 := storedBot(t, b.Store.File(), clock) // a fresh table reads the threads
	msg := func(who actor.Actor, ch, text string) *Response {
		return b2.ThreadMessage(context.Background(), &Request{Guild: "G1", Channel: ch, User: who, Lang: i18n.EN, Now: clock.t}, text)
	}
	if r := msg(bob, "TG", "what do we do next?"); r != nil {
		t.Errorf("conversation answered: %s", txt(r))
	}
	n := storedOrders(t, b2, "C1")
	u, h := legalMove(t, b2, "C1", 0)
	expect(t, txt(msg(bob, "TG", "orders\nmove "+u+" "+h+"\nfly away")), "1 of 2 orders applied", u+" moved")
	if got := storedOrders(t, b2, "C1"); got != n+1 {
		t.Errorf("stored %d, want %d", got, n+1)
	}
	expect(t, txt(msg(bob, "C1", "orders\nend")), "only in your side's private thread")
	expect(t, txt(msg(alice, "TA", "orders\nend")), "You play the Allied side")
}
