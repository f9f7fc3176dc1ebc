package commands

import (
	"strings"
	"testing"
	"time"

	"rtrbot/ai"
	"rtrbot/engine/game"
	"rtrbot/games"
	"rtrbot/i18n"
)

// /computer analysis: refused privately where no game was played and
// while the game runs (its play-outs see every unit, 14.1); after the
// game, public, with its chart, for anyone in the game's place; computed
// once (a second ask computes nothing); in the reader's language.
func TestComputerAnalysisAfterTheGame(t *testing.T) {
	b, clock := openedGame(t)
	b.analysisWait = time.Hour // this test reads the analysis at its first ask
	r := act(t, b, clock, carol, "C9", "/computer analysis")
	if expect(t, txt(r), "no game in this channel"); !r.Messages[0].Ephemeral {
		t.Error("the refusal is private")
	}
	runs := b.games.AnalysesComputed()
	for _, who := range []struct {
		name string
		line string
	}{{"carol", "/computer analysis"}, {"bob", "/computer analysis"}, {"bob", "/computer analysis game:1"}} {
		u := carol
		if who.name == "bob" {
			u = bob
		}
		r = act(t, b, clock, u, "C1", who.line)
		if expect(t, txt(r), "still being played", "14.1"); !r.Messages[0].Ephemeral || len(r.Messages[0].Files) != 0 {
			t.Errorf("%s by %s while the game runs: %+v", who.line, who.name, r.Messages[0])
		}
	}
	if b.games.AnalysesComputed() != runs {
		t.Fatal("a running game was analysed")
	}
	act(t, b, clock, bob, "C1", "/game resign confirm:true")
	r = act(t, b, clock, carol, "C1", "/computer analysis")
	m := r.Messages[0]
	expect(t, m.Text, "Analysis of game #1", "expected final margin at the start", "at the resignation", "play-outs")
	if m.Ephemeral || len(m.Files) != 1 || !strings.HasSuffix(m.Files[0].Name, "-analysis.png") {
		t.Fatalf("the analysis after the game: public, with its chart: %+v", m)
	}
	if got := b.games.AnalysesComputed(); got != runs+1 {
		t.Fatalf("%d analyses computed, want 1", got-runs)
	}
	// Asked again, in Japanese: the kept analysis, in the reader's language.
	path, opts := readLine(b.Router, "/computer analysis")
	ja := b.Router.Run(t.Context(), &Request{Path: path, Options: opts, Guild: "G1", Channel: "C1", Lang: i18n.JA, User: alice, Now: clock.Now()})
	expect(t, txt(ja), "ゲーム #1 の分析", "プレイアウト")
	if strings.Contains(txt(ja), "Analysis") || len(ja.Messages[0].Files) != 1 {
		t.Errorf("the Japanese analysis: %q", txt(ja))
	}
	if got := b.games.AnalysesComputed(); got != runs+1 {
		t.Fatalf("the second ask computed the analysis again (%d runs)", got-runs)
	}
	// Bad input: a number that is no game here.
	r = act(t, b, clock, carol, "C1", "/computer analysis game:99")
	if len(r.Messages[0].Files) != 0 || !r.Messages[0].Ephemeral {
		t.Errorf("game:99: %+v", r.Messages[0])
	}
}

// Red team: the analysis of a game from another channel (by its number)
// and of a running game (whose play-outs would use the units the fog of
// war hides) are refused and draw nothing.
func TestCheatComputerAnalysisElsewhereOrRunning(t *testing.T) {
	b, clock := openedGame(t)
	// The game runs in C1: neither its players nor a spectator get an
	// analysis, from C1 or elsewhere, by number or not.
	for _, ch := range []string{"C1", "C2"} {
		for _, line := range []string{"/computer analysis", "/computer analysis game:1"} {
			for _, u := range []struct {
				name string
				ch   string
			}{{"bob", ch}, {"carol", ch}} {
				who := bob
				if u.name == "carol" {
					who = carol
				}
				r := act(t, b, clock, who, ch, line)
				for _, m := range r.Messages {
					if len(m.Files) != 0 || !m.Ephemeral || strings.Contains(m.Text, "Analysis of game") {
						t.Errorf("%s by %s in %s while the game runs: %+v", line, u.name, ch, m)
					}
				}
			}
		}
	}
	act(t, b, clock, alice, "C1", "/game resign confirm:true")
	// Over: another channel naming the game gets nothing.
	r := act(t, b, clock, bob, "C2", "/computer analysis game:1")
	if strings.Contains(txt(r), "Analysis of game #1") || len(r.Messages[0].Files) != 0 {
		t.Errorf("the analysis from another channel: %q", txt(r))
	}
	// Japanese reader refused in Japanese.
	path, opts := readLine(b.Router, "/computer analysis game:1")
	ja := txt(b.Router.Run(t.Context(), &Request{Path: path, Options: opts, Guild: "G1", Channel: "C2", Lang: i18n.JA, User: carol, Now: clock.Now()}))
	if strings.Contains(ja, "Analysis") || strings.Contains(ja, "分析**") {
		t.Errorf("the Japanese refusal: %q", ja)
	}
}

// The commands' tests analyse with one play-out a point: the play-outs
// themselves are tested in ai (TestAnalysisCurveAndSwings).
func init() { analysisPlayOuts = 1 }

// The analysis' answer holds in one message however long its swings'
// rolls are: fewer rolls are named, never a text Discord refuses.
func TestAnalysisTextFitsAMessage(t *testing.T) {
	b, _ := newStoredBot(t)
	g := &games.Game{ID: 3, Meta: map[string]string{}}
	long := game.Event{Kind: game.EvRussia, Text: i18n.T(strings.Repeat("Russian Front, a long sentence. ", 20), strings.Repeat("ロシア戦線の長い文。", 40))}
	var rolls []ai.Roll
	for i := 0; i < 9; i++ {
		rolls = append(rolls, ai.Roll{Event: long})
	}
	a := &ai.Analysis{PlayOuts: 6, Points: []ai.Point{{}, {Margin: 30}, {Margin: -20}, {Margin: 40}},
		Swings: []ai.Swing{{Point: 3, Change: 60, Rolls: rolls}, {Point: 2, Change: -50, Rolls: rolls}, {Point: 1, Change: 30, Rolls: rolls}}}
	for _, lang := range []i18n.Lang{i18n.EN, i18n.JA} {
		text := analysisText(b, g, a, lang)
		if n := len([]rune(text)); n > 2000 {
			t.Errorf("%s: %d characters", lang, n)
		}
		if !strings.Contains(text, "1. ") || !strings.Contains(text, "3. ") {
			t.Errorf("%s: the swings are not all named:\n%s", lang, text)
		}
	}
}
