package commands

import (
	"context"
	"strings"
	"testing"

	"rtrbot/engine/game"
	"rtrbot/engine/units"
	"rtrbot/games"
)

// optionWords are the ways an option can be named in a message: its code,
// its full description in both languages, and the short name after the
// side's prefix ("Germans: strike before mobilisation (...)").
func optionWords(code string) []string {
	out := []string{code}
	for _, s := range []string{game.Supported[code].EN, game.Supported[code].JA} {
		out = append(out, s)
		if _, rest, ok := strings.Cut(s, ": "); ok {
			name, _, _ := strings.Cut(rest, " (")
			out = append(out, name)
		}
	}
	return out
}

// 18.0: the choices stay secret until both are revealed together. When the
// two choices cannot be played together, nothing posted in public names an
// option of either side; each side hears privately (its thread, or the
// ephemeral answer of whoever confirmed last) only about its own options.
func TestSecretOptionsClashStaysSecret(t *testing.T) {
	cases := []struct {
		name           string
		german, allied string
		last           units.Side // who confirms second
		// what each side must hear privately about its own choice
		germanHears, alliedHears []string
	}{
		{"18.1(12) excludes 18.2(6): a clash across the sides", "18.1(12)", "18.2(6)", units.Allied,
			[]string{"18.1(12) cannot be used together with the other side's secret choice"}, []string{"18.2(6) cannot be used together with the other side's secret choice"}},
		{"the same clash, the Germans confirming last", "18.1(12) 16.1", "18.2(6) 16.1", units.German,
			[]string{"18.1(12) cannot be used together with the other side's secret choice"}, []string{"18.2(6) cannot be used together with the other side's secret choice"}},
		{"18.1(12) excludes 18.1(6): one side's choice fails by itself", "18.1(12) 18.1(6)", "18.2(14)", units.Allied,
			[]string{"18.1(12) and 18.1(6) cannot be used together"}, []string{"playable by itself"}},
		{"18.2(4) excludes 18.2(5), the Allies confirming last", "18.1(10)", "18.2(4) 18.2(5)", units.Allied,
			[]string{"playable by itself"}, []string{"18.2(4) and 18.2(5) cannot be used together"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			b0, clock := newStoredBot(t)
			act(t, b0, clock, alice, "C1", "/game new scenario:standard seed:7")
			act(t, b0, clock, alice, "C1", "/game join side:allied")
			act(t, b0, clock, bob, "C1", "/game join side:german")
			// Give the sides threads as Discord would have at /game join.
			g := peek(b0, "C1")
			threads := map[string]units.Side{"TG": units.German, "TA": units.Allied}
			for th, side := range threads {
				if err := b0.Store.SetMeta(context.Background(), g.ID, "thread:"+side.String(), th); err != nil {
					t.Fatal(err)
				}
			}
			b := storedBot(t, b0.Store.File(), clock) // a fresh table reads the threads

			var public []string
			private := map[units.Side][]string{}
			run := func(who User, line string) *Response {
				r := act(t, b, clock, who, "C1", line)
				side := units.German
				if who == alice {
					side = units.Allied
				}
				for _, m := range r.Messages {
					switch s, isThread := threads[m.Target]; {
					case m.Ephemeral:
						private[side] = append(private[side], m.Text)
					case isThread:
						private[s] = append(private[s], m.Text)
					default:
						public = append(public, m.Text)
					}
				}
				return r
			}
			run(bob, "/game choose options:"+c.german)
			run(alice, "/game choose options:"+c.allied)
			first, second := bob, alice
			if c.last == units.German {
				first, second = alice, bob
			}
			run(first, "/game confirm")
			// Only what the failed reveal says is checked from here.
			public, private = nil, map[units.Side][]string{}
			r := run(second, "/game confirm")
			expect(t, txt(r), "cannot be played together", "choose again")

			all := strings.Join(public, "\n")
			for _, code := range append(strings.Fields(c.german), strings.Fields(c.allied)...) {
				for _, w := range optionWords(code) {
					if strings.Contains(all, w) {
						t.Errorf("public text names the secret option %s (%q):\n%s", code, w, all)
					}
				}
			}
			for code := range game.Supported {
				if strings.Contains(all, code) {
					t.Errorf("public text names option %s:\n%s", code, all)
				}
			}
			// Each side hears its own reason, and nothing of the other's choice.
			for side, want := range map[units.Side][]string{units.German: c.germanHears, units.Allied: c.alliedHears} {
				mine := strings.Join(private[side], "\n")
				expect(t, mine, want...)
				theirs := c.allied
				if side == units.Allied {
					theirs = c.german
				}
				for _, code := range strings.Fields(theirs) {
					if _, own := games.OptionOwner(code); own && strings.Contains(mine, code) {
						t.Errorf("the %s side was told the other side's secret option %s:\n%s", side, code, mine)
					}
				}
			}
			// Nothing was revealed or started: both sides choose again.
			g = peek(b, "C1")
			if g.Meta["revealed"] != "" || g.Meta["confirmed:german"] != "" || g.Meta["confirmed:allied"] != "" {
				t.Errorf("after a failed reveal: revealed %q, confirmed %q/%q", g.Meta["revealed"], g.Meta["confirmed:german"], g.Meta["confirmed:allied"])
			}
			expect(t, txt(run(bob, "/game confirm")), "waiting for the other side")
		})
	}
}
