package commands

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// Vacations: only a seated player takes one, for their side, within the
// bank; while it runs no deadline passes and no reminder comes; when it
// ends the deadline has moved by its length and both sides are told; a
// restart keeps it; days left over go back when it ends early.
func TestVacationStopsTheClock(t *testing.T) {
	path := filepath.Join(t.TempDir(), "v.db")
	b, clock := openedAt(t, path)
	ctx := context.Background()
	r := act(t, b, clock, bob, "C1", "/vacation days:2")
	if expect(t, txt(r), "no deadlines"); !r.Messages[0].Ephemeral {
		t.Error("a refusal is private")
	}
	expect(t, txt(act(t, b, clock, umpire, "C1", "/game deadline hours:4 then:end")), "Each segment now has 4 hours")
	start := peek(b, "C1").Deadline
	for _, who := range []struct {
		line, want string
	}{{"/vacation days:2", "Only a player seated"}, {"/vacation days:99", "days"}, {"/vacation end:true", "Only a player seated"}} {
		r := act(t, b, clock, carol, "C1", who.line)
		if expect(t, txt(r), who.want); len(r.Messages) == 0 || !r.Messages[0].Ephemeral {
			t.Errorf("%s by a spectator: the refusal is private: %+v", who.line, r)
		}
	}
	expect(t, txt(act(t, b, clock, bob, "C1", "/vacation days:15")), "days")
	r = act(t, b, clock, bob, "C1", "/vacation days:3")
	if expect(t, txt(r), "The German side is on vacation until", "11 days left"); r.Messages[0].Ephemeral {
		t.Error("a vacation is announced publicly")
	}
	expect(t, txt(act(t, b, clock, bob, "C1", "/vacation days:1")), "already on vacation")
	expect(t, txt(act(t, b, clock, bob, "C1", "/vacation")), "11 of its 14 days", "on vacation until")
	// Past the deadline, during the vacation: nothing passes, nobody is
	// reminded; after a restart too.
	if m := b.Tick(ctx, start.Add(time.Hour), nil); len(m) != 0 {
		t.Fatalf("the clock ran during the vacation: %+v", m)
	}
	dbOf(b).Close()
	b = storedBot(t, path, clock)
	if m := b.Tick(ctx, clock.t.Add(71*time.Hour), nil); len(m) != 0 {
		t.Fatalf("the clock ran during the vacation after a restart: %+v", m)
	}
	m := b.Tick(ctx, clock.t.Add(72*time.Hour+time.Minute), nil)
	if len(m) != 1 || !strings.Contains(m[0].Text, "vacation is over") {
		t.Fatalf("the vacation's end: %+v", m)
	}
	if got, want := peek(b, "C1").Deadline, start.Add(72*time.Hour); !got.Equal(want) {
		t.Errorf("deadline after the vacation %v, want %v (moved by its 3 days)", got, want)
	}
	// Alice ends hers early: two unused days go back.
	clock.t = clock.t.Add(80 * time.Hour)
	expect(t, txt(act(t, b, clock, alice, "C1", "/vacation days:5")), "Allied side is on vacation", "9 days left")
	clock.t = clock.t.Add(50 * time.Hour)
	expect(t, txt(act(t, b, clock, alice, "C1", "/vacation end:true")), "ends its vacation early", "11 days left")
	expect(t, txt(act(t, b, clock, alice, "C1", "/vacation end:true")), "not on vacation")
}
