package commands

import (
	"strings"
	"testing"
)

// The story of a game: refused privately while the game runs (its losses
// and dice would tell what the fog of war hides, 14.1) and where no game
// was played; posted when a player resigns, with its chart; given to
// anyone, a spectator too, by /stats game once the game is over.
func TestStoryAfterTheGame(t *testing.T) {
	b, clock := newStoredBot(t)
	r := act(t, b, clock, carol, "C9", "/stats game")
	if expect(t, txt(r), "no game in this channel"); !r.Messages[0].Ephemeral {
		t.Error("the refusal is private")
	}
	opening(t, b, clock)
	r = act(t, b, clock, carol, "C1", "/stats game")
	if expect(t, txt(r), "still being played", "14.1"); !r.Messages[0].Ephemeral {
		t.Error("the refusal is private")
	}
	r = act(t, b, clock, bob, "C1", "/game resign confirm:true")
	var story *Message
	for i, m := range r.Messages {
		if strings.Contains(m.Text, "The story of game #1") {
			story = &r.Messages[i]
		}
	}
	if story == nil || story.Ephemeral || story.Target != "C1" || len(story.Files) != 1 || !strings.HasSuffix(story.Files[0].Name, "-vp.png") {
		t.Fatalf("no public story with its chart at the resignation: %+v", r.Messages)
	}
	expect(t, story.Text, "the German side resigned", "German losses:", "Allied losses:", "German dice (attacks, sieges, Russian Front, where higher is better): mean 2.00 over 1 roll")
	after := act(t, b, clock, carol, "C1", "/stats game")
	expect(t, txt(after), "The story of game #1", "No fortress fell")
	if after.Messages[0].Ephemeral || len(after.Messages[0].Files) != 1 {
		t.Errorf("/stats game after the game: public, with its chart: %+v", after.Messages[0])
	}
}
