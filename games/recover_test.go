package games

import (
	"context"
	"strings"
	"testing"
	"time"

	"rtrbot/db"
)

// A panic while the deadline loop handles one game marks that game
// damaged with the fault and drops it; the loop goes on with the others,
// and the table's lock is free afterwards.
func TestDeadlineLoopSurvivesAPanic(t *testing.T) {
	s, st, _ := freshTable(t)
	ctx := context.Background()
	var ids []int64
	for _, ch := range []string{"C1", "C2"} {
		w := Where{Guild: "G1", Channel: ch}
		g := mustNewGame(t, s, alice, w, NewGame{Scenario: "standard"})
		if _, err := s.SetDeadline(ctx, alice, w, 4, "remind", t0); err != nil {
			t.Fatal(err)
		}
		ids = append(ids, g.Game.ID)
	}
	tickHook = func(g *Record) {
		if g.ID == ids[0] {
			panic("a bug met on game " + g.Channel)
		}
	}
	defer func() { tickHook = nil }()
	n := s.Tick(ctx, t0.Add(3*time.Hour+time.Minute))
	if len(n) != 1 || n[0].Game != ids[1] || n[0].Kind != Reminder {
		t.Fatalf("the other game's reminder: %+v", n)
	}
	row, err := st.Game(ctx, ids[0])
	if err != nil {
		t.Fatal(err)
	}
	if row.Status != db.Damaged || !strings.Contains(row.Damage, "deadline loop") || !strings.Contains(row.Damage, "a bug met") {
		t.Errorf("the failing game: %s %q", row.Status, row.Damage)
	}
	// The lock is free: the service answers.
	done := make(chan struct{})
	go func() { s.Peek(context.Background(), "C2"); close(done) }()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		t.Fatal("the table's lock stayed held after the panic")
	}
}
