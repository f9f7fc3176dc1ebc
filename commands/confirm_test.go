package commands

import (
	"context"
	"strings"
	"testing"

	"rtrbot/actor"
	"rtrbot/engine/game"
	"rtrbot/i18n"
)

// /end until: over more than one segment, /game resign and /game abandon
// ask first: a private question with a Confirm button that
// carries confirm:true, and nothing changes until it is pressed. An /end
// until: that ends one step only does not ask.
func TestConfirmationsAskFirst(t *testing.T) {
	b := gameBot(t)
	for _, l := range []string{"/game new seed:2", "/game setup", "/end", "/game setup", "/end", "/end"} {
		say(t, b, l)
	}
	run := func(line string) *Response {
		path, opts := readLine(b.Router, line)
		return b.Router.Run(context.Background(), &Request{Path: path, Options: opts, Guild: "console", Channel: "c1", Lang: i18n.EN, User: actor.Actor{ID: "u", Name: "u"}})
	}
	pos := func() string { return b.games.Peek(context.Background(), "c1").State.Position() }
	start := pos()
	if st := b.games.Peek(context.Background(), "c1").State.Step; st != game.Reinforcement {
		t.Fatalf("the test expects the German reinforcement phase, not %s", st)
	}
	for _, line := range []string{"/end until:combat-1", "/game resign", "/game abandon"} {
		r := run(line)
		if len(r.Messages) != 1 || !r.Messages[0].Ephemeral || len(r.Messages[0].Buttons) != 1 {
			t.Fatalf("%s: %+v", line, r.Messages)
		}
		bt := r.Messages[0].Buttons[0]
		if bt.Style != Danger || bt.Options["confirm"] != "true" || !strings.Contains(r.Messages[0].Text, bt.Line()) || !strings.Contains(r.Messages[0].Text, "Nothing has been done yet") {
			t.Errorf("%s: button %+v, text %q", line, bt, r.Messages[0].Text)
		}
		if pos() != start || b.games.Peek(context.Background(), "c1") == nil {
			t.Fatalf("%s changed the game before its confirmation", line)
		}
		if !b.Router.Private(&Request{Path: strings.Fields(line[1:])[0] + " " + strings.Fields(line[1:])[1], Options: map[string]string{}}) && line != "/end until:combat-1" {
			t.Errorf("%s: the question is not private before it runs", line)
		}
	}
	say(t, b, "/reinforce") // 11.1: the reinforcements enter before the phase may end
	start = pos()
	// One step: no question.
	if r := run("/end until:reorganisation-1"); len(r.Messages[0].Buttons) == 1 && r.Messages[0].Buttons[0].Style == Danger {
		t.Errorf("/end until the very next step asked: %q", r.Messages[0].Text)
	}
	if st := b.games.Peek(context.Background(), "c1").State.Step; st != game.Reorg1 {
		t.Errorf("/end until:reorganisation-1 left the game in %s", st)
	}
	// The button's command does it.
	path, opts := readLine(b.Router, run("/end until:combat-1").Messages[0].Buttons[0].Line())
	r := b.Router.Run(context.Background(), &Request{Path: path, Options: opts, Guild: "console", Channel: "c1", Lang: i18n.EN, User: actor.Actor{ID: "u", Name: "u"}})
	if st := b.games.Peek(context.Background(), "c1").State.Step; st != game.Combat1 {
		t.Errorf("the confirmed /end until:combat-1 left the game in %s: %s", st, txt(r))
	}
	if segmentsUntil(game.Reinforcement, game.Reorg1) != 1 || segmentsUntil(game.Reinforcement, game.Combat1) != 3 || segmentsUntil(game.Combat2, game.EventStep) != 1 {
		t.Error("segmentsUntil miscounts")
	}
}

// /game setup says every unit it placed and where, hex by
// hex, and every placement it names is the game's.
func TestGameSetupSaysWhatWentWhere(t *testing.T) {
	b := gameBot(t)
	say(t, b, "/game new scenario:standard seed:4")
	out := say(t, b, "/game setup")
	s := b.games.Peek(context.Background(), "c1").State
	placed := 0
	for i, u := range s.Units {
		if u.Box != game.OnMap {
			continue
		}
		placed++
		c := s.Counter(i)
		if !strings.Contains(out, u.At.String()+" ") || !strings.Contains(out, " "+c.ID) {
			t.Errorf("%s in %s is not in the answer", c.ID, u.At)
		}
	}
	if placed < 20 || !strings.Contains(out, "Set up ") {
		t.Errorf("%d units placed; answer:\n%s", placed, out)
	}
}

// Order texts shown to players are in their language: /undo
// and a refused batch line in Japanese quote the order in Japanese.
func TestOrderTextsInTheReadersLanguage(t *testing.T) {
	b := gameBot(t)
	for _, l := range []string{"/game new seed:2", "/game setup", "/end", "/game setup", "/end", "/end"} {
		say(t, b, l)
	}
	sayIn(t, b, "/reinforce", i18n.JA)
	undo := sayIn(t, b, "/undo", i18n.JA)
	if !strings.Contains(undo, "取り消しました: 独軍: 全増援を自動登場") || strings.Contains(undo, "german") {
		t.Errorf("/undo in Japanese: %q", undo)
	}
	batch := sayIn(t, b, "/orders text:move G-NOPE 3023", i18n.JA)
	if !strings.Contains(batch, "1 行目 (独軍: 移動 G-NOPE → 3023)") {
		t.Errorf("a refused batch line in Japanese: %q", batch)
	}
}
