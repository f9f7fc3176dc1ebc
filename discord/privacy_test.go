package discord_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"rtrbot/commands"
	"rtrbot/discord/discordtest"
	"rtrbot/discord/fakediscord"
	"rtrbot/i18n"
)

// privacyRouter has slow commands whose answers mix private and public
// parts, and one whose public command ends in a private refusal.
func privacyRouter() *commands.Router {
	r := commands.NewRouter(quiet)
	slow := func(resp func(req *commands.Request) *commands.Response) commands.Handler {
		return func(ctx context.Context, req *commands.Request) *commands.Response {
			time.Sleep(50 * time.Millisecond)
			return resp(req)
		}
	}
	r.Add(&commands.Command{Name: "batch", Description: i18n.T("Orders", "命令"), Slow: true, Private: commands.PrivateAnswer,
		Handler: slow(func(req *commands.Request) *commands.Response {
			// The public account comes first, the side's own result after:
			// the order of parts must not decide their visibility.
			return commands.Reply("segment ended").Add(commands.Message{Text: "SECRET G-III moved to 3024", Ephemeral: true})
		})})
	r.Add(&commands.Command{Name: "publicmap", Description: i18n.T("Map", "地図"), Slow: true, Private: commands.PublicAnswer,
		Handler: slow(func(req *commands.Request) *commands.Response {
			if req.Opt("fail") == "true" {
				return commands.Private("SECRET refusal: your G-III cannot go there")
			}
			return commands.Reply("the public map")
		}),
		Options: []commands.Option{{Name: "fail", Description: i18n.T("Fail", "失敗"), Type: commands.Boolean}}})
	return r
}

// Private or public is decided before the first answer, and no answer
// is deleted: private text never reaches a public message, whatever the
// order of the answer's parts, on a fake Discord that gives the first
// follow-up after a deferral the deferral's visibility even when the
// deferral was deleted.
func TestPrivacyDecidedBeforeTheAnswer(t *testing.T) {
	t.Parallel()
	h := discordtest.New(t, privacyRouter(), nil)
	checked := 0
	for _, c := range []struct {
		path         string
		opts         map[string]any
		deferPrivate bool
		publicWant   string
		messages     int
	}{
		{"batch", nil, true, "segment ended", 2},
		{"publicmap", nil, false, "the public map", 1},
		{"publicmap", map[string]any{"fail": true}, false, "", 2},
	} {
		call, cb := h.Run(fakediscord.Invoke{User: alice, Path: c.path, Options: c.opts})
		if cb.Type != fakediscord.DeferredChannelMessage || (cb.Flags&64 != 0) != c.deferPrivate {
			t.Errorf("/%s %v: callback type %d flags %d, want a deferral private=%v", c.path, c.opts, cb.Type, cb.Flags, c.deferPrivate)
		}
		h.Messages(call, c.messages)
		sawPublic := false
		for _, m := range call.All() {
			if m.Deleted {
				t.Errorf("/%s: a message was deleted: %+v", c.path, m)
			}
			if m.Ephemeral {
				continue
			}
			checked++
			if strings.Contains(m.Content, "SECRET") {
				t.Errorf("/%s %v: private text in a public message: %q", c.path, c.opts, m.Content)
			}
			sawPublic = sawPublic || (c.publicWant != "" && m.Content == c.publicWant)
		}
		if c.publicWant != "" && !sawPublic {
			t.Errorf("/%s: the public part %q was not shown publicly: %+v", c.path, c.publicWant, call.All())
		}
		var private bool
		for _, m := range call.All() {
			private = private || (m.Ephemeral && strings.Contains(m.Content, "SECRET"))
		}
		if c.path == "batch" || c.opts != nil {
			if !private {
				t.Errorf("/%s %v: the private part never arrived: %+v", c.path, c.opts, call.All())
			}
		}
	}
	if checked < 3 {
		t.Fatalf("only %d public messages checked: the test saw nothing to check", checked)
	}
}
