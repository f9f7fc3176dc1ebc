package playtest

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/url"
	"strconv"
	"strings"
	"time"

	"rtrbot/commands"
	"rtrbot/discord"
	"rtrbot/discord/fakediscord"
	"rtrbot/i18n"
)

// Games through Discord: the same commands typed as slash commands into
// a fake Discord on 127.0.0.1 (discord/fakediscord), answered by the real
// adapter and discordgo. What the players see comes back as the
// messages Discord shows them, and is checked like any other answer.

type discordConn struct {
	srv *fakediscord.Server
	bot *discord.Adapter
	// posts counts the messages already read from each channel or thread.
	posts map[string]int
}

func (r *Runner) openDiscord(ctx context.Context) error {
	if r.dc != nil {
		return nil
	}
	srv := fakediscord.New()
	cfg := discord.Config{Token: srv.Token, API: srv.API, Guilds: srv.Guilds, Dial: srv.Dial,
		DeferAfter: time.Second, Log: slog.New(slog.NewTextHandler(io.Discard, nil))}
	a, err := discord.New(ctx, cfg, r.Router)
	if err != nil {
		srv.Close()
		return err
	}
	octx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	if err := a.Open(octx); err != nil {
		srv.Close()
		return err
	}
	r.dc = &discordConn{srv: srv, bot: a, posts: map[string]int{}}
	return nil
}

func (r *Runner) closeDiscord() {
	if r.dc == nil {
		return
	}
	r.dc.bot.Close()
	r.dc.srv.Close()
	r.dc = nil
}

func (p *player) discordUser() fakediscord.User {
	loc := "en-US"
	if p.lang == i18n.JA {
		loc = "ja"
	}
	return fakediscord.User{ID: p.snowflake, Name: p.user.Name, Locale: loc}
}

// viaDiscord runs a request as a slash command on the fake Discord and
// returns what the player saw, and what was posted meanwhile in the
// game's thread and the sides' threads, as messages.
// sent is false when Discord's client would not send the command at all
// (a missing required option, a value of the wrong type): nothing reaches
// the bot, so there is no answer to check.
func (r *Runner) viaDiscord(pl *player, req *commands.Request, line string) (resp *commands.Response, problems []string, sent bool) {
	c := r.Router.Find(req.Path)
	opts := map[string]any{}
	for k, v := range req.Options {
		var typ commands.OptionType
		if c != nil {
			for _, o := range c.Options {
				if o.Name == k {
					typ = o.Type
				}
			}
		}
		switch typ {
		case commands.Integer:
			n, err := strconv.Atoi(strings.TrimSpace(v))
			if err != nil {
				return nil, nil, false // Discord's client lets no such value through
			}
			opts[k] = n
		case commands.Boolean:
			opts[k] = v == "true"
		default:
			opts[k] = v
		}
	}
	call, err := r.dc.srv.Slash(fakediscord.Invoke{User: pl.discordUser(), Channel: r.g.channel, Path: req.Path, Options: opts})
	if err != nil {
		// The fake refuses what Discord's client would not send (an
		// unknown option, a missing one): the player's mistake never
		// reaches the bot.
		return nil, nil, false
	}
	if _, err := call.Wait(fakediscord.Window + time.Second); err != nil {
		problems = append(problems, "no answer within Discord's window: "+err.Error())
	}
	if l := call.Latency(); l > fakediscord.Window {
		problems = append(problems, fmt.Sprintf("answered after %v", l))
	}
	if _, err := call.WaitMessages(1, time.Minute); err != nil {
		problems = append(problems, err.Error())
	}
	for n := -1; ; { // settled: no new message for 30 ms
		time.Sleep(30 * time.Millisecond)
		k := len(call.Visible())
		for _, th := range r.dc.srv.Threads() {
			k += len(r.dc.srv.ChannelMessages(th.ID))
		}
		if k == n {
			break
		}
		n = k
	}
	resp = &commands.Response{}
	for _, m := range call.Visible() {
		resp.Messages = append(resp.Messages, fromDiscord(m, ""))
	}
	for _, th := range r.dc.srv.Threads() {
		ms := r.dc.srv.ChannelMessages(th.ID)
		for _, m := range ms[min(r.dc.posts[th.ID], len(ms)):] {
			resp.Messages = append(resp.Messages, fromDiscord(m, th.ID))
		}
		r.dc.posts[th.ID] = len(ms)
	}
	return resp, problems, true
}

func fromDiscord(m fakediscord.Message, target string) commands.Message {
	out := commands.Message{Text: m.Content, Ephemeral: m.Ephemeral, Target: target}
	if m.Pinned {
		out.Pin = "📌"
	}
	for _, f := range m.Files {
		out.Files = append(out.Files, commands.File{Name: f.Name, ContentType: f.ContentType, Data: f.Data})
	}
	for _, b := range m.Buttons {
		q, err := url.ParseQuery(strings.TrimPrefix(b.CustomID, "rtrbot!"))
		if err != nil {
			continue
		}
		btn := commands.Button{Label: b.Label, Path: q.Get("p"), Options: map[string]string{}}
		for k := range q {
			if name, ok := strings.CutPrefix(k, "x."); ok {
				btn.Options[name] = q.Get(k)
			}
		}
		out.Buttons = append(out.Buttons, btn)
	}
	return out
}

// discordThreads finds the game's thread once /game new has opened it,
// and the sides' private threads: who reads each.
func (r *Runner) discordThreads() {
	p := r.g
	for _, th := range r.dc.srv.Threads() {
		if th.Parent == p.base && !th.Private && p.channel == p.base {
			p.channel = th.ID
		}
		if th.Private {
			for _, side := range p.sides {
				for _, m := range th.Members {
					if m == side.snowflake {
						p.threads[th.ID] = side
					}
				}
			}
		}
	}
}
