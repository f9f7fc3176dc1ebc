package commands_test

import (
	"strings"
	"testing"
	"time"

	"rtrbot/discord/discordtest"
	"rtrbot/discord/fakediscord"
)

// Buttons through a fake Discord: a player's answer carries
// "End the segment" and "Undo"; pressing runs the command as the presser,
// with the presser's rights (the other player pressing the same button is
// refused and changes nothing). /game resign asks first, privately, and
// its Confirm button does it. The status message is found again among the
// thread's pins after a restart and edited, not posted again.
func TestButtonsThroughDiscord(t *testing.T) {
	d := newDiscordTable(t)
	h, settle, say := d.h, d.settle, d.say
	alice, kenji := discordtest.Alice, discordtest.Kenji
	press := func(u fakediscord.User, ch string, msg fakediscord.Message, label string) []fakediscord.Message {
		t.Helper()
		for _, b := range msg.Buttons {
			if b.Label == label {
				c, err := h.Srv.Press(fakediscord.Invoke{User: u, Channel: ch}, msg, b)
				if err != nil {
					t.Fatal(err)
				}
				return settle(c)
			}
		}
		t.Fatalf("no button %q under %.100q (buttons %+v)", label, msg.Content, msg.Buttons)
		return nil
	}
	say(alice, "", "game new", map[string]any{"scenario": "standard", "seed": 5})
	game := h.Srv.Threads()[0].ID
	say(alice, game, "game join", map[string]any{"side": "allied"})
	say(kenji, game, "game join", map[string]any{"side": "german"})
	setup := say(alice, game, "game setup", nil)
	if len(setup) == 0 || !setup[0].Ephemeral {
		t.Fatalf("setup answer: %+v", setup)
	}
	// Kenji presses Alice's "End the segment": refused, nothing ended.
	refused := press(kenji, game, setup[0], "End the segment")
	if !refused[0].Ephemeral || !strings.Contains(discordtest.Text(refused), "連合軍") {
		t.Errorf("Kenji pressing Alice's button: %+v", refused)
	}
	if st := discordtest.Text(say(alice, game, "game status", nil)); !strings.Contains(st, "Allied player to act") {
		t.Fatalf("the other player's press changed the game: %s", st)
	}
	before := len(h.Srv.ChannelMessages(game))
	ended := press(alice, game, setup[0], "End the segment")
	if !ended[0].Ephemeral || !strings.Contains(ended[0].Content, "setup") {
		t.Errorf("Alice's press: %+v", ended)
	}
	ms, err := h.Srv.WaitChannel(game, before+1, time.Minute)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(ms[before].Content, "<@"+kenji.ID+">") {
		t.Errorf("the pass to the Germans after the press: %q", ms[before].Content)
	}
	// Resign asks first; nothing happens until Confirm.
	ask := say(kenji, game, "game resign", nil)
	if len(ask) != 1 || !ask[0].Ephemeral || !strings.Contains(ask[0].Content, "/game resign confirm:true") || len(ask[0].Buttons) != 1 {
		t.Fatalf("resign without confirm: %+v", ask)
	}
	if st := discordtest.Text(say(alice, game, "game status", nil)); strings.Contains(st, "over") || strings.Contains(st, "resign") {
		t.Fatalf("resign without confirm ended the game: %s", st)
	}
	// The bot restarts before Kenji confirms: the button still works (it
	// carries its command), and the status message is found among the pins.
	d.restart()
	done := press(kenji, game, ask[0], "確認して実行")
	if done[0].Ephemeral || !strings.Contains(done[0].Content, "投了") {
		t.Errorf("confirmed resign: %+v", done)
	}
	if st := discordtest.Text(say(alice, game, "game status", nil)); !strings.Contains(st, "is over") || !strings.Contains(st, "resigned") {
		t.Errorf("after the confirmed resign, the thread's game still runs: %s", st)
	}
	time.Sleep(200 * time.Millisecond) // the status edit follows the answer
	pins := 0
	for _, msg := range h.Srv.ChannelMessages(game) {
		if strings.HasPrefix(msg.Content, "📌 rtrbot #1") {
			pins++
			if !msg.Pinned || !strings.Contains(msg.Content, "Game over") {
				t.Errorf("the status message after the resign (pinned %v): %q", msg.Pinned, msg.Content)
			}
		}
	}
	if pins != 1 {
		t.Errorf("%d status messages after the restart, want the one pinned before it", pins)
	}
}
