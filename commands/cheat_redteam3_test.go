package commands

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"rtrbot/actor"
	"rtrbot/engine/units"
)

// Red team 3: a cheating player against the season's new commands
// (/vacation, /me quiet:, /replay). Each test is an attempt that the bot
// stops; the comment says what stops it.

// TestCheatVacationOpponentsBank: Bob (German) wants the Allied side
// stalled or its bank drained: he takes vacations, ends one, and tries
// odd day counts (0, negative, full-width digits, more than the bank, a
// number past int64); Carol, a spectator, tries too. What stops them:
// games.vacationer takes the side from the asker's seat (SideOf), so a
// vacation is always the asker's own side's, and TakeVacation checks days
// against that side's bank; the router refuses non-integers and values out
// of MinInt..MaxInt before the handler.
func TestCheatVacationOpponentsBank(t *testing.T) {
	b, clock := newStoredBot(t)
	opening(t, b, clock)
	expect(t, txt(act(t, b, clock, umpire, "C1", "/game deadline hours:4 then:end")), "Each segment now has 4 hours")
	for _, line := range []string{"/vacation days:0", "/vacation days:-3", "/vacation days:15",
		"/vacation days:99999999999999999999", "/vacation days:1e1", "/vacation days:14.5"} {
		r := act(t, b, clock, bob, "C1", line)
		if len(r.Messages) == 0 || !r.Messages[0].Ephemeral || strings.Contains(txt(r), "is on vacation until") {
			t.Errorf("%s: %q", line, txt(r))
		}
	}
	for _, line := range []string{"/vacation days:3", "/vacation end:true"} {
		if r := act(t, b, clock, carol, "C1", line); !strings.Contains(txt(r), "Only a player seated") {
			t.Errorf("%s by a spectator: %q", line, txt(r))
		}
	}
	expect(t, txt(act(t, b, clock, bob, "C1", "/vacation days:14")), "The German side is on vacation", "0 days left")
	expect(t, txt(act(t, b, clock, bob, "C1", "/vacation days:1")), "already on vacation")
	g := peek(b, "C1")
	if g.VacationLeft(units.Allied) != 14 {
		t.Errorf("the Allied bank was drained by Bob: %d left", g.VacationLeft(units.Allied))
	}
	if _, on := g.VacationOf(units.Allied); on {
		t.Error("Bob put the Allied side on vacation")
	}
	// Bob ends his a minute later: 13 whole days go back, never the 14th
	// (no free pause), and never more than the bank.
	clock.t = clock.t.Add(time.Minute)
	expect(t, txt(act(t, b, clock, bob, "C1", "/vacation end:true")), "13 days left")
	if left := peek(b, "C1").VacationLeft(units.German); left != 13 {
		t.Errorf("German bank after an early end: %d", left)
	}
}

// TestCheatQuietOddInput: a player tries to crash /me or to set quiet
// hours that hold pings forever or for someone else: 24-00, an empty side, the server's Local zone, a path as a zone,
// a huge zone name, control characters, and a user: option naming Alice.
// What stops him: quiet.Parse reads ASCII hours 0-24 with strconv.Atoi
// and two digits at most, refuses an empty span (From == To) and the
// Local zone, and time.LoadLocation refuses paths (full-width digits are
// normalised to ASCII by the router, as everywhere: quiet:２２-０７ is 22-07); /me writes the asker's
// own ID only, and the router refuses unknown options.
func TestCheatQuietOddInput(t *testing.T) {
	path := filepath.Join(t.TempDir(), "q.db")
	clock := newClock()
	b := storedBot(t, path, clock)
	for _, line := range []string{"/me quiet:24-00", "/me quiet:0-24", "/me quiet:-07",
		"/me quiet:22-", "/me quiet:22-07 tz:Local", "/me quiet:22-07 tz:local", "/me quiet:22-07 tz:../../../etc/passwd",
		"/me quiet:22-07 tz:/etc/localtime", "/me quiet:22-07 tz:" + strings.Repeat("A/", 5000), "/me quiet:22\x00-07",
		"/me quiet:22:5-07", "/me quiet:22:60-07", "/me quiet:99999999999999999999-07", "/me quiet:22-07 user:111"} {
		r := act(t, b, clock, bob, "C1", line)
		if len(r.Messages) == 0 || !r.Messages[0].Ephemeral || strings.Contains(txt(r), "Quiet hours set") {
			t.Errorf("%s: %q", line, txt(r))
		}
	}
	qs, err := b.Store.QuietOf(context.Background(), []string{alice.ID, bob.ID})
	if err != nil {
		t.Fatal(err)
	}
	if len(qs) != 0 {
		t.Errorf("quiet hours stored after refused lines: %+v", qs)
	}
}

// TestCheatReplaySideViewWhileRunning: Bob (German) and Carol (a
// spectator) want the units hidden from them (14.1) while the game runs: /replay view:allied,
// the same as a GIF, and a forged button naming the game and the view,
// from the game's channel and from another. What stops him:
// games.MayReplayAs allows only the public view while the game runs, and
// ReplayGame refuses a game not played at the asking place.
func TestCheatReplaySideViewWhileRunning(t *testing.T) {
	b, clock := newStoredBot(t)
	opening(t, b, clock)
	for _, ch := range []string{"C1", "C2"} {
		for _, line := range []string{"/replay view:allied", "/replay view:german", "/replay view:allied gif:1",
			"/replay view:allied game:1 segment:1 go:last", "/replay view:ALLIED game:1", "/replay view:allied game:1 gif:1"} {
			for _, u := range []actor.Actor{bob, carol} {
				r := act(t, b, clock, u, ch, line)
				for _, m := range r.Messages {
					if len(m.Files) != 0 || !m.Ephemeral {
						t.Errorf("%s by %s in %s: a picture or a public answer: %q", line, u.Name, ch, m.Text)
					}
				}
			}
		}
	}
}

// TestCheatReplayOtherSideAfterEnd: once the game is over, /game export
// gives anyone the whole log (14.1 no longer applies), and the replay
// agrees: Carol (a spectator) and Bob (German) step through the Allied
// view in the game's channel, by the command, a button's options and a
// GIF. From another channel, naming the game, they still get no picture
// (ReplayGame refuses a game not played at the asking place), and Bob's
// /stats game elsewhere tells nothing.
func TestCheatReplayOtherSideAfterEnd(t *testing.T) {
	b, clock := newStoredBot(t)
	opening(t, b, clock)
	expect(t, txt(act(t, b, clock, alice, "C1", "/game resign confirm:true")), "The Allied side resigns")
	for _, u := range []actor.Actor{bob, carol} {
		for _, line := range []string{"/replay view:allied", "/replay view:allied game:1 segment:1 go:next", "/replay view:allied game:1 gif:2", "/replay view:german"} {
			if r := act(t, b, clock, u, "C1", line); len(r.Messages) == 0 || len(r.Messages[0].Files) == 0 || !r.Messages[0].Ephemeral {
				t.Errorf("%s by %s after the game: no private picture: %q", line, u.Name, txt(r))
			}
		}
		for _, line := range []string{"/replay view:allied game:1", "/replay view:german game:1", "/replay game:1"} {
			r := act(t, b, clock, u, "C2", line)
			for _, m := range r.Messages {
				if len(m.Files) != 0 {
					t.Errorf("%s by %s in C2: a picture: %q", line, u.Name, m.Text)
				}
			}
		}
	}
	if r := act(t, b, clock, bob, "C2", "/stats game"); strings.Contains(txt(r), "story of game #1") {
		t.Errorf("the story from another channel: %q", txt(r))
	}
}
