package games

import (
	"context"
	"strings"
	"testing"
	"time"

	"rtrbot/actor"
	"rtrbot/tournament"
)

// Only games make ladder results: an organiser's fix of a table of a
// tournament played at the table counts for its standings, not for the
// ladder; a result reported by one player and confirmed by the other is
// rated; /ladder player:NAME lists the games behind a rating.
func TestCheatOrganisersWordIsNoRatedResult(t *testing.T) {
	ctx := context.Background()
	s := &tournament.Service{Store: &tournament.MemStore{}}
	org := actor.Actor{ID: "999", Name: "Olga"}
	create := func(name string) *tournament.Tournament {
		if _, err := s.New(ctx, tournament.NewTournament{Guild: "G1", Name: name, Organiser: org,
			Settings: tournament.Settings{Format: tournament.Swiss, Scenario: "standard", Play: tournament.PlayTable, Rounds: 3}, Now: t0}); err != nil {
			t.Fatal(err)
		}
		for _, u := range []actor.Actor{{ID: alice.ID, Name: alice.Name}, {ID: bob.ID, Name: bob.Name}} {
			if _, err := s.Join(ctx, "G1", name, u, t0); err != nil {
				t.Fatal(err)
			}
		}
		tt, err := s.Start(ctx, "G1", name, org, t0)
		if err != nil {
			t.Fatal(err)
		}
		return tt
	}
	tt := create("Autumn")
	g := tt.Current().Games[0]
	if _, err := s.FixResult(ctx, "G1", "Autumn", org, 1, g.Table, tournament.Result{Winner: tournament.German, Margin: 5}); err != nil {
		t.Fatal(err)
	}
	lines, err := s.Ladder(ctx, "G1", nil, nil, time.Time{})
	if err != nil {
		t.Fatal(err)
	}
	if len(lines) != 0 {
		t.Fatalf("the organiser's fix made a rated result: %+v", lines)
	}
	back, _ := s.Get(ctx, "G1", "Autumn")
	if r := back.Current().Games[0].Result; r == nil || r.Winner != tournament.German {
		t.Fatal("the fix does not count for the tournament")
	}
	// A physical game reported by one player and confirmed by the other
	// is rated, and listed behind the rating.
	tt = create("Winter")
	g = tt.Current().Games[0]
	german := actor.Actor{ID: g.German}
	allied := actor.Actor{ID: g.Allied}
	if _, err := s.Report(ctx, "G1", "Winter", german, g.Table, tournament.Result{Winner: tournament.Allied, Margin: 3}); err != nil {
		t.Fatal(err)
	}
	if lines, _ := s.Ladder(ctx, "G1", nil, nil, time.Time{}); len(lines) != 0 {
		t.Fatal("one player's report is rated before the other confirms")
	}
	if _, err := s.Confirm(ctx, "G1", "Winter", allied, g.Table); err != nil {
		t.Fatal(err)
	}
	if lines, _ := s.Ladder(ctx, "G1", nil, nil, time.Time{}); len(lines) != 2 || lines[0].Games != 1 {
		t.Fatalf("a confirmed game: %+v", lines)
	}
	me, games, ok, err := s.LadderOf(ctx, "G1", nil, nil, "alice", time.Time{})
	if err != nil || !ok || len(games) != 1 || !strings.Contains(games[0].What.EN, "Winter round 1") {
		t.Fatalf("the games behind Alice's rating: %+v %+v %v %v", me, games, ok, err)
	}
}
