package tournament

import (
	"strings"
	"testing"
	"time"
	"unicode"

	"rtrbot/i18n"
)

// TestOrganiserOnlyInJapanese: what only the organiser may do is refused
// to a player with a whole Japanese sentence, holding no English word
// (the tournament's own name aside).
func TestOrganiserOnlyInJapanese(t *testing.T) {
	s := newService(t, Settings{Format: Swiss, Rounds: 3, Scenario: "standard"}, 4)
	p := user(1)
	acts := map[string]func() error{
		"start": func() error { _, err := s.Start(ctx, gld, name, p, t0); return err },
		"next":  func() error { _, err := s.Next(ctx, gld, name, p, t0); return err },
		"drop":  func() error { _, err := s.Drop(ctx, gld, name, p, "Player02"); return err },
		"fix": func() error {
			_, err := s.FixResult(ctx, gld, name, p, 1, 1, Result{Winner: German, Level: Decisive})
			return err
		},
		"pair": func() error {
			_, err := s.PairByHand(ctx, gld, name, p, []Pair{{German: "Player01", Allied: "Player02"}}, false)
			return err
		},
		"extend": func() error { _, err := s.Extend(ctx, gld, name, p, 2, t0.Add(time.Hour)); return err },
	}
	for what, act := range acts {
		err := act()
		if err == nil {
			t.Fatalf("%s: a player was let do it", what)
		}
		ja := i18n.Message(err, i18n.JA)
		if !strings.Contains(ja, "主催者だけ") {
			t.Fatalf("%s: not the organiser's refusal: %q", what, ja)
		}
		for _, r := range strings.ReplaceAll(ja, name, "") {
			if r < unicode.MaxASCII && unicode.IsLetter(r) {
				t.Fatalf("%s: English in the Japanese refusal: %q", what, ja)
			}
		}
	}
}
