package console

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"

	"rtrbot/actor"
	"rtrbot/commands"
	"rtrbot/i18n"
)

func testRouter() *commands.Router {
	r := commands.NewRouter(nil)
	echo := func(ctx context.Context, req *commands.Request) *commands.Response {
		var keys []string
		for k, v := range req.Options {
			keys = append(keys, k+"="+v)
		}
		return commands.Reply(req.Path + " " + strings.Join(keys, ",") + " by " + req.User.Name)
	}
	r.Add(&commands.Command{Name: "hex", Options: []commands.Option{{Name: "hex", Required: true}}, Handler: echo})
	r.Add(&commands.Command{Name: "game", Sub: []*commands.Command{
		{Name: "new", Options: []commands.Option{{Name: "scenario", Choices: []commands.Choice{{Value: "standard"}, {Value: "extended"}}}}, Handler: echo},
	}})
	r.Add(&commands.Command{Name: "orders", Options: []commands.Option{{Name: "side"}, {Name: "text", Text: true}}, Handler: echo})
	r.Add(&commands.Command{Name: "pic", Handler: func(ctx context.Context, req *commands.Request) *commands.Response {
		return commands.Reply("a map").WithFile(commands.File{Name: "map.png", Data: []byte("PNG")})
	}})
	r.Add(&commands.Command{Name: "boom", Handler: func(ctx context.Context, req *commands.Request) *commands.Response {
		var m map[string]int
		m["x"] = 1 // panics
		return nil
	}})
	return r
}

func TestParse(t *testing.T) {
	r := testRouter()
	cases := []struct {
		line, path string
		opts       map[string]string
	}{
		{"/hex hex:1804", "hex", map[string]string{"hex": "1804"}},
		{"/game new scenario:standard", "game new", map[string]string{"scenario": "standard"}},
		{"/orders side:german text:move 1 to 1804", "orders", map[string]string{"text": "move 1 to 1804", "side": "german"}},
		{"/orders text:attack 1819 table:assault", "orders", map[string]string{"text": "attack 1819 table:assault"}},
		{`/orders text:"a b:c"`, "orders", map[string]string{"text": "a b:c"}},
		{`/orders text:one\ntwo`, "orders", map[string]string{"text": "one\ntwo"}},
	}
	for _, c := range cases {
		req, err := Parse(r, c.line)
		if err != nil {
			t.Fatalf("%s: %v", c.line, err)
		}
		if req.Path != c.path || len(req.Options) != len(c.opts) {
			t.Fatalf("%s: got %q %v", c.line, req.Path, req.Options)
		}
		for k, v := range c.opts {
			if req.Options[k] != v {
				t.Errorf("%s: option %s = %q, want %q", c.line, k, req.Options[k], v)
			}
		}
	}
	for _, bad := range []string{"hex hex:1804", "/", "/game old", "/hex 1804"} {
		if _, err := Parse(r, bad); err == nil {
			t.Errorf("%q parsed without error", bad)
		}
	}
}

func TestSession(t *testing.T) {
	dir := t.TempDir()
	var out bytes.Buffer
	c := &Console{Router: testRouter(), Out: &out, OutDir: dir, Lang: i18n.EN, User: actor.Actor{Name: "anna"}}
	in := strings.Join([]string{
		"# a comment",
		"/hex hex:1804",
		"/as user:bert",
		"/hex hex:0525",
		"/hex",
		"/hex hex:1 colour:red",
		"/game new scenario:weird",
		"/nosuch",
		"/pic",
		"/boom",
		"/hex hex:1804",
	}, "\n")
	if err := c.Run(context.Background(), strings.NewReader(in)); err != nil {
		t.Fatal(err)
	}
	got := out.String()
	for _, want := range []string{
		"hex hex=1804 by anna",
		"You are now bert.",
		"hex hex=0525 by bert",
		"/hex needs the option hex:",
		`/hex has no option "colour"`,
		"choose one of standard, extended",
		"There is no command /nosuch",
		"Something went wrong inside the bot",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("output lacks %q:\n%s", want, got)
		}
	}
	// The panic did not stop the session: the last command still ran.
	if !strings.HasSuffix(strings.TrimSpace(got), "hex hex=1804 by bert") {
		t.Errorf("session did not go on after a panic:\n%s", got)
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*map.png"))
	if len(files) != 1 {
		t.Fatalf("attachment not written: %v", files)
	}
	if data, _ := os.ReadFile(files[0]); string(data) != "PNG" {
		t.Error("attachment content")
	}
}

// A second session writing to the same folder numbers its files after the
// first session's: a map of yesterday's session is never overwritten.
func TestSecondSessionKeepsFiles(t *testing.T) {
	dir := t.TempDir()
	for session, want := range []int{1, 2} {
		var out bytes.Buffer
		c := &Console{Router: testRouter(), Out: &out, OutDir: dir, Lang: i18n.EN, User: actor.Actor{Name: "anna"}}
		if err := c.Run(context.Background(), strings.NewReader("/pic")); err != nil {
			t.Fatal(err)
		}
		files, _ := filepath.Glob(filepath.Join(dir, "*map.png"))
		if len(files) != want {
			t.Fatalf("after session %d: files %v, want %d", session+1, files, want)
		}
	}
}

// A line typed on a Japanese keyboard, with a full-width slash, letters,
// digits and colon and an ideographic space, is the line typed in ASCII.
func TestParseFullWidth(t *testing.T) {
	r := testRouter()
	for _, c := range []struct{ line, path, opt, val string }{
		{"／ｈｅｘ　ｈｅｘ：１８０４", "hex", "hex", "1804"},
		{"/hex hex：１８０４", "hex", "hex", "1804"},
		{"／ｇａｍｅ　ｎｅｗ　ｓｃｅｎａｒｉｏ：ｓｔａｎｄａｒｄ", "game new", "scenario", "standard"},
		{"/orders text：＂a b:c＂", "orders", "text", "a b:c"},
		{"　/hex hex:1804　", "hex", "hex", "1804"},
	} {
		req, err := Parse(r, c.line)
		if err != nil {
			t.Errorf("%s: %v", c.line, err)
			continue
		}
		if req.Path != c.path || req.Options[c.opt] != c.val {
			t.Errorf("%s: /%s %v, want /%s %s:%s", c.line, req.Path, req.Options, c.path, c.opt, c.val)
		}
	}
}

// A line the console cannot read is refused privately, as every refusal
// is (docs/playing.md).
func TestParseRefusalIsPrivate(t *testing.T) {
	for _, line := range []string{"/hex 1804", "/game frobnicate", "hex hex:1804", "/", "/hex hex:1 hex:2"} {
		var out bytes.Buffer
		c := &Console{Router: testRouter(), Out: &out, Lang: i18n.EN}
		c.Line(context.Background(), line)
		if !strings.Contains(out.String(), "[private]") {
			t.Errorf("%s: the refusal was not private:\n%s", line, out.String())
		}
	}
}

// fullWidth writes a line as a Japanese keyboard in full-width mode does:
// every printable ASCII character in its full-width form, spaces as
// ideographic spaces.
func fullWidth(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch {
		case r == ' ':
			b.WriteRune('\u3000')
		case r > ' ' && r <= '~':
			b.WriteRune(r - '!' + '！')
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// The parser never panics, and a line typed full-width reads as typed in
// ASCII.
func FuzzParse(f *testing.F) {
	r := testRouter()
	for _, s := range []string{"/hex hex:1804", "/game new scenario:standard", `/orders text:"x`, "/ :", "/as user:", "/orders :a :b",
		"／ｈｅｘ　ｈｅｘ：１８０４", "/hex hex：１８０４", `/orders text:move G-III 2922\nend`, "/game new scenario:standard options:18.1(10)、16.1",
		"/hex hex:ﾊﾟﾘ", "/orders text:\"\"\"", "/\u3000", "/hex\thex:1804"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		req, err := Parse(r, line)
		if err == nil && req == nil {
			t.Fatal("nil request without error")
		}
		if utf8.ValidString(line) {
			wide, werr := Parse(r, fullWidth(line))
			if (err == nil) != (werr == nil) {
				t.Fatalf("%q parsed with error %v, full-width with %v", line, err, werr)
			}
			if err == nil && (wide.Path != req.Path || !reflect.DeepEqual(wide.Options, req.Options)) {
				t.Fatalf("%q: /%s %v; full-width: /%s %v", line, req.Path, req.Options, wide.Path, wide.Options)
			}
		}
		if err == nil {
			r.Run(context.Background(), req) // must not panic
		}
	})
}
