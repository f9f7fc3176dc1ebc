package commands

import (
	"testing"

	"rtrbot/i18n"
)

// TestRollResultByName: a logged roll's result is read by the table's
// name in the reader's language, not by the row's id.
func TestRollResultByName(t *testing.T) {
	for _, c := range []struct {
		in   string
		lang i18n.Lang
		want string
	}{
		{"13 autumn-weather (no event)", i18n.JA, "13 秋の天候 (イベントなし)"},
		{"13 autumn-weather (no event)", i18n.EN, "13 Autumn weather (no event)"},
		{"11 bad-weather", i18n.JA, "11 悪天候"},
		{"4 stalemate", i18n.JA, "4 東部戦線の膠着"},
		{"1:2 DR", i18n.JA, "1:2 DR"},
		{"invalid", i18n.JA, "無効"},
	} {
		if got := resultText(c.in, c.lang); got != c.want {
			t.Errorf("resultText(%q, %s) = %q, want %q", c.in, c.lang, got, c.want)
		}
	}
}
