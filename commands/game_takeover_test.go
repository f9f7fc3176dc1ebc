package commands

import (
	"context"
	"strings"
	"testing"
	"time"

	"rtrbot/engine/board"
	"rtrbot/engine/game"
	"rtrbot/engine/units"
	"rtrbot/i18n"
)

func tickText(b *Bot, at time.Time) string {
	var all []string
	for _, m := range b.Tick(context.Background(), at, nil) {
		all = append(all, m.Text)
	}
	return strings.Join(all, "\n")
}

// TestTakeoverAfterDeadline: the computer plays a segment whose deadline
// passed only once both sides' players agreed to the same level (a
// spectator may not agree for them); it plays that segment alone, logged
// as bot:<level>, and the next segment is the player's again; a side that
// withdraws its agreement gets the deadline's own behaviour back.
func TestTakeoverAfterDeadline(t *testing.T) {
	b, clock := newStoredBot(t)
	act(t, b, clock, alice, "C1", "/game new seed:4")
	act(t, b, clock, bob, "C1", "/game join side:german")
	act(t, b, clock, alice, "C1", "/game join side:allied")
	// Alice, who plays, proposes the deadline; Bob agrees.
	expect(t, txt(act(t, b, clock, alice, "C1", "/game deadline hours:4 then:remind")), "agrees by giving the same command")
	expect(t, txt(act(t, b, clock, bob, "C1", "/game deadline hours:4 then:remind")), "Each segment now has 4 hours")

	// Who may agree: a player, for his own side; not a spectator.
	r := act(t, b, clock, carol, "C1", "/game settings takeover:heuristic")
	expect(t, txt(r), "Only the game's players may agree")
	if !r.Messages[0].Ephemeral {
		t.Fatalf("a spectator's refusal was public: %q", txt(r))
	}
	expect(t, txt(act(t, b, clock, bob, "C1", "/game settings takeover:heuristic")), "once the other side agrees")
	if _, ok := peek(b, "C1").Takeover(); ok {
		t.Fatal("one side's agreement put the takeover in force")
	}
	// Only the Germans agree: the Allies' deadline (they set up first,
	// 17.1) passes with a reminder and nothing played.
	before := peek(b, "C1").State
	tick := clock.t.Add(4*time.Hour + time.Minute)
	expect(t, tickText(b, tick), "the deadline for the setup segment has passed")
	if peek(b, "C1").State != before {
		t.Fatal("the game moved on without the Allies' agreement")
	}
	// Different levels do not agree.
	expect(t, txt(act(t, b, clock, alice, "C1", "/game settings takeover:search")), "once the other side agrees")
	if _, ok := peek(b, "C1").Takeover(); ok {
		t.Fatal("heuristic and search agreed")
	}
	expect(t, txt(act(t, b, clock, alice, "C1", "/game settings takeover:heuristic")), "Both sides agree", "bot:heuristic")

	// The next deadline passes: the computer sets the Allies up, and
	// only that segment: the Germans' setup is Bob's.
	tick = tick.Add(4*time.Hour + time.Minute)
	expect(t, tickText(b, tick), "the computer (heuristic) played it", "コンピュータ (ヒューリスティック) が代行", "Segment ended: Aug II, Allied setup")
	g := peek(b, "C1")
	if g.State.Step != game.SetupStep || g.State.ToMove() != units.German || len(g.State.Unplaced()) == 0 {
		t.Fatalf("after the takeover: %s %s, %s to move, %d unplaced", g.State.Turn, g.State.Step, g.State.ToMove(), len(g.State.Unplaced()))
	}
	if byBot, total := computerOrders(t, b, g.ID, "allied"); byBot["bot:heuristic"] == 0 {
		t.Fatalf("no order in the log is the computer's (%d orders)", total)
	}
	// Bob withdraws his side's agreement: his own deadline only reminds.
	expect(t, txt(act(t, b, clock, bob, "C1", "/game settings takeover:off")), "no longer agrees")
	before = peek(b, "C1").State
	expect(t, tickText(b, tick.Add(4*time.Hour+time.Minute)), "the deadline for the setup segment has passed")
	if peek(b, "C1").State != before {
		t.Fatal("the computer played although the Germans withdrew their agreement")
	}
}

// TestTakeoverWhoMay: who may agree to the computer's takeover, in every
// state of the permission matrix's game: a player, for his own side
// (Alice and Dave share the Allies, Bob plays the Germans), while the game
// is not over; never a referee who plays neither side, the operator, a
// spectator or someone from elsewhere, and a refusal is private.
func TestTakeoverWhoMay(t *testing.T) {
	m, err := board.Default()
	if err != nil {
		t.Skip(err)
	}
	for _, s := range states {
		for _, r := range roles {
			b := matrixState(t, m, s)
			u, manager, operator, guild := who(r, s)
			u.Manager, u.Operator = manager, operator
			resp := b.Router.Run(context.Background(), &Request{Path: "game settings", Options: map[string]string{"takeover": "heuristic"},
				Guild: guild, Channel: "C1", Lang: i18n.EN, User: u})
			g := peek(b, "C1")
			var agreed []string
			if g != nil {
				for _, side := range []units.Side{units.German, units.Allied} {
					if g.TakeoverAgreed(side) != "" {
						agreed = append(agreed, side.String())
					}
				}
			}
			want := ""
			if (r == rMover || r == rOther || r == rPlayRef) && s != sOver {
				want = "german" // Bob
				if u.ID != mBob.ID {
					want = "allied"
				}
			}
			if got := strings.Join(agreed, ","); got != want {
				t.Errorf("%s, %s: agreed sides %q, want %q (%s)", s, r, got, want, txt(resp))
			}
			if want == "" && (len(resp.Messages) == 0 || !resp.Messages[0].Ephemeral) {
				t.Errorf("%s, %s: the refusal was not private: %q", s, r, txt(resp))
			}
		}
	}
}
