package commands

import (
	"strings"
	"testing"

	"rtrbot/i18n"
)

// /game new vs:bot seats both sides at once: its answer does not invite
// anyone to /game join nor speak of a hot seat, and in Japanese the
// computer's level is named in Japanese.
func TestVsBotStartSaysBothSeatsAreTaken(t *testing.T) {
	b, clock := newStoredBot(t)
	r := txt(act(t, b, clock, bob, "C1", "/game new vs:bot side:german level:random seed:3"))
	for _, bad := range []string{"/game join side:german or side:allied", "whoever types plays both sides"} {
		if strings.Contains(r, bad) {
			t.Errorf("vs:bot start says %q:\n%s", bad, r)
		}
	}
	expect(t, r, "The computer (random) plays the Allied side")
	b2, clock2 := newStoredBot(t)
	path, opts := readLine(b2.Router, "/game new vs:bot side:german level:random seed:3")
	ja := txt(b2.Router.Run(t.Context(), &Request{Path: path, Options: opts, Guild: "G1", Channel: "C1", Lang: i18n.JA, User: bob, Now: clock2.Now()}))
	if !strings.Contains(ja, "コンピュータ (ランダム)") {
		t.Errorf("the level is not named in Japanese:\n%s", ja)
	}
}
