package commands

import (
	"context"
	"strings"
	"testing"

	"rtrbot/engine/game"
	"rtrbot/i18n"
)

// A retreat owed is told at once to the player who owes it, with the
// hexes each unit may reach; the game does not wait for him to look.
func TestOwedRetreatIsTold(t *testing.T) {
	b, clock := newStoredBot(t)
	pos := "scenario standard\nseed 3\nstep combat-1\nplayer german\n2620: F-XX F-66R\n2621: G-III G-IV\n2420: F-1A\n"
	r := b.Router.Run(context.Background(), &Request{Path: "game load", Files: map[string][]byte{"attachment": []byte(pos)},
		Options: map[string]string{}, Guild: "G1", Channel: "C1", Lang: i18n.EN, User: carol, Now: clock.Now()})
	expect(t, txt(r), "Sandbox game loaded")
	act(t, b, clock, bob, "C1", "/game join side:german")
	act(t, b, clock, alice, "C1", "/game join side:allied")
	r = act(t, b, clock, bob, "C1", "/attack table:assault units:G-III G-IV hex:2620")
	var told *Message
	for i, m := range r.Messages {
		if m.Target != "" && strings.Contains(m.Text, "you owe a retreat") {
			told = &r.Messages[i]
		}
	}
	owed := peek(b, "C1").State.ViewFor(game.PublicView).Retreats
	if len(owed) == 0 {
		t.Skipf("this combat owed no retreat: %s", txt(r))
	}
	if told == nil {
		t.Fatalf("the retreat owed was not told:\n%s", txt(r))
	}
	if told.Ephemeral || !strings.Contains(told.Text, "<@111>") || !strings.Contains(told.Text, "/retreat unit:"+owed[0]+" hex:") {
		t.Errorf("the notice: %+v", told)
	}
}
