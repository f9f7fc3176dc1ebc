package commands

import (
	"context"
	"strings"
	"testing"

	"rtrbot/actor"
	"rtrbot/engine/board"
	"rtrbot/engine/game"
	"rtrbot/engine/hex"
	"rtrbot/i18n"
)

// 16.2 through the commands: an attack on cavalry alone waits for the
// defender; the defender is told at once where he reads his side's news,
// mentioned, with a button for each answer; the attacker may not answer
// for him; /delay resolves it on the reconnaissance-in-force table.
func TestDelayOwedAndAnswered(t *testing.T) {
	m, err := board.Default()
	if err != nil {
		t.Skip(err)
	}
	b := New(Deps{Map: m})
	b.noMaps = true
	run := runWithFiles(b)
	pos := "scenario standard\nseed 3\noptions 16.2\nstep combat-1\nplayer german\n2621: G-III\n2620: F-6C\n"
	run(mAlice, "/game load", map[string][]byte{"attachment": []byte(pos)})
	run(mBob, "/game join side:german", nil)
	run(mAlice, "/game join side:allied", nil)
	r := run(mBob, "/attack table:assault units:G-III hex:2620", nil)
	var owed *Message
	for k := range r.Messages {
		if strings.Contains(r.Messages[k].Text, "waits for your answer (16.2)") {
			owed = &r.Messages[k]
		}
	}
	if owed == nil {
		t.Fatalf("the defender was not told: %s", txt(r))
	}
	if owed.Ephemeral || owed.Target != "C1" || !strings.Contains(owed.Text, "<@101>") || len(owed.Buttons) != 2 || owed.Buttons[0].Path != "delay" || owed.Buttons[1].Path != "stand" {
		t.Errorf("the owed answer: %+v", *owed)
	}
	if got := txt(run(mBob, "/stand", nil)); !strings.Contains(got, "Allied") {
		t.Errorf("the attacker answering for the defender: %s", got)
	}
	if peek(b, "C1").State.Combat.Delaying.Verb == "" {
		t.Fatal("the attacker's answer was taken")
	}
	got := txt(run(mAlice, "/delay", nil))
	if !strings.Contains(got, "reconnaissance-in-force") || peek(b, "C1").State.Combat.Delaying.Verb != "" {
		t.Errorf("/delay: %s", got)
	}
}

// /sea's hex: autocompletes where the chosen unit may go by sea (16.3):
// every hex offered is one the engine accepts, and a port held by the
// unit's own side is among them.
func TestSeaHexAutocomplete(t *testing.T) {
	m, err := board.Default()
	if err != nil {
		t.Skip(err)
	}
	var ports []string
	for _, x := range m.Hexes() {
		if x.Port && x.Country == board.France {
			ports = append(ports, x.At.String())
		}
	}
	if len(ports) < 2 {
		t.Skipf("French ports on the map: %v", ports)
	}
	b := New(Deps{Map: m})
	b.noMaps = true
	pos := "scenario standard\nseed 3\noptions 16.3\nstep movement-1\nplayer allied\n" + ports[0] + ": F-XX\n" + ports[1] + ": F-XXI\n"
	req := func(path string, opts map[string]string, files map[string][]byte) *Request {
		return &Request{Path: path, Options: opts, Guild: "console", Channel: "C1", Lang: i18n.EN, User: actor.Actor{ID: "u", Name: "u"}, Files: files}
	}
	b.Router.Run(context.Background(), req("game load", map[string]string{}, map[string][]byte{"attachment": []byte(pos)}))
	choices := b.Router.Complete(context.Background(), req("sea", map[string]string{"unit": "F-XX", "hex": ""}, nil), "hex")
	found := false
	s := peek(b, "C1").State
	for _, c := range choices {
		h, err := hex.Parse(c.Value)
		if err != nil || game.Check(s, game.Sea("F-XX", h).By(s.ToMove())) != nil {
			t.Errorf("offered %s, which the engine refuses", c.Value)
		}
		found = found || c.Value == ports[1]
	}
	if !found {
		t.Errorf("the own port %s is not offered: %v", ports[1], choices)
	}
}
