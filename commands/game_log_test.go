package commands

import (
	"context"
	"strings"
	"testing"

	"rtrbot/actor"
	"rtrbot/i18n"
)

// /game log gives the account so far as each reader may read it: a
// side's player his own moves, the other side's player and a spectator
// none of them; paged, in the reader's language, or all as a file.
func TestGameLog(t *testing.T) {
	b, clock := openedGame(t)
	u, h := legalMove(t, b, "C1", 0) // a German move
	expect(t, txt(act(t, b, clock, bob, "C1", "/move unit:"+u+" to:"+h)), u+" moved")
	all := func(who actor.Actor) string {
		r := act(t, b, clock, who, "C1", "/game log export:true")
		if len(r.Messages) == 0 || len(r.Messages[0].Files) != 1 || !r.Messages[0].Ephemeral {
			t.Fatalf("%s's export: %+v", who.Name, r)
		}
		return string(r.Messages[0].Files[0].Data)
	}
	moved := u + " moved"
	if own := all(bob); !strings.Contains(own, moved) || !strings.Contains(own, "set up in") {
		t.Errorf("the German player's log lacks his own move or setup:\n%.2000s", own)
	}
	// The others read it through the fog of war (14.1): what the public
	// never saw of a German placement is "one German unit acted", while the
	// German player reads his own units by name.
	own := all(bob)
	if strings.Contains(own, "One German unit acted") {
		t.Errorf("the German player's log hides his own units from him")
	}
	for _, who := range []actor.Actor{alice, carol} {
		if l := all(who); !strings.Contains(l, "One German unit acted") || l == own {
			t.Errorf("%s's log is not seen through the fog of war:\n%.1500s", who.Name, l)
		}
	}
	// Paged: the last page by default, a page out of range says which exist.
	r := act(t, b, clock, bob, "C1", "/game log")
	expect(t, txt(r), "Game log, page", moved)
	expect(t, txt(act(t, b, clock, bob, "C1", "/game log page:99999")), "There are", "pages")
	// In the reader's language.
	req := &Request{Path: "game log", Options: map[string]string{}, Guild: "G1", Channel: "C1", User: bob, Lang: i18n.JA, Now: clock.Now()}
	expect(t, txt(b.Router.Run(context.Background(), req)), "ゲームの記録")
}
