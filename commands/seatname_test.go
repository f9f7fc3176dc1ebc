package commands

import (
	"strings"
	"testing"

	"rtrbot/i18n"
)

// TestComputerSeatNamedInReadersLanguage: the computer's seat is stored
// under its English name (games.BotActor), but /game status and /game
// players name it in the reader's language, by the same level name as
// the ladder uses; the English reader sees the English name.
func TestComputerSeatNamedInReadersLanguage(t *testing.T) {
	b, clock := newStoredBot(t)
	act(t, b, clock, bob, "C1", "/game new vs:bot side:german level:search seed:5")
	for _, line := range []string{"/game status", "/game players"} {
		ja := txt(actIn(t, b, clock, carol, "C1", line, i18n.JA))
		if !strings.Contains(ja, "連合軍: コンピュータ (探索)") || strings.Contains(ja, "rtrbot (search)") {
			t.Errorf("%s for a Japanese reader: %q", line, ja)
		}
		en := txt(actIn(t, b, clock, carol, "C1", line, i18n.EN))
		if !strings.Contains(en, "Allied: Computer (search)") {
			t.Errorf("%s for an English reader: %q", line, en)
		}
	}
}
