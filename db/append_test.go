package db

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"testing"
)

// Events stored several to a statement (AddEvents) keep their order and
// numbering, across statements and across two AddEvents calls for one
// order; UpdateRow reads the game's row (its status still refuses
// orders) but not its players.
func TestAppendBatchesEvents(t *testing.T) {
	ctx := context.Background()
	s, err := Open(ctx, filepath.Join(t.TempDir(), "a.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	g, _ := newGame(t, s, "G", "C")
	for _, k := range []int{0, 1, eventsPerInsert, 2*eventsPerInsert + 3} {
		var evs []Event
		for i := range k {
			evs = append(evs, Event{Kind: "move", Visible: []string{"", "german"}[i%2], Text: fmt.Sprint("event ", i)})
		}
		o, err := s.AppendOrder(ctx, g.ID, NewOrder{Author: "u1", Side: "german", Text: fmt.Sprint("move a ", k)}, evs, nil)
		if err != nil {
			t.Fatal(err)
		}
		if k > 0 { // more events for the same order in the same transaction
			err = s.UpdateRow(ctx, g.ID, func(tx *GameTx) error {
				o2, err := tx.Append(NewOrder{Author: "u1", Side: "german", Text: "end"})
				if err != nil {
					return err
				}
				if err := tx.AddEvents(o2.Seq, evs[:1]); err != nil {
					return err
				}
				return tx.AddEvents(o2.Seq, evs[1:])
			})
			if err != nil {
				t.Fatal(err)
			}
		}
		got, err := s.Events(ctx, g.ID, o.Seq, 0)
		if err != nil {
			t.Fatal(err)
		}
		want := len(evs)
		if k > 0 {
			want *= 2
		}
		if len(got) != want {
			t.Fatalf("%d events stored: read %d back, want %d", k, len(got), want)
		}
		for i, e := range got {
			j := i % max(k, 1)
			if e.N != j || e.Text != evs[j].Text || e.Visible != evs[j].Visible {
				t.Errorf("%d events: event %d read back as n=%d %q %q", k, i, e.N, e.Visible, e.Text)
			}
		}
	}
	err = s.UpdateRow(ctx, g.ID, func(tx *GameTx) error {
		if tx.Game.ID != g.ID || tx.Game.Status != Active || len(tx.Game.Players) != 0 {
			t.Errorf("UpdateRow's game: %+v", tx.Game)
		}
		return tx.SetStatus(Finished, "")
	})
	if err != nil {
		t.Fatal(err)
	}
	_, err = s.AppendOrder(ctx, g.ID, NewOrder{Author: "u1", Text: "move a 1"}, nil, nil)
	var na *ErrNotActive
	if !errors.As(err, &na) {
		t.Errorf("order to a finished game through UpdateRow: %v", err)
	}
}
