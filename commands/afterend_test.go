package commands

import (
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"rtrbot/actor"
	"rtrbot/ai"
	"rtrbot/engine/units"
	"rtrbot/i18n"
)

// TestFinishedGameChannelAnswers: once a game is over, its channel still
// tells it. A game against the computer played to its end (15.1), read
// after a restart (the ended game is no longer the channel's running
// one): /game status gives its final status, marked over, to a player,
// the other side's player, a spectator and a Japanese reader alike; the
// same as before the restart; /computer explain gives the computer's last
// account, naming every unit it attacked with (nothing is hidden once a
// game has ended: anyone may export its file); orders and changes are
// refused privately, saying the game is over and how to start a new one.
// An abandoned game is told as abandoned; a newer game in the channel is
// the one told.
func TestFinishedGameChannelAnswers(t *testing.T) {
	clock := newClock()
	path := filepath.Join(t.TempDir(), "g.db")
	b := storedBot(t, path, clock)
	act(t, b, clock, bob, "C1", "/game new vs:bot side:german seed:5")
	act(t, b, clock, bob, "C1", "/game setup")
	playBobToTheEnd(t, b, clock)
	over := peek(b, "C1")
	if !strings.Contains(statusLine(over.State, i18n.EN), "Game over") {
		t.Fatalf("the game did not end: %s", statusLine(over.State, i18n.EN))
	}
	dave := actor.Actor{ID: "444", Name: "Dave"} // a Japanese reader, in no game
	readers := []struct {
		who  actor.Actor
		lang i18n.Lang
	}{{bob, i18n.EN}, {alice, i18n.EN}, {carol, i18n.EN}, {dave, i18n.JA}}
	before := map[string]string{}
	for _, r := range readers {
		for _, line := range []string{"/game status", "/computer explain"} {
			before[r.who.Name+line] = txt(asIn(t, b, clock, r.who, "C1", r.lang, line))
		}
	}
	b = storedBot(t, path, clock) // a restart: only the database knows the game now
	if peek(b, "C1") != nil {
		t.Fatal("the ended game runs in C1 after a restart")
	}
	g, err := b.games.LoadStored(context.Background(), over.ID)
	if err != nil {
		t.Fatal(err)
	}
	var acc ai.Account
	if err := json.Unmarshal([]byte(g.Meta["explain"]), &acc); err != nil || len(acc.Attacks) == 0 {
		t.Fatalf("no stored account with attacks (%v): %q", err, g.Meta["explain"])
	}
	vp := fmt.Sprintf("Final VP: German %d, Allied %d.", g.State.VP[units.German], g.State.VP[units.Allied])
	for _, r := range readers {
		st := asIn(t, b, clock, r.who, "C1", r.lang, "/game status")
		ex := asIn(t, b, clock, r.who, "C1", r.lang, "/computer explain")
		if st.Messages[0].Ephemeral || ex.Messages[0].Ephemeral {
			t.Fatalf("%s: a finished game's status or account is private", r.who.Name)
		}
		if txt(st) != before[r.who.Name+"/game status"] || txt(ex) != before[r.who.Name+"/computer explain"] {
			t.Fatalf("%s: the channel answers otherwise after a restart:\n%s\n%s\nbefore:\n%s\n%s", r.who.Name, txt(st), txt(ex),
				before[r.who.Name+"/game status"], before[r.who.Name+"/computer explain"])
		}
		t.Logf("%s reads:\n%s\n\n%s", r.who.Name, txt(st), txt(ex))
		if r.lang == i18n.JA {
			expect(t, txt(st), "ゲーム #1 は終了しました", "最終 VP", "(15.1)", "/game new")
			expect(t, txt(ex), "ゲーム #1 は終了しています", "🤖 コンピュータ (ヒューリスティック、連合軍)", "攻撃")
			for _, en := range []string{"is over", "Final VP", "The computer"} {
				if strings.Contains(txt(st)+txt(ex), en) {
					t.Fatalf("a Japanese reader reads %q:\n%s\n%s", en, txt(st), txt(ex))
				}
			}
			continue
		}
		expect(t, txt(st), "🏁 **Game #1 is over** (finished)", "(15.1)", vp, "German: Bob", "Allied: Computer (heuristic)", "/game new")
		expect(t, txt(ex), "Game #1 is over", "🤖 The computer (heuristic, Allied)", accountText(acc, g.State.Rules().Map, i18n.EN))
		for _, a := range acc.Attacks[:min(len(acc.Attacks), maxAttackLines)] {
			expect(t, txt(ex), a.Units...) // every attacker, fought or not
		}
	}
	// Nothing changes it: every order and change is refused, privately.
	for _, c := range []struct {
		who  actor.Actor
		lang i18n.Lang
		line string
	}{
		{bob, i18n.EN, "/end"}, {bob, i18n.EN, "/orders text:end"}, {bob, i18n.EN, "/game setup"}, {bob, i18n.EN, "/undo"},
		{bob, i18n.EN, "/game resign confirm:true"}, {bob, i18n.EN, "/game deadline hours:4"}, {bob, i18n.EN, "/computer adjudicate"},
		{carol, i18n.EN, "/game join side:allied"}, {alice, i18n.EN, "/game abandon confirm:true"},
		{dave, i18n.JA, "/end"}, {dave, i18n.JA, "/game join side:german"},
	} {
		r := asIn(t, b, clock, c.who, "C1", c.lang, c.line)
		want := []string{"Game #1 of this channel is over (finished)", "/game new"}
		if c.lang == i18n.JA {
			want = []string{"ゲーム #1 は終了しています (終了)", "/game new"}
		}
		if !r.Messages[0].Ephemeral || len(r.Messages) != 1 {
			t.Fatalf("%s %s: not one private answer: %q", c.who.Name, c.line, txt(r))
		}
		expect(t, txt(r), want...)
	}
	if g, _ := b.games.LoadStored(context.Background(), over.ID); len(g.Orders) != len(over.Orders) || g.Status != over.Status {
		t.Fatalf("the finished game changed: %d orders, %s", len(g.Orders), g.Status)
	}

	// An abandoned game: told as abandoned; it has no computer to explain.
	act(t, b, clock, carol, "C2", "/game new seed:5")
	act(t, b, clock, carol, "C2", "/game abandon confirm:true")
	expect(t, txt(asIn(t, b, clock, alice, "C2", i18n.EN, "/game status")), "Game #2 is over** (abandoned): abandoned by a referee, unfinished: no result")
	expect(t, txt(asIn(t, b, clock, dave, "C2", i18n.JA, "/game status")), "ゲーム #2 は終了しました** (放棄)", "審判により放棄")
	if r := asIn(t, b, clock, alice, "C2", i18n.EN, "/computer explain"); !r.Messages[0].Ephemeral || !strings.Contains(txt(r), "No computer plays in this game") {
		t.Fatalf("an abandoned game's explain: %q", txt(r))
	}
	expect(t, txt(asIn(t, b, clock, carol, "C2", i18n.EN, "/end")), "Game #2 of this channel is over (abandoned)", "/game new")

	// A newer game in C1: the running one is told, not the finished one.
	act(t, b, clock, carol, "C1", "/game new seed:9")
	st := txt(asIn(t, b, clock, bob, "C1", i18n.EN, "/game status"))
	if strings.Contains(st, "is over") || !strings.Contains(st, "▶ Aug II") || !strings.Contains(st, "Game #3") {
		t.Fatalf("with a newer game running, the status is: %s", st)
	}
	if r := asIn(t, b, clock, bob, "C1", i18n.EN, "/computer explain"); !r.Messages[0].Ephemeral || !strings.Contains(txt(r), "No computer plays in this game") {
		t.Fatalf("with a newer game running, explain gives: %q", txt(r))
	}
}

// TestResignedGameReadsInFull: a game ended by a resignation before its
// last turn hides nothing any more (its file is anyone's): a spectator
// reads its log, its orders and its whole position in its channel, where
// before the end all three were refused him and the orders and position
// to the players too.
func TestResignedGameReadsInFull(t *testing.T) {
	b, clock := newStoredBot(t)
	opening(t, b, clock)
	act(t, b, clock, bob, "C1", "/end")
	running := map[string]*Response{}
	for _, line := range []string{"/game orders", "/game position"} {
		running[line] = act(t, b, clock, carol, "C1", line)
		if !running[line].Messages[0].Ephemeral || !strings.Contains(txt(running[line]), "once the game is over") {
			t.Fatalf("%s while the game runs: %q", line, txt(running[line]))
		}
	}
	expect(t, txt(act(t, b, clock, alice, "C1", "/game resign confirm:true")), "The Allied side resigns")
	for line, want := range map[string]string{"/game log": "set up in", "/game orders": "german end", "/game position": "G-"} {
		r := act(t, b, clock, carol, "C1", line)
		if strings.Contains(txt(r), "is over (") || strings.Contains(txt(r), "once the game is over") {
			t.Fatalf("%s refused the spectator after the resignation: %q", line, txt(r))
		}
		expect(t, txt(r)+fileText(r), want)
	}
}

// fileText is the text of a response's attachments.
func fileText(r *Response) string {
	var sb strings.Builder
	for _, m := range r.Messages {
		for _, f := range m.Files {
			sb.Write(f.Data)
		}
	}
	return sb.String()
}
