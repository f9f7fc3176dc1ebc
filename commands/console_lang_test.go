package commands

import (
	"strings"
	"testing"

	"rtrbot/i18n"
)

// At the console one reader sits at one keyboard (Deps.Reader, the
// console's RTRBOT_LANG): the account of a segment, public on Discord in
// the language of each player of the game, is printed in the console's
// language only. On Discord (no Reader) it stays in both.
func TestConsolePublicPostsInItsLanguageOnly(t *testing.T) {
	for _, reader := range []i18n.Lang{i18n.JA, ""} {
		b, clock := newStoredBot(t)
		b.Reader = reader
		act(t, b, clock, alice, "C1", "/game new scenario:standard seed:7")
		act(t, b, clock, alice, "C1", "/game join side:allied") // both players joined in English
		act(t, b, clock, bob, "C1", "/game join side:german")
		act(t, b, clock, alice, "C1", "/game setup")
		r := actIn(t, b, clock, alice, "C1", "/end", i18n.JA)
		var public []string
		for _, m := range r.Messages {
			if m.Target != "" && !m.Ephemeral && m.Pin == "" {
				public = append(public, m.Text)
			}
		}
		post := strings.Join(public, "\n")
		if !strings.Contains(post, "セグメント終了") {
			t.Fatalf("reader %q: no Japanese account of the segment:\n%s", reader, post)
		}
		if en := strings.Contains(post, "Segment ended"); en != (reader == "") {
			t.Errorf("reader %q: the English account is there: %v, want %v:\n%s", reader, en, reader == "", post)
		}
	}
}
