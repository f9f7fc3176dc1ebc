package commands

import (
	"context"
	"regexp"
	"sort"
	"strings"
	"testing"
	"unicode"

	"rtrbot/engine/board"
	"rtrbot/engine/game"
	"rtrbot/i18n"
)

// latinPlaces finds, in a Japanese text, a place or river of the map
// named in Latin letters outside parentheses: a Japanese sentence names a
// place by its Japanese name, the map's spelling at most following it in
// parentheses ("ヴェルサイユ (Versailles)", "ムーズ河 (Meuse)").
func latinPlaces(t *testing.T, m *board.Map) func(string) []string {
	t.Helper()
	names := map[string]bool{}
	for _, x := range m.Hexes() {
		for _, n := range append([]string{x.Name}, x.Towns...) {
			if n != "" {
				names[n] = true
			}
		}
		for _, n := range x.At.Neighbors() {
			if r := m.Hexside(x.At, n).River; r != "" {
				names[r] = true
			}
		}
	}
	var alts []string
	for n := range names {
		alts = append(alts, regexp.QuoteMeta(n))
	}
	sort.Slice(alts, func(i, j int) bool { return len(alts[i]) > len(alts[j]) })
	word := regexp.MustCompile(`(^|[^\p{L}])(` + strings.Join(alts, "|") + `)($|[^\p{L}])`)
	return func(s string) []string {
		var out []string
		for _, at := range word.FindAllStringSubmatchIndex(s, -1) {
			n := s[at[4]:at[5]]
			// Allowed only in the parentheses right after a Japanese
			// name: "パリ (Paris)", "リエージュ (Liège / Luik)".
			ok := false
			depth := 0
			for i := at[4] - 1; i >= 0 && !ok; i-- {
				switch s[i] {
				case ')':
					depth++
				case '(':
					if depth > 0 {
						depth--
						continue
					}
					// An enclosing parenthesis: it follows a Japanese
					// name when the character before it is Japanese, and
					// holds only the map's spellings before this one.
					before := []rune(strings.TrimSuffix(s[:i], " "))
					ok = len(before) > 0 && before[len(before)-1] > unicode.MaxASCII && !japanese.MatchString(s[i:at[4]])
				}
			}
			if !ok {
				out = append(out, n)
			}
		}
		return out
	}
}

var japanese = regexp.MustCompile(`[\p{Hiragana}\p{Katakana}\p{Han}]`)

// The Japanese answers name places and rivers in Japanese: /hex of every
// named hex or hex on a river, the /map captions, and the optional rules'
// texts (18.0) hold no Latin place name without its Japanese name.
func TestJapaneseTextsNamePlacesInJapanese(t *testing.T) {
	b := hexBot(t)
	latin := latinPlaces(t, b.Map)
	checked := 0
	for _, x := range b.Map.Hexes() {
		river := false
		for _, n := range x.At.Neighbors() {
			river = river || b.Map.Hexside(x.At, n).River != ""
		}
		if x.Name == "" && len(x.Towns) == 0 && !river {
			continue
		}
		checked++
		out := text(runHex(b, x.At.String(), i18n.JA))
		if bad := latin(out); len(bad) > 0 {
			t.Errorf("/hex hex:%s (ja) names %v in Latin letters only:\n%s", x.At, bad, out)
		}
	}
	if checked < 300 {
		t.Fatalf("only %d hexes checked", checked)
	}
	for _, area := range []string{"パリ", "リエージュ", "ヴェルダン", "1819"} {
		opt := map[string]string{"area": area}
		if strings.HasPrefix(area, "1") {
			opt = map[string]string{"around": area}
		}
		r := b.Router.Run(context.Background(), &Request{Path: "map", Options: opt, Lang: i18n.JA})
		if bad := latin(text(r)); len(bad) > 0 {
			t.Errorf("/map %v (ja) names %v in Latin letters only: %s", opt, bad, text(r))
		}
	}
	for _, o := range game.OptionDefs() {
		for _, s := range []string{o.Text.JA, o.Void.JA} {
			if bad := latin(s); len(bad) > 0 {
				t.Errorf("option %s (ja) names %v in Latin letters only: %s", o.Code, bad, s)
			}
		}
	}
}
