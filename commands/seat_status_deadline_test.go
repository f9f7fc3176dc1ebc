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

// Setting the deadline (a referee's, or a proposal agreed) edits the
// game's pinned status at once, as /game status shows it, not only at
// the next segment.
func TestDeadlineEditsThePinnedStatus(t *testing.T) {
	b, clock := openedGame(t)
	mona := actor.Actor{ID: "901", Name: "Mona", Manager: true}
	pinnedIn := func(r *Response) (string, bool) {
		for _, m := range r.Messages {
			if m.Pin != "" {
				return m.Text, true
			}
		}
		return "", false
	}
	r := act(t, b, clock, mona, "C1", "/game deadline hours:48 then:remind")
	want := fmt.Sprintf("<t:%d:f>", peek(b, "C1").Deadline.Unix())
	if st, ok := pinnedIn(r); !ok || !strings.Contains(st, want) {
		t.Fatalf("the referee's deadline did not edit the pinned status with %s: %q", want, txt(r))
	}
	// Agreed by both players: Alice proposes, Bob agrees.
	act(t, b, clock, alice, "C1", "/game deadline hours:24 then:remind")
	r = act(t, b, clock, bob, "C1", "/game deadline hours:24 then:remind")
	g := peek(b, "C1")
	if g.SegmentHours != 24 {
		t.Fatalf("the agreed deadline is not set: %q", txt(r))
	}
	if st, ok := pinnedIn(r); !ok || (!g.Deadline.IsZero() && !strings.Contains(st, fmt.Sprintf("<t:%d:f>", g.Deadline.Unix()))) {
		t.Fatalf("the agreed deadline did not edit the pinned status: %q", txt(r))
	}
	// Cleared: the pinned status no longer shows one.
	r = act(t, b, clock, mona, "C1", "/game deadline hours:0")
	if st, ok := pinnedIn(r); !ok || strings.Contains(st, "<t:") {
		t.Fatalf("the cleared deadline did not edit the pinned status: %q", txt(r))
	}
}
