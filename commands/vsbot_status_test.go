package commands

import (
	"strings"
	"testing"

	"rtrbot/i18n"
)

// A game against the computer: the last status of /game new (the pinned
// one, which later statuses edit) names the computer's seat, whichever
// side moves first, in each language; never "no player yet".
func TestVsBotFirstStatusNamesTheComputer(t *testing.T) {
	for _, side := range []string{"german", "allied"} {
		for _, l := range []i18n.Lang{i18n.EN, i18n.JA} {
			b, clock := newStoredBot(t)
			r := actIn(t, b, clock, bob, "C2", "/game new vs:bot level:random side:"+side, l)
			last := ""
			for _, m := range r.Messages {
				if m.Pin != "" {
					last = m.Text
				}
			}
			if last == "" {
				t.Fatalf("%s %s: no status: %s", side, l, txt(r))
			}
			if strings.Contains(last, "/game join") {
				t.Errorf("%s %s: the last status has a side without a player: %s", side, l, last)
			}
		}
	}
}
