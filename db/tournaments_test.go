package db

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"testing"
	"time"

	"rtrbot/actor"
	"rtrbot/tournament"
)

// TestTournamentSurvivesRestart runs a Swiss tournament on a SQLite file,
// closes the file in the middle of round 2 (one result confirmed, one
// reported and waiting, one disputed, one bot game linked), reopens it and
// checks that nothing is lost and that the tournament goes on to its end.
func TestTournamentSurvivesRestart(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "t.db")
	now := time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC)
	st, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	svc := &tournament.Service{Store: Tournaments{st}}
	org := actor.Actor{ID: "org", Name: "Org"}
	if _, err := svc.New(ctx, tournament.NewTournament{Guild: "G", Name: "Autumn", Organiser: org,
		Settings: tournament.Settings{Format: tournament.Swiss, Rounds: 3, Scenario: "standard", DeadlineHours: 72}, Now: now}); err != nil {
		t.Fatal(err)
	}
	if _, err := svc.New(ctx, tournament.NewTournament{Guild: "G", Name: "Autumn", Organiser: org,
		Settings: tournament.Settings{Format: tournament.Swiss, Rounds: 3}, Now: now}); err == nil {
		t.Fatal("a second tournament of the same name")
	}
	for i := 1; i <= 9; i++ {
		u := actor.Actor{ID: fmt.Sprintf("u%d", i), Name: fmt.Sprintf("P%d", i)}
		if _, err := svc.Join(ctx, "G", "Autumn", u, now.Add(time.Duration(i)*time.Minute)); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := svc.Start(ctx, "G", "Autumn", org, now); err != nil {
		t.Fatal(err)
	}
	tr, _ := svc.Get(ctx, "G", "Autumn")
	for _, g := range tr.Current().Games {
		if !g.Bye() {
			if _, err := svc.Report(ctx, "G", "Autumn", org, g.Table, tournament.Result{Winner: tournament.German, Level: tournament.Decisive, Margin: g.Table}); err != nil {
				t.Fatal(err)
			}
		}
	}
	if _, err := svc.Next(ctx, "G", "Autumn", org, now.Add(time.Hour)); err != nil {
		t.Fatal(err)
	}
	tr, _ = svc.Get(ctx, "G", "Autumn")
	gs := tr.Current().Games
	u := func(id string) actor.Actor { return actor.Actor{ID: id} }
	mustOK := func(_ *tournament.Tournament, err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	mustOK(svc.Report(ctx, "G", "Autumn", u(gs[0].German), 1, tournament.Result{Winner: tournament.Draw}))
	mustOK(svc.Confirm(ctx, "G", "Autumn", u(gs[0].Allied), 1))
	mustOK(svc.Report(ctx, "G", "Autumn", u(gs[1].Allied), 2, tournament.Result{Winner: tournament.Allied, Level: tournament.Strategic, Margin: 4}))
	mustOK(svc.Report(ctx, "G", "Autumn", u(gs[2].German), 3, tournament.Result{Winner: tournament.German}))
	mustOK(svc.Report(ctx, "G", "Autumn", u(gs[2].Allied), 3, tournament.Result{Winner: tournament.Allied}))
	mustOK(svc.SetGame(ctx, "G", "Autumn", 4, 77))
	before, _ := svc.Get(ctx, "G", "Autumn")
	want, _ := json.Marshal(before)
	if err := st.Close(); err != nil {
		t.Fatal(err)
	}

	st, err = Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	svc = &tournament.Service{Store: Tournaments{st}}
	after, err := svc.Get(ctx, "G", "Autumn")
	if err != nil {
		t.Fatal(err)
	}
	got, _ := json.Marshal(after)
	if string(got) != string(want) {
		t.Fatalf("after a restart:\n%s\nbefore:\n%s", got, want)
	}
	// it goes on: the bot game's end, the confirmation, the dispute settled
	mustOK(svc.GameEnded(ctx, 77, tournament.Allied, tournament.Marginal, 1))
	mustOK(svc.Confirm(ctx, "G", "Autumn", u(gs[1].German), 2))
	mustOK(svc.FixResult(ctx, "G", "Autumn", org, 2, 3, tournament.Result{Winner: tournament.German, Level: tournament.Marginal}))
	mustOK(svc.Next(ctx, "G", "Autumn", org, now.Add(2*time.Hour)))
	tr, _ = svc.Get(ctx, "G", "Autumn")
	if len(tr.Rounds) != 3 || tr.Rounds[1].Games[3].Result.Winner != tournament.Allied {
		t.Fatalf("round 2 after the restart: %+v", tr.Rounds[1].Games[3].Result)
	}
	var entries int
	if err := st.DB.QueryRowContext(ctx, `SELECT COUNT(*) FROM tournament_entries WHERE tournament_id = ?`, tr.ID).Scan(&entries); err != nil || entries != 9 {
		t.Fatalf("%d entries (%v)", entries, err)
	}
	// a stale copy cannot overwrite a newer save
	stale, _ := svc.Get(ctx, "G", "Autumn")
	mustOK(svc.Extend(ctx, "G", "Autumn", org, 5, now))
	if err := (Tournaments{st}).SaveTournament(ctx, stale); !errors.Is(err, tournament.ErrConflict) {
		t.Fatalf("a stale save: %v", err)
	}
	names, err := Tournaments{st}.ListTournaments(ctx, "G", "running")
	if err != nil || len(names) != 1 {
		t.Fatalf("list: %v %v", names, err)
	}
}
