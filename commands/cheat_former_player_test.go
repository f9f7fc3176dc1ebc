package commands

import (
	"testing"

	"rtrbot/actor"
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
	expect(t, txt(act(t, b, clock, dave, "C1", "/game replace player:Alice by:444")), "place on the Allied side to <@444>")
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
