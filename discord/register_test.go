package discord

import (
	"strings"
	"testing"
	"unicode/utf8"

	"rtrbot/commands"
	"rtrbot/i18n"
)

func TestApplicationCommandsRefusesWhatDiscordRefuses(t *testing.T) {
	d := i18n.T("ok", "可")
	leaf := func(name string) *commands.Command { return &commands.Command{Name: name, Description: d} }
	for _, tc := range []struct {
		name string
		cmd  *commands.Command
		want string
	}{
		{"upper case", leaf("Game"), `not "Game"`},
		{"space", leaf("game new"), `not "game new"`},
		{"too long", leaf(strings.Repeat("x", 33)), "1-32"},
		{"no description", &commands.Command{Name: "x"}, "/x: Discord needs a description"},
		{"long description", &commands.Command{Name: "x", Description: i18n.T(strings.Repeat("a", 101), "")}, "101 characters"},
		{"long Japanese", &commands.Command{Name: "x", Description: i18n.T("a", strings.Repeat("地", 101))}, "Japanese description has 101"},
		{"too deep", &commands.Command{Name: "a", Description: d, Sub: []*commands.Command{{Name: "b", Description: d, Sub: []*commands.Command{
			{Name: "c", Description: d, Sub: []*commands.Command{leaf("e")}}}}}}, "/a b c: Discord allows only command, group, subcommand"},
		{"26 choices", &commands.Command{Name: "x", Description: d, Options: []commands.Option{{Name: "o", Description: d, Choices: make([]commands.Choice, 26)}}}, "26 choices"},
		{"integer choice not a number", &commands.Command{Name: "x", Description: d, Options: []commands.Option{{Name: "o", Description: d, Type: commands.Integer,
			Choices: []commands.Choice{{Name: d, Value: "three"}}}}}, `choice "three" of an integer option`},
		{"long choice value", &commands.Command{Name: "x", Description: d, Options: []commands.Option{{Name: "o", Description: d,
			Choices: []commands.Choice{{Name: d, Value: strings.Repeat("v", 101)}}}}}, "choice value"},
		{"bad option name", &commands.Command{Name: "x", Description: d, Options: []commands.Option{{Name: "Hex", Description: d}}}, `/x Hex:`},
	} {
		_, err := ApplicationCommands([]*commands.Command{tc.cmd})
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want %q", tc.name, err, tc.want)
		}
	}
}

func TestApplicationCommandsShape(t *testing.T) {
	d := i18n.T("d", "説明")
	defs, err := ApplicationCommands([]*commands.Command{{Name: "x", Description: d, Options: []commands.Option{
		{Name: "opt", Description: d},
		{Name: "req", Description: d, Required: true, Type: commands.Integer, Choices: []commands.Choice{{Name: i18n.T("one", "一"), Value: "1"}}},
		{Name: "auto", Description: d, Autocomplete: true, Choices: []commands.Choice{{Value: "a"}}},
		{Name: "text", Description: d, Required: true, Text: true},
	}}})
	if err != nil {
		t.Fatal(err)
	}
	o := defs[0].Options
	// Discord wants required options first; free text is left optional so
	// that the bot can ask for it in a text box.
	if o[0].Name != "req" || o[1].Name != "opt" || o[3].Name != "text" || o[3].Required {
		t.Fatalf("order: %s %s %s %s", o[0].Name, o[1].Name, o[2].Name, o[3].Name)
	}
	if o[0].Choices[0].Value != 1 || o[0].Choices[0].NameLocalizations["ja"] != "一" {
		t.Errorf("integer choice: %+v", o[0].Choices[0])
	}
	if len(o[2].Choices) != 0 || !o[2].Autocomplete {
		t.Error("autocomplete options carry no fixed choices")
	}
}

func TestChunks(t *testing.T) {
	for _, tc := range []struct {
		in   string
		n    int
		want []string
	}{
		{"", 10, nil},
		{"abc\n", 10, []string{"abc"}},
		{"aaaa\nbbbb\ncccc", 10, []string{"aaaa\nbbbb", "cccc"}},
		{"aaaaaaaaaaaaaaa", 10, []string{"aaaaaaaaaa", "aaaaa"}},
		{"ヘクスヘクスヘクス\nパリ", 10, []string{"ヘクスヘクスヘクス", "パリ"}},
	} {
		got := chunks(tc.in, tc.n)
		if strings.Join(got, "|") != strings.Join(tc.want, "|") || len(got) != len(tc.want) {
			t.Errorf("chunks(%q, %d) = %q, want %q", tc.in, tc.n, got, tc.want)
		}
	}
}

// FuzzChunks: every piece fits, no piece is empty, and nothing is lost
// but the line breaks at the cuts.
func FuzzChunks(f *testing.F) {
	f.Add("line 1\nline 2\n\n\nline 3", 7)
	f.Add(strings.Repeat("地図\n", 50), 13)
	f.Fuzz(func(t *testing.T, s string, n int) {
		if n < 1 || n > 5000 || !utf8.ValidString(s) {
			return
		}
		got := chunks(s, n)
		for _, c := range got {
			if c == "" || utf8.RuneCountInString(c) > n {
				t.Fatalf("piece %q (limit %d)", c, n)
			}
		}
		strip := func(x string) string { return strings.ReplaceAll(x, "\n", "") }
		if strip(strings.Join(got, "")) != strip(s) {
			t.Fatalf("lost text: %q -> %q", s, got)
		}
	})
}
