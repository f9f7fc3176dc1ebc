package commands

import (
	"context"
	"errors"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"rtrbot/ai"
	"rtrbot/engine/game"
	"rtrbot/engine/units"
)

// judge is an adjudicator for tests: it counts its calls and gives
// margin; with release set it waits for it (a slow play-out in progress).
type judge struct {
	margin  int
	calls   atomic.Int64
	entered chan struct{}
	release chan struct{}
	waited  atomic.Bool // the release never came: the test's own deadlock
}

func (j *judge) adjudicate(s *game.State, cfg ai.AdjudicateConfig) (ai.Adjudication, error) {
	j.calls.Add(1)
	if j.release != nil {
		j.entered <- struct{}{}
		select {
		case <-j.release:
		case <-time.After(30 * time.Second):
			// Only a test whose tick waits for the play-outs gets here.
			j.waited.Store(true)
			return ai.Adjudication{}, errors.New("the tick waited for the play-outs")
		}
	}
	w, lv, d := game.Outcome([2]int{max(j.margin, 0), max(-j.margin, 0)})
	a := ai.Adjudication{Winner: w, Level: lv, Margin: j.margin, Q1: j.margin, Q3: j.margin, PlayOuts: 1, Iterations: 1}
	if w == units.German || d == 0 {
		a.Wins[0] = 1
	} else {
		a.Wins[1] = 1
	}
	return a, nil
}

// limitTick is the clock at now while the limit's play-outs run on the
// worker: a tick queues them, and once they are done a second tick
// records and posts them; both ticks' posts.
func limitTick(b *Bot, now time.Time) []Message {
	ctx := context.Background()
	out := b.Tick(ctx, now, nil)
	b.games.WaitAdjudications()
	return append(out, b.Tick(ctx, now, nil)...)
}

func postsText(ms []Message) string {
	s := ""
	for _, m := range ms {
		s += m.Target + ": " + m.Text + "\n"
	}
	return s
}

// A round's limit adjudicated by a slow play-out does not hold the bot's
// clock: the tick that queues it returns at once, and the next tick
// processes another game's deadline while the play-outs still run. A
// restart in the middle adjudicates the game again (the same position),
// records the result once, and the first process's late result is not
// written over it; a later restart finds it in the game's row and plays
// nothing out.
func TestLimitAdjudicationOffTheClock(t *testing.T) {
	path := filepath.Join(t.TempDir(), "g.db")
	clock := newClock()
	b1 := storedBot(t, path, clock)
	cheapAdjudication(b1)
	slow := &judge{margin: 300, entered: make(chan struct{}, 1), release: make(chan struct{})}
	b1.games.SetAdjudicator(slow.adjudicate)
	_, tr := judgeRound(t, b1, clock, 1, "Ann", "Ben")
	tb := tr.Current().Games[0]
	// Another game, in C5, with a deadline 60 hours on.
	seatBoth(t, b1, clock, "C5", "/game new scenario:standard seed:7")
	expect(t, txt(act(t, b1, clock, umpire, "C5", "/game deadline hours:60 then:remind")), "Each segment now has 60 hours")
	ctx := context.Background()

	if out := postsText(b1.Tick(ctx, clock.t.Add(48*time.Hour), nil)); strings.Contains(out, "adjudicated") || strings.Contains(out, "forfeit") {
		t.Fatalf("the limit's tick, with the play-outs still running:\n%s", out)
	}
	<-slow.entered // the play-out is under way, on the worker
	out := postsText(b1.Tick(ctx, clock.t.Add(61*time.Hour), nil))
	if slow.waited.Load() {
		t.Fatal("the tick waited for the slow adjudication")
	}
	expect(t, out, "C5: ", "has passed")
	if strings.Contains(out, "adjudicated") {
		t.Fatalf("adjudicated while the play-out runs:\n%s", out)
	}

	// The bot restarts while the play-out runs: the new process plays
	// the position out again and records it.
	b2 := storedBot(t, path, clock)
	cheapAdjudication(b2)
	fast := &judge{margin: 120}
	b2.games.SetAdjudicator(fast.adjudicate)
	b2.Tick(ctx, clock.t.Add(61*time.Hour), nil)
	b2.games.WaitAdjudications()
	out = postsText(b2.Tick(ctx, clock.t.Add(61*time.Hour), nil))
	if n := strings.Count(out, "so it is adjudicated"); n != 2 || fast.calls.Load() != 1 {
		t.Fatalf("after the restart: %d adjudication posts (the thread and the channel), %d play-outs:\n%s", n, fast.calls.Load(), out)
	}
	// The old process's play-out ends late: its result is not written.
	close(slow.release)
	b1.games.WaitAdjudications()
	g, err := b2.games.LoadStored(ctx, tb.GameID)
	if err != nil {
		t.Fatal(err)
	}
	if a, ok := g.Adjudicated(); !ok || a.Margin != 120 {
		t.Fatalf("the game's row: %+v %v", a, ok)
	}
	tr, _ = b2.tournamentService().Get(ctx, "G1", "Judge")
	if x := tr.Current().Games[0]; !x.Adjudicated() || x.Adjudication.Median != 120 {
		t.Fatalf("the table: %+v %+v", x.Result, x.Adjudication)
	}
	// Restarted again: nothing is played out or posted again.
	b3 := storedBot(t, path, clock)
	again := &judge{margin: -500}
	b3.games.SetAdjudicator(again.adjudicate)
	out = postsText(b3.Tick(ctx, clock.t.Add(62*time.Hour), nil))
	b3.games.WaitAdjudications()
	if strings.Contains(out, "adjudicated") || again.calls.Load() != 0 {
		t.Fatalf("a third process: %d play-outs:\n%s", again.calls.Load(), out)
	}
}

// A limit whose play-outs fail is not played out again at the same
// position, and holds the round no longer: the forfeit rule runs and
// leaves the table to the organiser, as without adjudication.
func TestLimitAdjudicationFailing(t *testing.T) {
	b, clock := newStoredBot(t)
	cheapAdjudication(b)
	var calls atomic.Int64
	b.games.SetAdjudicator(func(*game.State, ai.AdjudicateConfig) (ai.Adjudication, error) {
		calls.Add(1)
		return ai.Adjudication{}, errors.New("the play-outs failed")
	})
	_, tr := judgeRound(t, b, clock, 1, "Ann", "Ben")
	out := postsText(limitTick(b, clock.t.Add(48*time.Hour)))
	out += postsText(limitTick(b, clock.t.Add(49*time.Hour)))
	if strings.Contains(out, "so it is adjudicated") || calls.Load() != 1 {
		t.Fatalf("%d play-outs:\n%s", calls.Load(), out)
	}
	expect(t, out, "the deadline passed", "decides these")
	if b.games.Peek(context.Background(), tr.Current().Games[0].Thread) == nil {
		t.Fatal("the game ended")
	}
}
