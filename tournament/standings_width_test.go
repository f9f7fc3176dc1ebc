package tournament

import (
	"strings"
	"testing"
	"time"

	"rtrbot/actor"
	"rtrbot/i18n"
)

// The text standings line up in a monospaced font in Japanese too: a
// wide character (プレイヤー, a Japanese name) takes two columns, so every
// line of the table, right-aligned to its last column, is as wide as the
// heading.
func TestStandingsTextAlignsWideCharacters(t *testing.T) {
	s := newService(t, Settings{Format: Swiss, Rounds: 3, Scenario: "standard", Tiebreaks: []string{TBBuchholz}}, 2)
	if _, err := s.Join(ctx, gld, name, actor.Actor{ID: "u99", Name: "山田太郎"}, t0.Add(time.Hour)); err != nil {
		t.Fatal(err)
	}
	tr, _ := s.Get(ctx, gld, name)
	// Columns as a terminal shows them, counted here without the code
	// under test: CJK characters and kana take two.
	cols := func(l string) int {
		n := 0
		for _, r := range l {
			if r >= 0x1100 && (r <= 0x115f || (r >= 0x2e80 && r <= 0xa4cf) || (r >= 0xac00 && r <= 0xd7a3) || (r >= 0xf900 && r <= 0xfaff) || (r >= 0xff00 && r <= 0xff60)) {
				n += 2
			} else {
				n++
			}
		}
		return n
	}
	for _, lang := range []i18n.Lang{i18n.EN, i18n.JA} {
		lines := strings.Split(strings.TrimRight(tr.StandingsTextIn(lang), "\n"), "\n")[1:] // the title is no column
		if len(lines) != 4 {
			t.Fatalf("%s: want a heading and 3 players:\n%s", lang, strings.Join(lines, "\n"))
		}
		for _, l := range lines[1:] {
			if cols(l) != cols(lines[0]) {
				t.Errorf("%s: line %q is %d columns wide, the heading %q %d:\n%s", lang, l, cols(l), lines[0], cols(lines[0]), strings.Join(lines, "\n"))
			}
		}
	}
}
