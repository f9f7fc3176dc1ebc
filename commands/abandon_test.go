package commands

import (
	"strings"
	"testing"

	"rtrbot/i18n"
)

// Alice created the game (so she referees) and plays the Allies against
// Bob. After the setup her /game abandon asks first, privately and in her
// language, saying that it would be her side's resignation; confirmed,
// it resigns (the Germans win) and the game is not left without a
// result. /game new replace:true, which would abandon it, is refused to
// her privately.
func TestAbandonByAPlayerWhoRefereesIsAResignation(t *testing.T) {
	b, clock := openedGame(t)
	r := act(t, b, clock, alice, "C1", "/game new scenario:standard replace:true confirm:true")
	expect(t, txt(r), "replacing it would abandon it without a result", "/game resign")
	if len(r.Messages) == 0 || !r.Messages[0].Ephemeral {
		t.Errorf("the refusal is private: %+v", r)
	}
	q := actIn(t, b, clock, alice, "C1", "/game abandon", i18n.JA)
	expect(t, txt(q), "自陣営の投了になります", "連合軍側", "独軍側の勝利")
	if len(q.Messages) == 0 || !q.Messages[0].Ephemeral {
		t.Errorf("the question is private: %+v", q)
	}
	expect(t, txt(act(t, b, clock, alice, "C1", "/game abandon confirm:true")), "The Allied side resigns: the German side wins")
}

// The questions before an abandon say what follows: replace:true by a
// player who would only be refused is refused at once (no question whose
// answer is a refusal), and a game against the computer past its setup
// is said to count as the player's loss on the ladder, as it does.
func TestAbandonQuestionsSayWhatFollows(t *testing.T) {
	b, clock := openedGame(t)
	r := act(t, b, clock, alice, "C1", "/game new scenario:standard replace:true")
	expect(t, txt(r), "replacing it would abandon it without a result")

	b2, clock2 := newStoredBot(t)
	expect(t, txt(act(t, b2, clock2, bob, "C2", "/game new vs:bot side:german level:random")), "Game #1")
	act(t, b2, clock2, bob, "C2", "/game setup")
	act(t, b2, clock2, bob, "C2", "/end")
	expect(t, txt(act(t, b2, clock2, bob, "C2", "/game abandon")), "counts an abandoned game as your loss")
	expect(t, txt(act(t, b2, clock2, bob, "C2", "/game new scenario:standard replace:true")), "counts it as your loss")
	expect(t, txt(actIn(t, b2, clock2, bob, "C2", "/game abandon", i18n.JA)), "あなたの負けとして数えます")
}

// The final status of an abandoned game names who abandoned it: a player
// against the computer is no referee, and is not called one.
func TestAbandonNamesWhoAbandoned(t *testing.T) {
	b, clock := newStoredBot(t)
	act(t, b, clock, bob, "C2", "/game new vs:bot side:german level:random")
	act(t, b, clock, bob, "C2", "/game setup")
	act(t, b, clock, bob, "C2", "/end")
	r := txt(act(t, b, clock, bob, "C2", "/game abandon confirm:true"))
	if strings.Contains(r, "by a referee") {
		t.Errorf("the player is called a referee: %s", r)
	}
	expect(t, r, "abandoned** by "+bob.Name)
}
