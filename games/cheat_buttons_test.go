package games

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"

	"rtrbot/actor"
	"rtrbot/db"
	"rtrbot/engine/game"
	"rtrbot/engine/units"
)

// Buttons bound to what they were made for: a press runs with its
// button's Binding, and the service refuses a game it does not match.

// A Confirm left from "Resign? The Allied side concedes" in a game that
// was then abandoned, pressed after a new game began in the channel with
// the same user now German, resigns nothing.
func TestCheatStaleResignButtonOfAnAbandonedGame(t *testing.T) {
	s := service(t) // Alice plays the Allies
	ctx := context.Background()
	old := s.Peek(context.Background(), "C1")
	allied := units.Allied
	bind := BindingFor(old, &allied, false)
	if _, err := s.Abandon(ctx, alice, at); err != nil {
		t.Fatal(err)
	}
	mustNewGame(t, s, carol, at, NewGame{Scenario: "standard", Seed: 8, SeedGiven: true})
	for _, j := range []struct {
		a    actor.Actor
		side string
	}{{alice, "german"}, {bob, "allied"}} {
		if _, err := s.Join(ctx, j.a, at, j.side, t0, nil); err != nil {
			t.Fatal(err)
		}
	}
	_, err := s.Resign(Bind(ctx, bind, alice.ID), alice, at)
	var be *BindingError
	if !errors.As(err, &be) {
		t.Fatalf("the old game's Confirm in the new game: %v, want a refusal saying what the button belonged to", err)
	}
	if g := s.Peek(context.Background(), "C1"); g == nil || g.ID == old.ID || g.Meta[MetaResigned] != "" {
		t.Fatalf("the new game was resigned or replaced: %+v", g)
	}
	// The same button's side in the same game: Alice is German now.
	_, err = s.Resign(Bind(ctx, BindingFor(s.Peek(context.Background(), "C1"), &allied, false), alice.ID), alice, at)
	if !errors.As(err, &be) {
		t.Fatalf("an Allied Confirm pressed by the German player: %v", err)
	}
	if s.Peek(context.Background(), "C1") == nil {
		t.Fatal("the game ended")
	}
}

// One End button pressed twice at the same instant ends one segment: the
// second press finds the segment it was made for gone.
func TestCheatOneEndButtonPressedTwiceAtOnce(t *testing.T) {
	s := sandbox(t, "scenario standard\nstep movement-1\nplayer german\n2621: G-III\n2619: F-XX\n")
	ctx := context.Background()
	g := s.Peek(context.Background(), "C1")
	german := units.German
	bind := BindingFor(g, &german, true)
	before := SegmentOf(g.State)
	var wg sync.WaitGroup
	errs := make([]error, 2)
	for i := range errs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, errs[i] = s.End(Bind(ctx, bind, bob.ID), bob, at, t0, g.State.Step+1)
		}()
	}
	wg.Wait()
	ok, refused := 0, 0
	for _, err := range errs {
		var be *BindingError
		switch {
		case err == nil:
			ok++
		case errors.As(err, &be):
			refused++
		default:
			t.Errorf("a press: %v", err)
		}
	}
	if ok != 1 || refused != 1 {
		t.Fatalf("two presses at once: %d ended, %d refused; want 1 and 1", ok, refused)
	}
	after := s.Peek(context.Background(), "C1").State
	if SegmentOf(after) == before {
		t.Fatal("no segment ended")
	}
	if n := len(s.Peek(context.Background(), "C1").Orders); n != len(g.Orders)+1 {
		t.Fatalf("%d orders given by two presses of one End, want 1", n-len(g.Orders))
	}
}

// A binding survives the trip through a button's custom_id.
func TestBindingString(t *testing.T) {
	b := Binding{Game: 12, Side: "G", Segment: "3.4.G"}
	got, ok := ParseBinding(b.String())
	if !ok || got != b {
		t.Fatalf("ParseBinding(%q) = %+v, %v", b.String(), got, ok)
	}
	for _, bad := range []string{"", "x_G_", "1_Q_", "1_G_a.b.c", "1_G", "1/G/"} {
		if _, ok := ParseBinding(bad); ok {
			t.Errorf("ParseBinding(%q) accepted", bad)
		}
	}
}

// A player's fix is parsed and tried as orders before it is proposed, so
// the other side's private thread reads only orders as the engine writes
// them: a user mention posing as a unit is refused, and nothing is
// proposed.
func TestCheatFixProposalCarriesAMention(t *testing.T) {
	s := sandbox(t, "scenario standard\nstep movement-1\nplayer german\n2621: G-III\n2619: F-XX\n")
	ctx := context.Background()
	fix := func(line string) func(units.Side) ([]Pending, error) {
		return func(units.Side) ([]Pending, error) {
			o, err := game.ParseOrder(line)
			return []Pending{{Order: o}}, err
		}
	}
	_, err := s.Fix(ctx, alice, at, t0, fix("german move <@999> 2721"))
	var prop *FixProposal
	if err == nil || errors.As(err, &prop) {
		t.Fatalf("a fix moving a mention: %v, want a refusal", err)
	}
	if g := s.Peek(context.Background(), "C1"); g.Meta["fix:proposal"] != "" {
		t.Fatalf("proposed: %q", g.Meta["fix:proposal"])
	}
	// The limit: MaxFixProposals per player and segment. The refused
	// proposal above counts: it was of the other side's orders, and so
	// could have been a probe of its hidden units (14.1).
	for i := 0; i < MaxFixProposals-1; i++ {
		line := []string{"german move G-III 2721", "german end"}[i%2]
		if _, err := s.Fix(ctx, alice, at, t0, fix(line)); !errors.As(err, &prop) {
			t.Fatalf("proposal %d: %v", i+1, err)
		}
	}
	_, err = s.Fix(ctx, alice, at, t0, fix("german move G-III 2721"))
	if err == nil || errors.As(err, &prop) || !strings.Contains(err.Error(), "the most one player may") {
		t.Fatalf("proposal %d: %v, want the limit", MaxFixProposals+1, err)
	}
	// Bob's own proposals are his (Alice's pending one is "german end",
	// which Bob's would confirm).
	if _, err := s.Fix(ctx, bob, at, t0, fix("german move G-III 2721")); !errors.As(err, &prop) {
		t.Fatalf("Bob's proposal: %v", err)
	}
}

// The Confirm of an abandon made for one game does not abandon a damaged
// game that took the channel since; made for that game, it does.
func TestCheatStaleAbandonButtonOfADamagedGame(t *testing.T) {
	s, st, _ := freshTable(t)
	ctx := context.Background()
	first := mustNewGame(t, s, alice, at, NewGame{Scenario: "standard"})
	stale := BindingFor(first.Game, nil, false)
	if _, err := s.Abandon(ctx, alice, at); err != nil {
		t.Fatal(err)
	}
	second := mustNewGame(t, s, alice, at, NewGame{Scenario: "standard"})
	row, err := st.Game(ctx, second.Game.ID)
	if err != nil {
		t.Fatal(err)
	}
	if err := st.MarkDamaged(ctx, row, "a test's damage"); err != nil {
		t.Fatal(err)
	}
	s.Forget(second.Game.ID)
	if _, err := s.Abandon(Bind(ctx, stale, alice.ID), alice, at); err == nil {
		t.Fatal("the first game's Confirm abandoned the damaged second game")
	}
	if row, _ := st.Game(ctx, second.Game.ID); row.Status != db.Damaged {
		t.Fatalf("the damaged game after a stale Confirm: %s", row.Status)
	}
	if _, err := s.Abandon(Bind(ctx, BindingFor(second.Game, nil, false), alice.ID), alice, at); err != nil {
		t.Fatalf("its own Confirm: %v", err)
	}
}
