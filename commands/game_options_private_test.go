package commands

import (
	"context"
	"slices"
	"strings"
	"testing"

	"rtrbot/actor"
	"rtrbot/engine/game"
	"rtrbot/engine/units"
)

// 18.0: the choices are made in secret, then revealed at once and applied.
// Before the reveal nothing anyone else reads names an option chosen (a
// side's own invalid choice is refused at once, to the chooser alone); after
// it the public reveal names only the options in force and those void, with
// why; an optional rule only one side chose is named nowhere but in that
// side's own answers.
func TestSecretChoiceLeaksNothing(t *testing.T) {
	cases := []struct {
		name           string
		german, allied string
		last           units.Side // who confirms second
		inForce        string     // the game's options after the reveal
		told, notTold  []string   // what the public reveal says, and never says
		vp             string
	}{
		{"18.1(12) with 18.2(6) is no forbidden pair (R34)", "18.1(12) 16.1", "18.2(6)", units.Allied,
			"18.1(12) 18.2(6)", []string{"German: 18.1(12)", "Allied: 18.2(6)"}, []string{"16.1"}, "German 0, Allied 70"},
		{"18.1(12) with 18.1(6) and 18.2(8)", "18.1(12) 18.1(6)", "18.2(8) 16.5", units.German,
			"18.1(12) 18.1(6) 18.2(8)", []string{"18.1(6)", "18.2(8)"}, []string{"16.5"}, "German 0, Allied 40"},
		{"18.2(4) does not apply while Belgium is neutral (18.1(5), R32)", "18.1(5)", "18.2(4) 16.1", units.Allied,
			"18.1(5)", []string{"German: 18.1(5)", "18.2(4) does not apply: it does not apply while Belgium is neutral"}, []string{"16.1"}, "German 0, Allied 10"},
		{"an optional rule both chose is in force, once", "18.1(10) 16.1", "16.1", units.German,
			"16.1 18.1(10)", []string{"Both sides: 16.1 ("}, nil, "German 0, Allied 70"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			b0, clock := newStoredBot(t)
			act(t, b0, clock, alice, "C1", "/game new scenario:standard seed:7")
			act(t, b0, clock, alice, "C1", "/game join side:allied")
			act(t, b0, clock, bob, "C1", "/game join side:german")
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
			run := func(who actor.Actor, line string) string {
				r := act(t, b, clock, who, "C1", line)
				side := units.German
				if who.ID == alice.ID {
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
				return txt(r)
			}
			run(bob, "/game choose options:"+c.german)
			run(alice, "/game choose options:"+c.allied)
			first, second := bob, alice
			if c.last == units.German {
				first, second = alice, bob
			}
			run(first, "/game confirm")
			before := strings.Join(public, "\n")
			for code := range game.Supported {
				if strings.Contains(before, code) {
					t.Errorf("before the reveal, public text names option %s:\n%s", code, before)
				}
			}
			for side, mine := range map[units.Side]string{units.German: c.german, units.Allied: c.allied} {
				heard := strings.Join(private[side.Other()], "\n")
				for _, code := range strings.Fields(mine) {
					if strings.Contains(heard, code) && !slices.Contains(strings.Fields(map[units.Side]string{units.German: c.german, units.Allied: c.allied}[side.Other()]), code) {
						t.Errorf("the %s side heard of the other side's secret option %s:\n%s", side.Other(), code, heard)
					}
				}
			}
			public = nil
			reveal := run(second, "/game confirm")
			expect(t, reveal, append([]string{"Options revealed", "VP at the start: " + c.vp}, c.told...)...)
			all := strings.Join(public, "\n")
			for _, w := range c.notTold {
				if strings.Contains(all, w) {
					t.Errorf("the reveal names %s, which is not in force:\n%s", w, all)
				}
			}
			if got := strings.Join(peek(b, "C1").State.Options, " "); got != c.inForce {
				t.Errorf("options in force %q, want %q", got, c.inForce)
			}
		})
	}
}

// A side's own choice that the rules forbid (18.1(14) with 18.1(5)) is
// refused when it is made, to the chooser alone, naming only its own
// options; it is not stored, so nothing waits on it.
func TestOwnInvalidChoiceRefusedAtOnce(t *testing.T) {
	b, clock := newStoredBot(t)
	seatBoth(t, b, clock, "C1", "/game new scenario:standard seed:7")
	for _, bad := range []string{"18.1(14) 18.1(5)", "18.1(1)a 18.1(1)c", "18.1(2) 18.1(1)b", "16.4 no-16.4"} {
		r := act(t, b, clock, bob, "C1", "/game choose options:"+bad)
		for _, m := range r.Messages {
			if !m.Ephemeral {
				t.Errorf("%s: a refusal was posted in public: %s", bad, m.Text)
			}
		}
		expect(t, txt(r), strings.Fields(bad)[0][:4])
		if g := peek(b, "C1"); g.Meta["choice:german"] != "" {
			t.Errorf("%s: the refused choice was stored: %q", bad, g.Meta["choice:german"])
		}
	}
	r := act(t, b, clock, alice, "C1", "/game choose options:18.2(4) 18.2(5)")
	expect(t, txt(r), "18.2(4)", "18.2(5)", "cannot be used together")
	expect(t, txt(act(t, b, clock, alice, "C1", "/game confirm")), "Choose first")
}
