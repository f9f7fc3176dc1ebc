package commands_test

import (
	"bytes"
	"context"
	"encoding/binary"
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"

	"rtrbot/actor"
	"rtrbot/ai"
	"rtrbot/console"
	"rtrbot/discord/discordtest"
	"rtrbot/discord/fakediscord"
	"rtrbot/engine/game"
	"rtrbot/engine/units"
	"rtrbot/i18n"
	"rtrbot/playtest"
)

// /replay through the fake Discord: one message stepped in place by its
// buttons, whoever presses them, after a restart too, and never more than
// the presser may see.

// replayTable is a game played in a Discord thread by Alice (German) and
// Kenji (Allied), its orders chosen by the random computer player on a
// copy of the engine's state and given through the router as typed
// commands, up to the end of segments setup, movement or combat segments.
type replayTable struct {
	*discordTable
	thread  string
	state   *game.State // the game as the engine has it, for the test's own checks
	public  map[string]bool
	endings int
}

var replayCarol = fakediscord.User{ID: "400000000000000013", Name: "Carol", Locale: "en-US"}

func newReplayTable(t *testing.T, segments int) *replayTable {
	const seed = 7
	d := newDiscordTable(t)
	alice, kenji := discordtest.Alice, discordtest.Kenji
	d.say(alice, "", "game new", map[string]any{"scenario": "standard", "seed": seed})
	rt := &replayTable{discordTable: d, public: map[string]bool{}}
	for _, th := range d.h.Srv.Threads() {
		if th.Parent == fakediscord.DefaultChannel && !th.Private {
			rt.thread = th.ID
		}
	}
	if rt.thread == "" {
		t.Fatal("no game thread")
	}
	d.say(alice, rt.thread, "game join", map[string]any{"side": "german"})
	d.say(kenji, rt.thread, "game join", map[string]any{"side": "allied"})
	r, err := game.NewRules(d.m, "standard")
	if err != nil {
		t.Fatal(err)
	}
	if rt.state, err = game.NewKey(r, binary.BigEndian.AppendUint64(nil, seed), nil); err != nil {
		t.Fatal(err)
	}
	rt.play(segments)
	return rt
}

// play gives the computer's orders until n more segments have ended.
func (rt *replayTable) play(n int) {
	t := rt.t
	players := map[units.Side]fakediscord.User{units.German: discordtest.Alice, units.Allied: discordtest.Kenji}
	comp, err := ai.New("random", ai.Config{Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	for goal := rt.endings + n; rt.endings < goal; {
		s := rt.state
		side := s.ToMove()
		orders, err := ai.Ask(comp, s.ViewFor(game.ViewerOf(side)), ai.NewBoard(s, side))
		if err != nil {
			t.Fatal(err)
		}
		if len(orders) == 0 {
			orders = []game.Order{game.End()}
		}
		for _, o := range orders {
			if rt.endings >= goal {
				break
			}
			rt.give(players[side], o)
		}
	}
}

// give sends one order as its player types it, and plays it on the copy.
func (rt *replayTable) give(u fakediscord.User, o game.Order) {
	t := rt.t
	s := rt.state
	line, ok := playtest.Slash(o)
	if !ok {
		t.Fatalf("no command for %s", o)
	}
	n, _, err := game.Apply(s, o)
	if err != nil {
		return // the computer's proposal is refused: the bot refuses it too
	}
	req, err := console.Parse(rt.h.Router, line)
	if err != nil {
		t.Fatalf("%s: %v", line, err)
	}
	req.User, req.Guild, req.Channel, req.Lang, req.Now = actor.Actor{ID: u.ID, Name: u.Name}, rt.h.Srv.Guilds[0], rt.thread, i18n.EN, time.Now()
	rt.h.Router.Run(context.Background(), req)
	if o.Verb == game.VerbEnd && (s.Step == game.SetupStep || s.Step.IsMovement() || s.Step.IsCombat()) {
		rt.endings++
	}
	for id := range s.ViewFor(game.PublicView).VisibleIDs() {
		rt.public[id] = true
	}
	for id := range n.ViewFor(game.PublicView).VisibleIDs() {
		rt.public[id] = true
	}
	rt.state = n
}

// press presses a button of message m as u and waits for what it did.
func (rt *replayTable) press(u fakediscord.User, m fakediscord.Message, label string) []fakediscord.Message {
	rt.t.Helper()
	_, b := rt.button([]fakediscord.Message{m}, label)
	return rt.pressID(u, m, b.CustomID)
}

func (rt *replayTable) pressID(u fakediscord.User, m fakediscord.Message, id string) []fakediscord.Message {
	rt.t.Helper()
	c, err := rt.h.Srv.PressID(fakediscord.Invoke{User: u, Channel: m.Channel}, m, id)
	if err != nil {
		rt.t.Fatal(err)
	}
	return rt.settle(c)
}

var position = regexp.MustCompile(`\((\d+)/(\d+)\)`)

// at is the replay message's position "k/n".
func at(t *testing.T, m fakediscord.Message) string {
	t.Helper()
	p := position.FindStringSubmatch(m.Content)
	if p == nil {
		t.Fatalf("no position in %q", m.Content)
	}
	return p[1] + "/" + p[2]
}

var unitID = regexp.MustCompile(`\b(?:G|BY|AH|F|GB|BE)-[A-Z0-9]+\b`)

// hiddenIn are the unit IDs text names that the public never saw.
func (rt *replayTable) hiddenIn(text string) []string {
	var out []string
	for _, id := range unitID.FindAllString(text, -1) {
		if !rt.public[id] {
			out = append(out, id)
		}
	}
	return out
}

// A spectator's /replay of a running game is one public message; ▶
// pressed by a player edits that same message in place (no new post), ⏭
// and ⏮ reach the ends and ▶ at the end stays there, and a press after
// a restart still steps. Every frame is the public view and names no
// unit the public has not seen.
func TestReplayStepsInPlaceThroughDiscord(t *testing.T) {
	rt := newReplayTable(t, 4) // both setups, the German movement and combat
	got := rt.say(replayCarol, rt.thread, "replay", nil)
	if len(got) != 1 || got[0].Ephemeral || len(got[0].Files) != 1 || !strings.HasSuffix(got[0].Files[0].Name, ".png") {
		t.Fatalf("/replay: %s", brief(got))
	}
	msg := got[0]
	if p := at(t, msg); p != "1/5" {
		t.Fatalf("the first frame is at %s, want 1/5: %q", p, msg.Content)
	}
	first := msg.Files[0].Data
	publicMsgs := len(rt.h.Srv.Public())
	step := func(u fakediscord.User, label, want string) fakediscord.Message {
		t.Helper()
		rt.press(u, msg, label)
		var now fakediscord.Message
		for _, m := range rt.h.Srv.Public() {
			if m.ID == msg.ID {
				now = m
			}
		}
		if p := at(t, now); p != want {
			t.Fatalf("%s pressed %s: at %s, want %s", u.Name, label, p, want)
		}
		if n := len(rt.h.Srv.Public()); n != publicMsgs {
			t.Fatalf("%s pressed %s: %d public messages, was %d: the press posted instead of editing", u.Name, label, n, publicMsgs)
		}
		if h := rt.hiddenIn(now.Content); len(h) > 0 {
			t.Fatalf("frame %s names units the public never saw: %v\n%s", want, h, now.Content)
		}
		msg = now
		return now
	}
	m2 := step(discordtest.Kenji, "▶", "2/5")
	if !m2.Edited || bytes.Equal(m2.Files[0].Data, first) || len(m2.Files) != 1 {
		t.Errorf("▶ did not replace the picture: edited %v, %d files", m2.Edited, len(m2.Files))
	}
	if !strings.Contains(m2.Content, "公開視点") {
		t.Errorf("Kenji's press (Japanese) left the frame in English: %q", m2.Content)
	}
	step(replayCarol, "⏭", "5/5")
	step(replayCarol, "▶", "5/5")
	step(discordtest.Alice, "⏮", "1/5")
	step(discordtest.Alice, "◀", "1/5")
	step(replayCarol, "▶", "2/5")
	rt.restart()
	step(replayCarol, "▶", "3/5")
	for _, b := range msg.Buttons {
		if len(b.CustomID) > 100 {
			t.Errorf("custom id %q over 100 characters", b.CustomID)
		}
	}
}

// Nobody gets a side's view of a running game through the replay: not a
// spectator typing view:german, not the German player, not a spectator
// pressing a forged button that asks for it on the public message (which
// stays as it was); a button naming another game or a segment out of
// range is refused privately too.
func TestCheatReplayForgedPressesThroughDiscord(t *testing.T) {
	rt := newReplayTable(t, 3)
	for _, u := range []fakediscord.User{replayCarol, discordtest.Alice} {
		got := rt.say(u, rt.thread, "replay", map[string]any{"view": "german"})
		if len(got) != 1 || !got[0].Ephemeral || len(got[0].Files) != 0 || !strings.Contains(got[0].Content, "public view only") {
			t.Errorf("%s's /replay view:german of a running game: %s", u.Name, brief(got))
		}
	}
	msg := rt.say(replayCarol, rt.thread, "replay", nil)[0]
	_, next := rt.button([]fakediscord.Message{msg}, "▶")
	for _, forged := range []struct{ from, to, want string }{
		{"view=public", "view=german", "public view only"},
		{"game=1", "game=99", "was not played here"},
		{"segment=1", "segment=999", "give segment:1 to segment:4"},
	} {
		id := strings.Replace(next.CustomID, forged.from, forged.to, 1)
		if id == next.CustomID {
			t.Fatalf("%s is not in %s", forged.from, id)
		}
		got := rt.pressID(replayCarol, msg, id)
		if len(got) != 1 || !got[0].Ephemeral || len(got[0].Files) != 0 || !strings.Contains(got[0].Content, forged.want) {
			t.Errorf("forged press %s: %s", forged.to, brief(got))
		}
		for _, m := range rt.h.Srv.Public() {
			if m.ID == msg.ID && (m.Content != msg.Content || m.Edits != msg.Edits) {
				t.Errorf("forged press %s changed the public replay: %.200q", forged.to, m.Content)
			}
		}
	}
}

// brief is what a test says of messages: their visibility, files and the
// start of their text.
func brief(ms []fakediscord.Message) string {
	var out []string
	for _, m := range ms {
		out = append(out, fmt.Sprintf("[ephemeral %v, %d files, edits %d] %.160q", m.Ephemeral, len(m.Files), m.Edits, m.Content))
	}
	return strings.Join(out, "; ")
}

// Once the game is over (the Allied player resigned), anyone may step
// through either side's view, as /game export then gives anyone the whole
// log: answered privately and stepped in place; the public view is
// anyone's, and /replay in the channel finds the ended game.
func TestReplaySideViewsAfterTheGameThroughDiscord(t *testing.T) {
	rt := newReplayTable(t, 3)
	kenji, alice := discordtest.Kenji, discordtest.Alice
	rt.say(kenji, rt.thread, "game resign", map[string]any{"confirm": true})
	for _, c := range []struct {
		who  fakediscord.User
		view string
		ok   bool
	}{
		{alice, "german", true}, {kenji, "allied", true}, {kenji, "german", true},
		{replayCarol, "german", true}, {replayCarol, "allied", true}, {replayCarol, "public", true},
	} {
		got := rt.say(c.who, rt.thread, "replay", map[string]any{"view": c.view})
		if len(got) != 1 {
			t.Fatalf("%s view:%s: %s", c.who.Name, c.view, brief(got))
		}
		shown := len(got[0].Files) == 1
		if shown != c.ok || shown && got[0].Ephemeral != (c.view != "public") || !shown && !got[0].Ephemeral {
			t.Errorf("%s view:%s after the game: %s", c.who.Name, c.view, brief(got))
		}
	}
	own := rt.say(alice, rt.thread, "replay", map[string]any{"view": "german", "segment": 2})[0]
	rt.press(alice, own, "▶")
	var calls []*fakediscord.Call
	for _, c := range rt.h.Srv.Calls() {
		calls = append(calls, c)
	}
	last := calls[len(calls)-1].Visible()
	if len(last) != 1 || last[0].ID != own.ID || !last[0].Ephemeral || at(t, last[0]) != "3/4" {
		t.Errorf("▶ on Alice's German replay: %s", brief(last))
	}
	if got := rt.say(replayCarol, fakediscord.DefaultChannel, "replay", nil); len(got) != 1 || len(got[0].Files) != 1 || !strings.Contains(got[0].Content, "game #1") {
		t.Errorf("/replay in the game's channel after the game: %s", brief(got))
	}
}
