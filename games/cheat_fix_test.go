package games

import (
	"context"
	"errors"
	"strings"
	"testing"

	"rtrbot/actor"
	"rtrbot/engine/game"
	"rtrbot/engine/hex"
	"rtrbot/engine/units"
	"rtrbot/i18n"
)

// fixLine is a /game fix of one order line.
func fixLine(line string) func(units.Side) ([]Pending, error) {
	return func(units.Side) ([]Pending, error) {
		o, err := game.ParseOrder(line)
		return []Pending{{Order: o}}, err
	}
}

// The cheater (Bob, the Germans) proposes fixes of Allied orders in the
// Allied movement segment to learn, from why the engine refuses them,
// where the Allies' hidden units are: "F-XX is already in 2419". A refused
// proposal for the other side says only that the game does not take it
// (14.1), and each such try counts against MaxFixProposals.
func TestCheatFixProbesHiddenUnits(t *testing.T) {
	s := sandbox(t, "scenario standard\nstep movement-1\nplayer allied\n2621: G-III\n2419: F-XX F-66R\n2319: F-57R\n")
	ctx := context.Background()
	var answers []string
	for _, line := range []string{"allied move F-XX 2419", "allied move F-XX 9999", "allied entrench F-XX"} {
		_, err := s.Fix(ctx, bob, at, t0, fixLine(line))
		var prop *FixProposal
		if err == nil || errors.As(err, &prop) {
			continue // a legal order: proposing it is what fixes are for
		}
		msg := i18n.Message(err, i18n.EN) + i18n.Message(err, i18n.JA)
		answers = append(answers, msg)
		for _, leak := range []string{"already", "既に", "2419 "} {
			if strings.Contains(strings.ReplaceAll(msg, line, ""), leak) {
				t.Errorf("%s: the refusal tells why (%q): %s", line, leak, msg)
			}
		}
	}
	if len(answers) == 0 {
		t.Fatal("no proposal was refused: the probe tried nothing")
	}
	_, err := s.Fix(ctx, bob, at, t0, fixLine("allied move F-XX 2419"))
	if msg := i18n.Message(err, i18n.EN); !strings.Contains(msg, "the most one player may") {
		t.Errorf("after %d tries the cheater may still probe: %s", MaxFixProposals, msg)
	}
}

// The Allied player keeps a fix the German (Bob) once proposed ("german
// end") and, after Bob has played on, confirms it to end Bob's segment
// against his will. A proposal holds only where it was made: the same
// text after another order is a new proposal, not a confirmation.
func TestCheatStaleFixProposal(t *testing.T) {
	s := sandbox(t, "scenario standard\nstep movement-1\nplayer german\n2621: G-III\n2619: F-XX\n")
	ctx := context.Background()
	var prop *FixProposal
	if _, err := s.Fix(ctx, bob, at, t0, fixLine("german end")); !errors.As(err, &prop) {
		t.Fatalf("Bob's proposal: %v", err)
	}
	if _, err := s.Orders(ctx, bob, at, t0, []Pending{{Order: game.Move("G-III", hex.MustParse("2721")).By(units.German)}}, false); err != nil {
		t.Fatalf("Bob plays on: %v", err)
	}
	before := s.Peek(ctx, "C1").State.Position()
	_, err := s.Fix(ctx, alice, at, t0, fixLine("german end"))
	if after := s.Peek(ctx, "C1").State.Position(); before != after {
		t.Errorf("a stale proposal, made before Bob played on, was applied: %v", err)
	}
	if !errors.As(err, &prop) {
		t.Errorf("the same text after Bob's order should be Alice's own proposal, got %v", err)
	}
}

// The cheater (Bob, the Germans) proposes the same Allied fix in two games
// that differ only in where the Allies' hidden units stand: in one the
// move is legal, in the other not. The answers must be the same (14.1):
// a fix of the other side names only units the proposer sees. A unit his
// map shows (revealed) may be named; a neutral referee still fixes at once.
func TestCheatFixSameAnswerWhateverHidden(t *testing.T) {
	ctx := context.Background()
	answer := func(pos, line string) string {
		s := sandbox(t, "scenario standard\nstep movement-1\nplayer allied\n2621: G-III\n"+pos)
		if s.Peek(ctx, "C1").State.ViewFor(game.ViewerOf(units.German)).VisibleIDs()["F-XX"] {
			t.Fatalf("F-XX shows on Bob's map in %q: the probe tests nothing", pos)
		}
		_, err := s.Fix(ctx, bob, at, t0, fixLine(line))
		var prop *FixProposal
		if errors.As(err, &prop) {
			return "proposed"
		}
		if err == nil {
			return "applied"
		}
		return i18n.Message(err, i18n.EN) + "|" + i18n.Message(err, i18n.JA)
	}
	for _, line := range []string{"allied move F-XX 2418", "allied entrench F-XX", "allied move F-XX 2418 2417"} {
		a, b := answer("2419: F-66R F-XX\n2319: F-57R\n", line), answer("2419: F-57R\n2319: F-66R F-XX\n", line)
		if a != b {
			t.Errorf("%s: the answer tells where F-XX hides:\n  at 2419: %s\n  at 2319: %s", line, a, b)
		}
		if a == "proposed" {
			t.Errorf("%s: a fix naming a unit Bob does not see was proposed", line)
		}
	}
	// "end" names nothing: it is proposed whatever the Allies hold.
	if a := answer("2419: F-66R F-XX\n2319: F-57R\n", "allied end"); a != "proposed" {
		t.Errorf("allied end: %s", a)
	}
	// A unit Bob's map shows (the top of its stack) may be named.
	if a := answer("2419: F-66R F-XX\n2319: F-57R\n", "allied move F-66R 2418"); a != "proposed" && !strings.Contains(a, "does not take") {
		t.Errorf("allied move F-66R 2418, a unit Bob sees: %s", a)
	}
	// A neutral referee sees all and fixes at once.
	s := sandbox(t, "scenario standard\nstep movement-1\nplayer allied\n2621: G-III\n2419: F-XX\n")
	if _, err := s.Fix(ctx, actor.Actor{ID: "901", Name: "Mona", Manager: true}, at, t0, fixLine("allied move F-XX 2418")); err != nil {
		t.Errorf("the neutral referee's fix: %v", err)
	}
}
