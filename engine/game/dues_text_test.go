package game

import (
	"strings"
	"testing"

	"rtrbot/engine/units"
)

// TestDuesText111 names the reinforcements due (11.1) in the words of the
// reinforcement table, never by the data's codes ("DE reserve x7").
func TestDuesText111(t *testing.T) {
	s := &State{Dues: []Due{
		{Nation: units.DE, Type: units.Reserve, DE: 7},
		{Nation: units.FR, Type: units.Landwehr, DE: 1},
		{Nation: units.FR, Type: units.HQ, DE: 1},
	}}
	got := s.duesText()
	if want := "独軍予備 師団相当 7 個、仏軍後備 師団相当 1 個、仏軍HQ 1 個"; got.JA != want {
		t.Errorf("Japanese: %q, want %q", got.JA, want)
	}
	if want := "German reserve, 7 division-equivalents; French Landwehr/territorial, 1 division-equivalent; 1 French HQ"; got.EN != want {
		t.Errorf("English: %q, want %q", got.EN, want)
	}
	for _, code := range []string{"DE ", "FR ", "reserve", "landwehr", "hq", " x"} {
		if strings.Contains(got.JA, code) {
			t.Errorf("Japanese %q holds the code %q", got.JA, code)
		}
	}
}
