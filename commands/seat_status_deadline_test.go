package commands

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"rtrbot/actor"
)

// A seat change posts the game's status, which shows the segment's real
// deadline, as /game status does: not one counted anew from the moment
// of the change.
func TestSeatChangeKeepsTheDeadline(t *testing.T) {
	b, clock := openedGame(t)
	mona := actor.Actor{ID: "901", Name: "Mona", Manager: true}
	act(t, b, clock, mona, "C1", "/game deadline hours:48 then:remind")
	dl := peek(b, "C1").Deadline
	if dl.IsZero() {
		t.Fatal("no deadline set")
	}
	clock.t = clock.t.Add(20 * time.Hour)
	dave := actor.Actor{ID: "444", Name: "Dave"}
	act(t, b, clock, bob, "C1", "/game replace player:Bob by:444")
	r := act(t, b, clock, dave, "C1", "/game replace player:222 by:444")
	if _, ok := peek(b, "C1").SideOf("444"); !ok {
		t.Fatalf("Dave was not seated: %q", txt(r))
	}
	want := fmt.Sprintf("<t:%d:f>", dl.Unix())
	if st := txt(act(t, b, clock, dave, "C1", "/game status")); !strings.Contains(st, want) {
		t.Fatalf("/game status does not show the deadline %s: %q", want, st)
	}
	pinned := false
	for _, m := range r.Messages {
		if m.Pin != "" {
			pinned = true
			if !strings.Contains(m.Text, want) {
				t.Errorf("the pinned status after the seat change does not show the deadline %s: %q", want, m.Text)
			}
		}
	}
	if !pinned {
		t.Fatalf("the seat change posted no status: %+v", r.Messages)
	}
}
