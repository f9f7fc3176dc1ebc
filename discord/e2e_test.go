package discord_test

import (
	"bytes"
	"context"
	"crypto/sha256"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"rtrbot/commands"
	"rtrbot/discord"
	"rtrbot/discord/discordtest"
	"rtrbot/discord/fakediscord"
	"rtrbot/i18n"
)

const wait = 5 * time.Second

var quiet = slog.New(slog.NewTextHandler(io.Discard, nil))

var alice, kenji = discordtest.Alice, discordtest.Kenji

// mapPNG stands for a map image: random bytes that must arrive unchanged.
var mapPNG = func() []byte {
	b := make([]byte, 300_000)
	r := rand.New(rand.NewPCG(1, 2))
	for k := range b {
		b[k] = byte(r.Uint32())
	}
	return b
}()

const postChannel = "300000000000000099"

// testRouter holds commands shaped like the bot's: fast and slow, public
// and private, with files, autocomplete, subcommands and free text.
func testRouter(slowFor time.Duration) *commands.Router {
	r := commands.NewRouter(slog.New(slog.NewTextHandler(io.Discard, nil)))
	r.Add(&commands.Command{
		Name: "echo", Private: commands.PublicAnswer, Description: i18n.T("Say it back", "おうむ返し"),
		Options: []commands.Option{
			{Name: "text", Description: i18n.T("What to say", "言うこと"), Type: commands.String, Required: true},
			{Name: "times", Description: i18n.T("How often", "回数"), Type: commands.Integer, MinInt: 1, MaxInt: 5},
			{Name: "loud", Description: i18n.T("Shout", "大声"), Type: commands.Boolean},
		},
		Handler: func(ctx context.Context, req *commands.Request) *commands.Response {
			s := req.Opt("text")
			if req.Opt("loud") == "true" {
				s = strings.ToUpper(s)
			}
			return commands.Reply(fmt.Sprintf("%s echo (times=%s) by %s: %s", req.User.Name, req.Opt("times"), req.User.ID, s))
		},
	})
	r.Add(&commands.Command{
		Name: "greet", Private: commands.PublicAnswer, Description: i18n.T("Greet the user", "あいさつ"),
		Handler: func(ctx context.Context, req *commands.Request) *commands.Response {
			return commands.Reply(req.T("Hello, "+req.User.Name, "こんにちは、"+req.User.Name+"さん"))
		},
	})
	r.Add(&commands.Command{
		Name: "whoami", Private: commands.PublicAnswer, Description: i18n.T("Roles and rights", "ロールと権限"),
		Handler: func(ctx context.Context, req *commands.Request) *commands.Response {
			return commands.Private(fmt.Sprintf("%s in %s: roles %v manager %v operator %v", req.User.Name, req.Guild, req.User.Roles, req.User.Manager, req.User.Operator))
		},
	})
	huge := func(ctx context.Context, req *commands.Request) *commands.Response {
		return commands.Reply("the whole archive").WithFile(commands.File{Name: "all.zip", Data: make([]byte, 11<<20)})
	}
	r.Add(&commands.Command{Name: "huge", Description: i18n.T("An answer too big for Discord", "大きすぎる返答"), Handler: huge, Private: commands.PublicAnswer})
	r.Add(&commands.Command{Name: "hugeslow", Description: i18n.T("A slow answer too big for Discord", "大きすぎる遅い返答"), Handler: huge, Slow: true, Private: commands.PublicAnswer})
	r.Add(&commands.Command{
		Name: "secret", Description: i18n.T("A private answer", "非公開の返答"),
		Handler: func(ctx context.Context, req *commands.Request) *commands.Response {
			return commands.Private(req.T("Only you see this.", "あなただけに見えます。"))
		},
	})
	r.Add(&commands.Command{
		Name: "map", Description: i18n.T("Draw the map (slow)", "地図を描く (時間がかかる)"), Slow: true,
		Private: func(req *commands.Request) bool { return req.Opt("private") == "true" },
		Options: []commands.Option{{Name: "private", Description: i18n.T("Own side only", "自軍のみ"), Type: commands.Boolean}},
		Handler: func(ctx context.Context, req *commands.Request) *commands.Response {
			time.Sleep(slowFor)
			resp := &commands.Response{Messages: []commands.Message{{Text: req.T("The map", "地図"), Ephemeral: req.Opt("private") == "true"}}}
			resp.WithFile(commands.File{Name: "map.png", ContentType: "image/png", Data: mapPNG})
			return resp.Add(commands.Message{Text: req.T("Second message", "2通目")})
		},
	})
	r.Add(&commands.Command{
		Name: "overrun", Private: commands.PublicAnswer, Description: i18n.T("A fast command that is not", "遅い速いコマンド"),
		Handler: func(ctx context.Context, req *commands.Request) *commands.Response {
			time.Sleep(slowFor)
			return commands.Reply("finally")
		},
	})
	r.Add(&commands.Command{
		Name: "upload", Private: commands.PublicAnswer, Description: i18n.T("Take a file", "ファイルを受け取る"),
		Options: []commands.Option{{Name: "file", Description: i18n.T("The file", "ファイル"), Type: commands.Attachment, Required: true}},
		Handler: func(ctx context.Context, req *commands.Request) *commands.Response {
			return commands.Reply(fmt.Sprintf("got %s: %d bytes, sha256 %x", req.Opt("file"), len(req.Files["file"]), sha256.Sum256(req.Files["file"])))
		},
	})
	r.Add(&commands.Command{
		Name: "unit", Private: commands.PublicAnswer, Description: i18n.T("Pick a unit", "ユニットを選ぶ"),
		Options: []commands.Option{
			{Name: "name", Description: i18n.T("Unit", "ユニット"), Type: commands.String, Required: true, Autocomplete: true},
			{Name: "size", Description: i18n.T("Size", "規模"), Type: commands.Integer, Autocomplete: true},
		},
		Handler: func(ctx context.Context, req *commands.Request) *commands.Response {
			return commands.Reply("unit " + req.Opt("name"))
		},
		Complete: func(ctx context.Context, req *commands.Request, focused string) []commands.Choice {
			var out []commands.Choice
			if focused == "size" {
				// The empty and the over-long choice cannot go to Discord.
				return []commands.Choice{{Name: i18n.T("corps", "軍団"), Value: "3"}, {Name: i18n.T("division", "師団"), Value: "2"}, {Value: ""}, {Value: strings.Repeat("9", 101)}}
			}
			for k := 1; k <= 40; k++ {
				v := fmt.Sprintf("%d Corps", k)
				if strings.HasPrefix(v, req.Opt("name")) {
					out = append(out, commands.Choice{Name: i18n.T(v, fmt.Sprintf("第%d軍団", k)), Value: v})
				}
			}
			return out
		},
	})
	r.Add(&commands.Command{
		Name: "game", Description: i18n.T("Games", "ゲーム"),
		Sub: []*commands.Command{
			{Name: "new", Description: i18n.T("Start a game", "ゲーム開始"),
				Options: []commands.Option{{Name: "scenario", Description: i18n.T("Scenario", "シナリオ"), Required: true,
					Choices: []commands.Choice{{Name: i18n.T("Standard", "標準"), Value: "standard"}, {Name: i18n.T("Extended", "拡張"), Value: "extended"}}}},
				Handler: func(ctx context.Context, req *commands.Request) *commands.Response {
					return commands.Reply("new game: " + req.Opt("scenario"))
				}},
			{Name: "post", Description: i18n.T("Post to the game's thread", "スレッドに投稿"),
				Handler: func(ctx context.Context, req *commands.Request) *commands.Response {
					resp := &commands.Response{Messages: []commands.Message{{Text: "turn 1 begins", Target: postChannel}}}
					return resp.WithFile(commands.File{Name: "turn1.png", ContentType: "image/png", Data: mapPNG[:1000]})
				}},
			{Name: "ref", Description: i18n.T("Referee", "審判"), Sub: []*commands.Command{
				{Name: "pause", Description: i18n.T("Pause the game", "一時停止"),
					Handler: func(ctx context.Context, req *commands.Request) *commands.Response { return commands.Reply("paused") }},
			}},
		},
	})
	r.Add(&commands.Command{
		Name: "start", Description: i18n.T("Open a game's threads", "ゲームのスレッドを開く"),
		Handler: func(ctx context.Context, req *commands.Request) *commands.Response {
			if req.Chat == nil {
				return commands.Private("no chat")
			}
			game, err := req.Chat.CreateThread(ctx, req.Channel, "Game 1: Alice vs Kenji", false, nil)
			if err != nil {
				return commands.Private(err.Error())
			}
			german, err := req.Chat.CreateThread(ctx, req.Channel, "Game 1 – German side", true, []string{alice.ID})
			if err != nil {
				return commands.Private(err.Error())
			}
			if err := req.Chat.Post(ctx, german, commands.Message{Text: "your units", Files: []commands.File{{Name: "own.png", Data: mapPNG[:500]}}}); err != nil {
				return commands.Private(err.Error())
			}
			if err := req.Chat.Post(ctx, game, commands.Message{Text: "German units", Ephemeral: true}); err == nil {
				return commands.Private("a private message was posted to the public thread")
			}
			return &commands.Response{Messages: []commands.Message{
				{Text: "Game 1 opened in <#" + game + ">"},
				{Text: "turn 1", Target: game},
				{Text: "your side's secret", Target: game, Ephemeral: true}, // must not reach the thread
			}}
		},
	})
	r.Add(&commands.Command{
		Name: "orders", Description: i18n.T("Give a batch of orders", "命令をまとめて出す"),
		Options: []commands.Option{{Name: "text", Description: i18n.T("Orders, one a line", "1行に1命令"), Type: commands.String, Required: true, Text: true}},
		Handler: func(ctx context.Context, req *commands.Request) *commands.Response {
			return commands.Reply(fmt.Sprintf("%d orders: %q", len(strings.Split(req.Opt("text"), "\n")), req.Opt("text")))
		},
	})
	r.Add(&commands.Command{
		Name: "long", Description: i18n.T("A long answer", "長い返答"),
		Handler: func(ctx context.Context, req *commands.Request) *commands.Response {
			var b strings.Builder
			for k := 0; k < 150; k++ {
				fmt.Fprintf(&b, "line %03d: %s\n", k, strings.Repeat("x", 20))
			}
			return commands.Reply(b.String())
		},
	})
	r.Add(&commands.Command{
		Name: "boom", Description: i18n.T("A handler that panics", "パニックする"),
		Handler: func(ctx context.Context, req *commands.Request) *commands.Response { panic("boom") },
	})
	return r
}

func TestRegistersCommandsInGuildWithJapanese(t *testing.T) {
	t.Parallel()
	h := discordtest.New(t, testRouter(0), func(c *discord.Config) { c.Operators = []string{"400000000000000023"} })
	g := h.Srv.Guilds[0]
	cmds := h.Srv.Commands(g)
	var names []string
	byName := map[string]fakediscord.Command{}
	for _, c := range cmds {
		names = append(names, c.Name)
		byName[c.Name] = c
	}
	if got, want := strings.Join(names, " "), "boom echo game greet huge hugeslow long map orders overrun secret start unit upload whoami"; got != want {
		t.Fatalf("registered %q, want %q", got, want)
	}
	if len(h.Srv.Commands("")) != 0 {
		t.Error("with RTRBOT_GUILDS set, nothing should be registered globally")
	}
	echo := byName["echo"]
	if echo.DescriptionLocalizations["ja"] != "おうむ返し" {
		t.Errorf("echo ja description = %q", echo.DescriptionLocalizations["ja"])
	}
	want := []struct {
		name     string
		typ      int
		required bool
	}{{"text", fakediscord.String, true}, {"times", fakediscord.Integer, false}, {"loud", fakediscord.Boolean, false}}
	for k, w := range want {
		o := echo.Options[k]
		if o.Name != w.name || o.Type != w.typ || o.Required != w.required {
			t.Errorf("echo option %d = %s type %d required %v, want %+v", k, o.Name, o.Type, o.Required, w)
		}
	}
	if o := echo.Options[1]; o.MinValue == nil || *o.MinValue != 1 || o.MaxValue == nil || *o.MaxValue != 5 {
		t.Errorf("times bounds = %v..%v, want 1..5", o.MinValue, o.MaxValue)
	}
	game := byName["game"]
	if len(game.Options) != 3 || game.Options[0].Type != fakediscord.SubCommand || game.Options[2].Type != fakediscord.SubCommandGroup ||
		game.Options[2].Options[0].Name != "pause" || game.Options[2].Options[0].Type != fakediscord.SubCommand {
		t.Fatalf("game subcommands: %+v", game.Options)
	}
	sc := game.Options[0].Options[0]
	if len(sc.Choices) != 2 || sc.Choices[0].Value != "standard" || sc.Choices[0].NameLocalizations["ja"] != "標準" {
		t.Errorf("scenario choices: %+v", sc.Choices)
	}
	if u := byName["unit"].Options[0]; !u.Autocomplete || len(u.Choices) != 0 {
		t.Errorf("unit name: autocomplete %v choices %v", u.Autocomplete, u.Choices)
	}
	if o := byName["orders"].Options[0]; o.Required {
		t.Error("a free-text option must be optional in Discord, so that leaving it out opens the text box")
	}
	for _, id := range h.Srv.Identifies() {
		if id.Intents != 1 { // GUILDS only: no privileged intent
			t.Errorf("intents %b, want GUILDS (1) only", id.Intents)
		}
	}
}

func TestRegistersGloballyWithoutGuilds(t *testing.T) {
	t.Parallel()
	h := discordtest.New(t, testRouter(0), func(c *discord.Config) { c.Guilds = nil })
	if len(h.Srv.Commands("")) != 15 || len(h.Srv.Commands(h.Srv.Guilds[0])) != 0 {
		t.Fatalf("global %d, guild %d", len(h.Srv.Commands("")), len(h.Srv.Commands(h.Srv.Guilds[0])))
	}
	_, cb := h.Run(fakediscord.Invoke{User: alice, Path: "greet"})
	if cb.Type != fakediscord.ChannelMessage {
		t.Errorf("callback type %d", cb.Type)
	}
}

func TestFastCommandAnsweredDirectly(t *testing.T) {
	t.Parallel()
	h := discordtest.New(t, testRouter(0), nil)
	c, cb := h.Run(fakediscord.Invoke{User: alice, Path: "echo", Options: map[string]any{"text": "hi there", "times": 3, "loud": true}})
	if cb.Type != fakediscord.ChannelMessage {
		t.Fatalf("callback type %d, want a direct answer (4)", cb.Type)
	}
	ms := h.Messages(c, 1)
	if want := "Alice echo (times=3) by 400000000000000011: HI THERE"; ms[0].Content != want || ms[0].Ephemeral {
		t.Errorf("got %q ephemeral=%v, want %q public", ms[0].Content, ms[0].Ephemeral, want)
	}
}

func TestSubcommandsAndGroups(t *testing.T) {
	t.Parallel()
	h := discordtest.New(t, testRouter(0), nil)
	c, _ := h.Run(fakediscord.Invoke{User: alice, Path: "game new", Options: map[string]any{"scenario": "extended"}})
	if ms := h.Messages(c, 1); ms[0].Content != "new game: extended" {
		t.Errorf("game new: %q", ms[0].Content)
	}
	c, _ = h.Run(fakediscord.Invoke{User: alice, Path: "game ref pause"})
	if ms := h.Messages(c, 1); ms[0].Content != "paused" {
		t.Errorf("game ref pause: %q", ms[0].Content)
	}
}

// runDeferred runs in and requires its callback to be a deferral (Discord
// shows "thinking…"), as a command's that does not answer at once.
func runDeferred(t *testing.T, h *discordtest.Harness, in fakediscord.Invoke) (*fakediscord.Call, fakediscord.Callback) {
	t.Helper()
	c, cb := h.Run(in)
	if cb.Type != fakediscord.DeferredChannelMessage {
		t.Fatalf("/%s: callback type %d, want deferred (5)", in.Path, cb.Type)
	}
	return c, cb
}

func TestSlowCommandDeferredThenFollowedUp(t *testing.T) {
	t.Parallel()
	h := discordtest.New(t, testRouter(300*time.Millisecond), nil)
	c, cb := runDeferred(t, h, fakediscord.Invoke{User: alice, Path: "map"})
	ms := h.Messages(c, 2)
	// Acknowledged before it ran: the 300 ms of work lie between the
	// deferral and the answer.
	if gap := ms[0].At.Sub(cb.At); gap < 250*time.Millisecond {
		t.Errorf("deferral only %v before the answer: a Slow command must be acknowledged before it runs", gap)
	}
	if ms[0].Content != "The map" || ms[0].Ephemeral || !ms[0].Edited || len(ms[0].Files) != 1 {
		t.Fatalf("first message: %+v", ms[0])
	}
	f := ms[0].Files[0]
	if f.Name != "map.png" || f.ContentType != "image/png" || !bytes.Equal(f.Data, mapPNG) {
		t.Errorf("attachment %s %s %d bytes: not the bytes sent (%d)", f.Name, f.ContentType, len(f.Data), len(mapPNG))
	}
	if ms[1].Content != "Second message" || ms[1].Kind != "followup" {
		t.Errorf("second message: %+v", ms[1])
	}
}

func TestEphemeralStaysEphemeral(t *testing.T) {
	t.Parallel()
	h := discordtest.New(t, testRouter(100*time.Millisecond), nil)
	c, cb := h.Run(fakediscord.Invoke{User: alice, Path: "secret"})
	if ms := h.Messages(c, 1); cb.Type != fakediscord.ChannelMessage || !ms[0].Ephemeral || ms[0].Flags&64 == 0 {
		t.Errorf("/secret: %+v", ms)
	}
	// A Slow command whose answer is private, as its options say before it
	// runs: the deferral is private, the private map takes its place and
	// the public part follows.
	c, cb = h.Run(fakediscord.Invoke{User: alice, Path: "map", Options: map[string]any{"private": true}})
	ms := h.Messages(c, 2)
	if cb.Type != fakediscord.DeferredChannelMessage || !ms[0].Ephemeral || !bytes.Equal(ms[0].Files[0].Data, mapPNG) || ms[1].Ephemeral {
		t.Errorf("/map private: %+v", ms)
	}
	for _, m := range c.All() {
		if !m.Ephemeral && m.Content == "The map" {
			t.Error("the private map was shown publicly")
		}
	}
	// Again: the deferral is private from the start, and the answer edits
	// it.
	c, cb = h.Run(fakediscord.Invoke{User: alice, Path: "map", Options: map[string]any{"private": true}})
	ms = h.Messages(c, 2)
	if cb.Flags != 64 || !ms[0].Ephemeral || !ms[0].Edited || ms[0].Kind != "reply" || len(c.All()) != 2 {
		t.Errorf("second private /map: deferral flags %d, messages %+v", cb.Flags, c.All())
	}
	// A public /map after private ones: its deferral is public, decided
	// from its options, not from the answers before.
	c, cb = h.Run(fakediscord.Invoke{User: alice, Path: "map"})
	ms = h.Messages(c, 2)
	if cb.Flags != 0 || ms[0].Ephemeral || ms[0].Content != "The map" {
		t.Errorf("public /map after private ones: deferral flags %d, messages %+v", cb.Flags, ms)
	}
}

func TestFastCommandThatOverrunsIsDeferred(t *testing.T) {
	t.Parallel()
	h := discordtest.New(t, testRouter(600*time.Millisecond), func(c *discord.Config) { c.DeferAfter = 100 * time.Millisecond })
	c, _ := runDeferred(t, h, fakediscord.Invoke{User: alice, Path: "overrun"})
	if ms := h.Messages(c, 1); ms[0].Content != "finally" {
		t.Errorf("got %q", ms[0].Content)
	}
}

func TestAttachmentOptionArrivesIntact(t *testing.T) {
	t.Parallel()
	h := discordtest.New(t, testRouter(0), nil)
	data := mapPNG[:123_456]
	c, cb := h.Run(fakediscord.Invoke{User: alice, Path: "upload", Options: map[string]any{
		"file": fakediscord.File{Name: "orders.txt", ContentType: "text/plain", Data: data}}})
	if cb.Type != fakediscord.DeferredChannelMessage {
		t.Errorf("a command with a file to fetch should be deferred, got %d", cb.Type)
	}
	want := fmt.Sprintf("got orders.txt: %d bytes, sha256 %x", len(data), sha256.Sum256(data))
	if ms := h.Messages(c, 1); ms[0].Content != want {
		t.Errorf("got %q, want %q", ms[0].Content, want)
	}
}

func TestUserLocaleChoosesLanguage(t *testing.T) {
	t.Parallel()
	h := discordtest.New(t, testRouter(0), nil)
	for _, tc := range []struct {
		user fakediscord.User
		want string
	}{
		{kenji, "こんにちは、Kenjiさん"},
		{alice, "Hello, Alice"},
		{fakediscord.User{ID: "400000000000000013", Name: "Marie", Locale: "fr"}, "Hello, Marie"},
	} {
		c, _ := h.Run(fakediscord.Invoke{User: tc.user, Path: "greet"})
		if ms := h.Messages(c, 1); ms[0].Content != tc.want {
			t.Errorf("%s (%s): %q, want %q", tc.user.Name, tc.user.Locale, ms[0].Content, tc.want)
		}
	}
}

func TestAutocomplete(t *testing.T) {
	t.Parallel()
	h := discordtest.New(t, testRouter(0), nil)
	for _, tc := range []struct {
		user    fakediscord.User
		typed   string
		n       int
		first   string
		focused string
	}{
		{alice, "", 25, "1 Corps", "name"},  // 40 offered, Discord takes 25
		{alice, "3", 11, "3 Corps", "name"}, // 3 and 30..39
		{kenji, "1", 11, "第1軍団", "name"},    // 1 and 10..19, named in Japanese
	} {
		c, err := h.Srv.Autocomplete(fakediscord.Invoke{User: tc.user, Path: "unit", Options: map[string]any{tc.focused: tc.typed}}, tc.focused)
		if err != nil {
			t.Fatal(err)
		}
		cb, err := c.Wait(wait)
		if err != nil {
			t.Fatal(err)
		}
		if cb.Type != fakediscord.AutocompleteResult || len(cb.Choices) != tc.n || cb.Choices[0].Name != tc.first {
			t.Errorf("typed %q as %s: %+v", tc.typed, tc.user.Name, cb)
		}
		for _, ch := range cb.Choices {
			if v, _ := ch.Value.(string); !strings.HasPrefix(v, tc.typed) {
				t.Errorf("typed %q: offered %v", tc.typed, ch.Value)
			}
		}
	}
	// An integer option's choices carry numbers, as Discord requires.
	c, err := h.Srv.Autocomplete(fakediscord.Invoke{User: kenji, Path: "unit", Options: map[string]any{"name": "1 Corps", "size": ""}}, "size")
	if err != nil {
		t.Fatal(err)
	}
	cb, err := c.Wait(wait)
	if err != nil {
		t.Fatal(err)
	}
	if len(cb.Choices) != 2 || cb.Choices[0].Name != "軍団" || cb.Choices[0].Value != float64(3) {
		t.Errorf("size choices: %+v", cb.Choices)
	}
}

func TestPostToTarget(t *testing.T) {
	t.Parallel()
	h := discordtest.New(t, testRouter(0), nil)
	c, _ := h.Run(fakediscord.Invoke{User: alice, Path: "game post"})
	ms := h.Messages(c, 1)
	if !ms[0].Ephemeral || !strings.Contains(ms[0].Content, "<#"+postChannel+">") {
		t.Errorf("answer to the user: %+v", ms[0])
	}
	posted, err := h.Srv.WaitChannel(postChannel, 1, wait)
	if err != nil {
		t.Fatal(err)
	}
	if posted[0].Content != "turn 1 begins" || len(posted[0].Files) != 1 || !bytes.Equal(posted[0].Files[0].Data, mapPNG[:1000]) {
		t.Errorf("posted: %+v", posted[0])
	}
}

func TestLongAnswerSplitAtLines(t *testing.T) {
	t.Parallel()
	h := discordtest.New(t, testRouter(0), nil)
	c, _ := h.Run(fakediscord.Invoke{User: alice, Path: "long"})
	ms := h.Messages(c, 3) // 150 lines of 30 characters: 4500, in pieces of at most 2000
	var all []string
	for _, m := range ms {
		if !strings.HasPrefix(m.Content, "line ") || !strings.HasSuffix(m.Content, "x") {
			t.Errorf("a piece does not start and end at a line: %.20q…%q", m.Content, m.Content[len(m.Content)-10:])
		}
		all = append(all, m.Content)
	}
	if n := len(strings.Split(strings.Join(all, "\n"), "\n")); n != 150 {
		t.Errorf("%d lines arrived, want 150", n)
	}
}

func TestFreeTextOpensTextBox(t *testing.T) {
	t.Parallel()
	h := discordtest.New(t, testRouter(0), nil)
	_, cb := h.Run(fakediscord.Invoke{User: kenji, Path: "orders"})
	if cb.Type != fakediscord.Modal || cb.Modal == nil || !strings.Contains(string(cb.Modal.Components), `"style":2`) {
		t.Fatalf("want a modal with a paragraph box, got %+v", cb)
	}
	c, err := h.Srv.SubmitModal(fakediscord.Invoke{User: kenji}, cb.Modal, map[string]string{"text": "move 1 to 1804\nattack 1905"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.Wait(wait); err != nil {
		t.Fatal(err)
	}
	if ms := h.Messages(c, 1); ms[0].Content != `2 orders: "move 1 to 1804\nattack 1905"` {
		t.Errorf("got %q", ms[0].Content)
	}
	// Given inline, the text runs at once.
	c, _ = h.Run(fakediscord.Invoke{User: kenji, Path: "orders", Options: map[string]any{"text": "move 1 to 1804"}})
	if ms := h.Messages(c, 1); ms[0].Content != `1 orders: "move 1 to 1804"` {
		t.Errorf("got %q", ms[0].Content)
	}
}

func TestBadInputGetsSpecificReply(t *testing.T) {
	t.Parallel()
	h := discordtest.New(t, testRouter(0), nil)
	echo := func(opts ...map[string]any) map[string]any {
		var o []map[string]any
		for _, x := range opts {
			o = append(o, x)
		}
		return map[string]any{"id": "1", "name": "echo", "type": 1, "options": o}
	}
	for _, tc := range []struct {
		name string
		typ  int
		user fakediscord.User
		data map[string]any
		want string
	}{
		{"unknown command", 2, alice, map[string]any{"id": "1", "name": "nosuch", "type": 1}, "There is no command /nosuch. Commands: /boom /echo"},
		{"unknown command in Japanese", 2, kenji, map[string]any{"id": "1", "name": "nosuch", "type": 1}, "/nosuch というコマンドはありません"},
		{"option of the wrong type", 2, alice, echo(map[string]any{"name": "text", "type": 3, "value": "x"}, map[string]any{"name": "times", "type": 3, "value": "three"}),
			"Option times arrived as text, but /echo takes a whole number"},
		{"integer out of range", 2, alice, echo(map[string]any{"name": "text", "type": 3, "value": "x"}, map[string]any{"name": "times", "type": 4, "value": 9}),
			"Option times must be between 1 and 5, not 9."},
		{"missing required option", 2, kenji, echo(), "/echo にはオプション text: が必要です"},
		{"option unknown to the command", 2, alice, echo(map[string]any{"name": "text", "type": 3, "value": "x"}, map[string]any{"name": "colour", "type": 3, "value": "red"}),
			`/echo has no option "colour"`},
		{"option without a value", 2, alice, echo(map[string]any{"name": "text", "type": 3}), "Option text arrived without a usable value"},
		{"no data at all", 2, alice, nil, "This interaction carried no command"},
		{"attachment that did not arrive", 2, alice, map[string]any{"id": "1", "name": "upload", "type": 1,
			"options": []map[string]any{{"name": "file", "type": 11, "value": "999"}}}, "The file for option file did not arrive"},
		{"subcommand missing", 2, alice, map[string]any{"id": "1", "name": "game", "type": 1}, "/game needs a subcommand: new, post, ref"},
		{"a panicking handler", 2, kenji, map[string]any{"id": "1", "name": "boom", "type": 1}, "ボット内部でエラー"},
		{"a button of someone else", 3, alice, map[string]any{"custom_id": "x", "component_type": 2}, "This button does not belong"},
		{"a button with a broken command", 3, alice, map[string]any{"custom_id": "rtrbot!%zz", "component_type": 2}, "This button does not belong"},
		{"a form of someone else", 5, alice, map[string]any{"custom_id": "other", "components": []any{}}, "This form does not belong"},
	} {
		c, err := h.Srv.Inject(tc.typ, fakediscord.Invoke{User: tc.user, Path: tc.name}, tc.data)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := c.Wait(wait); err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		ms := h.Messages(c, 1)
		if !ms[0].Ephemeral || !strings.Contains(ms[0].Content, tc.want) {
			t.Errorf("%s: got %q (ephemeral %v), want it to contain %q", tc.name, ms[0].Content, ms[0].Ephemeral, tc.want)
		}
	}
	// Still serving after all that.
	c, _ := h.Run(fakediscord.Invoke{User: alice, Path: "greet"})
	if ms := h.Messages(c, 1); ms[0].Content != "Hello, Alice" {
		t.Errorf("after bad input: %q", ms[0].Content)
	}
}

func TestDirectMessage(t *testing.T) {
	t.Parallel()
	h := discordtest.New(t, testRouter(0), func(c *discord.Config) { c.Guilds = nil })
	c, _ := h.Run(fakediscord.Invoke{User: kenji, DM: true, Path: "echo", Options: map[string]any{"text": "dm"}})
	if ms := h.Messages(c, 1); ms[0].Content != "Kenji echo (times=) by 400000000000000012: dm" {
		t.Errorf("got %q", ms[0].Content)
	}
}

func TestRestartAgainstSameServer(t *testing.T) {
	t.Parallel()
	h := discordtest.New(t, testRouter(0), nil)
	c, _ := h.Run(fakediscord.Invoke{User: alice, Path: "greet"})
	h.Messages(c, 1)
	if err := h.Bot.Close(); err != nil {
		t.Fatal(err)
	}
	if err := h.Srv.WaitConnected(0, wait); err != nil {
		t.Fatal(err)
	}
	if _, err := h.Srv.Slash(fakediscord.Invoke{User: alice, Path: "greet"}); err == nil {
		t.Error("an interaction was delivered with no bot connected")
	}
	h.Start()
	c, _ = h.Run(fakediscord.Invoke{User: kenji, Path: "greet"})
	if ms := h.Messages(c, 1); ms[0].Content != "こんにちは、Kenjiさん" {
		t.Errorf("after restart: %q", ms[0].Content)
	}
	if n := len(h.Srv.Identifies()); n != 2 {
		t.Errorf("%d IDENTIFYs, want 2", n)
	}
	if n := h.Srv.Registrations(); n != 2 {
		t.Errorf("%d registrations, want one per start (2)", n)
	}
}

func TestShutdownLetsRunningCommandsFinish(t *testing.T) {
	t.Parallel()
	h := discordtest.New(t, testRouter(500*time.Millisecond), nil)
	c, _ := runDeferred(t, h, fakediscord.Invoke{User: alice, Path: "map"})
	start := time.Now()
	if err := h.Bot.Close(); err != nil {
		t.Fatal(err)
	}
	if len(c.Visible()) != 2 {
		t.Errorf("Close returned after %v with %d of 2 messages delivered", time.Since(start), len(c.Visible()))
	}
}

// openAdapter makes an adapter and connects it, failing the test if either
// step fails; the caller closes it.
func openAdapter(t *testing.T, cfg discord.Config, r *commands.Router) *discord.Adapter {
	t.Helper()
	a, err := discord.New(context.Background(), cfg, r)
	if err != nil {
		t.Fatal(err)
	}
	if err := a.Open(context.Background()); err != nil {
		t.Fatal(err)
	}
	return a
}

func TestHeartbeats(t *testing.T) {
	t.Parallel()
	srv := fakediscord.New()
	srv.Heartbeat = 50 * time.Millisecond
	defer srv.Close()
	a := openAdapter(t, discord.Config{Token: srv.Token, API: srv.API, Dial: srv.Dial, Guilds: srv.Guilds, Log: quiet}, testRouter(0))
	defer a.Close()
	if err := srv.WaitHeartbeats(3, wait); err != nil {
		t.Fatal(err)
	}
}

// twoShardGuilds gives srv two guilds, one for each of two shards: Discord
// routes guild g to shard (g >> 22) % 2.
func twoShardGuilds(srv *fakediscord.Server) (even, odd string) {
	even, odd = "200000000000000000", fmt.Sprint(uint64(200000000000000000)+1<<22)
	srv.Guilds = []string{even, odd}
	return even, odd
}

// checkShardAnswers checks that two shards serving guilds even and odd
// registered the commands once a guild (shard 0 registers in both guilds;
// shard 1 does not) and that /shard in each guild is answered by its shard.
func checkShardAnswers(t *testing.T, srv *fakediscord.Server, even, odd string) {
	t.Helper()
	if n := srv.Registrations(); n != 2 {
		t.Errorf("%d registrations, want 2 (shard 0, one per guild)", n)
	}
	for g, want := range map[string]string{even: "shard 0", odd: "shard 1"} {
		c, err := srv.Slash(fakediscord.Invoke{User: alice, Guild: g, Path: "shard"})
		if err != nil {
			t.Fatal(err)
		}
		ms, err := c.WaitMessages(1, wait)
		if err != nil {
			t.Fatal(err)
		}
		if ms[0].Content != want {
			t.Errorf("guild %s answered by %q, want %q", g, ms[0].Content, want)
		}
	}
}

func TestShardsServeTheirGuilds(t *testing.T) {
	t.Parallel()
	srv := fakediscord.New()
	defer srv.Close()
	even, odd := twoShardGuilds(srv)
	var mu sync.Mutex
	served := map[string]int{}
	shardRouter := func(id int) *commands.Router {
		r := testRouter(0)
		r.Add(&commands.Command{Name: "shard", Description: i18n.T("Which shard", "どのシャード"),
			Handler: func(ctx context.Context, req *commands.Request) *commands.Response {
				mu.Lock()
				served[req.Guild] = id
				mu.Unlock()
				return commands.Reply(fmt.Sprintf("shard %d", id))
			}})
		return r
	}
	for id := 0; id < 2; id++ {
		a := openAdapter(t, discord.Config{Token: srv.Token, API: srv.API, Dial: srv.Dial, Guilds: srv.Guilds, ShardID: id, ShardCount: 2, Log: quiet}, shardRouter(id))
		defer a.Close()
	}
	checkShardAnswers(t, srv, even, odd)
	var shards []int
	for _, id := range srv.Identifies() {
		shards = append(shards, id.Shard[0]*10+id.Shard[1])
	}
	if fmt.Sprint(shards) != "[2 12]" {
		t.Errorf("IDENTIFY shards %v, want [0 2] then [1 2]", shards)
	}
}

func TestNeverLeavesLoopback(t *testing.T) {
	t.Parallel()
	srv := fakediscord.New()
	defer srv.Close()
	// Without RTRBOT_DISCORD_API the bot would call discord.com: the
	// test dialer refuses, so a mistake cannot reach the internet.
	a, err := discord.New(context.Background(), discord.Config{Token: srv.Token, Dial: srv.Dial, Log: quiet}, testRouter(0))
	if err != nil {
		t.Fatal(err)
	}
	if err := a.Open(context.Background()); err == nil {
		a.Close()
		t.Fatal("connected to Discord's own API from a test")
	}
	off := srv.OffHost()
	if len(off) == 0 || off[0] != "discord.com:443" {
		t.Errorf("refused dials: %v, want discord.com:443", off)
	}
}

func TestWrongTokenRefused(t *testing.T) {
	t.Parallel()
	srv := fakediscord.New()
	defer srv.Close()
	a, err := discord.New(context.Background(), discord.Config{Token: "not-the-token", API: srv.API, Dial: srv.Dial, Log: quiet}, testRouter(0))
	if err != nil {
		t.Fatal(err)
	}
	if err := a.Open(context.Background()); err == nil {
		a.Close()
		t.Fatal("opened with a wrong token")
	}
}

// BenchmarkInteractionToFirstAnswer measures, through the real discordgo
// client and the fake gateway and REST API on 127.0.0.1, the time from
// dispatching INTERACTION_CREATE to the bot's first callback arriving.
func BenchmarkInteractionToFirstAnswer(b *testing.B) {
	for _, bc := range []struct {
		name string
		in   fakediscord.Invoke
	}{
		{"fast", fakediscord.Invoke{User: alice, Path: "echo", Options: map[string]any{"text": "hi"}}},
		{"slow-deferred", fakediscord.Invoke{User: alice, Path: "map"}},
		{"japanese", fakediscord.Invoke{User: kenji, Path: "greet"}},
	} {
		b.Run(bc.name, func(b *testing.B) {
			h := discordtest.New(b, testRouter(0), nil)
			benchFirstAnswer(b, h, bc.in, wait)
		})
	}
}

func TestThreadsAndPosts(t *testing.T) {
	t.Parallel()
	h := discordtest.New(t, testRouter(0), nil)
	c, _ := h.Run(fakediscord.Invoke{User: alice, Path: "start"})
	ms := h.Messages(c, 2)
	if !ms[1].Ephemeral || ms[1].Content != "your side's secret" {
		t.Errorf("a private message with a Target should reach the user privately: %+v", ms[1])
	}
	th := h.Srv.Threads()
	if len(th) != 2 {
		t.Fatalf("threads: %+v (answer %q)", th, ms[0].Content)
	}
	if th[0].Private || th[0].Parent != fakediscord.DefaultChannel || ms[0].Content != "Game 1 opened in <#"+th[0].ID+">" {
		t.Errorf("game thread %+v, answer %q", th[0], ms[0].Content)
	}
	if !th[1].Private || th[1].Invitable || strings.Join(th[1].Members, ",") != alice.ID || th[1].ArchiveMinutes != 10080 {
		t.Errorf("side thread %+v", th[1])
	}
	if got, err := h.Srv.WaitChannel(th[0].ID, 1, wait); err != nil || len(got) != 1 || got[0].Content != "turn 1" {
		t.Errorf("game thread posts %+v %v", got, err)
	}
	if got := h.Srv.ChannelMessages(th[1].ID); len(got) != 1 || !bytes.Equal(got[0].Files[0].Data, mapPNG[:500]) {
		t.Errorf("side thread posts %+v", got)
	}
	time.Sleep(100 * time.Millisecond)
	for _, m := range h.Srv.ChannelMessages(th[0].ID) {
		if m.Content != "turn 1" {
			t.Errorf("the public thread got %q", m.Content)
		}
	}
}

func TestReconnectsAfterNetworkFailure(t *testing.T) {
	t.Parallel()
	h := discordtest.New(t, testRouter(0), nil)
	h.Srv.DropConnections()
	if err := h.Srv.WaitConnected(0, wait); err != nil {
		t.Fatal(err)
	}
	if err := h.Srv.WaitConnected(1, 10*time.Second); err != nil {
		t.Fatal(err)
	}
	c, _ := h.Run(fakediscord.Invoke{User: kenji, Path: "greet"})
	if ms := h.Messages(c, 1); ms[0].Content != "こんにちは、Kenjiさん" {
		t.Errorf("after reconnecting: %q", ms[0].Content)
	}
	if r, n := h.Srv.Resumes(), len(h.Srv.Identifies()); r != 1 || n != 2 {
		t.Errorf("%d RESUMEs and %d IDENTIFYs, want 1 and 2", r, n)
	}
	// Discord asks the bot to reconnect (op 7): it does, and serves on.
	h.Srv.RequestReconnect()
	if err := h.Srv.WaitConnected(0, wait); err != nil {
		t.Fatal(err)
	}
	if err := h.Srv.WaitConnected(1, 10*time.Second); err != nil {
		t.Fatal(err)
	}
	c, _ = h.Run(fakediscord.Invoke{User: alice, Path: "greet"})
	if ms := h.Messages(c, 1); ms[0].Content != "Hello, Alice" {
		t.Errorf("after op 7: %q", ms[0].Content)
	}
}

// A burst of Slow commands runs MaxSlow at a time; every one is still
// acknowledged at once and answered in the end.
func TestSlowCommandsBounded(t *testing.T) {
	t.Parallel()
	var mu sync.Mutex
	running, most := 0, 0
	r := commands.NewRouter(quiet)
	r.Add(&commands.Command{Name: "draw", Description: i18n.T("Draw", "描く"), Slow: true, Private: commands.PublicAnswer,
		Handler: func(ctx context.Context, req *commands.Request) *commands.Response {
			mu.Lock()
			running++
			most = max(most, running)
			mu.Unlock()
			time.Sleep(100 * time.Millisecond)
			mu.Lock()
			running--
			mu.Unlock()
			return commands.Reply("drawn")
		}})
	h := discordtest.New(t, r, func(c *discord.Config) { c.MaxSlow, c.MaxSlowPerUser = 2, 10 })
	var calls []*fakediscord.Call
	for range 6 {
		c, err := h.Srv.Slash(fakediscord.Invoke{User: alice, Path: "draw"})
		if err != nil {
			t.Fatal(err)
		}
		calls = append(calls, c)
	}
	for _, c := range calls {
		if cb, err := c.Wait(wait); err != nil || cb.Type != fakediscord.DeferredChannelMessage {
			t.Fatalf("callback %+v %v", cb, err)
		}
		if ms := h.Messages(c, 1); ms[0].Content != "drawn" {
			t.Errorf("got %q", ms[0].Content)
		}
	}
	mu.Lock()
	defer mu.Unlock()
	if most != 2 {
		t.Errorf("at most %d Slow commands ran at once, want 2", most)
	}
}

// Discord answers 429 when a rate-limit bucket is empty; the follow-ups
// still arrive, after waiting as told.
func TestFollowUpsSurviveRateLimits(t *testing.T) {
	t.Parallel()
	h := discordtest.New(t, testRouter(0), nil)
	h.Srv.RateLimit(2)
	c, _ := h.Run(fakediscord.Invoke{User: alice, Path: "map"})
	ms := h.Messages(c, 2)
	if ms[0].Content != "The map" || ms[1].Content != "Second message" || !bytes.Equal(ms[0].Files[0].Data, mapPNG) {
		t.Errorf("after rate limits: %+v", ms)
	}
	if n := h.Srv.RateLimited(); n != 2 {
		t.Errorf("%d requests rate-limited, want 2", n)
	}
}

// A reply that quotes what a user typed cannot ping the whole server.
func TestNoMassPings(t *testing.T) {
	t.Parallel()
	h := discordtest.New(t, testRouter(0), nil)
	c, _ := h.Run(fakediscord.Invoke{User: alice, Path: "echo", Options: map[string]any{"text": "@everyone @here <@&500000000000000001>"}})
	ms := h.Messages(c, 1)
	if !strings.Contains(ms[0].Content, "@everyone") || len(ms[0].Pings) != 0 || len(ms[0].Pinged) != 0 {
		t.Errorf("%q may ping %v", ms[0].Content, ms[0].Pings)
	}
}

// Roles and the right to manage the server reach the commands (a referee
// role set by the guild's admin is checked against them).
func TestRolesAndManager(t *testing.T) {
	t.Parallel()
	h := discordtest.New(t, testRouter(0), func(c *discord.Config) { c.Operators = []string{"400000000000000023"} })
	g := h.Srv.Guilds[0]
	for _, tc := range []struct {
		user fakediscord.User
		want string
	}{
		{fakediscord.User{ID: "400000000000000021", Name: "Ref", Roles: []string{"500000000000000001", "500000000000000002"}}, "Ref in " + g + ": roles [500000000000000001 500000000000000002] manager false operator false"},
		{fakediscord.User{ID: "400000000000000022", Name: "Admin", Permissions: 8}, "Admin in " + g + ": roles [] manager true operator false"},
		{fakediscord.User{ID: "400000000000000023", Name: "Owner", Permissions: 32 | 2048}, "Owner in " + g + ": roles [] manager true operator true"},
		{fakediscord.User{ID: "400000000000000024", Name: "Player", Permissions: 2048}, "Player in " + g + ": roles [] manager false operator false"},
	} {
		c, _ := h.Run(fakediscord.Invoke{User: tc.user, Path: "whoami"})
		if ms := h.Messages(c, 1); ms[0].Content != tc.want {
			t.Errorf("got %q, want %q", ms[0].Content, tc.want)
		}
	}
}

// BenchmarkBurst: a club night's rush, 50 interactions dispatched at once
// (a third Slow, deferred); the time to each first answer.
func BenchmarkBurst(b *testing.B) {
	h := discordtest.New(b, testRouter(0), nil)
	var lat []time.Duration
	b.ResetTimer()
	for range b.N {
		var calls []*fakediscord.Call
		for k := range 50 {
			in := fakediscord.Invoke{User: alice, Path: "echo", Options: map[string]any{"text": "hi"}}
			if k%3 == 0 { // each from another player, as on a club night
				u := kenji
				u.ID = fmt.Sprint(500000000000000000 + k)
				in = fakediscord.Invoke{User: u, Path: "map"}
			}
			c, err := h.Srv.Slash(in)
			if err != nil {
				b.Fatal(err)
			}
			calls = append(calls, c)
		}
		for _, c := range calls {
			if _, err := c.WaitMessages(1, 30*time.Second); err != nil {
				b.Fatal(err)
			}
			lat = append(lat, c.Latency())
		}
	}
	b.StopTimer()
	sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
	b.ReportMetric(float64(lat[len(lat)/2].Microseconds()), "µs-p50")
	b.ReportMetric(float64(lat[len(lat)*99/100].Microseconds()), "µs-p99")
	b.ReportMetric(float64(lat[len(lat)-1].Microseconds()), "µs-max")
}

// An answer Discord refuses (files over its 10 MiB limit) is replaced by a
// private note that the command ran and its answer was refused.
func TestRefusedAnswerIsExplained(t *testing.T) {
	t.Parallel()
	h := discordtest.New(t, testRouter(0), nil)
	h.ExpectProblems = 1
	c, cb := h.Run(fakediscord.Invoke{User: kenji, Path: "huge"})
	ms := h.Messages(c, 1)
	if cb.Type != fakediscord.ChannelMessage || !ms[0].Ephemeral || !strings.Contains(ms[0].Content, "コマンドは実行されましたが、Discord が返答を拒否しました (Request entity too large") {
		t.Errorf("got %+v", ms)
	}
	// Deferred first, publicly: the "thinking…" becomes a note that names
	// nothing, and the reason comes privately. Nothing is deleted.
	h.ExpectProblems = 2
	c, cb = h.Run(fakediscord.Invoke{User: alice, Path: "hugeslow"})
	ms = h.Messages(c, 2)
	if cb.Type != fakediscord.DeferredChannelMessage || ms[0].Ephemeral || !strings.Contains(ms[0].Content, "could not be delivered") ||
		!ms[1].Ephemeral || !strings.Contains(ms[1].Content, "The command ran, but Discord refused its answer (Request entity too large)") {
		t.Errorf("got %+v", ms)
	}
	for _, m := range c.All() {
		if m.Deleted {
			t.Errorf("an answer was deleted: %+v", m)
		}
	}
	if p := h.Srv.Problems(); len(p) != 2 || !strings.Contains(p[0], "too large") || !strings.Contains(p[1], "too large") {
		t.Errorf("problems: %v", p)
	}
}

// One player cannot queue the club behind him: past MaxSlowPerUser his
// Slow commands are refused at once, others' still run.
func TestSlowCommandsPerUser(t *testing.T) {
	t.Parallel()
	release := make(chan struct{})
	r := commands.NewRouter(quiet)
	r.Add(&commands.Command{Name: "draw", Description: i18n.T("Draw", "描く"), Slow: true, Private: commands.PublicAnswer,
		Handler: func(ctx context.Context, req *commands.Request) *commands.Response {
			<-release
			return commands.Reply("drawn")
		}})
	h := discordtest.New(t, r, func(c *discord.Config) { c.MaxSlowPerUser = 2 })
	var mine []*fakediscord.Call
	for range 4 {
		c, cb := h.Run(fakediscord.Invoke{User: alice, Path: "draw"})
		if cb.Type == fakediscord.DeferredChannelMessage {
			mine = append(mine, c)
			continue
		}
		if ms := h.Messages(c, 1); !ms[0].Ephemeral || !strings.Contains(ms[0].Content, "You already have 2 slow commands") {
			t.Errorf("third and fourth: %+v", ms)
		}
	}
	other, cb := h.Run(fakediscord.Invoke{User: kenji, Path: "draw"})
	if len(mine) != 2 || cb.Type != fakediscord.DeferredChannelMessage {
		t.Fatalf("%d of Alice's accepted (want 2); Kenji's callback %d", len(mine), cb.Type)
	}
	close(release)
	for _, c := range append(mine, other) {
		if ms := h.Messages(c, 1); ms[0].Content != "drawn" {
			t.Errorf("got %q", ms[0].Content)
		}
	}
	// Answered, Alice may draw again.
	c, _ := h.Run(fakediscord.Invoke{User: alice, Path: "draw"})
	if ms := h.Messages(c, 1); ms[0].Content != "drawn" {
		t.Errorf("after the first were answered: %q", ms[0].Content)
	}
}

// A post to a channel the bot cannot reach is reported to the user, who
// would otherwise think it was made.
func TestFailedPostIsReported(t *testing.T) {
	t.Parallel()
	r := commands.NewRouter(quiet)
	r.Add(&commands.Command{Name: "announce", Description: i18n.T("Post elsewhere", "別の場所に投稿"),
		Handler: func(ctx context.Context, req *commands.Request) *commands.Response {
			return &commands.Response{Messages: []commands.Message{{Text: "turn 2", Target: "gone"}}}
		}})
	h := discordtest.New(t, r, nil)
	h.ExpectProblems = 1 // the fake, like Discord, knows no channel "gone"
	c, _ := h.Run(fakediscord.Invoke{User: kenji, Path: "announce"})
	ms := h.Messages(c, 2)
	if !ms[1].Ephemeral || !strings.Contains(ms[1].Content, "<#gone> に投稿できませんでした") {
		t.Errorf("got %+v", ms)
	}
}

// Options too long to carry through a text box's custom ID get a clear
// request to give the text inline instead.
func TestTextBoxWithTooMuchToCarry(t *testing.T) {
	t.Parallel()
	r := commands.NewRouter(quiet)
	r.Add(&commands.Command{Name: "orders", Description: i18n.T("Orders", "命令"),
		Options: []commands.Option{
			{Name: "note", Description: i18n.T("A note", "メモ")},
			{Name: "text", Description: i18n.T("Orders", "命令"), Required: true, Text: true},
		},
		Handler: func(ctx context.Context, req *commands.Request) *commands.Response { return commands.Reply("ok") }})
	h := discordtest.New(t, r, nil)
	c, cb := h.Run(fakediscord.Invoke{User: alice, Path: "orders", Options: map[string]any{"note": strings.Repeat("n", 90)}})
	ms := h.Messages(c, 1)
	if cb.Type != fakediscord.ChannelMessage || !ms[0].Ephemeral || !strings.Contains(ms[0].Content, "Please give the option text: directly") {
		t.Errorf("got %d %+v", cb.Type, ms)
	}
}

// benchFirstAnswer runs in over the fake Discord b.N times and reports the
// mean and worst time from the interaction to its acknowledgement.
func benchFirstAnswer(b *testing.B, h *discordtest.Harness, in fakediscord.Invoke, wait time.Duration) {
	var total, worst time.Duration
	b.ResetTimer()
	for range b.N {
		c, err := h.Srv.Slash(in)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := c.Wait(wait); err != nil {
			b.Fatal(err)
		}
		if _, err := c.WaitMessages(1, wait); err != nil {
			b.Fatal(err)
		}
		l := c.Latency()
		total += l
		worst = max(worst, l)
	}
	b.ReportMetric(float64(total.Microseconds())/float64(b.N), "µs-to-ack")
	b.ReportMetric(float64(worst.Microseconds()), "µs-worst")
}
