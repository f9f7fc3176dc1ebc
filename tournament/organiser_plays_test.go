package tournament

import (
	"strings"
	"testing"
	"time"

	"rtrbot/actor"
)

// An organiser who also plays has a player's word at his own table: his
// report waits for his opponent's confirmation, he cannot confirm his own
// report, and he cannot fix his own table's result as organiser. At the
// other tables he still decides alone.
func TestOrganiserWhoPlaysNeedsHisOpponent(t *testing.T) {
	s := newService(t, Settings{Format: Swiss, Rounds: 2, Scenario: "standard", Tiebreaks: []string{TBBuchholz}}, 3)
	if _, err := s.Join(ctx, gld, name, org, t0.Add(time.Hour)); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Start(ctx, gld, name, org, t0.Add(2*time.Hour)); err != nil {
		t.Fatal(err)
	}
	tr, _ := s.Get(ctx, gld, name)
	var own, other *Game
	for _, g := range tr.Current().Games {
		switch {
		case g.Bye():
		case g.German == org.ID || g.Allied == org.ID:
			own = g
		default:
			other = g
		}
	}
	if own == nil || other == nil {
		t.Fatalf("no table for the organiser and one without him: %+v", tr.Current().Games)
	}
	opp := own.German
	if opp == org.ID {
		opp = own.Allied
	}
	if _, err := s.Report(ctx, gld, name, org, own.Table, Result{Winner: German, Level: Decisive, Margin: 160}); err != nil {
		t.Fatal(err)
	}
	tr, _ = s.Get(ctx, gld, name)
	if g := tableOf(tr, own.Table); g.Result != nil {
		t.Fatal("the organiser's report of his own table was final at once: his opponent was never asked")
	}
	if _, err := s.Confirm(ctx, gld, name, org, own.Table); err == nil {
		t.Fatal("the organiser confirmed his own report of his own table")
	}
	if _, err := s.FixResult(ctx, gld, name, org, 1, own.Table, Result{Winner: German, Level: Decisive, Margin: 160}); err == nil || !strings.Contains(message(err), "your own table") {
		t.Fatalf("the organiser fixed his own table's result: %v", err)
	}
	if _, err := s.Confirm(ctx, gld, name, actor.Actor{ID: opp}, own.Table); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Report(ctx, gld, name, org, other.Table, Result{Winner: Allied, Level: Marginal, Margin: 60}); err != nil {
		t.Fatal(err)
	}
	tr, _ = s.Get(ctx, gld, name)
	if tableOf(tr, own.Table).Result == nil || tableOf(tr, other.Table).Result == nil || tableOf(tr, other.Table).Source != SourceOrganiser {
		t.Fatal("the opponent's confirmation, or the organiser's word at another table, was not final")
	}
}

func tableOf(tr *Tournament, table int) *Game {
	for _, g := range tr.Current().Games {
		if g.Table == table {
			return g
		}
	}
	return nil
}
