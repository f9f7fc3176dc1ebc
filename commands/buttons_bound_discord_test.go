package commands_test

import (
	"slices"
	"strings"
	"testing"
	"time"

	"rtrbot/discord/discordtest"
	"rtrbot/discord/fakediscord"
)

// The red-team suite through Discord: buttons are bound to what they were
// made for, and what users write pings nobody.

func (b *discordTable) button(ms []fakediscord.Message, label string) (fakediscord.Message, fakediscord.Button) {
	b.t.Helper()
	for _, m := range ms {
		for _, x := range m.Buttons {
			if x.Label == label {
				return m, x
			}
		}
	}
	b.t.Fatalf("no button %q in %+v", label, ms)
	return fakediscord.Message{}, fakediscord.Button{}
}

// A Confirm left from "Resign? The Allied side concedes" in a game since
// abandoned, pressed (its custom_id, as a modified client sends it) once
// a new game runs with the same user now German, resigns nothing: the
// press is refused privately, saying what the button belonged to.
func TestCheatStaleResignConfirmThroughDiscord(t *testing.T) {
	b := newDiscordTable(t)
	alice, kenji := discordtest.Alice, discordtest.Kenji
	b.say(alice, "", "game new", map[string]any{"scenario": "standard", "seed": 5})
	old := b.h.Srv.Threads()[0].ID
	b.say(alice, old, "game join", map[string]any{"side": "allied"})
	b.say(kenji, old, "game join", map[string]any{"side": "german"})
	ask := b.say(alice, old, "game resign", nil)
	_, confirm := b.button(ask, "Confirm")
	b.say(alice, old, "game abandon", map[string]any{"confirm": true})
	b.say(alice, "", "game new", map[string]any{"scenario": "standard", "seed": 6})
	var fresh string
	for _, th := range b.h.Srv.Threads() {
		if th.ID != old && th.Parent == fakediscord.DefaultChannel && !th.Private && fresh == "" {
			fresh = th.ID
		}
	}
	if fresh == "" {
		t.Fatal("no thread for the new game")
	}
	b.say(alice, fresh, "game join", map[string]any{"side": "german"})
	b.say(kenji, fresh, "game join", map[string]any{"side": "allied"})
	for _, ch := range []string{old, fresh} {
		msg := fakediscord.Message{ID: ask[0].ID, Channel: ch}
		c, err := b.h.Srv.PressID(fakediscord.Invoke{User: alice, Channel: ch}, msg, confirm.CustomID)
		if err != nil {
			t.Fatal(err)
		}
		got := b.settle(c)
		if len(got) != 1 || !got[0].Ephemeral || !strings.Contains(got[0].Content, "This button belonged to game #1, the Allied side") {
			t.Errorf("the old Confirm pressed in %s: %+v", ch, got)
		}
	}
	if st := discordtest.Text(b.say(kenji, fresh, "game status", nil)); strings.Contains(st, "no game") || strings.Contains(strings.ToLower(st), "resign") {
		t.Fatalf("the new game after the old Confirm: %s", st)
	}
}

// One End button pressed twice at the same instant ends one segment; the
// other press is told privately that its segment is over.
func TestCheatEndButtonPressedTwiceAtOnceThroughDiscord(t *testing.T) {
	b := newDiscordTable(t)
	alice := discordtest.Alice
	pos := "scenario standard\nstep movement-1\nplayer german\n2621: G-III\n2619: F-XX\n"
	b.say(alice, "", "game load", map[string]any{"attachment": fakediscord.File{Name: "pos.txt", ContentType: "text/plain", Data: []byte(pos)}})
	ch := ""
	if ths := b.h.Srv.Threads(); len(ths) > 0 {
		ch = ths[0].ID
	}
	moved := b.say(alice, ch, "move", map[string]any{"unit": "G-III", "to": "2721"})
	msg, end := b.button(moved, "End the segment")
	calls, err := b.h.Srv.PressTogether(msg, end, fakediscord.Invoke{User: alice, Channel: ch}, fakediscord.Invoke{User: alice, Channel: ch})
	if err != nil {
		t.Fatal(err)
	}
	refused := 0
	for _, c := range calls {
		got := b.settle(c)
		if strings.Contains(discordtest.Text(got), "This button belonged to") {
			refused++
			if !got[0].Ephemeral {
				t.Errorf("a public refusal: %+v", got)
			}
		}
	}
	if refused != 1 {
		t.Fatalf("%d of two simultaneous presses of one End refused, want 1", refused)
	}
}

// What users write pings nobody and links nowhere: a display name that is
// a mention and a masked link is echoed inert in the public join, and a
// fix proposal naming a user as a unit is refused before it reaches the
// other side's private thread (where a mention would add that user).
func TestCheatUserTextPingsNobody(t *testing.T) {
	b := newDiscordTable(t)
	alice, kenji := discordtest.Alice, discordtest.Kenji
	const victim = "500000000000000009"
	kenji.Name = "<@" + victim + "> [free maps](https://evil.example) @everyone"
	b.say(alice, "", "game new", map[string]any{"scenario": "standard", "seed": 5})
	game := b.h.Srv.Threads()[0].ID
	b.say(alice, game, "game join", map[string]any{"side": "allied"})
	b.say(kenji, game, "game join", map[string]any{"side": "german"})
	fix := b.say(alice, game, "game fix", map[string]any{"order": "move <@" + victim + "> 0524"})
	if len(fix) == 0 || !fix[0].Ephemeral {
		t.Errorf("the fix naming a user: %+v", fix)
	}
	time.Sleep(200 * time.Millisecond)
	for _, m := range b.h.Srv.Public() {
		for _, id := range m.Pinged {
			if id == victim {
				t.Errorf("a public message pings the user named in user text: %q", m.Content)
			}
		}
		if strings.Contains(m.Content, "<@"+victim+">") || strings.Contains(m.Content, "](https://evil") || strings.Contains(m.Content, "@everyone") {
			t.Errorf("user text echoed live: %q", m.Content)
		}
	}
	for _, th := range b.h.Srv.Threads() {
		if slices.Contains(th.Members, victim) {
			t.Errorf("the user named in user text was let into thread %q", th.Name)
		}
	}
}
