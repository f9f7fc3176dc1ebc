package games

import (
	"context"
	"errors"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"rtrbot/actor"
	"rtrbot/db"
	"rtrbot/engine/board"
	"rtrbot/engine/game"
	"rtrbot/engine/units"
	"rtrbot/i18n"
)

var (
	at      = Where{Guild: "G1", Channel: "C1"}
	alice   = actor.Actor{ID: "111", Name: "Alice", Lang: i18n.EN}
	bob     = actor.Actor{ID: "222", Name: "Bob", Lang: i18n.JA}
	carol   = actor.Actor{ID: "333", Name: "Carol", Lang: i18n.EN}
	t0      = time.Date(2026, 11, 22, 18, 0, 0, 0, time.UTC)
	endStep = []Pending{{Order: game.End()}}
)

// service is a Table over a fresh database with a standard game in C1
// created by Alice, who plays the Allies; Bob plays the Germans.
func service(t *testing.T) *Service {
	t.Helper()
	s := emptyService(t)
	mustNewGame(t, s, alice, at, NewGame{Scenario: "standard", Seed: 7, SeedGiven: true})
	seat(t, s)
	return s
}

// emptyService is a Table over a fresh database with no game.
func emptyService(t *testing.T) *Service {
	t.Helper()
	m, err := board.Default()
	if err != nil {
		t.Skipf("map: %v", err)
	}
	st, err := db.Open(context.Background(), filepath.Join(t.TempDir(), "g.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return New(Config{Map: m, Store: SQLStore(st)})
}

// mustNewGame starts a game in w for a, failing the test if it is
// refused: the first step of most of these tests.
func mustNewGame(t *testing.T, s *Service, a actor.Actor, w Where, n NewGame) *Started {
	t.Helper()
	g, err := s.NewGame(context.Background(), a, w, n)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// seat seats Alice on the Allies and Bob on the Germans in C1.
func seat(t *testing.T, s *Service) {
	t.Helper()
	for _, j := range []struct {
		a    actor.Actor
		side string
	}{{alice, "allied"}, {bob, "german"}} {
		if _, err := s.Join(context.Background(), j.a, at, j.side, t0, nil); err != nil {
			t.Fatal(err)
		}
	}
}

// refusal is err's English text, failing the test when there is none.
func refusal(t *testing.T, err error, want string) {
	t.Helper()
	var e *i18n.Error
	if !errors.As(err, &e) {
		t.Fatalf("want a refusal saying %q, got %v", want, err)
	}
	if !strings.Contains(e.EN, want) || e.JA == "" {
		t.Fatalf("refusal %q / %q, want %q in English and a Japanese text", e.EN, e.JA, want)
	}
}

// Orders are decided by who asks: a spectator and the other side are
// refused and nothing changes; the side to move's player is obeyed.
func TestOrdersByActor(t *testing.T) {
	s := service(t)
	ctx := context.Background()
	setup := []Pending{{Order: game.AutoSetup()}}
	before := s.Peek(context.Background(), "C1")
	if before.State.ToMove() != units.Allied {
		t.Fatalf("the Allies set up first, not %s", before.State.ToMove())
	}
	_, err := s.Orders(ctx, carol, at, t0, setup, false)
	refusal(t, err, "You do not play in this game")
	_, err = s.Orders(ctx, bob, at, t0, setup, false)
	refusal(t, err, "You play the German side")
	if s.Peek(context.Background(), "C1").State != before.State {
		t.Fatal("a refused order changed the game")
	}
	p, err := s.Orders(ctx, alice, at, t0, append(setup, endStep...), true)
	if err != nil {
		t.Fatal(err)
	}
	if p.Applied != 2 || len(p.Refused) != 0 || len(p.Reports) != 1 {
		t.Fatalf("applied %d, refused %v, %d reports", p.Applied, p.Refused, len(p.Reports))
	}
	if got := s.Peek(context.Background(), "C1").State.ToMove(); got != units.German {
		t.Fatalf("after the Allied setup the %s side moves", got)
	}
	// A batch stops at its first refused line, says which, and runs
	// nothing after it.
	pos := s.Peek(context.Background(), "C1").State.Position()
	p, err = s.Orders(ctx, bob, at, t0, []Pending{{Order: game.Order{Verb: game.VerbMove, Units: []string{"NOPE"}}}, {Order: game.AutoSetup()}}, true)
	if err != nil || p.Applied != 0 || p.NotRun != 1 || len(p.Refused) != 1 || !strings.HasPrefix(p.Refused[0].EN, "line 1 (") || !strings.HasPrefix(p.Refused[0].JA, "1 行目") {
		t.Fatalf("batch: %+v %v", p, err)
	}
	if s.Peek(context.Background(), "C1").State.Position() != pos {
		t.Error("a line after the refused one was run")
	}
}

// The segment report holds views and events, never the state: whatever
// formats or draws it cannot read what a view hides.
func TestReportHoldsNoState(t *testing.T) {
	forbidden := map[reflect.Type]bool{reflect.TypeOf(game.State{}): true, reflect.TypeOf(game.Rules{}): true}
	if path := reaches(reflect.TypeOf(SegmentReport{}), forbidden, map[reflect.Type]bool{}, "SegmentReport"); path != "" {
		t.Fatalf("the segment report reaches the game's state: %s", path)
	}
	// The walk finds what it looks for (the check cannot pass by being blind).
	if reaches(reflect.TypeOf(Game{}), forbidden, map[reflect.Type]bool{}, "Game") == "" {
		t.Fatal("the walk does not see the state in Game")
	}
}

// reaches says by which path type t holds a value of a forbidden type
// ("" if it does not).
func reaches(t reflect.Type, forbidden, seen map[reflect.Type]bool, path string) string {
	if forbidden[t] {
		return path
	}
	if seen[t] {
		return ""
	}
	seen[t] = true
	switch t.Kind() {
	case reflect.Pointer, reflect.Slice, reflect.Array, reflect.Chan:
		return reaches(t.Elem(), forbidden, seen, path+"[]")
	case reflect.Map:
		if p := reaches(t.Key(), forbidden, seen, path+"{key}"); p != "" {
			return p
		}
		return reaches(t.Elem(), forbidden, seen, path+"{}")
	case reflect.Struct:
		for i := 0; i < t.NumField(); i++ {
			f := t.Field(i)
			if p := reaches(f.Type, forbidden, seen, path+"."+f.Name); p != "" {
				return p
			}
		}
	case reflect.Interface, reflect.Func:
		return path + " (an interface or func could hold anything)"
	}
	return ""
}

// The report of a segment's end: the public views before and after, each
// side's own view, public events for all and own events for each side.
func TestSegmentReport(t *testing.T) {
	s := service(t)
	ctx := context.Background()
	p, err := s.Orders(ctx, alice, at, t0, []Pending{{Order: game.AutoSetup()}, endStep[0]}, true)
	if err != nil || len(p.Reports) != 1 {
		t.Fatalf("%v, %+v", err, p)
	}
	r := p.Reports[0]
	if r.After.Viewer != game.PublicView || r.Before.Viewer != game.PublicView ||
		r.Sides[units.German].Viewer != game.GermanView || r.Sides[units.Allied].Viewer != game.AlliedView {
		t.Fatalf("viewers: %v %v %v %v", r.Before.Viewer, r.After.Viewer, r.Sides[0].Viewer, r.Sides[1].Viewer)
	}
	if len(r.Own[units.Allied]) == 0 || len(r.Own[units.German]) != 0 {
		t.Fatalf("own events: Allied %d, German %d", len(r.Own[units.Allied]), len(r.Own[units.German]))
	}
	for _, e := range r.Public {
		if !e.Kind.Public() {
			t.Errorf("a private event in the public account: %s", e.Kind)
		}
	}
	if r.Mention != "<@222>" || r.Counters == nil || r.Ended.EN == "" || r.Ended.JA == "" {
		t.Fatalf("report: mention %q, counters %v, ended %+v", r.Mention, r.Counters != nil, r.Ended)
	}
	// Allied stacks show the public their top counter only (14.1); the
	// Allies see their own whole.
	hidden := 0
	for _, st := range r.After.Stacks {
		if st.Side == units.Allied && (st.Full || len(st.Units) > 1) {
			t.Fatalf("the public view shows the Allied stack in %s whole", st.At)
		}
		hidden += st.Count - len(st.Units)
	}
	if hidden == 0 {
		t.Fatal("the public view hides nothing")
	}
	for _, st := range r.Sides[units.Allied].Stacks {
		if st.Side == units.Allied && (!st.Full || len(st.Units) != st.Count) {
			t.Fatalf("the Allies do not see their own stack in %s", st.At)
		}
	}
}

// Undo takes back the side's last order, and never a spectator's wish.
func TestUndoByActor(t *testing.T) {
	s := service(t)
	ctx := context.Background()
	if _, err := s.Undo(ctx, alice, at); err == nil {
		t.Fatal("undo with nothing to take back")
	}
	if _, err := s.Orders(ctx, alice, at, t0, []Pending{{Order: game.AutoSetup()}}, false); err != nil {
		t.Fatal(err)
	}
	_, err := s.Undo(ctx, carol, at)
	refusal(t, err, "You do not play in this game")
	u, err := s.Undo(ctx, alice, at)
	if err != nil || u.Order.Verb != game.VerbAutoSetup || len(u.Game.Orders) != 0 {
		t.Fatalf("undo: %+v %v", u, err)
	}
}

// Referee powers: the creator (Alice, who plays against Bob) pauses with
// Bob's agreement, a stranger may not; a server manager may alone; a
// paused game refuses orders.
func TestRefereeByActor(t *testing.T) {
	s := service(t)
	ctx := context.Background()
	_, err := s.Pause(ctx, carol, at, true)
	refusal(t, err, "Only a referee may pause or resume the game")
	_, err = s.Pause(ctx, alice, at, true)
	refusal(t, err, "agrees by giving the same command")
	if _, err := s.Pause(ctx, bob, at, true); err != nil {
		t.Fatal(err)
	}
	_, err = s.Orders(ctx, alice, at, t0, []Pending{{Order: game.AutoSetup()}}, false)
	refusal(t, err, "paused")
	manager := carol
	manager.Manager = true
	if _, err := s.Pause(ctx, manager, at, false); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Pause(ctx, manager, at, false); err == nil {
		t.Fatal("resuming a running game changed something")
	}
}

// No game, and a game elsewhere: ErrNoGame.
func TestNoGame(t *testing.T) {
	s := service(t)
	if _, err := s.Status(context.Background(), carol, Where{Guild: "G1", Channel: "C2"}); !errors.Is(err, ErrNoGame) {
		t.Fatalf("want ErrNoGame, got %v", err)
	}
	if _, err := s.Orders(context.Background(), alice, Where{Guild: "G1", Channel: "C2"}, t0, endStep, false); !errors.Is(err, ErrNoGame) {
		t.Fatalf("want ErrNoGame, got %v", err)
	}
}

// A deadline reminds when a quarter of the time is left, once; when it
// passes with then:end the segment is ended and reported.
func TestTick(t *testing.T) {
	s := service(t)
	ctx := context.Background()
	_, err := s.SetDeadline(ctx, bob, at, 4, "end", t0)
	refusal(t, err, "Only a referee may set the deadline")
	_, err = s.SetDeadline(ctx, alice, at, 4, "end", t0) // Alice proposes, Bob agrees
	refusal(t, err, "agrees by giving the same command")
	if _, err := s.SetDeadline(ctx, bob, at, 4, "end", t0); err != nil {
		t.Fatal(err)
	}
	if n := s.Tick(ctx, t0.Add(time.Hour)); len(n) != 0 {
		t.Fatalf("an early tick did %+v", n)
	}
	n := s.Tick(ctx, t0.Add(3*time.Hour+time.Minute))
	if len(n) != 1 || n[0].Kind != Reminder || len(n[0].Seats) != 1 || n[0].Seats[0].UserID != "111" || n[0].Side != units.Allied {
		t.Fatalf("reminder: %+v", n)
	}
	if n := s.Tick(ctx, t0.Add(3*time.Hour+2*time.Minute)); len(n) != 0 {
		t.Fatalf("reminded twice: %+v", n)
	}
	n = s.Tick(ctx, t0.Add(4*time.Hour+time.Minute))
	if len(n) != 1 || n[0].Kind != CannotEnd || n[0].Why == nil {
		// The Allies have not set up: the setup segment cannot end.
		t.Fatalf("deadline with the setup undone: %+v", n)
	}
	if _, err := s.Orders(ctx, alice, at, t0, []Pending{{Order: game.AutoSetup()}}, false); err != nil {
		t.Fatal(err)
	}
	n = s.Tick(ctx, t0.Add(9*time.Hour))
	if len(n) != 1 || n[0].Kind != Ended || len(n[0].Reports) != 1 {
		t.Fatalf("deadline: %+v", n)
	}
	if got := s.Peek(context.Background(), "C1").State.ToMove(); got != units.German {
		t.Fatalf("after the deadline the %s side moves", got)
	}
}

// End ends step after step for the side to act, and stops at the first
// step its asker may not end (the reason is the last step's).
func TestEndUntil(t *testing.T) {
	s := service(t)
	ctx := context.Background()
	if _, err := s.Orders(ctx, alice, at, t0, []Pending{{Order: game.AutoSetup()}}, false); err != nil {
		t.Fatal(err)
	}
	steps, err := s.End(ctx, alice, at, t0, game.GameOver)
	if err != nil {
		t.Fatal(err)
	}
	if len(steps) != 2 || steps[0].Err != nil || len(steps[0].Played.Reports) != 1 {
		t.Fatalf("steps: %+v", steps)
	}
	refusal(t, steps[1].Err, "You play the Allied side")
	if _, err := s.End(ctx, alice, Where{Guild: "G1", Channel: "C9"}, t0, game.GameOver); !errors.Is(err, ErrNoGame) {
		t.Fatalf("want ErrNoGame, got %v", err)
	}
}

// Joining opens the side's private thread once (outside the lock), caches
// the game under it, and gives the side's own view for its first map.
func TestJoinOpensThread(t *testing.T) {
	s, _, _ := freshTable(t)
	ctx := context.Background()
	mustNewGame(t, s, alice, at, NewGame{Scenario: "standard", Seed: 7, SeedGiven: true})
	dave := actor.Actor{ID: "444", Name: "Dave", Lang: i18n.JA}
	calls := 0
	open := func(ctx context.Context, parent string, id int64) (string, error) {
		calls++
		if parent != "C1" || id != 1 {
			t.Errorf("thread under %q for game %d", parent, id)
		}
		// The lock is not held: the game can be read meanwhile.
		if s.Peek(context.Background(), "C1") == nil {
			t.Error("the game cannot be read while its thread opens")
		}
		return "TG", nil
	}
	j, err := s.Join(ctx, dave, at, "german", t0, OpenThread(open))
	if err != nil {
		t.Fatal(err)
	}
	if !j.NewThread || j.Side != units.German || j.OwnView.Viewer != game.GermanView || j.Game.Thread(units.German) != "TG" || j.Game.Meta["lang:444"] != "ja" {
		t.Fatalf("join: %+v", j)
	}
	if g := s.Peek(context.Background(), "TG"); g == nil || g.ID != 1 {
		t.Fatal("the game is not found from its side's thread")
	}
	// A second German player: not by himself, only with a German player.
	if _, err := s.Join(ctx, carol, at, "german", t0, OpenThread(open)); err == nil {
		t.Fatal("Carol took a seat on a side someone holds, by herself")
	}
	if err := s.Add(ctx, dave, at, "german", "333", "Carol"); !isProposal(err) {
		t.Fatalf("Dave's adding of Carol is not an offer: %v", err)
	}
	if j, err := s.Join(ctx, carol, at, "german", t0, OpenThread(open)); err != nil || j.NewThread || calls != 1 {
		t.Fatalf("a second German player, added by Dave and accepting: %+v %v, %d threads opened", j, err, calls)
	}
	_, err = s.Join(ctx, carol, at, "allied", t0, OpenThread(open))
	if err != nil {
		// Before the first order a player may still change sides.
		t.Fatal(err)
	}
}

// The running game's file holds the seed: a player may not have it, a
// referee who does not play may; a spectator is told who may.
func TestExportByActor(t *testing.T) {
	s := service(t)
	ctx := context.Background()
	_, err := s.Export(ctx, alice, at)
	refusal(t, err, "You play in this game")
	_, err = s.Export(ctx, carol, at)
	refusal(t, err, "Only a referee may export a running game")
	manager := carol
	manager.Manager = true
	x, err := s.Export(ctx, manager, at)
	if err != nil || x.ID != 1 || len(x.Data) == 0 || x.Damaged || x.Finished {
		t.Fatalf("export: %+v %v", x, err)
	}
}

// Each side's private thread is written in its own players' languages:
// Bob (German) reads Japanese, Alice (Allied) English.
func TestReportSideLanguages(t *testing.T) {
	s := service(t)
	g := s.Peek(context.Background(), "C1")
	r := g.SegmentEnded(t0)
	if got := r.SideLangs[units.German]; len(got) != 1 || got[0] != i18n.JA {
		t.Errorf("German thread languages %v, want ja", got)
	}
	if got := r.SideLangs[units.Allied]; len(got) != 1 || got[0] != i18n.EN {
		t.Errorf("Allied thread languages %v, want en", got)
	}
}
