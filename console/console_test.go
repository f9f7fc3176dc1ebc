package console

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

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
	c := &Console{Router: testRouter(), Out: &out, OutDir: dir, Lang: i18n.EN, User: commands.User{Name: "anna"}}
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

func FuzzParse(f *testing.F) {
	r := testRouter()
	for _, s := range []string{"/hex hex:1804", "/game new scenario:standard", `/orders text:"x`, "/ :", "/as user:", "/orders :a :b"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		req, err := Parse(r, line)
		if err == nil && req == nil {
			t.Fatal("nil request without error")
		}
		if err == nil {
			r.Run(context.Background(), req) // must not panic
		}
	})
}
