package commands

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// Quiet hours: bad spans and zones are refused privately; a deadline's
// reminder that falls in Bob's quiet hours names him without the ping,
// and the ping comes once when his hours end, after a restart too.
func TestQuietHoursHoldPings(t *testing.T) {
	path := filepath.Join(t.TempDir(), "q.db")
	clock := newClock() // 18:00 UTC
	b := storedBot(t, path, clock)
	ctx := context.Background()
	for _, bad := range [][2]string{{"/me quiet:25-07", "not a span"}, {"/me quiet:22-07 tz:Mars/Base", "not a time zone"}, {"/me tz:Asia/Tokyo", "with quiet:"}} {
		r := act(t, b, clock, bob, "C1", bad[0])
		if expect(t, txt(r), bad[1]); !r.Messages[0].Ephemeral {
			t.Errorf("%s: a refusal is private", bad[0])
		}
	}
	expect(t, txt(act(t, b, clock, bob, "C1", "/me")), "no quiet hours")
	r := act(t, b, clock, bob, "C1", "/me quiet:22-07 tz:UTC")
	if expect(t, txt(r), "Quiet hours set: 22:00-07:00 UTC"); !r.Messages[0].Ephemeral {
		t.Error("one's settings are private")
	}
	expect(t, txt(act(t, b, clock, bob, "C1", "/me")), "22:00-07:00 (UTC)")
	opening(t, b, clock) // the German side (Bob) to move
	expect(t, txt(act(t, b, clock, umpire, "C1", "/game deadline hours:8 then:remind")), "Each segment now has 8 hours")
	dl := peek(b, "C1").Deadline
	m := b.Tick(ctx, dl.Add(-time.Hour), nil) // a quarter left: in Bob's night
	if len(m) != 1 || strings.Contains(m[0].Text, "<@222>") || !strings.Contains(m[0].Text, "@Bob") {
		t.Fatalf("the reminder in Bob's quiet hours: %+v", m)
	}
	dbOf(b).Close()
	b = storedBot(t, path, clock)
	morning := time.Date(dl.Year(), dl.Month(), dl.Day(), 7, 0, 0, 0, time.UTC)
	if !morning.After(dl.Add(-time.Hour)) {
		morning = morning.Add(24 * time.Hour)
	}
	if m := b.Tick(ctx, morning.Add(-time.Minute), nil); len(m) != 0 && strings.Contains(m[0].Text, "<@222>") {
		t.Fatalf("pinged before the hours ended: %+v", m)
	}
	m = b.Tick(ctx, morning, nil)
	pings := 0
	for _, x := range m {
		if strings.Contains(x.Text, "<@222>") && strings.Contains(x.Text, "held during your quiet hours") {
			pings++
		}
	}
	if pings != 1 {
		t.Fatalf("the held ping at the hours' end: %+v", m)
	}
	for _, x := range b.Tick(ctx, morning.Add(time.Minute), nil) {
		if strings.Contains(x.Text, "held during your quiet hours") {
			t.Fatalf("a held ping came twice: %+v", x)
		}
	}
	expect(t, txt(act(t, b, clock, bob, "C1", "/me quiet:off")), "Quiet hours off")
	expect(t, txt(act(t, b, clock, bob, "C1", "/me")), "no quiet hours")
}
