package tournament

import (
	"strings"
	"testing"
	"time"

	"rtrbot/actor"
	"rtrbot/i18n"
)

// TestStandingsAfterRoundCountTheirRoundsOnly: the table titled "after
// round 1" counts round 1 only. Once round 1 closes and round 2 is paired,
// round 2's bye (given to the player who lost round 1) and round 2's first
// result do not count until round 2 closes; the title, the text, the
// table, the CSV export and StandingsAfter agree.
func TestStandingsAfterRoundCountTheirRoundsOnly(t *testing.T) {
	st := Settings{Format: Swiss, Rounds: 3, Scenario: "standard", Tiebreaks: []string{TBBuchholz, TBMargin}}
	s := newService(t, st, 3)
	if _, err := s.Start(ctx, gld, name, org, t0.Add(time.Hour)); err != nil {
		t.Fatal(err)
	}
	tr, _ := s.Get(ctx, gld, name)
	var winner, loser, bye1 string
	for _, g := range tr.Current().Games {
		if g.Bye() {
			bye1 = g.German
			continue
		}
		winner, loser = g.German, g.Allied
		if _, err := s.Report(ctx, gld, name, actor.Actor{ID: g.German}, g.Table, Result{Winner: German, Level: Strategic, Margin: 12}); err != nil {
			t.Fatal(err)
		}
		if _, err := s.Confirm(ctx, gld, name, actor.Actor{ID: g.Allied}, g.Table); err != nil {
			t.Fatal(err)
		}
	}
	if winner == "" || bye1 == "" {
		t.Fatalf("round 1 is not one game and a bye: %+v", tr.Current().Games)
	}
	if _, err := s.Next(ctx, gld, name, org, t0.Add(2*time.Hour)); err != nil {
		t.Fatal(err)
	}
	tr, _ = s.Get(ctx, gld, name)
	var bye2 string
	for _, g := range tr.Current().Games {
		if g.Bye() {
			bye2 = g.German
		}
	}
	if bye2 != loser {
		t.Fatalf("round 2's bye went to %s, not to round 1's loser %s: the test needs it so", bye2, loser)
	}
	// Round 2's game has its result too, before round 2 closes.
	for _, g := range tr.Current().Games {
		if g.Bye() {
			continue
		}
		if _, err := s.Report(ctx, gld, name, actor.Actor{ID: g.German}, g.Table, Result{Winner: Allied, Level: Decisive, Margin: 30}); err != nil {
			t.Fatal(err)
		}
		if _, err := s.Confirm(ctx, gld, name, actor.Actor{ID: g.Allied}, g.Table); err != nil {
			t.Fatal(err)
		}
	}
	tr, _ = s.Get(ctx, gld, name)
	bye := float64(tr.Settings.Points.Bye) / 2
	want := map[string]float64{winner: 1, bye1: bye, loser: 0}
	if title := tr.StandingsTitle(i18n.EN); !strings.Contains(title, "after round 1") {
		t.Fatalf("title %q", title)
	}
	check := func(what string, got []Standing) {
		t.Helper()
		for _, r := range got {
			if r.Score != want[r.ID] {
				t.Errorf("%s: %s has %v points after round 1, want %v", what, r.ID, r.Score, want[r.ID])
			}
		}
		if got[len(got)-1].ID != loser {
			t.Errorf("%s: round 1's loser %s is not last: %+v", what, loser, got)
		}
	}
	check("Standings", tr.Standings())
	check("StandingsAfter(1)", tr.StandingsAfter(1))
	_, rows := tr.StandingsTable()
	if rows[len(rows)-1][2] != "0" {
		t.Errorf("the table's last row %v: the loser of round 1 has 0 points after round 1", rows[len(rows)-1])
	}
	csv, err := tr.CSV()
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(csv), "round_2") {
		t.Errorf("the CSV of the standings after round 1 has a column for round 2:\n%s", csv)
	}
	for _, line := range strings.Split(string(csv), "\n") {
		if strings.Contains(line, ","+loser+",") && !strings.HasPrefix(line, "3,") {
			t.Errorf("the CSV ranks round 1's loser %s above last: %s", loser, line)
		}
	}
	// Round 2 counts once it closes: the table is then after round 2.
	if _, err := s.Next(ctx, gld, name, org, t0.Add(3*time.Hour)); err != nil {
		t.Fatal(err)
	}
	tr, _ = s.Get(ctx, gld, name)
	if title := tr.StandingsTitle(i18n.EN); !strings.Contains(title, "after round 2") {
		t.Fatalf("title %q", title)
	}
	for _, r := range tr.Standings() {
		if r.ID == loser && r.Score != bye {
			t.Errorf("after round 2 round 1's loser has %v points, want the bye's %v", r.Score, bye)
		}
	}
}
