package games

import (
	"context"
	"strings"
	"testing"

	"rtrbot/actor"
	"rtrbot/engine/game"
)

// TestCheatOperatorOrdersASide: the bot's operator (a referee of every
// game, actor.Operator) or a server manager who plays neither side gives
// an ordinary order for the side to move, as if he held it. What stops
// him: mayOrder asks for a seat of that side; referees act only through
// the referee's commands (fix, pause, deadline), never as a side.
func TestCheatOperatorOrdersASide(t *testing.T) {
	s := sandbox(t, "scenario standard\nstep movement-1\nplayer german\n2621: G-III\n2619: F-XX\n")
	ctx := context.Background()
	before := s.Peek(ctx, "C1").State.Position()
	o, _ := game.ParseOrder("german move G-III 2721")
	for _, a := range []actor.Actor{
		{ID: "900", Name: "Oscar", Operator: true},
		{ID: "901", Name: "Mona", Manager: true, Roles: []string{"ref"}},
	} {
		if _, err := s.Orders(ctx, a, at, t0, []Pending{{Order: o}}, false); err == nil {
			t.Errorf("%s gave the German side's order", a.Name)
		}
	}
	if s.Peek(ctx, "C1").State.Position() != before {
		t.Error("the game changed")
	}
}

// TestCheatRefereeRoleMemberRenamesTheRole: a member of the server's
// referee role (or the game's creator) names another role the referee
// role, to hand refereeing to friends. What stops him: SetRefereeRole
// wants a server manager or the console, not a referee.
func TestCheatRefereeRoleMemberRenamesTheRole(t *testing.T) {
	s := sandbox(t, "scenario standard\nstep movement-1\nplayer german\n2621: G-III\n")
	ctx := context.Background()
	for _, a := range []actor.Actor{
		{ID: "903", Name: "Refa", Roles: []string{"ref"}},
		{ID: alice.ID, Name: alice.Name, Operator: false},
	} {
		if _, err := s.SetRefereeRole(ctx, a, "G1", "<@&777>"); err == nil || !strings.Contains(err.Error(), "manage") {
			t.Errorf("%s set the referee role: %v", a.Name, err)
		}
	}
}
