package commands_test

import (
	"bytes"
	"regexp"
	"strings"
	"testing"
	"time"

	"rtrbot/discord/discordtest"
	"rtrbot/discord/fakediscord"
)

// The opening of the standard scenario played through a fake Discord by
// two users who join opposite sides: the game gets a
// thread, each side a private thread with its player; orders answer only
// their author; every segment's end posts the public account and map to
// the game's thread, naming the next player, and each side's own map to
// its private thread; a spectator is refused.
func TestTwoPlayersThroughDiscord(t *testing.T) {
	d := newDiscordTable(t)
	h := d.h
	alice, kenji := discordtest.Alice, discordtest.Kenji
	carol := fakediscord.User{ID: "400000000000000013", Name: "Carol", Locale: "en-US"}

	say := func(u fakediscord.User, ch, path string, opts map[string]any) []fakediscord.Message {
		t.Helper()
		c, _ := h.Run(fakediscord.Invoke{User: u, Channel: ch, Path: path, Options: opts})
		if _, err := c.WaitMessages(1, time.Minute); err != nil {
			t.Fatal(err)
		}
		time.Sleep(100 * time.Millisecond)
		return c.Visible()
	}
	got := discordtest.Text(say(alice, "", "game new", map[string]any{"scenario": "standard", "seed": 5}))
	threads := h.Srv.Threads()
	if len(threads) != 1 || threads[0].Private || threads[0].Parent != fakediscord.DefaultChannel || !strings.Contains(got, "<#"+threads[0].ID+">") {
		t.Fatalf("/game new: %q, threads %+v", got, threads)
	}
	game := threads[0].ID
	if ms, err := h.Srv.WaitChannel(game, 2, 5*time.Second); err != nil || !strings.Contains(ms[0].Content, "commitment") || !ms[1].Pinned || !strings.Contains(ms[1].Content, "To move: Allied") {
		t.Fatalf("the game's thread: its opening, then its pinned status: %+v %v", ms, err)
	}
	say(alice, game, "game join", map[string]any{"side": "allied"})
	if got := discordtest.Text(say(kenji, game, "game join", map[string]any{"side": "german"})); !strings.Contains(got, "独軍") {
		t.Errorf("join in Japanese: %q", got)
	}
	threads = h.Srv.Threads()
	if len(threads) != 3 || !threads[1].Private || !threads[2].Private {
		t.Fatalf("side threads: %+v", threads)
	}
	allied, german := threads[1].ID, threads[2].ID
	if threads[1].Parent != fakediscord.DefaultChannel {
		t.Errorf("a private thread must hang under the channel, not the game's thread: %+v", threads[1])
	}
	if r := say(carol, game, "game setup", nil); !r[0].Ephemeral || !strings.Contains(r[0].Content, "do not play in this game") {
		t.Errorf("spectator: %+v", r)
	}
	say(alice, game, "game setup", nil)
	before := len(h.Srv.ChannelMessages(game))
	end := say(alice, game, "end", nil)
	for _, m := range end {
		if !m.Ephemeral {
			t.Errorf("the order's own answer was public: %.80q", m.Content)
		}
	}
	ms, err := h.Srv.WaitChannel(game, before+1, time.Minute)
	if err != nil {
		t.Fatal(err)
	}
	// The turn passes to the Germans: one post with the map that mentions
	// Kenji; the game's status message, pinned since the game began, now
	// names him without a mention (a mention is for who must act).
	time.Sleep(200 * time.Millisecond) // the status edit follows the post
	ms = h.Srv.ChannelMessages(game)
	post := ms[before]
	var status fakediscord.Message
	for _, m := range ms {
		if m.Pinned {
			status = m
		}
	}
	// In English (Alice ended it) and in Japanese (Kenji reads Japanese).
	if !strings.Contains(post.Content, "Segment ended") || !strings.Contains(post.Content, "セグメント終了") || !strings.Contains(post.Content, "<@"+kenji.ID+">") {
		t.Errorf("segment post: %q", post.Content)
	}
	if len(post.Files) != 1 || !bytes.HasPrefix(post.Files[0].Data, []byte("\x89PNG")) {
		t.Errorf("segment post without its map: %+v", post.Files)
	}
	if !status.Pinned || !strings.HasPrefix(status.Content, "📌 rtrbot #1") || !strings.Contains(status.Content, "Kenji") || strings.Contains(status.Content, "<@") || len(status.Pings) > 0 {
		t.Errorf("status message: pinned %v, pings %v: %q", status.Pinned, status.Pings, status.Content)
	}
	// The Allied thread keeps its welcome only; the German thread gets
	// its side's map as its player turn begins.
	for th, want := range map[string]int{allied: 1, german: 2} {
		ms, err := h.Srv.WaitChannel(th, want, time.Minute)
		if err != nil {
			t.Fatalf("private thread %s: %v", th, err)
		}
		if len(ms) != want {
			t.Errorf("private thread %s: %d messages, want %d", th, len(ms), want)
		}
		for i, m := range ms { // the welcome at /game join, then the map of the player turn: each with the side's map
			if len(m.Files) != 1 || !strings.Contains(m.Files[0].Name, "map-") || !bytes.HasPrefix(m.Files[0].Data, []byte("\x89PNG")) {
				t.Errorf("private thread %s, message %d: %.80q, %d files", th, i, m.Content, len(m.Files))
			}
		}
	}
	// Kenji (German) sets up and ends in Japanese; Alice may not act for him.
	if r := say(alice, game, "game setup", nil); !strings.Contains(r[0].Content, "German player's turn") {
		t.Errorf("Alice ordering for the Germans: %q", r[0].Content)
	}
	say(kenji, game, "game setup", nil)
	before = len(h.Srv.ChannelMessages(game))
	say(kenji, game, "end", nil)
	ms, err = h.Srv.WaitChannel(game, before+1, time.Minute)
	if err != nil {
		t.Fatal(err)
	}
	if post := ms[before].Content; !regexp.MustCompile(`セグメント終了`).MatchString(post) {
		t.Errorf("Kenji's segment post in his language: %q", post)
	}
	// The status message was edited in place, not posted again.
	pins := 0
	for _, m := range h.Srv.ChannelMessages(game) {
		if strings.HasPrefix(m.Content, "📌 rtrbot #1") {
			pins++
			if m.Edits == 0 || !strings.Contains(m.Content, "8月II") {
				t.Errorf("status message not edited to the new step: %d edits, %q", m.Edits, m.Content)
			}
		}
	}
	if pins != 1 {
		t.Errorf("%d status messages in the game's thread, want 1", pins)
	}
	// Every message posted in the game's thread (public) names no unit:
	// the setup is hidden (14.1) and only hexes are told.
	ids := regexp.MustCompile(`\b(G|F|BE|GB|BY)-[0-9A-Z]+\b`)
	for _, m := range h.Srv.ChannelMessages(game) {
		if id := ids.FindString(m.Content); id != "" {
			t.Errorf("the game's public thread names %s: %q", id, m.Content)
		}
	}
	// The bot restarts (a new process over the same database file): the
	// game, its players and their threads are back.
	d.restart()
	if got := discordtest.Text(say(carol, german, "game status", nil)); !strings.Contains(got, "Game #1") || !strings.Contains(got, "German: Kenji") {
		t.Errorf("after the restart, from the German thread: %q", got)
	}
	if r := say(kenji, game, "undo", nil); !r[0].Ephemeral || !strings.Contains(r[0].Content, "あなたは独軍側です") {
		t.Errorf("Kenji after the restart, in the Allied turn: %q", r[0].Content)
	}
	// A second game from the same channel gets a thread of its own; the
	// first goes on in its thread.
	got = discordtest.Text(say(carol, "", "game new", map[string]any{"scenario": "extended"}))
	threads = h.Srv.Threads()
	if len(threads) != 4 || threads[3].Private || !strings.Contains(got, "#2") {
		t.Fatalf("second game: %q, threads %+v", got, threads)
	}
	if got := discordtest.Text(say(carol, game, "game status", nil)); !strings.Contains(got, "Standard") || !strings.Contains(got, "Game #1") {
		t.Errorf("the first game's thread: %q", got)
	}
	if got := discordtest.Text(say(carol, threads[3].ID, "game status", nil)); !strings.Contains(got, "Extended") {
		t.Errorf("the second game's thread: %q", got)
	}
}
