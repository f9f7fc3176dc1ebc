package tournament

import (
	"strings"
	"testing"
	"time"

	"rtrbot/actor"
	"rtrbot/i18n"
)

// A player's report on a table the organiser already decided is refused
// naming the standing result in the reader's language: no English left
// in the Japanese, and a result reported without a margin says no "by 0
// VP".
func TestReportOnADecidedTableNamesItsResult(t *testing.T) {
	s := newService(t, Settings{Format: Swiss, Rounds: 3, Scenario: "standard", RegistrationDeadline: t0.Add(time.Hour)}, 4)
	if _, err := s.Start(ctx, gld, name, org, t0); err != nil {
		t.Fatal(err)
	}
	tr, _ := s.Get(ctx, gld, name)
	g := tr.Current().Games[0]
	if _, err := s.Report(ctx, gld, name, org, g.Table, Result{Winner: German}); err != nil {
		t.Fatal(err)
	}
	_, err := s.Report(ctx, gld, name, actor.Actor{ID: g.German}, g.Table, Result{Winner: German})
	if err == nil {
		t.Fatal("a second report was taken")
	}
	en, ja := i18n.Message(err, i18n.EN), i18n.Message(err, i18n.JA)
	if !strings.Contains(en, "German marginal victory)") {
		t.Errorf("en: %s", en)
	}
	if !strings.Contains(ja, "独軍の") || strings.Contains(ja, "German") || strings.Contains(ja, "victory") {
		t.Errorf("ja: %s", ja)
	}
	for _, m := range []string{en, ja} {
		if strings.Contains(m, "0 VP") {
			t.Errorf("a result without a margin reads %q", m)
		}
	}
}
