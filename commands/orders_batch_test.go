package commands

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"rtrbot/actor"
	"rtrbot/engine/game"
	"rtrbot/engine/units"
	"rtrbot/games"
	"rtrbot/i18n"
)

// parseBatch reads each line or says why not, never panics, and keeps the
// line numbers of the text (docs/orders.md).
func TestParseBatch(t *testing.T) {
	for _, c := range []struct {
		text string
		want []string // each line: the order's text, or "!" and part of the reason
	}{
		{"move G-III 2922", []string{"german move G-III 2922"}},
		{"G-III 3024 3023", []string{"german move G-III 3024 3023"}},
		{"# only a comment\n\nend # and one here", []string{"german end"}},
		{"mobile G-IV; entrench G-V", []string{"german unentrench G-IV", "german entrench G-V"}},
		{"attack assault G-III G-IV 3021", []string{"german attack ASSAULT G-III G-IV 3021"}},
		{"allied end", []string{"allied end"}},
		{"fly G-III 9999", []string{"!line 1 (fly G-III 9999)"}},
		{"move G-III 2922 G-IV", []string{"!line 1"}},
		{"move 2922 G-III", []string{"!units must come before the hexes"}},
		{"move G-X 2823、move G-GK 2824", []string{"!this is more than one order"}},
		{"move G-X 2823, end", []string{"!separate them with ; or 。"}},
		{"move G-X 2823。move G-GK 2824", []string{"german move G-X 2823", "german move G-GK 2824"}},
		{"move G-X 2823；end", []string{"german move G-X 2823", "german end"}},
		{"german attack RECON G-XIII 1821", []string{"german attack RECON G-XIII 1821"}},
		{"attack assault G-III、G-IV 3021", []string{"german attack ASSAULT G-III G-IV 3021"}},
	} {
		got, bad := parseBatch(c.text, units.German, i18n.EN)
		if len(bad) > 0 || len(got) != len(c.want) {
			t.Errorf("%q: %d orders %v, want %d", c.text, len(got), bad, len(c.want))
			continue
		}
		for i, w := range c.want {
			if strings.HasPrefix(w, "!") {
				if !strings.Contains(got[i].Err.EN, w[1:]) {
					t.Errorf("%q line %d: error %q, want %q", c.text, i+1, got[i].Err.EN, w[1:])
				}
			} else if got[i].Err.EN != "" || got[i].Order.String() != w {
				t.Errorf("%q line %d: %q (%s), want %q", c.text, i+1, got[i].Order, got[i].Err.EN, w)
			}
		}
	}
	if _, bad := parseBatch(" \n# nothing\n", units.German, i18n.JA); len(bad) != 1 || !strings.Contains(bad[0], "命令がありません") {
		t.Errorf("empty batch: %v", bad)
	}
	if _, bad := parseBatch(strings.Repeat("end\n", maxBatch+1), units.German, i18n.EN); len(bad) != 1 {
		t.Error("an overlong batch was accepted")
	}
}

func FuzzBatch(f *testing.F) {
	for _, s := range []string{"move G-III 2922", "G-III 3024 3023\nend", "attack recon G-III naval 3021;end", "allied end # x", "\\n;;#", "place F-XX 1819"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		out, bad := parseBatch(s, units.Allied, i18n.EN)
		if len(bad) == 0 && len(out) == 0 {
			t.Fatal("neither orders nor a reason")
		}
		for _, p := range out {
			if p.Err.EN == "" && p.Order.Verb == "" {
				t.Fatalf("an order without a verb from %q", s)
			}
		}
	})
}

// BenchmarkMoveThroughRouter is /move as a player gives it: the router,
// the permission checks, the engine, and the SQLite transaction
// (synchronous=FULL) that stores the order, its events and nothing else;
// then /undo, so that the same move can be given again.
func BenchmarkMoveThroughRouter(b *testing.B) {
	clock := newClock()
	bot := storedBot(b, filepath.Join(b.TempDir(), "bench.db"), clock)
	opening(b, bot, clock)
	u, h := legalMove(b, bot, "C1", 0)
	move := &Request{Path: "move", Options: map[string]string{"unit": u, "to": h}, Guild: "G1", Channel: "C1", User: bob, Lang: i18n.EN, Now: clock.t}
	undo := &Request{Path: "undo", Options: map[string]string{}, Guild: "G1", Channel: "C1", User: bob, Lang: i18n.EN, Now: clock.t}
	ctx := context.Background()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if r := bot.Router.Run(ctx, move); !strings.Contains(r.Messages[0].Text, "moved") {
			b.Fatal(r.Messages[0].Text)
		}
		b.StopTimer()
		bot.Router.Run(ctx, undo)
		b.StartTimer()
	}
}

// BenchmarkSegmentPost is what the end of a segment costs beyond the
// order: the public account and map for the game's thread, and each side's
// own map for its private thread (three PNGs).
func BenchmarkSegmentPost(b *testing.B) {
	clock := newClock()
	bot := storedBot(b, filepath.Join(b.TempDir(), "bench.db"), clock)
	opening(b, bot, clock)
	g := peek(bot, "C1")
	g.Meta = map[string]string{"thread:german": "TG", "thread:allied": "TA"}
	p := g.SegmentEnded(clock.t)
	p.EveryMap = true // the most a segment's end draws: the public map and both sides' (/game settings maps:segment)
	bot.noMaps = false
	bot.segmentMessages(i18n.EN, p) // the renderer's base picture, drawn once
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		ms := bot.segmentMessages(i18n.EN, p)
		if len(ms) != 3 || len(ms[0].Files) != 1 {
			b.Fatalf("%d messages", len(ms))
		}
		if i == 0 {
			b.ReportMetric(float64(len(ms[0].Files[0].Data))/1024, "KiB/public-png")
		}
	}
}

// BenchmarkAutocompleteDestinations is the answer Discord waits for while
// a player types /move's to: (no deferral is possible for autocomplete).
func BenchmarkAutocompleteDestinations(b *testing.B) {
	clock := newClock()
	bot := storedBot(b, filepath.Join(b.TempDir(), "bench.db"), clock)
	opening(b, bot, clock)
	u, _ := legalMove(b, bot, "C1", 0)
	req := &Request{Path: "move", Options: map[string]string{"unit": u, "to": ""}, Guild: "G1", Channel: "C1", User: bob, Lang: i18n.EN, Now: clock.t}
	ctx := context.Background()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if len(bot.Router.Complete(ctx, req, "to")) == 0 {
			b.Fatal("no destinations")
		}
	}
}

// FuzzOrdersCommand feeds /orders any text in a running hot-seat game: the
// answer is never the router's "something went wrong" (a panic).
func FuzzOrdersCommand(f *testing.F) {
	b := gameBot(f)
	say(f, b, "/game new scenario:standard seed:3")
	for _, line := range []string{"/game setup", "/end", "/game setup", "/end", "/end", "/reinforce", "/end", "/end"} {
		say(f, b, line)
	}
	for _, s := range []string{"move G-III 2922", "G-IV 3023\nend", "attack assault G-III 3021", "undo", "end;end;end", "place F-XX 0101", "# x", "allied end", "retreat F-1 9999", "german"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		r := b.Router.Run(context.Background(), &Request{Path: "orders", Options: map[string]string{"text": s}, Guild: "console", Channel: "c1", User: actor.Actor{ID: "u", Name: "u"}, Lang: i18n.EN})
		for _, m := range r.Messages {
			if strings.Contains(m.Text, "Something went wrong") {
				t.Fatalf("%q: %s", s, m.Text)
			}
		}
	})
}

// BenchmarkLoadWholeGame is the first command in a game after a restart:
// the scripted standard game (964 orders, stored one transaction each)
// loaded into an empty games table from its newest snapshot.
func BenchmarkLoadWholeGame(b *testing.B) {
	data, err := os.ReadFile("../engine/game/testdata/standard-game.orders")
	if err != nil {
		b.Skip(err)
	}
	clock := newClock()
	bot := storedBot(b, filepath.Join(b.TempDir(), "bench.db"), clock)
	act(b, bot, clock, carol, "C1", "/game new scenario:standard seed:1914")
	for _, line := range strings.Split(string(data), "\n") {
		if line = strings.TrimSpace(line); line != "" && !strings.HasPrefix(line, "#") && !strings.HasPrefix(line, "seed ") {
			act(b, bot, clock, carol, "C1", "/orders text:"+line)
		}
	}
	id := peek(bot, "C1").ID
	ctx := context.Background()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		g, err := games.New(games.Config{Map: bot.Map, Store: bot.Store}).LoadStored(ctx, id)
		if err != nil || g.State.Step != game.GameOver {
			b.Fatal(err, g.State.Step)
		}
	}
}
