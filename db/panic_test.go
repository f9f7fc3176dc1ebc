package db

import (
	"context"
	"strings"
	"testing"
)

// panicky is an engine that panics on one game's orders: a bug of the
// engine's, met while replaying a stored game.
type panicky struct{ on string }

type panickyGame struct {
	Replay
	on string
}

func (e panicky) Start(s Setup, state []byte) (Replay, error) {
	r, err := fakeEngine{}.Start(s, state)
	return &panickyGame{r, e.on}, err
}

func (g *panickyGame) Apply(o Order) (Applied, error) {
	if strings.Contains(o.Text, g.on) {
		panic("index out of range in the engine")
	}
	return g.Replay.Apply(o)
}

// One game whose replay panics the engine is marked damaged with the
// fault; the check goes on with the others and the bot stays up.
func TestEnginePanicMarksOnlyItsGame(t *testing.T) {
	ctx := context.Background()
	s := openTest(t)
	var ids []int64
	for i, ch := range []string{"C1", "C2", "C3"} {
		g, rp := newGame(t, s, "G", ch)
		text := "move a"
		if i == 1 {
			text = "move BOOM"
		}
		if err := s.Update(ctx, g.ID, func(tx *GameTx) error { return logOrder(tx, rp, "u1", text) }); err != nil {
			t.Fatal(err)
		}
		ids = append(ids, g.ID)
	}
	checked, err := s.CheckAll(ctx, panicky{on: "BOOM"}, true)
	if err != nil {
		t.Fatal(err)
	}
	if len(checked) != 3 {
		t.Fatalf("checked %d games, want 3: one panic stopped the check", len(checked))
	}
	for i, c := range checked {
		if (c.Err != nil) != (i == 1) {
			t.Errorf("game %d: %v", c.Game, c.Err)
		}
	}
	g, err := s.Game(ctx, ids[1])
	if err != nil {
		t.Fatal(err)
	}
	if g.Status != Damaged || !strings.Contains(g.Damage, "the engine failed") || !strings.Contains(g.Damage, "index out of range") {
		t.Errorf("the panicking game: status %s, damage %q", g.Status, g.Damage)
	}
	for _, id := range []int64{ids[0], ids[2]} {
		if g, _ := s.Game(ctx, id); g.Status != Active {
			t.Errorf("game %d is %s", id, g.Status)
		}
	}
}
