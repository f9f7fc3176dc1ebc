package discord_test

import (
	"bytes"
	"fmt"
	"image/png"
	"strings"
	"testing"
	"time"

	"rtrbot/commands"
	"rtrbot/discord"
	"rtrbot/discord/discordtest"
	"rtrbot/discord/fakediscord"
)

// The bot's own commands, whatever families exist by now, must be
// definitions Discord accepts: a bad one would fail the bot at start-up
// in every club.
func TestBotCommandsAreValidForDiscord(t *testing.T) {
	bot := commands.New(commands.Deps{Log: quiet})
	defs, err := discord.ApplicationCommands(bot.Router.Commands())
	if err != nil {
		t.Fatal(err)
	}
	if len(defs) == 0 {
		t.Fatal("no commands")
	}
	for _, d := range defs {
		if d.DescriptionLocalizations == nil || (*d.DescriptionLocalizations)["ja"] == "" {
			t.Errorf("/%s has no Japanese description", d.Name)
		}
	}
}

func TestBotHelpThroughDiscord(t *testing.T) {
	t.Parallel()
	bot := commands.New(commands.Deps{Log: quiet})
	h := discordtest.New(t, bot.Router, nil)
	var names []string
	for _, c := range h.Srv.Commands(h.Srv.Guilds[0]) {
		names = append(names, c.Name)
	}
	if !strings.Contains(" "+strings.Join(names, " ")+" ", " help ") {
		t.Fatalf("help not registered: %v", names)
	}
	for _, tc := range []struct {
		user fakediscord.User
		want string
	}{{alice, "Commands (options as name:value):"}, {kenji, "コマンド一覧 (オプションは 名前:値):"}} {
		ms := h.Say(tc.user, "help", nil)
		// Long help comes in several messages of at most 2000 characters,
		// all private.
		for _, m := range ms {
			if !m.Ephemeral {
				t.Errorf("/help for %s: a public part %.40q", tc.user.Name, m.Content)
			}
		}
		if all := discordtest.Text(ms); !strings.HasPrefix(all, tc.want) || !strings.Contains(all, "/help") {
			t.Errorf("/help for %s: %q", tc.user.Name, all)
		}
	}
}

// The bot as a club runs it (map, SQLite file, every family that exists),
// driven through Discord: a fast lookup, a roll stored in SQLite, a slow
// map picture, autocomplete, and a bad hex.
func TestRealBotThroughDiscord(t *testing.T) {
	t.Parallel()
	bot := realBot(t)
	h := discordtest.New(t, bot.Router, nil)

	has := func(path string) bool { return bot.Router.Find(path) != nil }
	if has("hex") {
		c, _ := h.Run(fakediscord.Invoke{User: kenji, Path: "hex", Options: map[string]any{"hex": "1804"}})
		ms := h.Messages(c, 1)
		t.Logf("/hex hex:1804 (ja):\n%s", ms[0].Content)
		if !strings.Contains(ms[0].Content, "Paris") || !strings.ContainsAny(ms[0].Content, "地形都市") {
			t.Errorf("/hex 1804 in Japanese: %q", ms[0].Content)
		}
		c, _ = h.Run(fakediscord.Invoke{User: alice, Path: "hex", Options: map[string]any{"hex": "9999"}})
		if ms := h.Messages(c, 1); !ms[0].Ephemeral || !strings.Contains(ms[0].Content, "9999") {
			t.Errorf("/hex 9999: %+v", ms[0])
		}
	}
	if has("roll") {
		c, cb := h.Run(fakediscord.Invoke{User: alice, Path: "roll", Options: map[string]any{"dice": "2d6"}})
		ms := h.Messages(c, 1)
		t.Logf("/roll dice:2d6: %s", ms[0].Content)
		if ms[0].Content == "" || cb.Type != fakediscord.ChannelMessage {
			t.Errorf("/roll: %d %+v", cb.Type, ms)
		}
	}
	if has("map") {
		c, cb := h.Run(fakediscord.Invoke{User: alice, Path: "map", Options: map[string]any{"around": "1804", "radius": 3}})
		if cb.Type != fakediscord.DeferredChannelMessage {
			t.Errorf("/map: callback %d, want deferred", cb.Type)
		}
		ms, err := c.WaitMessages(1, time.Minute)
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("/map around:1804 after %v: %q + %d files", time.Since(c.Sent), ms[0].Content, len(ms[0].Files))
		if len(ms[0].Files) != 1 || !bytes.HasPrefix(ms[0].Files[0].Data, []byte("\x89PNG\r\n\x1a\n")) {
			t.Errorf("/map: no PNG attached: %+v", ms[0])
		} else if _, err := png.Decode(bytes.NewReader(ms[0].Files[0].Data)); err != nil {
			t.Errorf("/map: the PNG does not decode: %v", err)
		}
		ac, err := h.Srv.Autocomplete(fakediscord.Invoke{User: alice, Path: "map", Options: map[string]any{"area": "Par"}}, "area")
		if err != nil {
			t.Fatal(err)
		}
		got, err := ac.Wait(wait)
		if err != nil {
			t.Fatal(err)
		}
		if len(got.Choices) == 0 || len(got.Choices) > 25 {
			t.Errorf("/map area:Par offered %d choices", len(got.Choices))
		}
	}
}

// BenchmarkRealCommandToFirstAnswer: the bot's own /hex and /roll (a roll
// is stored in SQLite before the answer) through the fake Discord.
func BenchmarkRealCommandToFirstAnswer(b *testing.B) {
	bot := realBot(b)
	for _, bc := range []fakediscord.Invoke{
		{User: kenji, Path: "hex", Options: map[string]any{"hex": "1804"}},
		{User: alice, Path: "roll", Options: map[string]any{"dice": "2d6"}},
	} {
		if bot.Router.Find(bc.Path) == nil {
			continue
		}
		b.Run(bc.Path, func(b *testing.B) {
			h := discordtest.New(b, bot.Router, nil)
			benchFirstAnswer(b, h, bc, wait)
		})
	}
}

// Every command of the bot, run through Discord with its required options
// given some value of the right type (often a wrong one for the command),
// is answered within the window with messages Discord accepts: no command
// leaves a user hanging or sends what Discord refuses.
func TestEveryBotCommandAnswers(t *testing.T) {
	t.Parallel()
	bot := realBot(t)
	h := discordtest.New(t, bot.Router, nil)
	var walk func(path string, c *commands.Command)
	n := 0
	walk = func(path string, c *commands.Command) {
		for _, s := range c.Sub {
			walk(path+" "+s.Name, s)
		}
		if len(c.Sub) > 0 {
			return
		}
		opts := map[string]any{}
		for _, o := range c.Options {
			if !o.Required || o.Text {
				continue
			}
			switch {
			case len(o.Choices) > 0:
				opts[o.Name] = o.Choices[0].Value
				if o.Type == commands.Integer {
					opts[o.Name] = atoi(o.Choices[0].Value)
				}
			case o.Type == commands.Integer:
				opts[o.Name] = max(o.MinInt, 1)
			case o.Type == commands.Boolean:
				opts[o.Name] = true
			case o.Type == commands.Attachment:
				opts[o.Name] = fakediscord.File{Name: "x.txt", ContentType: "text/plain", Data: []byte("not what it wants\n")}
			default:
				opts[o.Name] = "x"
			}
		}
		for _, u := range []fakediscord.User{alice, kenji} {
			c, err := h.Srv.Slash(fakediscord.Invoke{User: u, Path: path, Options: opts})
			if err != nil {
				t.Errorf("/%s: %v", path, err)
				return
			}
			cb, err := c.Wait(wait)
			if err != nil {
				t.Errorf("/%s %v: %v", path, opts, err)
				continue
			}
			if cb.Type == fakediscord.Modal { // a free-text option: type into the box
				var text string
				for _, o := range bot.Router.Find(path).Options {
					if o.Text {
						text = o.Name
					}
				}
				if c, err = h.Srv.SubmitModal(fakediscord.Invoke{User: u}, cb.Modal, map[string]string{text: "x\ny"}); err != nil {
					t.Errorf("/%s: %v", path, err)
					continue
				}
				if _, err := c.Wait(wait); err != nil {
					t.Errorf("/%s text box: %v", path, err)
					continue
				}
			}
			ms, err := c.WaitMessages(1, time.Minute)
			if err != nil {
				t.Errorf("/%s %v: %v", path, opts, err)
				continue
			}
			if ms[0].Content == "" && len(ms[0].Files) == 0 {
				t.Errorf("/%s: empty answer", path)
			}
			n++
		}
	}
	for _, c := range bot.Router.Commands() {
		walk(c.Name, c)
	}
	t.Logf("%d commands answered, each in English and Japanese", n/2)
}

func atoi(s string) int {
	n := 0
	fmt.Sscan(s, &n)
	return n
}

// realBot is the bot as a club runs it: the real map, a SQLite file in a
// temporary folder (closed at the end of the test), every command family.
func realBot(t testing.TB) *commands.Bot {
	t.Helper()
	deps := discordtest.RealDeps(t)
	deps.Log = quiet
	return commands.New(deps)
}
