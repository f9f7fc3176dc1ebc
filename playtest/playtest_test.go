package playtest

import (
	"context"
	"strings"
	"testing"

	"rtrbot/commands"
	"rtrbot/console"
	"rtrbot/engine/game"
	"rtrbot/engine/hex"
	"rtrbot/i18n"
)

// TestShortRun plays two whole games through the commands (the first in
// English with every command given once, the second in Japanese, both
// with random options) and wants every invariant to hold.
func TestShortRun(t *testing.T) {
	sum, err := Run(context.Background(), Config{Games: 2, Seed: 4, RandomOptions: true, Extras: 1})
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	sum.Report(&b)
	t.Log(b.String())
	if sum.Finished != 2 {
		t.Errorf("%d of 2 games finished", sum.Finished)
	}
	for _, v := range sum.Violations {
		t.Error(v)
	}
	if len(sum.Unexercised) > 0 {
		t.Errorf("commands never played: %v", sum.Unexercised)
	}
	for _, inv := range Invariants {
		if sum.Checks[inv] == 0 && inv != InvCanAct {
			t.Errorf("%s: never checked", inv)
		}
	}
}

// TestRunCatchesBrokenAnswers breaks answers of a real game on purpose
// (the first game's round of every command comes early in it) and wants
// each broken invariant flagged.
func TestRunCatchesBrokenAnswers(t *testing.T) {
	en := func(line string, l i18n.Lang, resp *commands.Response) {
		switch {
		case strings.HasPrefix(line, "/reorg split unit:NOSUCH"): // a refusal made public
			for i := range resp.Messages {
				resp.Messages[i].Ephemeral = false
			}
		case line == "/game status": // Japanese in English; the wrong side to act
			m := &resp.Messages[0]
			m.Text = strings.NewReplacer("German player to act", "Allied player to act", "Allied player to act", "German player to act").Replace(m.Text)
			m.Text += "\n独軍の手番です。"
		case strings.HasPrefix(line, "/units"): // units nobody on either side has seen yet
			resp.Messages[0].Text += "\nF-T5 F-72R G-ER20 G-ER21"
		case line == "/help": // no answer at all
			resp.Messages = nil
		}
		for i := range resp.Messages { // status messages too long to edit in place
			if resp.Messages[i].Pin != "" {
				resp.Messages[i].Text += strings.Repeat("x", MaxContent)
			}
		}
	}
	ja := func(line string, l i18n.Lang, resp *commands.Response) {
		if line == "/game status" {
			resp.Messages[0].Text += "\nThe German player is to act now."
		}
	}
	for _, c := range []struct {
		lang   string
		tamper func(string, i18n.Lang, *commands.Response)
		want   []string
	}{
		{"en", en, []string{InvRefusal, InvWhoActs, InvLanguage, InvHidden, InvNoError, InvLimits}},
		{"ja", ja, []string{InvLanguage}},
	} {
		sum, err := Run(context.Background(), Config{Games: 1, Seed: 7, Lang: c.lang, Scenario: "standard",
			MaxAnswers: 450, Tamper: c.tamper})
		if err != nil {
			t.Fatal(err)
		}
		for _, inv := range c.want {
			if sum.Count(inv) == 0 {
				t.Errorf("%s: the broken answers were not flagged under %q", c.lang, inv)
			}
		}
	}
}

func TestCheckAnswer(t *testing.T) {
	visible := map[string]bool{"G-III": true}
	reader := func(l i18n.Lang) func(commands.Message) Reader {
		return func(commands.Message) Reader {
			return Reader{Name: "germans", Lang: l, Visible: func(id string) bool { return visible[id] }}
		}
	}
	isUnit := func(id string) bool { return id == "G-III" || id == "F-XX" }
	cases := []struct {
		name string
		lang i18n.Lang
		msg  commands.Message
		want string // the invariant flagged, "" for none
	}{
		{"good", i18n.EN, commands.Message{Text: "G-III moved 0905 → 0703 (4 MP)."}, ""},
		{"good ja", i18n.JA, commands.Message{Text: "G-III が 0905 → 0703 へ移動しました (4 MP)。/moves unit: で確認。Reinforce the Right!"}, ""},
		{"hidden", i18n.EN, commands.Message{Text: "Your attack met F-XX in 1804."}, InvHidden},
		{"example order", i18n.EN, commands.Message{Text: `"" is not an order: write the side, the verb and its arguments, e.g. "german move G-III 3024".`}, ""},
		{"example ids", i18n.EN, commands.Message{Text: `There is no unit "X". Unit names look like G-III (German III corps), F-XX, GB-I, BE-3; /units lists them.`}, ""},
		{"english in ja", i18n.JA, commands.Message{Text: "G-III は移動済みです。This unit has already moved."}, InvLanguage},
		{"japanese in en", i18n.EN, commands.Message{Text: "Place: city (都市)"}, InvLanguage},
		{"panic", i18n.EN, commands.Message{Text: "Something went wrong inside the bot while running this command"}, InvNoError},
		{"format slip", i18n.EN, commands.Message{Text: "G-III moved %!d(string=x)"}, InvNoError},
		{"empty", i18n.EN, commands.Message{}, InvNoError},
		{"long status", i18n.EN, commands.Message{Text: strings.Repeat("a", MaxContent+1), Pin: "📌"}, InvLimits},
		{"long answer is cut by the adapter", i18n.EN, commands.Message{Text: strings.Repeat("a\n", MaxContent)}, ""},
		{"too many buttons", i18n.EN, commands.Message{Text: "x", Buttons: make([]commands.Button, MaxButtons+1)}, InvLimits},
		{"long custom id", i18n.EN, commands.Message{Text: "x", Buttons: []commands.Button{{Path: "end", Options: map[string]string{"until": strings.Repeat("m", 100)}}}}, InvLimits},
		{"eleven files in a status", i18n.EN, commands.Message{Text: "x", Pin: "📌", Files: make([]commands.File, 11)}, InvLimits},
	}
	for _, c := range cases {
		got := CheckAnswer(Answer{Line: "/units", Lang: c.lang, Resp: &commands.Response{Messages: []commands.Message{c.msg}},
			ReaderOf: reader(c.lang), IsUnit: isUnit})
		var invs []string
		for _, f := range got {
			invs = append(invs, f.Invariant)
		}
		switch {
		case c.want == "" && len(got) > 0:
			t.Errorf("%s: flagged %v", c.name, got)
		case c.want != "" && !containsStr(invs, c.want):
			t.Errorf("%s: want %q flagged, got %v", c.name, c.want, got)
		}
	}
}

func containsStr(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

func TestCheckRefusal(t *testing.T) {
	private := &commands.Response{Messages: []commands.Message{{Text: "G-III has already moved in this movement segment (8.0).", Ephemeral: true}}}
	if f := CheckRefusal(Answer{Resp: private}, true); len(f) != 0 {
		t.Errorf("a private refusal naming 8.0 flagged: %v", f)
	}
	public := &commands.Response{Messages: []commands.Message{{Text: "G-III has already moved (8.0)."}}}
	if f := CheckRefusal(Answer{Resp: public}, true); len(f) != 1 || f[0].Invariant != InvRefusal {
		t.Errorf("a public refusal: %v", f)
	}
	noRule := &commands.Response{Messages: []commands.Message{{Text: "No.", Ephemeral: true}}}
	if f := CheckRefusal(Answer{Resp: noRule}, true); len(f) != 1 {
		t.Errorf("a refusal naming no rule: %v", f)
	}
}

// TestSlash: every verb the engine takes becomes a command the router
// knows, with only options the command has.
func TestSlash(t *testing.T) {
	r, done, err := New(context.Background(), Config{})
	if err != nil {
		t.Fatal(err)
	}
	defer done()
	h := func(s string) hex.Hex { x, _ := hex.Parse(s); return x }
	orders := []game.Order{
		{Verb: game.VerbPlace, Units: []string{"G-III"}, Hexes: []hex.Hex{h("0907")}},
		{Verb: game.VerbAutoSetup}, {Verb: game.VerbEnd},
		{Verb: game.VerbMove, Units: []string{"G-III"}, Hexes: []hex.Hex{h("0807"), h("0707")}},
		{Verb: game.VerbRail, Units: []string{"G-III"}, Hexes: []hex.Hex{h("0310")}},
		{Verb: game.VerbSplit, Units: []string{"G-III"}}, {Verb: game.VerbMerge, Units: []string{"G-5", "G-6"}},
		{Verb: game.VerbEntrench, Units: []string{"G-III"}}, {Verb: game.VerbUnentrench, Units: []string{"G-III"}},
		{Verb: game.VerbReinforce, Units: []string{"G-ER1"}, Hexes: []hex.Hex{h("1010")}}, {Verb: game.VerbAutoReinforce},
		{Verb: game.VerbRemove, Units: []string{"G-III"}}, {Verb: game.VerbWithdraw, Units: []string{"G-III"}},
		{Verb: game.VerbAttack, Units: []string{"ASSAULT", "G-III", "G-IV", "NAVAL"}, Hexes: []hex.Hex{h("3021")}},
		{Verb: game.VerbRetreat, Units: []string{"F-XX"}, Hexes: []hex.Hex{h("1804")}},
		{Verb: game.VerbSiege, Units: []string{"G-SG1"}, Hexes: []hex.Hex{h("3021")}},
		{Verb: game.VerbAbandon, Units: []string{"G-LW1"}, Hexes: []hex.Hex{h("3021")}},
		{Verb: game.VerbRecon, Units: []string{"G-1A"}, Hexes: []hex.Hex{h("3021")}},
		{Verb: game.VerbDelay}, {Verb: game.VerbStand},
		{Verb: game.VerbSea, Units: []string{"GB-I"}, Hexes: []hex.Hex{h("3413")}},
	}
	for _, o := range orders {
		line, ok := Slash(o)
		if !ok {
			t.Errorf("%s: no command", o)
			continue
		}
		req, err := console.Parse(r.Router, line)
		if err != nil {
			t.Errorf("%s → %s: %v", o, line, err)
			continue
		}
		c := r.Router.Find(req.Path)
		if c == nil {
			t.Errorf("%s → %s: no command %q", o, line, req.Path)
			continue
		}
		for name := range req.Options {
			known := false
			for _, opt := range c.Options {
				known = known || opt.Name == name
			}
			if !known {
				t.Errorf("%s → %s: /%s has no option %s", o, line, req.Path, name)
			}
		}
	}
	if line, _ := Slash(orders[3]); line != "/move unit:G-III to:0707 via:0807" {
		t.Errorf("a move along a path: %s", line)
	}
}

// TestDiscord plays the start of a game through the fake Discord and the
// real adapter, in Japanese: the same checks hold for what the players
// see there.
func TestDiscord(t *testing.T) {
	sum, err := Run(context.Background(), Config{Games: 1, Seed: 3, Lang: "ja", Scenario: "standard", Discord: 1, MaxAnswers: 120})
	if err != nil {
		t.Fatal(err)
	}
	if sum.Answers < 100 || sum.Messages < sum.Answers {
		t.Errorf("%d answers, %d messages through Discord", sum.Answers, sum.Messages)
	}
	for _, v := range sum.Violations {
		if v.Invariant != InvExercised { // one short game gives not every command
			t.Error(v)
		}
	}
}
