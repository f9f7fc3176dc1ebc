package commands

import (
	"strings"
	"testing"
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
