package commands

import (
	"context"
	"reflect"
	"testing"

	"rtrbot/engine/game"
	"rtrbot/render"
	"rtrbot/render/fromgame"
)

// A replay's frames are the viewer's view and nothing more: the public
// replay's last frame holds the very counters the public map of the
// position shows (the other side's hidden ones hidden), and a side's
// replay shows that side what the public does not see.
func TestReplayFramesAreTheViewersView(t *testing.T) {
	b, _ := openedGame(t)
	g, err := b.games.ReplayGame(context.Background(), where(&Request{Guild: "G1", Channel: "C1"}), 0)
	if err != nil {
		t.Fatal(err)
	}
	pub, err := replayFrames(g, game.PublicView)
	if err != nil {
		t.Fatal(err)
	}
	ger, err := replayFrames(g, game.GermanView)
	if err != nil {
		t.Fatal(err)
	}
	if len(pub) != 3 || len(ger) != len(pub) {
		t.Fatalf("%d public and %d German frames, want 3 (two setups, the position now)", len(pub), len(ger))
	}
	last := pub[len(pub)-1].sit
	want := fromgame.For(g.State, nil, render.Public)
	if !reflect.DeepEqual(last.Stacks, want.Stacks) || last.Viewer != render.Public {
		t.Errorf("the public replay's last frame is not the public view of the position")
	}
	if reflect.DeepEqual(ger[len(ger)-1].sit.Stacks, last.Stacks) {
		t.Errorf("the German replay shows no more than the public one: the views are not told apart")
	}
	hidden := 0
	for _, st := range last.Stacks {
		for _, c := range st.Units {
			if c.Hidden {
				hidden++
			}
		}
	}
	if hidden == 0 {
		t.Errorf("the public frame hides no counter")
	}
}
