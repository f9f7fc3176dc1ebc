package commands

import (
	"context"
	"strings"
	"testing"
	"time"

	"rtrbot/ai"
	"rtrbot/engine/game"
	"rtrbot/i18n"
)

// The confirming /computer adjudicate tells the asker, in his language,
// that the play-outs have begun (how many, roughly how long) before they
// are done: here the play-outs hold until the test has read that first
// answer, and only then give the result, which the command's own answer
// carries.
func TestComputerAdjudicateTellsThePlayOutsBegan(t *testing.T) {
	for _, l := range []i18n.Lang{i18n.EN, i18n.JA} {
		b, clock := newStoredBot(t)
		b.games.SetAdjudication(ai.AdjudicateConfig{PlayOuts: 7, Level: "heuristic"})
		release := make(chan struct{})
		b.games.SetAdjudicator(func(s *game.State, cfg ai.AdjudicateConfig) (ai.Adjudication, error) {
			select {
			case <-release:
			case <-time.After(30 * time.Second):
				t.Error("the play-outs were never released: no word came before them")
			}
			return ai.Adjudication{Winner: 0, Level: game.Draw, PlayOuts: cfg.PlayOuts, Iterations: 1}, nil
		})
		act(t, b, clock, bob, "C1", "/game new vs:bot side:german level:random seed:3")
		actIn(t, b, clock, bob, "C1", "/computer adjudicate", l)
		told := make(chan Message, 4)
		path, opts := readLine(b.Router, "/computer adjudicate")
		done := make(chan *Response, 1)
		go func() {
			done <- b.Router.Run(context.Background(), &Request{Path: path, Options: opts, Guild: "G1", Channel: "C1", Lang: l, User: bob, Now: clock.Now(),
				Progress: func(m Message) { told <- m }})
		}()
		var first Message
		select {
		case first = <-told:
		case r := <-done:
			t.Fatalf("%s: the answer came with no word before it: %s", l, txt(r))
		case <-time.After(20 * time.Second):
			t.Fatalf("%s: no word that the play-outs began", l)
		}
		select {
		case r := <-done:
			t.Fatalf("%s: the answer came before the play-outs were done: %s", l, txt(r))
		default:
		}
		want, other := "7 play-outs", "回の計算"
		if l == i18n.JA {
			want, other = "7 回の計算", "play-outs"
		}
		if !strings.Contains(first.Text, want) || strings.Contains(first.Text, other) {
			t.Fatalf("%s: the first word: %q", l, first.Text)
		}
		close(release)
		r := <-done
		if l == i18n.EN {
			expect(t, txt(r), "Game #1 ends by adjudication")
		} else {
			expect(t, txt(r), "ゲーム #1 は判定で終了しました")
		}
	}
}

// On Discord (a chat, no console), the notice that the play-outs began is
// posted in the game's channel, in both languages, before they run.
func TestComputerAdjudicatePostsThatThePlayOutsBegan(t *testing.T) {
	b, clock := newStoredBot(t)
	b.games.SetAdjudication(ai.AdjudicateConfig{PlayOuts: 5, Level: "heuristic"})
	chat := &fakeChat{}
	var before []Message
	b.games.SetAdjudicator(func(s *game.State, cfg ai.AdjudicateConfig) (ai.Adjudication, error) {
		chat.mu.Lock()
		before = append([]Message(nil), chat.posts...)
		chat.mu.Unlock()
		return ai.Adjudication{Level: game.Draw, PlayOuts: cfg.PlayOuts, Iterations: 1}, nil
	})
	act(t, b, clock, bob, "C1", "/game new vs:bot side:german level:random seed:3")
	chatAct(b, clock, chat, bob, "C1", "/computer adjudicate")
	expect(t, txt(chatAct(b, clock, chat, bob, "C1", "/computer adjudicate")), "Game #1 ends by adjudication")
	if len(before) != 1 || before[0].Target != "C1" {
		t.Fatalf("posted before the play-outs: %+v", before)
	}
	expect(t, before[0].Text, "5 play-outs", "5 回の計算")
}
