// Package discordtest runs the bot's commands through the real Discord
// adapter against a fake Discord on 127.0.0.1, for tests in any package:
//
//	h := discordtest.New(t, bot.Router, nil)
//	msgs := h.Say(discordtest.Alice, "game new", map[string]any{"scenario": "standard"})
//
// When the test ends it checks what every test through Discord must hold:
// the bot reached no host but 127.0.0.1, sent nothing Discord would refuse,
// answered every interaction within Discord's 3-second window, and let no
// message ping anyone but the users it names.
package discordtest

import (
	"context"
	"io"
	"log/slog"
	"strings"
	"testing"
	"time"

	"rtrbot/commands"
	"rtrbot/discord"
	"rtrbot/discord/fakediscord"
)

// Wait is how long a harness waits for an answer before failing.
const Wait = 5 * time.Second

// Users for tests: an English and a Japanese Discord client.
var (
	Alice = fakediscord.User{ID: "400000000000000011", Name: "Alice", Locale: "en-US"}
	Kenji = fakediscord.User{ID: "400000000000000012", Name: "Kenji", Locale: "ja"}
)

// Harness is a fake Discord with the bot connected to it.
type Harness struct {
	T      testing.TB
	Srv    *fakediscord.Server
	Bot    *discord.Adapter
	Config discord.Config
	Router *commands.Router
	// ExpectProblems is how many refusals a test provokes on purpose.
	ExpectProblems int
}

// New starts a fake Discord and connects the adapter serving r to it;
// tweak, if not nil, adjusts the adapter's configuration first.
func New(t testing.TB, r *commands.Router, tweak func(*discord.Config)) *Harness {
	t.Helper()
	srv := fakediscord.New()
	h := &Harness{T: t, Srv: srv, Router: r}
	h.Config = discord.Config{
		Token: srv.Token, API: srv.API, Guilds: srv.Guilds, Dial: srv.Dial,
		DeferAfter: time.Second, Log: slog.New(slog.NewTextHandler(io.Discard, nil)),
	}
	if tweak != nil {
		tweak(&h.Config)
	}
	h.Start()
	t.Cleanup(func() {
		h.Bot.Close()
		srv.Close()
		h.check()
	})
	return h
}

func (h *Harness) check() {
	t, srv := h.T, h.Srv
	if off := srv.OffHost(); len(off) > 0 {
		t.Errorf("the bot tried to reach hosts other than 127.0.0.1: %v", off)
	}
	if p := srv.Problems(); len(p) > h.ExpectProblems {
		t.Errorf("requests Discord would refuse:\n%s", strings.Join(p, "\n"))
	}
	for _, m := range srv.Public() {
		// allowed_mentions names the users a message pings: it parses
		// nothing (no @everyone, role, or any user its text happens to
		// hold).
		if len(m.Pings) != 0 {
			t.Errorf("a public message may ping %v, want the users it means named, nothing parsed: %.60q", m.Pings, m.Content)
		}
	}
	for _, c := range srv.Calls() {
		if l := c.Latency(); l == 0 || l > fakediscord.Window {
			t.Errorf("/%s: first answer after %v (Discord's window is %v)", c.Path, l, fakediscord.Window)
		}
		for _, m := range c.All() {
			if !m.Thinking && len(m.Pings) != 0 {
				t.Errorf("/%s: a message may ping %v, want the users it means named, nothing parsed: %.60q", c.Path, m.Pings, m.Content)
			}
		}
	}
}

// Start connects a new adapter (after Bot.Close, a restart).
func (h *Harness) Start() {
	h.T.Helper()
	a, err := discord.New(h.T.Context(), h.Config, h.Router)
	if err != nil {
		h.T.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(h.T.Context(), Wait)
	defer cancel()
	if err := a.Open(ctx); err != nil {
		h.T.Fatal(err)
	}
	h.Bot = a
}

// Run invokes a command and waits for its first answer.
func (h *Harness) Run(in fakediscord.Invoke) (*fakediscord.Call, fakediscord.Callback) {
	h.T.Helper()
	c, err := h.Srv.Slash(in)
	if err != nil {
		h.T.Fatal(err)
	}
	cb, err := c.Wait(Wait)
	if err != nil {
		h.T.Fatal(err)
	}
	if l := c.Latency(); l > fakediscord.Window {
		h.T.Errorf("/%s answered after %v", in.Path, l)
	}
	return c, cb
}

// Messages waits for exactly n visible messages of an interaction.
func (h *Harness) Messages(c *fakediscord.Call, n int) []fakediscord.Message {
	h.T.Helper()
	ms, err := c.WaitMessages(n, Wait)
	if err != nil {
		h.T.Fatal(err)
	}
	time.Sleep(50 * time.Millisecond) // let any extra message arrive, to be caught below
	if ms = c.Visible(); len(ms) != n {
		h.T.Fatalf("/%s: %d messages, want %d: %+v", c.Path, len(ms), n, ms)
	}
	return ms
}

// Say runs a command as a user and returns every message he sees once the
// answer has settled (a Slow command may take up to a minute).
func (h *Harness) Say(u fakediscord.User, path string, opts map[string]any) []fakediscord.Message {
	h.T.Helper()
	c, _ := h.Run(fakediscord.Invoke{User: u, Path: path, Options: opts})
	if _, err := c.WaitMessages(1, time.Minute); err != nil {
		h.T.Fatal(err)
	}
	for n := 0; ; { // settled: no new message for 50 ms
		time.Sleep(50 * time.Millisecond)
		if k := len(c.Visible()); k == n {
			break
		} else {
			n = k
		}
	}
	return c.Visible()
}

// Text joins the messages' texts, one per line.
func Text(ms []fakediscord.Message) string {
	var s []string
	for _, m := range ms {
		s = append(s, m.Content)
	}
	return strings.Join(s, "\n")
}
