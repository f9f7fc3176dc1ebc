package discordtest_test

import (
	"context"
	"testing"
	"time"

	"rtrbot/commands"
	"rtrbot/discord/discordtest"
	"rtrbot/i18n"
)

func TestSay(t *testing.T) {
	r := commands.NewRouter(nil)
	r.Add(&commands.Command{Name: "ping", Private: commands.PublicAnswer, Description: i18n.T("Ping", "ピン"),
		Handler: func(ctx context.Context, req *commands.Request) *commands.Response {
			return commands.Reply(req.T("pong", "ポン"))
		}})
	r.Add(&commands.Command{Name: "report", Description: i18n.T("Two messages, slowly", "遅い2通"), Slow: true, Private: commands.PublicAnswer,
		Handler: func(ctx context.Context, req *commands.Request) *commands.Response {
			time.Sleep(100 * time.Millisecond)
			return commands.Reply("turn 1").Add(commands.Message{Text: "your units", Ephemeral: true})
		}})
	h := discordtest.New(t, r, nil)
	if got := discordtest.Text(h.Say(discordtest.Kenji, "ping", nil)); got != "ポン" {
		t.Errorf("ping: %q", got)
	}
	ms := h.Say(discordtest.Alice, "report", nil)
	if len(ms) != 2 || ms[0].Content != "turn 1" || ms[0].Ephemeral || !ms[1].Ephemeral {
		t.Errorf("report: %+v", ms)
	}
}
