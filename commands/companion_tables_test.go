package commands_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"rtrbot/actor"
	"rtrbot/commands"
	"rtrbot/engine/tables/tablestest"
	"rtrbot/i18n"
)

var rulesColumns = []string{"1:3", "1:2", "1:1", "2:1", "3:1", "4:1", "5:1", "6:1", "7:1"}

// The Japanese names of the results as the rules print them (戦闘結果), and
// a word of what each does in English.
var rulesCodes = map[string]struct{ ja, en string }{
	"AA": {"攻撃側消耗", "retreat one hex"}, "AR": {"攻撃側退却", "attackers retreat one hex"},
	"AZ": {"攻撃側壊滅", "attacking units are eliminated"}, "BB": {"激戦", "Both sides lose half"},
	"DA": {"防御側消耗", "defenders retreat one hex"}, "DH": {"防御側減少", "No retreat"},
	"DR": {"防御側退却", "defenders retreat one hex"}, "DZ": {"防御側壊滅", "defending units are eliminated"},
	"NE": {"影響なし", "Nothing happens"},
}

var tableNamesJA = map[string]string{"recon": "威力偵察", "assault": "突撃", "mobile": "機動"}

// Every cell of the three combat tables (9.0, 9.7), through /combat with
// the odds column and a die rolled at the table, in both languages.
func TestCombatEveryCell(t *testing.T) {
	c := newCompanion(t)
	for table, rows := range tablestest.PrintedCRT {
		for die := 1; die <= 6; die++ {
			codes := strings.Fields(rows[die-1])
			for col, want := range codes {
				odds := rulesColumns[col]
				en := c.public(i18n.EN, "combat", "table:"+table, "odds:"+odds, fmt.Sprint("die:", die))
				if m := codeRE.FindStringSubmatch(en); m == nil || m[1] != want {
					t.Errorf("%s %s die %d: got %q, want %s (9.0)", table, odds, die, en, want)
					continue
				}
				if m := columnRE.FindStringSubmatch(en); m == nil || m[1] != odds {
					t.Errorf("%s %s die %d: column shown %v, want %s", table, odds, die, m, odds)
				}
				if !strings.Contains(en, rulesCodes[want].en) {
					t.Errorf("%s %s die %d: %s should be explained (%q) in %q", table, odds, die, want, rulesCodes[want].en, en)
				}
				ja := c.public(i18n.JA, "combat", "table:"+table, "odds:"+odds, fmt.Sprint("die:", die))
				if !strings.Contains(ja, "**"+want+"** "+rulesCodes[want].ja) || !strings.Contains(ja, tableNamesJA[table]) {
					t.Errorf("%s %s die %d (ja): want %s %s in %q", table, odds, die, want, rulesCodes[want].ja, ja)
				}
			}
		}
	}
}

// Attacks on an undestroyed fortress (12.5): an occupied one falls only to
// DZ, an empty one to DA or DZ; other results leave it standing; the
// manoeuvre table may not be chosen (9.7).
func TestCombatAgainstFortress(t *testing.T) {
	c := newCompanion(t)
	for _, table := range []string{"recon", "assault"} {
		for die := 1; die <= 6; die++ {
			for col, code := range strings.Fields(tablestest.PrintedCRT[table][die-1]) {
				for _, state := range []string{"occupied", "empty"} {
					destroyed := code == "DZ" || (state == "empty" && code == "DA")
					out := c.public(i18n.EN, "combat", "table:"+table, "odds:"+rulesColumns[col], fmt.Sprint("die:", die), "fortress:"+state)
					if got := strings.Contains(out, "The fortress is destroyed"); got != destroyed || (!got && !strings.Contains(out, "The fortress holds")) {
						t.Errorf("%s %s die %d (%s) against an %s fortress: destroyed %v, want %v: %q",
							table, rulesColumns[col], die, code, state, got, destroyed, out)
					}
				}
			}
		}
	}
	r := c.run(i18n.EN, "table-1", "anna", "combat", "table:mobile", "odds:3:1", "fortress:occupied")
	if !r.Messages[0].Ephemeral || !strings.Contains(r.Messages[0].Text, "9.7, 12.5") {
		t.Errorf("manoeuvre table against a fortress: %+v", r.Messages)
	}
}

// Odds from strengths (9.0): rounded in the defender's favour, below 1:3
// as 1:3, above 7:1 as 7:1, shifts applied after and stopping at the ends.
func TestCombatOddsFromStrengths(t *testing.T) {
	c := newCompanion(t)
	cases := []struct {
		attack, defense int
		shift           string
		column          string
	}{
		{14, 5, "", "2:1"}, {5, 12, "", "1:3"}, {6, 12, "", "1:2"}, {11, 12, "", "1:2"}, {12, 12, "", "1:1"},
		{1, 10, "", "1:3"}, {50, 5, "", "7:1"}, {50, 5, "-1", "6:1"}, {14, 5, "+1", "3:1"}, {14, 5, "-2", "1:2"},
		{3, 1, "+8", "7:1"}, {1, 3, "-3", "1:3"}, {20, 3, "", "6:1"}, {21, 3, "", "7:1"}, {9, 4, "+2", "4:1"},
	}
	for _, k := range cases {
		opts := []string{"table:assault", fmt.Sprint("attack:", k.attack), fmt.Sprint("defense:", k.defense), "die:3"}
		if k.shift != "" {
			opts = append(opts, "shift:"+k.shift)
		}
		out := c.public(i18n.EN, "combat", opts...)
		m := columnRE.FindStringSubmatch(out)
		if m == nil || m[1] != k.column {
			t.Errorf("attack %d defense %d shift %s: got %q, want column %s", k.attack, k.defense, k.shift, out, k.column)
		}
	}
}

// Siege table 12.6 with its modifiers (+0 for a 12, +1 for a 6, +2 for a
// 3): every fortress and every die. Modified 1-2 no effect, 3-8 destroyed.
func TestSiegeEveryCell(t *testing.T) {
	c := newCompanion(t)
	mod := map[int]int{12: 0, 6: 1, 3: 2}
	for fortress, m := range mod {
		for die := 1; die <= 6; die++ {
			total := die + m
			wantJA, wantEN := "影響なし", "No effect"
			if total >= 3 {
				wantJA, wantEN = "要塞破壊", "Fortress destroyed"
			}
			en := c.public(i18n.EN, "siege", fmt.Sprint("fortress:", fortress), fmt.Sprint("die:", die))
			calc := fmt.Sprintf("die %d %+d = %d → **%s**", die, m, total, wantEN)
			if !strings.Contains(en, calc) {
				t.Errorf("fortress %d die %d: want %q in %q", fortress, die, calc, en)
			}
			ja := c.public(i18n.JA, "siege", fmt.Sprint("fortress:", fortress), fmt.Sprint("die:", die))
			if !strings.Contains(ja, fmt.Sprintf("= %d → **%s**", total, wantJA)) {
				t.Errorf("fortress %d die %d (ja): want %s in %q", fortress, die, wantJA, ja)
			}
		}
	}
}

// The Russian Front table 14.3 as the rules print it: modified roll to
// result (Japanese name) and what it does.
type russiaRow struct {
	lo, hi int
	ja, en string
	fact   string // a fact of the result, in English
}

var rulesRussia = []russiaRow{
	{0, 1, "大敗北", "Major defeat", "Allies gain 20 VP"},
	{2, 3, "増援の要請", "Reinforcements requested", "10 combat strength"},
	{4, 5, "東部戦線の膠着", "Stalemate in the East", "counts as no event"},
	{6, 8, "東部で小規模勝利", "Minor victory in the East", "Germans gain 20 VP"},
	{9, 10, "東部で大規模勝利", "Major victory in the East", "Germans gain 40 VP"},
}

// russiaRowFor is the row of the transcribed Russian Front table that a
// modified roll of 0 to 10 reads.
func russiaRowFor(total int) russiaRow {
	want := rulesRussia[0]
	for _, r := range rulesRussia {
		if total >= r.lo && total <= r.hi {
			want = r
		}
	}
	return want
}

// Every result of the Russian Front table with its cumulative modifiers:
// +1 per 10 attack strength in the box (at most +4), -1 with option
// 18.1(2), read from 0 to 10.
func TestRussiaEveryResult(t *testing.T) {
	c := newCompanion(t)
	seen := map[int]bool{}
	for _, box := range []int{0, 9, 10, 19, 20, 35, 40, 49, 50, 120} {
		for _, maxOff := range []bool{false, true} {
			for die := 1; die <= 6; die++ {
				boxMod := box / 10
				if boxMod > 4 {
					boxMod = 4
				}
				total := die + boxMod
				if maxOff {
					total--
				}
				seen[total] = true
				want := russiaRowFor(total)
				opts := []string{fmt.Sprint("box:", box), fmt.Sprint("die:", die), fmt.Sprint("maxoffensive:", maxOff)}
				en := c.public(i18n.EN, "russia", opts...)
				if !strings.Contains(en, fmt.Sprintf("= %d → **%s**", total, want.en)) || !strings.Contains(en, want.fact) {
					t.Errorf("box %d maxoffensive %v die %d: want %d %s (%s) in %q", box, maxOff, die, total, want.en, want.fact, en)
				}
				if want.lo == 9 && !strings.Contains(en, fmt.Sprintf("units worth %d attack strength", box/2)) {
					t.Errorf("major victory with box %d: want half the box, %d, in %q", box, box/2, en)
				}
				ja := c.public(i18n.JA, "russia", opts...)
				if !strings.Contains(ja, fmt.Sprintf("= %d → **%s**", total, want.ja)) {
					t.Errorf("box %d maxoffensive %v die %d (ja): want %d %s in %q", box, maxOff, die, total, want.ja, ja)
				}
			}
		}
	}
	for n := 0; n <= 10; n++ {
		if !seen[n] {
			t.Errorf("modified roll %d never tested", n)
		}
	}
}

// The alternative Russian Front modifier printed in MOVES #91 (ロシア戦線
// ボックスの独軍攻撃力による drm), with option 18.1(2) and the table's
// limits: a total below 0 is read as 0.
func TestRussiaAlternative(t *testing.T) {
	c := newCompanion(t)
	alt := []struct{ lo, hi, drm int }{{0, 9, -2}, {10, 19, -1}, {20, 29, 0}, {30, 39, 1}, {40, 49, 2}, {50, 59, 3}, {60, 999, 4}}
	for _, a := range alt {
		for _, box := range []int{a.lo, a.hi} {
			for _, maxOff := range []bool{false, true} {
				for die := 1; die <= 6; die++ {
					raw := die + a.drm
					if maxOff {
						raw--
					}
					total := max(0, min(10, raw))
					want := russiaRowFor(total)
					out := c.public(i18n.EN, "russia", fmt.Sprint("box:", box), fmt.Sprint("die:", die), fmt.Sprint("maxoffensive:", maxOff), "alternative:true")
					calc := fmt.Sprintf("die %d %+d (box %d, MOVES #91 alternative)", die, a.drm, box)
					result := fmt.Sprintf("= %d → **%s**", total, want.en)
					if raw != total {
						result = fmt.Sprintf("= %d, read as %d (the table runs 0 to 10) → **%s**", raw, total, want.en)
					}
					if !strings.Contains(out, calc) || !strings.Contains(out, result) {
						t.Errorf("alternative, box %d maxoffensive %v die %d: want %q and %q in %q", box, maxOff, die, calc, result, out)
					}
				}
			}
		}
	}
}

// The random events table 5.0 as the rules print it: two dice read 11-66,
// the event's Japanese name and one fact of it in each language.
var rulesEvents = []struct {
	lo, hi         int
	ja, en         string
	factEN, factJA string
	cond           string
}{
	{11, 12, "悪天候", "Bad weather", "reduced by 1", "航空偵察", ""},
	{13, 14, "秋の天候", "Autumn weather", "from September", "9月以降", "autumn"},
	{15, 15, "独軍の防諜活動", "German counter-intelligence", "every Allied unit", "連合軍のすべてのユニット", ""},
	{16, 16, "連合軍の防諜活動", "Allied counter-intelligence", "every German unit", "独軍のすべてのユニット", ""},
	{21, 21, "独軍総司令部の恐慌", "Panic at German headquarters", "second impulse", "第2インパルス", ""},
	{22, 22, "連合軍総司令部の恐慌", "Panic at Allied headquarters", "second impulse", "第2インパルス", ""},
	{23, 23, "世界に冠たるドイツ", "Deutschland über alles", "reserve or Landwehr divisions", "予備師団または後備師団", ""},
	{24, 24, "祖国は危機にあり", "La patrie en danger", "French reserve or territorial", "仏軍の予備師団または後備師団", ""},
	{25, 25, "植民地の状況", "The colonial situation", "2 attack strength", "攻撃力合計2", ""},
	{26, 26, "イタリアの三国同盟支援", "Italy honours the Triple Alliance", "2 active corps", "現役軍団2個", "italy"},
	{31, 36, "塹壕構築開始", "Entrenchment begins", "entrench (13.0)", "塹壕構築ができる", ""},
	{41, 46, "イベントなし", "No event", "Nothing happens", "イベントは起こらない", ""},
	{51, 66, "ロシア戦線", "Russian Front", "Russian Front table (14.3)", "ロシア戦線表", "russia"},
}

// The rows of the events table that a yes/no answer settles: Italy (no
// event if Belgium or the Netherlands were violated) and the Russian Front
// (no event once settled, 14.3); the option, and what the answer says
// when it is not given.
var yesNoEvents = map[string]struct{ option, unsettled string }{
	"italy":  {"violated", "Give violated:"},
	"russia": {"settled", "roll /russia now"},
}

// Every reading 11..66 of the events table (5.0) with the conditions of
// its row: autumn weather only from September (else no event), Italy only
// if Belgium and the Netherlands were not violated (else no event).
func TestEventEveryRow(t *testing.T) {
	c := newCompanion(t)
	for tens := 1; tens <= 6; tens++ {
		for units := 1; units <= 6; units++ {
			n := 10*tens + units
			var want = rulesEvents[0]
			found := false
			for _, e := range rulesEvents {
				if n >= e.lo && n <= e.hi {
					want, found = e, true
				}
			}
			if !found {
				t.Fatalf("reading %d is in no row of the transcribed table", n)
			}
			roll := fmt.Sprint("roll:", n)
			en := c.public(i18n.EN, "event", roll)
			if !strings.Contains(en, fmt.Sprintf("dice %d and %d → **%d**: **%s", tens, units, n, want.en)) || !strings.Contains(en, want.factEN) {
				t.Errorf("event %d: want %s (%s) in %q", n, want.en, want.factEN, en)
			}
			ja := c.public(i18n.JA, "event", roll)
			if !strings.Contains(ja, "**"+want.ja) || !strings.Contains(ja, want.factJA) {
				t.Errorf("event %d (ja): want %s (%s) in %q", n, want.ja, want.factJA, ja)
			}
			switch want.cond {
			case "autumn":
				for month, none := range map[string]bool{"aug": true, "sep": false, "oct": false, "nov": false} {
					out := c.public(i18n.EN, "event", roll, "month:"+month)
					if got := strings.Contains(out, "**no event**"); got != none {
						t.Errorf("event %d in %s: no event %v, want %v: %q", n, month, got, none, out)
					}
				}
				if out := c.public(i18n.EN, "event", roll); !strings.Contains(out, "Give month:") {
					t.Errorf("event %d without a month should say how to settle it: %q", n, out)
				}
				if out := c.public(i18n.JA, "event", roll, "month:aug"); !strings.Contains(out, "**イベントなし**") {
					t.Errorf("event %d in August (ja): want イベントなし in %q", n, out)
				}
			case "italy", "russia":
				y := yesNoEvents[want.cond]
				if out := c.public(i18n.EN, "event", roll, y.option+":yes"); !strings.Contains(out, "**no event**") {
					t.Errorf("%s with %s:yes: want no event in %q", want.en, y.option, out)
				}
				if out := c.public(i18n.EN, "event", roll, y.option+":no"); strings.Contains(out, "**no event**") {
					t.Errorf("%s with %s:no: the event applies, got %q", want.en, y.option, out)
				}
				if out := c.public(i18n.EN, "event", roll); !strings.Contains(out, y.unsettled) {
					t.Errorf("%s without %s: should say what to do (%q): %q", want.en, y.option, y.unsettled, out)
				}
			default:
				for _, opts := range [][]string{{"month:aug", "violated:yes", "settled:yes"}, {"month:nov", "violated:no", "settled:no"}} {
					if out := c.public(i18n.EN, "event", append([]string{roll}, opts...)...); strings.Contains(out, "**no event**") {
						t.Errorf("event %d %v: unconditional rows always apply, got %q", n, opts, out)
					}
				}
			}
		}
	}
}

// Bad input gets a private message that says what would be right, and
// logs nothing.
func TestCompanionBadInput(t *testing.T) {
	c := newCompanion(t)
	cases := []struct {
		path string
		opts []string
		want string
	}{
		{"combat", []string{"table:assault", "odds:9:0"}, "e.g. 3:1 or 1:2"},
		{"combat", []string{"table:assault", "odds:three"}, "e.g. 3:1 or 1:2"},
		{"combat", []string{"table:assault"}, "odds:3:1"},
		{"combat", []string{"table:assault", "attack:4"}, "attack:14 defense:5"},
		{"combat", []string{"table:assault", "odds:3:1", "attack:4", "defense:2"}, "not both"},
		{"combat", []string{"table:assault", "attack:0", "defense:2"}, "between 1 and 999"},
		{"combat", []string{"table:charge", "odds:3:1"}, "recon, assault, mobile"},
		{"combat", []string{"table:assault", "odds:3:1", "die:7"}, "between 1 and 6"},
		{"combat", []string{"table:assault", "odds:3:1", "die:0"}, "between 1 and 6"},
		{"combat", []string{"table:assault", "odds:3:1", "shift:+9"}, "between -8 and 8"},
		{"combat", []string{"table:assault", "odds:3:1", "shift:up"}, "whole number"},
		{"roll", []string{"dice:0d6"}, "1 to 100 dice"},
		{"roll", []string{"dice:1000d1000"}, "1 to 100 dice"},
		{"roll", []string{"dice:1d1"}, "2 to 1000 sides"},
		{"roll", []string{"dice:garbage"}, "e.g. 2d6, 1d6, 3d6+1"},
		{"siege", []string{"fortress:5"}, "3, 6, 12"},
		{"siege", []string{"fortress:12", "die:7"}, "between 1 and 6"},
		{"event", []string{"roll:37"}, "11 to 66"},
		{"event", []string{"roll:7"}, "11 to 66"},
		{"event", []string{"month:dec"}, "aug, sep, oct, nov"},
		{"event", []string{"violated:maybe"}, "yes, no"},
		{"russia", []string{"box:-5"}, "between 0 and 999"},
		{"russia", []string{"maxoffensive:perhaps"}, "true or false"},
		{"log seed", []string{"value:a|b"}, "'|'"},
		{"log seed", []string{"value:=cmd()"}, "may not start with"},
		{"log seed", []string{"value:" + strings.Repeat("x", 101)}, "1 to 100 characters"},
		{"log verify", []string{"session:99"}, "no dice session 99"},
	}
	for _, k := range cases {
		r := c.run(i18n.EN, "bad", "anna", k.path, k.opts...)
		if len(r.Messages) != 1 || !r.Messages[0].Ephemeral || !strings.Contains(r.Messages[0].Text, k.want) {
			t.Errorf("/%s %v: want a private message with %q, got %+v", k.path, k.opts, k.want, r.Messages)
		}
	}
	rolls, err := c.store.RecentRolls(t.Context(), "guild", "bad", 10)
	if err != nil || len(rolls) != 0 {
		t.Errorf("bad input logged rolls: %v %v", rolls, err)
	}
	ja := c.run(i18n.JA, "bad", "anna", "roll", "dice:0d6")
	if !strings.Contains(ja.Messages[0].Text, "1〜100個") {
		t.Errorf("Japanese message for 0d6: %q", ja.Messages[0].Text)
	}
}

// Whatever a player types into the companion's options, the answer is a
// reply or a clear refusal, never the router's apology for a panic.
func FuzzCompanionOptions(f *testing.F) {
	f.Add("combat", "assault", "3:1", "+1", "4")
	f.Add("combat", "mobile", "9:0", "-9", "7")
	f.Add("roll", "3d6+1", "", "", "")
	f.Add("roll", "1000d1000", "x", "", "")
	f.Add("event", "sep", "yes", "35", "")
	f.Add("russia", "45", "true", "", "6")
	f.Add("siege", "5", "", "", "0")
	c := newCompanion(f)
	names := map[string][]string{
		"combat": {"table", "odds", "shift", "die"},
		"roll":   {"dice", "x", "y", "z"},
		"event":  {"month", "violated", "roll", "settled"},
		"russia": {"box", "maxoffensive", "alternative", "die"},
		"siege":  {"fortress", "x", "y", "die"},
	}
	f.Fuzz(func(t *testing.T, cmd, a, b, d, e string) {
		opts, ok := names[cmd]
		if !ok {
			return
		}
		args := map[string]string{}
		for i, v := range []string{a, b, d, e} {
			if v != "" && opts[i] != "x" && opts[i] != "y" && opts[i] != "z" {
				args[opts[i]] = v
			}
		}
		r := c.bot.Router.Run(context.Background(), &commands.Request{Path: cmd, Options: args,
			User: actor.Actor{ID: "f", Name: "fuzz"}, Guild: "guild", Channel: "fuzz", Lang: i18n.EN, Now: c.clock})
		if len(r.Messages) == 0 || r.Messages[0].Text == "" || strings.Contains(r.Messages[0].Text, "Something went wrong") {
			t.Fatalf("/%s %v: %+v", cmd, args, r.Messages)
		}
	})
}
