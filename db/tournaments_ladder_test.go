package db

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"rtrbot/actor"
	"rtrbot/tournament"
)

// A casual game counts for the ladder once both its players marked it,
// whoever marks first, and a mark given twice counts once; the marks
// survive a restart; AllTournaments lists a guild's tournaments.
func TestLadderMarksAndList(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "l.db")
	st, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	tt := Tournaments{st}
	at := time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC)
	m := LadderMark{Game: 7, Guild: "G", German: "a", Allied: "b", ScoreGerman: 1, Ended: at, By: "b"}
	for i := 0; i < 2; i++ {
		both, err := tt.MarkRated(ctx, m)
		if err != nil || both {
			t.Fatalf("the Allied player's mark %d: both=%v err=%v", i+1, both, err)
		}
	}
	if gs, err := tt.RatedCasualGames(ctx, "G"); err != nil || len(gs) != 0 {
		t.Fatalf("a game marked by one player is rated: %v %v", gs, err)
	}
	st.Close()
	if st, err = Open(ctx, path); err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	tt = Tournaments{st}
	m.By = "a"
	if both, err := tt.MarkRated(ctx, m); err != nil || !both {
		t.Fatalf("the German player's mark: both=%v err=%v", both, err)
	}
	gs, err := tt.RatedCasualGames(ctx, "G")
	if err != nil || len(gs) != 1 || gs[0].A != "a" || gs[0].B != "b" || gs[0].ScoreA != 1 || !gs[0].At.Equal(at) {
		t.Fatalf("rated games: %+v %v", gs, err)
	}
	if gs, _ := tt.RatedCasualGames(ctx, "H"); len(gs) != 0 {
		t.Fatalf("another guild's games: %v", gs)
	}
	svc := &tournament.Service{Store: tt}
	for _, g := range []string{"G", "G", "H"} {
		if _, err := svc.New(ctx, tournament.NewTournament{Guild: g, Name: "T" + g + at.Format("150405"), Organiser: actor.Actor{ID: "o"},
			Settings: tournament.Settings{Format: tournament.RoundRobin, Scenario: "standard"}, Now: at}); err != nil {
			t.Fatal(err)
		}
		at = at.Add(time.Second)
	}
	if ts, err := tt.AllTournaments(ctx, "G"); err != nil || len(ts) != 2 {
		t.Fatalf("guild G: %d %v", len(ts), err)
	}
	if ts, err := tt.AllTournaments(ctx, ""); err != nil || len(ts) != 3 {
		t.Fatalf("every guild: %d %v", len(ts), err)
	}
}
