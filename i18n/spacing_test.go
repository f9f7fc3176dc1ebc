package i18n

import (
	"regexp"
	"strings"
	"testing"
)

// jaWordSpace is a space between two Japanese words (kana or kanji on
// both sides), which Japanese does not write; doubleSpace is two spaces
// in a row.
var (
	jaWordSpace = regexp.MustCompile(`([^ \n]*[\p{Hiragana}\p{Katakana}\p{Han}ー]) +([\p{Hiragana}\p{Katakana}\p{Han}ー][^ \n]*)`)
	doubleSpace = regexp.MustCompile(`[^ \n]  +[^ \n]`)
)

// TestJapaneseSpacing: the Japanese of every pair in the code has no
// space between two Japanese words and no doubled space. Not slips: a
// space after an option written out (side:陣営 で), around 対 (a match's
// "v."), in a file line's field list (db/gamefile), and a doubled space
// the English has too (a column layout).
func TestJapaneseSpacing(t *testing.T) {
	for _, p := range codePairs(t) {
		if strings.HasPrefix(p.pos, "db/gamefile/") {
			continue
		}
		for _, m := range jaWordSpace.FindAllStringSubmatch(p.ja, -1) {
			a, b := m[1], m[2]
			if strings.Contains(a, ":") || strings.Contains(b, ":") || a == "対" || b == "対" || strings.HasSuffix(a, "対") {
				continue
			}
			t.Errorf("%s: %q: a space between Japanese words (%q)", p.pos, p.ja, m[0])
		}
		if m := doubleSpace.FindString(p.ja); m != "" && !strings.Contains(p.en, "  ") {
			t.Errorf("%s: %q: a doubled space (%q)", p.pos, p.ja, m)
		}
	}
}
