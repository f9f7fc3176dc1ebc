package tournament

import (
	"testing"
	"time"

	"rtrbot/i18n"
)

// A round's limit adjudicates only when the tournament says so, once the
// deadline has passed and before the forfeit rule, and only the tables
// whose bot game has no result (not a bye, not a physical table).
func TestAdjudicationDue(t *testing.T) {
	dl := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	mk := func() *Tournament {
		return &Tournament{Status: StatusRunning, Settings: Settings{Adjudicate: true}, Rounds: []*Round{{Number: 1, Deadline: dl, Games: []*Game{
			{Table: 1, German: "a", Allied: "b", GameID: 1, Result: &Result{Winner: German, Level: Marginal, Margin: 60}, Source: SourceGame},
			{Table: 2, German: "c", Allied: "d", GameID: 2},
			{Table: 3, German: "e", Allied: "f"}, // a physical table's game
			{Table: 4, German: "g", GameID: 4},   // a bye's practice game
		}}}}
	}
	tables := func(gs []Game) (out []int) {
		for _, g := range gs {
			out = append(out, g.Table)
		}
		return out
	}
	if got := tables(mk().AdjudicationDue(dl)); len(got) != 1 || got[0] != 2 {
		t.Fatalf("at the deadline: tables %v, want [2]", got)
	}
	if got := mk().AdjudicationDue(dl.Add(-time.Minute)); len(got) != 0 {
		t.Fatalf("before the deadline: %v", tables(got))
	}
	off := mk()
	off.Settings.Adjudicate = false
	if got := off.AdjudicationDue(dl); len(got) != 0 {
		t.Fatalf("without adjudicate: %v", tables(got))
	}
	done := mk()
	done.Rounds[0].Forfeited = true
	if got := done.AdjudicationDue(dl); len(got) != 0 {
		t.Fatalf("after the forfeit rule: %v", tables(got))
	}
	// The mark and spread show only while the result is the adjudication's.
	g := &Game{Table: 2, Result: &Result{Winner: Allied, Level: Marginal, Margin: 70}, Source: SourceAdjudicated,
		Adjudication: &Adjudication{Median: -70, Q1: -90, Q3: -40, Wins: [2]int{1, 6}, Draws: 2, PlayOuts: 9}}
	if n := AdjudicationNoteIn(g, i18n.EN); n == "" || !g.Adjudicated() {
		t.Fatal("an adjudicated table has no mark")
	}
	if g.Rated() {
		t.Fatal("an adjudicated result is a rated game")
	}
	g.Source = SourceOrganiser
	if n := AdjudicationNoteIn(g, i18n.JA); n != "" || g.Adjudicated() {
		t.Fatalf("an overruled table still marked: %q", n)
	}
}
