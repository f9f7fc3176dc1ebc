package commands

import (
	"context"
	"strings"
	"testing"

	"rtrbot/actor"
	"rtrbot/engine/board"
	"rtrbot/i18n"
)

// Red team: a creator who hands his seat on is no neutral referee of the
// running game. Alice (creator, Allied) offers her seat to Dave, who takes
// it; she then tries what a referee who never played may do: export the
// game (its file holds the seed, so every die to come, and every hidden
// unit), pause it, set its deadline, fix it, give Bob's seat away. Each is
// refused privately and nothing changes.
func TestCheatFormerPlayerIsNoNeutralReferee(t *testing.T) {
	b, clock := openedGame(t)
	dave := actor.Actor{ID: "444", Name: "Dave"}
	act(t, b, clock, alice, "C1", "/game replace player:Alice by:444")
	expect(t, txt(act(t, b, clock, dave, "C1", "/game replace player:Alice by:444")), "<@444> takes <@111>'s place on the Allied side.")
	before := fingerprint(b)
	for _, line := range []string{"/game export", "/game pause", "/game deadline hours:1 then:end", "/game fix order:end", "/game replace player:Bob by:555"} {
		r := act(t, b, clock, alice, "C1", line)
		if len(r.Messages) == 0 || !r.Messages[0].Ephemeral || len(r.Messages[0].Files) > 0 {
			t.Fatalf("%s by the former player: not a private refusal: %+v", line, r)
		}
		expect(t, txt(r), "handed your seat on")
	}
	if fingerprint(b) != before || peek(b, "C1").Paused() {
		t.Fatal("the former player changed the game")
	}
}

// A neutral referee's fix is told in the game's channel naming the side
// its orders were given for, not the side to move after them: ending the
// side to move's steps one by one (from a loaded position), each
// announcement names the side that was to move when the fix was given,
// also when the fix hands the move to the other side.
func TestFixAnnouncementNamesTheFixedSide(t *testing.T) {
	m, err := board.Default()
	if err != nil {
		t.Fatal(err)
	}
	b := matrixState(t, m, sRunning)
	u, manager, operator, guild := who(rNeutral, sRunning)
	u.Manager, u.Operator = manager, operator
	handed := false
	for i := 0; i < 40 && !handed; i++ {
		before := peek(b, "C1").State.ToMove()
		path, opts := readLine(b.Router, "/game fix order:end")
		r := b.Router.Run(context.Background(), &Request{Path: path, Options: opts, Guild: guild, Channel: "C1", Lang: i18n.EN, User: u})
		var told string
		for _, m := range r.Messages {
			if m.Target == "C1" && strings.Contains(m.Text, "Fix of the game by") {
				told = m.Text
			}
		}
		expect(t, told, "applied for the "+before.Name().In(i18n.EN)+" player")
		handed = peek(b, "C1").State.ToMove() != before
	}
	if !handed {
		t.Fatal("no fix handed the move to the other side")
	}
}
