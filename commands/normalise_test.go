package commands

import (
	"strings"
	"testing"

	"rtrbot/engine/units"
	"rtrbot/i18n"

	"golang.org/x/text/unicode/norm"
)

// Options are read as people type them: full-width digits, letters and
// hyphens from a Japanese keyboard mean what their ASCII forms mean.
func TestFullWidthInput(t *testing.T) {
	b := gameBot(t)
	ascii := say(t, b, "/hex hex:1324")
	if got := say(t, b, "/hex hex:１３２４"); got != ascii || strings.Contains(got, "characters") {
		t.Errorf("/hex hex:１３２４ answered\n%s\nwant what /hex hex:1324 answers\n%s", got, ascii)
	}
	say(t, b, "/game new scenario:standard seed:3")
	say(t, b, "/game setup")
	say(t, b, "/end")
	say(t, b, "/game setup")
	if got, want := say(t, b, "/moves unit:Ｇ－ＩＩＩ"), say(t, b, "/moves unit:G-III"); got != want {
		t.Errorf("/moves unit:Ｇ－ＩＩＩ answered\n%s\nwant\n%s", got, want)
	}
}

// Lists are written with the Japanese comma too: 、 (and the full-width
// ，) separate options, units and hexes as spaces and commas do.
func TestJapaneseListSeparators(t *testing.T) {
	for _, sep := range []string{"、", "，", ", "} {
		b := gameBot(t)
		got := say(t, b, "/game new scenario:standard seed:3 options:18.1(10)"+sep+"16.1")
		if strings.Contains(got, "unknown") || strings.Contains(got, "not an option") {
			t.Errorf("options:18.1(10)%s16.1 refused:\n%s", sep, got)
		}
		if g := peek(b, "c1"); g == nil || strings.Join(g.Options, " ") != "16.1 18.1(10)" && strings.Join(g.Options, " ") != "18.1(10) 16.1" {
			t.Errorf("options:18.1(10)%s16.1: game options %v", sep, g)
		}
	}
	// A batch line's units.
	for _, line := range []string{"attack assault G-III、G-IV 3021", "attack assault G-III，G-IV 3021", "attack assault G-III,G-IV 3021"} {
		got, bad := parseBatch(norm.NFKC.String(line), units.German, i18n.EN)
		want, _ := parseBatch("attack assault G-III G-IV 3021", units.German, i18n.EN)
		if len(bad) > 0 || len(got) != 1 || got[0].Err.In(i18n.EN) != "" || got[0].Order.String() != want[0].Order.String() {
			t.Errorf("%s: read as %+v %v, want %v", line, got, bad, want[0].Order)
		}
	}
}
