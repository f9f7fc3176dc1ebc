package discord_test

import (
	"strings"
	"testing"

	"rtrbot/discord/discordtest"
	"rtrbot/discord/fakediscord"
)

// Option values reach the commands as typed on a Japanese keyboard:
// full-width digits and a place name in katakana mean what the ASCII hex
// number means.
func TestOptionValuesAsTyped(t *testing.T) {
	t.Parallel()
	bot := realBot(t)
	if bot.Router.Find("hex") == nil {
		t.Skip("no /hex")
	}
	h := discordtest.New(t, bot.Router, nil)
	answer := func(v string) string {
		c, _ := h.Run(fakediscord.Invoke{User: alice, Path: "hex", Options: map[string]any{"hex": v}})
		return h.Messages(c, 1)[0].Content
	}
	want := answer("3021")
	if !strings.Contains(want, "Liège") {
		t.Fatalf("/hex hex:3021: %q", want)
	}
	for _, v := range []string{"３０２１", "　3021　", "リエージュ", "ﾘｴｰｼﾞｭ", "Liege"} {
		if got := answer(v); got != want {
			t.Errorf("/hex hex:%s answered\n%s\nwant what /hex hex:3021 answers\n%s", v, got, want)
		}
	}
}
