package commands

import (
	"strings"
	"testing"

	"rtrbot/i18n"
)

// A hex option takes a place name as /hex does: /place hex:Namur is
// /place hex:2918, in English or Japanese; a name of several hexes asks
// which one with the command's own option; a name that is no place is
// refused privately in the reader's language, and nothing is placed.
func TestHexOptionsTakePlaceNames(t *testing.T) {
	b := gameBot(t)
	expect(t, say(t, b, "/game new scenario:standard seed:3"), "Standard scenario")
	byNumber := say(t, b, "/place unit:F-XX hex:2918")
	if got := say(t, b, "/place unit:F-XX hex:Namur"); got != byNumber {
		t.Errorf("hex:Namur answered\n%s\nhex:2918 answered\n%s", got, byNumber)
	}
	if got := sayIn(t, b, "/place unit:F-XX hex:ナミュール", i18n.JA); got != sayIn(t, b, "/place unit:F-XX hex:2918", i18n.JA) {
		t.Errorf("hex:ナミュール is not hex:2918:\n%s", got)
	}
	expect(t, say(t, b, "/place unit:F-XX hex:Paris"), "Which one?", "/place hex:")
	ja := sayIn(t, b, "/attack table:assault units:F-XX hex:Atlantis", i18n.JA)
	expect(t, ja, "「Atlantis」はヘクス番号でもマップ上の地名でもありません")
	if strings.Contains(ja, "is neither") {
		t.Errorf("English in a Japanese answer:\n%s", ja)
	}
	expect(t, say(t, b, "/units hex:Namur"), "")
	expect(t, say(t, b, "/game status"), "Allied player to act")
}
