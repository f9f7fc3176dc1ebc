package discord_test

import (
	"bytes"
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"

	"rtrbot/commands/commandstest"
	"rtrbot/discord/discordtest"
	"rtrbot/discord/fakediscord"
)

// transcript is what the players saw, interaction by interaction.
type transcript struct {
	h       *discordtest.Harness
	channel string // where the users type: the game's thread
	lines   []string
}

// say runs a command as a user and returns the text of every message the
// user saw, checking the answer came within Discord's window.
func (tr *transcript) say(u fakediscord.User, path string, opts map[string]any) []fakediscord.Message {
	h := tr.h
	h.T.Helper()
	c, cb := h.Run(fakediscord.Invoke{User: u, Channel: tr.channel, Path: path, Options: opts})
	var ms []fakediscord.Message
	deadline := time.Now().Add(time.Minute)
	for len(ms) == 0 && time.Now().Before(deadline) {
		ms, _ = c.WaitMessages(1, wait)
	}
	time.Sleep(20 * time.Millisecond)
	ms = c.Visible()
	var opt []string
	for k, v := range opts {
		opt = append(opt, fmt.Sprintf("%s:%v", k, v))
	}
	tr.lines = append(tr.lines, fmt.Sprintf("%s (%s) /%s %s — callback %d after %v", u.Name, u.Locale, path, strings.Join(opt, " "), cb.Type, c.Latency().Round(time.Microsecond)))
	for _, m := range ms {
		vis := "public"
		if m.Ephemeral {
			vis = "private"
		}
		first, _, _ := strings.Cut(m.Content, "\n")
		tr.lines = append(tr.lines, fmt.Sprintf("    [%s] %s (%d lines, %d files)", vis, first, strings.Count(m.Content, "\n")+1, len(m.Files)))
	}
	return ms
}

// batch sends /orders without its text: the bot opens a text box, the
// user types the orders into it and sends.
func (tr *transcript) batch(u fakediscord.User, text string) string {
	h := tr.h
	h.T.Helper()
	_, cb := h.Run(fakediscord.Invoke{User: u, Channel: tr.channel, Path: "orders"})
	if cb.Type != fakediscord.Modal {
		h.T.Fatalf("/orders without text: callback %d, want a text box", cb.Type)
	}
	c, err := h.Srv.SubmitModal(fakediscord.Invoke{User: u, Channel: tr.channel}, cb.Modal, map[string]string{"text": text})
	if err != nil {
		h.T.Fatal(err)
	}
	if _, err := c.Wait(wait); err != nil {
		h.T.Fatal(err)
	}
	if _, err := c.WaitMessages(1, time.Minute); err != nil {
		h.T.Fatal(err)
	}
	time.Sleep(50 * time.Millisecond)
	ms := c.Visible()
	tr.lines = append(tr.lines, fmt.Sprintf("%s (%s) /orders — text box %q, sent:\n        %s", u.Name, u.Locale, cb.Modal.Title, strings.ReplaceAll(text, "\n", "\n        ")))
	for _, m := range ms {
		vis := "public"
		if m.Ephemeral {
			vis = "private"
		}
		tr.lines = append(tr.lines, fmt.Sprintf("    [%s] %s", vis, strings.ReplaceAll(m.Content, "\n", "\n        ")))
	}
	return discordtest.Text(ms)
}

var japanese = regexp.MustCompile(`[\p{Hiragana}\p{Katakana}\p{Han}]`)

// The opening of a standard game played through Discord by two users, the
// Allied player in English and the German player in Japanese: the game
// opens its thread, each joins a side and gets a private side thread,
// setup, then the first turn's segments, orders with autocomplete and a
// batch typed into the text box, refusals, and the map. Every interaction
// is answered within the window (the harness checks), every reply is in its
// user's language, and the fake saw nothing Discord would refuse.
func TestOpeningTurnThroughDiscord(t *testing.T) {
	t.Parallel()
	bot := realBot(t)
	for _, p := range []string{"game new", "game join", "game setup", "game status", "end", "units", "moves", "move"} {
		if bot.Router.Find(p) == nil {
			t.Skipf("/%s not built yet", p)
		}
	}
	h := discordtest.New(t, bot.Router, nil)
	tr := &transcript{h: h}
	defer func() {
		var posts []string
		for _, th := range h.Srv.Threads() {
			kind := "public"
			if th.Private {
				kind = "private, members " + strings.Join(th.Members, ",")
			}
			posts = append(posts, fmt.Sprintf("thread %q (%s):", th.Name, kind))
			for _, m := range h.Srv.ChannelMessages(th.ID) {
				first, _, _ := strings.Cut(m.Content, "\n")
				posts = append(posts, fmt.Sprintf("    %s (%d lines, %d files)", first, strings.Count(m.Content, "\n")+1, len(m.Files)))
			}
		}
		t.Logf("what the players saw:\n%s\n\nposts in the threads:\n%s", strings.Join(tr.lines, "\n"), strings.Join(posts, "\n"))
	}()

	tr.say(alice, "game new", map[string]any{"scenario": "standard", "seed": 3})
	threads := h.Srv.Threads()
	if len(threads) != 1 || threads[0].Private {
		t.Fatalf("/game new should open one public thread: %+v", threads)
	}
	tr.channel = threads[0].ID
	tr.lines = append(tr.lines, "    (the players go to the game's thread)")
	tr.say(alice, "game join", map[string]any{"side": "allied"})
	if got := discordtest.Text(tr.say(kenji, "game join", map[string]any{"side": "german"})); !japanese.MatchString(got) {
		t.Errorf("the German player reads Japanese; got %q", got)
	}
	if th := h.Srv.Threads(); len(th) != 3 || !th[1].Private || !th[2].Private ||
		strings.Join(th[1].Members, ",") != alice.ID || strings.Join(th[2].Members, ",") != kenji.ID {
		t.Errorf("each side should get a private thread with its player: %+v", th)
	}
	// The other side's player may not order this side.
	if ms := tr.say(kenji, "game setup", nil); len(ms) != 1 || !ms[0].Ephemeral {
		t.Errorf("the German player set up for the Allies: %+v", ms)
	}
	tr.say(alice, "game setup", nil)
	tr.say(alice, "end", nil)
	tr.say(kenji, "game setup", nil)
	tr.say(kenji, "end", nil)
	if got := discordtest.Text(tr.say(kenji, "game status", nil)); !strings.Contains(got, "8月") {
		t.Errorf("/game status in Japanese: %q", got)
	}
	// The bot's connection restarts in the middle of the game (a deploy,
	// a network failure): the game goes on where it was.
	if err := h.Bot.Close(); err != nil {
		t.Fatal(err)
	}
	h.Start()
	tr.lines = append(tr.lines, "    (the bot reconnects)")
	if got := discordtest.Text(tr.say(alice, "game status", nil)); !strings.Contains(got, "Aug II") {
		t.Errorf("/game status after the restart: %q", got)
	}
	moved, movedIn, badTried := 0, "", false
	for step := 0; step < 150; step++ {
		st := discordtest.Text(tr.say(alice, "game status", nil))
		if strings.Contains(st, "Aug III") {
			break // the opening turn is over
		}
		player := alice
		if strings.Contains(st, "German player to act") {
			player = kenji
		}
		segment := st
		if m := segmentRE.FindString(st); m != "" {
			segment = m
		}
		if strings.Contains(st, "movement segment") && player.ID == kenji.ID && !badTried {
			// Bad orders of every kind get a specific private reply and
			// change nothing: an unknown unit, a hex off the map, the other
			// side's unit, and an order from the side not to move.
			badTried = true
			for _, bad := range []struct {
				who  fakediscord.User
				opts map[string]any
				want string
			}{
				{kenji, map[string]any{"unit": "ZZ-9", "to": "1804"}, "ZZ-9"},
				{kenji, map[string]any{"unit": "G-XV", "to": "9999"}, "9999"},
				{kenji, map[string]any{"unit": "F-XX", "to": "0101"}, "F-XX"},
				{alice, map[string]any{"unit": "F-XX", "to": "0101"}, "German"},
			} {
				ms := tr.say(bad.who, "move", bad.opts)
				if len(ms) != 1 || !ms[0].Ephemeral || !strings.Contains(ms[0].Content, bad.want) {
					t.Errorf("/move %v by %s: want one private refusal naming %q, got %+v", bad.opts, bad.who.Name, bad.want, ms)
				}
			}
			if after := discordtest.Text(tr.say(alice, "game status", nil)); after != st {
				t.Errorf("a refused order changed the game:\n%s\n---\n%s", st, after)
			}
		}
		if strings.Contains(st, "movement segment") && movedIn != segment {
			movedIn = segment // one move a segment is enough to show it
			id := commandstest.FirstActor(discordtest.Text(tr.say(player, "units", nil)))
			if id != "" {
				// The unit autocomplete offers this unit when its ID is typed.
				ac, err := h.Srv.Autocomplete(fakediscord.Invoke{User: player, Channel: tr.channel, Path: "move", Options: map[string]any{"unit": id[:2]}}, "unit")
				if err != nil {
					t.Fatal(err)
				}
				cb, err := ac.Wait(wait)
				if err != nil {
					t.Fatal(err)
				}
				found := false
				for _, ch := range cb.Choices {
					found = found || ch.Value == id
				}
				if len(cb.Choices) > 25 || (!found && len(cb.Choices) < 25) {
					t.Errorf("autocomplete for %q: %d choices, %s among them: %v", id[:2], len(cb.Choices), id, found)
				}
				if to := commandstest.FirstDest(discordtest.Text(tr.say(player, "moves", map[string]any{"unit": id}))); to != "" {
					if moved == 1 && bot.Router.Find("orders") != nil {
						// The second move as a batch typed into the text box.
						if got := tr.batch(player, "move "+id+" "+to+"\nfly "+id+" 9999"); !strings.Contains(got, id) || !strings.Contains(got, "fly") {
							t.Errorf("batch: %q", got)
						}
					} else if got := discordtest.Text(tr.say(player, "move", map[string]any{"unit": id, "to": to})); player.ID == kenji.ID && !japanese.MatchString(got) {
						t.Errorf("move reply to the German player not in Japanese: %q", got)
					}
					moved++
				}
			}
		}
		if strings.Contains(st, "reinforcement phase") && bot.Router.Find("reinforce") != nil {
			tr.say(player, "reinforce", nil)
		}
		out := discordtest.Text(tr.say(player, "end", nil))
		// The segment cannot end yet: do what the bot asks, then end again.
		if m := withdrawRE.FindStringSubmatch(out); m != nil {
			tr.say(player, "withdraw", map[string]any{"unit": m[1]})
		} else if strings.Contains(out, "/remove") {
			if m := commandstest.Overstack.FindStringSubmatch(out); m != nil {
				ids := strings.Fields(m[1])
				tr.say(player, "remove", map[string]any{"unit": ids[len(ids)-1]})
			}
		}
	}
	if st := discordtest.Text(tr.say(alice, "game status", nil)); !strings.Contains(st, "Aug III") {
		t.Errorf("the opening turn did not end through Discord; status:\n%s", st)
	}
	if !badTried {
		t.Error("no German movement segment came to try bad orders in")
	}
	if moved < 2 {
		t.Errorf("only %d moves made through Discord", moved)
	}
	// What a player asked to see privately never reached the channel.
	for _, m := range h.Srv.Public() {
		if strings.Contains(m.Content, "may act now") || strings.Contains(m.Content, "can move to") {
			t.Errorf("a private answer was posted publicly: %.80q", m.Content)
		}
	}
	if bot.Router.Find("map") != nil {
		ms := tr.say(alice, "map", nil)
		if len(ms) == 0 || len(ms[0].Files) == 0 || !bytes.HasPrefix(ms[0].Files[0].Data, []byte("\x89PNG")) {
			t.Errorf("/map: no picture: %+v", ms)
		}
	}
}

var (
	segmentRE  = regexp.MustCompile(`▶[^\n]*`)
	withdrawRE = regexp.MustCompile(`/withdraw unit:(\S+)`)
)
