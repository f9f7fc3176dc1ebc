package commands

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"rtrbot/engine/board"
	"rtrbot/i18n"
)

func hexBot(t *testing.T) *Bot {
	t.Helper()
	m, err := board.Default()
	if err != nil {
		t.Fatal(err)
	}
	return New(Deps{Map: m})
}

func runHex(b *Bot, value string, lang i18n.Lang) *Response {
	return b.Router.Run(context.Background(), &Request{Path: "hex", Options: map[string]string{"hex": value}, Lang: lang})
}

func text(r *Response) string {
	var s []string
	for _, m := range r.Messages {
		s = append(s, m.Text)
	}
	return strings.Join(s, "\n")
}

// /hex through the router: what a player reads for known hexes, in both
// languages (terrain table, 12.0, 14.2, 15.23, 8.53).
func TestHexCommand(t *testing.T) {
	b := hexBot(t)
	for _, c := range []struct {
		hex  string
		lang i18n.Lang
		want []string
	}{
		{"1804", i18n.EN, []string{"Hex 1804 — Paris", "Terrain: clear", "France", "city", "Fortress: strength 12", "Logistics hex for: French", "10 VP to the Germans", "+10 VP to the Germans the first time their units enter any Paris hex", "Rail:", "Movement cost to enter: 1 MP (city)"}},
		{"1804", i18n.JA, []string{"ヘクス 1804", "平地", "フランス", "12戦力要塞 (12.0", "仏軍の兵站ヘクス", "パリ (15.22): 独軍ユニットがいずれかのパリのヘクスに", "河川: セーヌ河 (東側", "西側の 1803 ヴェルサイユ (Versailles) へ", "独軍が占拠", "進入コスト: 1 MP"}},
		{"3607", i18n.EN, []string{"Dunkirk", "port", "coastal", "French, British", "5 VP to the Germans"}},
		{"1723", i18n.EN, []string{"Metz", "Germany", "20 VP to the Allies", "Setup area: the German 5th Army (DE-5A)", "Moselle"}},
		{"1330", i18n.EN, []string{"Strasbourg", "Germany", "20 VP to the Allies", "Rhine", "Rhine (15.22): +10 VP to the Allies"}},
		{"2123", i18n.EN, []string{"Luxembourg", "German territory in every way unless neutral (14.2)", "5 VP to the Germans"}},
		{"2123", i18n.JA, []string{"ルクセンブルク", "全ての面で独領"}},
		{"0525", i18n.EN, []string{"Belfort", "France", "Setup area: the French 1st Army (FR-1A)"}},
		{"3021", i18n.EN, []string{"Liège", "Belgium", "strength 6", "Belgian", "Meuse on the"}},
	} {
		r := runHex(b, c.hex, c.lang)
		got := text(r)
		for _, w := range c.want {
			if !strings.Contains(got, w) {
				t.Errorf("/hex hex:%s (%s): missing %q in\n%s", c.hex, c.lang, w, got)
			}
		}
		if len(r.Messages) != 1 || r.Messages[0].Ephemeral {
			t.Errorf("/hex hex:%s: want one public message", c.hex)
		}
	}
}

// A neutral hex, a sea hex, and a hex with a river crossing say so.
func TestHexCommandSpecialHexes(t *testing.T) {
	b := hexBot(t)
	m := b.Map
	var neutral, sea, river string
	for _, x := range m.Hexes() {
		switch {
		case neutral == "" && x.Country == board.Netherlands && x.Terrain != board.Sea:
			neutral = x.At.String()
		case sea == "" && x.Terrain == board.Sea:
			sea = x.At.String()
		}
	}
	for s, v := range m.Hexsides() {
		if v.River == "Meuse" {
			river = s.A.String()
			break
		}
	}
	if got := text(runHex(b, neutral, i18n.EN)); !strings.Contains(got, "neutral") || !strings.Contains(got, "prohibited while neutral (14.2)") {
		t.Errorf("neutral hex %s:\n%s", neutral, got)
	}
	if got := text(runHex(b, "0232", i18n.EN)); !strings.Contains(got, "Zürich") || !strings.Contains(got, "may never be violated (14.2)") {
		t.Errorf("Swiss hex 0232:\n%s", got)
	}
	if got := text(runHex(b, sea, i18n.EN)); !strings.Contains(got, "sea") || !strings.Contains(got, "prohibited") {
		t.Errorf("sea hex %s:\n%s", sea, got)
	}
	if got := text(runHex(b, river, i18n.EN)); !strings.Contains(got, "+1 across a river hexside") {
		t.Errorf("river hex %s:\n%s", river, got)
	}
}

// Bad input: a clear private message with the map's range and the
// format.
func TestHexCommandBadInput(t *testing.T) {
	b := hexBot(t)
	for _, c := range []struct {
		in   string
		lang i18n.Lang
		want []string
	}{
		{"9999", i18n.EN, []string{"Hex 9999 is not on the map", "0101 to 4235", "columns 01-42, rows 01-35", "XXYY"}},
		{"9999", i18n.JA, []string{"ヘクス 9999 はマップ上にありません", "0101 から 4235"}},
		{"Atlantis", i18n.EN, []string{"neither a hex number nor a place", "0101 to 4235"}},
		{"18a4", i18n.EN, []string{"neither a hex number nor a place", "XXYY"}},
		{"0000", i18n.EN, []string{"column 00 does not exist"}},
		{"", i18n.EN, []string{"hex"}},
	} {
		r := runHex(b, c.in, c.lang)
		got := text(r)
		for _, w := range c.want {
			if !strings.Contains(got, w) {
				t.Errorf("/hex hex:%q (%s): missing %q in\n%s", c.in, c.lang, w, got)
			}
		}
		if len(r.Messages) != 1 || !r.Messages[0].Ephemeral {
			t.Errorf("/hex hex:%q: want one private message", c.in)
		}
	}
}

func TestHexCommandWithoutMap(t *testing.T) {
	b := New(Deps{})
	if got := text(runHex(b, "1804", i18n.EN)); !strings.Contains(got, "map is not loaded") {
		t.Errorf("got %q", got)
	}
}

func TestHexAutocomplete(t *testing.T) {
	b := hexBot(t)
	complete := func(v string) []Choice {
		return b.Router.Complete(context.Background(), &Request{Path: "hex", Options: map[string]string{"hex": v}}, "hex")
	}
	if c := complete("liè"); len(c) == 0 || c[0].Value != "3021" {
		t.Errorf("liè: %+v", c)
	}
	if c := complete("18"); len(c) == 0 || len(c) > 25 || !strings.HasPrefix(c[0].Value, "18") {
		t.Errorf("18: %+v", c)
	}
	if c := complete(""); len(c) != 25 {
		t.Errorf("empty: %d choices, want 25", len(c))
	}
	// Offered in katakana to a Japanese reader, the number as the value.
	if c := complete("リエ"); len(c) == 0 || c[0].Value != "3021" || c[0].Name.In(i18n.JA) != "3021 リエージュ (Liège)" || c[0].Name.In(i18n.EN) != "3021 Liège" {
		t.Errorf("リエ: %+v", c)
	}
}

// FuzzHexCommand: no input makes /hex panic or answer nothing.
func FuzzHexCommand(f *testing.F) {
	m, err := board.Default()
	if err != nil {
		f.Fatal(err)
	}
	b := New(Deps{Map: m})
	for _, s := range []string{"1804", "9999", "Paris", "liège", "", "#0101", "0", "🙂", "1804/1805"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		r := b.hexInfo(context.Background(), &Request{Path: "hex", Options: map[string]string{"hex": s}, Lang: i18n.EN})
		if r == nil || len(r.Messages) != 1 || r.Messages[0].Text == "" {
			t.Fatalf("%q: empty answer", s)
		}
	})
}

// The answers of /hex for a set of hexes, English and Japanese, compared
// with a golden file; `go test ./commands -run TestHexGolden -update`
// rewrites it after a deliberate change to the map or the wording (the
// -update flag is the package's shared one).
func TestHexGolden(t *testing.T) {
	b := hexBot(t)
	var out strings.Builder
	for _, lang := range []i18n.Lang{i18n.EN, i18n.JA} {
		for _, h := range []string{"1804", "1330", "1723", "2123", "3021", "3607", "0525", "2813", "3924", "0232", "4001", "9999", "Antwerp"} {
			fmt.Fprintf(&out, "> /hex hex:%s (%s)\n%s\n\n", h, lang, text(runHex(b, h, lang)))
		}
	}
	path := filepath.Join("testdata", "hexinfo.golden")
	if f := flag.Lookup("update"); f != nil && f.Value.String() == "true" {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(out.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	if out.String() != string(want) {
		t.Errorf("/hex answers differ from %s (run with -update after a deliberate change):\n%s", path, out.String())
	}
}

// /hex takes the place names it invites: the English name, the local
// spelling with or without its accents, the Japanese; one hex is described
// (publicly, as a hex number is), several are offered privately to choose
// from, each with its hex. Japanese answers name places in katakana too.
func TestHexPlaceNames(t *testing.T) {
	b := hexBot(t)
	direct := text(runHex(b, "3021", i18n.EN))
	directJA := text(runHex(b, "3021", i18n.JA))
	for _, c := range []struct {
		in   string
		lang i18n.Lang
		want string
	}{
		{"Liège", i18n.EN, direct}, {"Liege", i18n.EN, direct}, {"liège", i18n.EN, direct},
		{"Luik", i18n.EN, direct}, {"リエージュ", i18n.EN, direct}, {"リエージュ", i18n.JA, directJA},
		{"Liège", i18n.JA, directJA},
	} {
		r := runHex(b, c.in, c.lang)
		if got := text(r); got != c.want || len(r.Messages) != 1 || r.Messages[0].Ephemeral {
			t.Errorf("/hex hex:%s (%s): want the public answer for 3021, got\n%s", c.in, c.lang, got)
		}
	}
	expect(t, directJA, "ヘクス 3021 — リエージュ (Liège / Luik)")
	expect(t, text(runHex(b, "1804", i18n.JA)), "ヘクス 1804 — パリ (Paris)", "1805 パリ (Paris)")
	for _, c := range []struct {
		in   string
		lang i18n.Lang
		want []string
	}{
		{"Paris", i18n.EN, []string{"\"Paris\" names 3 hexes: 1804 Paris, 1805 Paris, 1905 Paris. Which one?", "/hex hex:1804"}},
		{"パリ", i18n.JA, []string{"「パリ」に該当するヘクスは 3 個あります: 1804 パリ (Paris)、1805 パリ (Paris)、1905 パリ (Paris)。どのヘクスかを番号で指定してください"}},
		{"パリ", i18n.EN, []string{"1804 Paris, 1805 Paris, 1905 Paris"}},
		{"ANTWERPEN", i18n.EN, []string{"3517 Antwerp, 3616 Antwerp"}},
		{"アントワープ", i18n.JA, []string{"3517 アントワープ (Antwerp)"}},
	} {
		r := runHex(b, c.in, c.lang)
		expect(t, text(r), c.want...)
		if len(r.Messages) != 1 || !r.Messages[0].Ephemeral {
			t.Errorf("/hex hex:%s: the question which hex is meant should be private", c.in)
		}
	}
	for _, c := range []struct{ in, hex string }{{"Dunkerque", "3607"}, {"saarbrucken", ""}, {"ﾘｴｰｼﾞｭ", "3021"}} {
		got := text(runHex(b, c.in, i18n.EN))
		if !strings.HasPrefix(got, "**Hex "+c.hex) {
			t.Errorf("/hex hex:%s: want the hex described, got\n%s", c.in, got)
		}
	}
}
