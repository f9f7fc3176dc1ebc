package fromgame

import (
	"bytes"
	"image/gif"
	"testing"

	"rtrbot/engine/game"
	"rtrbot/render"
)

// A game's first turn played by orders (default setup and
// reinforcements, in every movement segment one unit moved as far as the
// engine allows, no attack): Segments gives one situation at the end of
// each movement and combat segment plus the final position, each from
// the engine's view, the movement frames with their trails; the replay
// GIF has as many frames.
func TestSegmentsOfARealGame(t *testing.T) {
	m, _ := opening(t)
	rules, s := newStandardGame(t, m, 5)
	var orders []game.Order
	apply := func(o game.Order) bool {
		n, _, err := game.Apply(s, o)
		if err != nil {
			return false
		}
		orders = append(orders, o)
		s = n
		return true
	}
	segments := 0
	for guard := 0; guard < 200 && s.Turn <= 2 && s.Step != game.GameOver; guard++ {
		side := s.ToMove()
		switch {
		case s.Step == game.SetupStep:
			apply(game.AutoSetup().By(side))
		case s.Step == game.Reinforcement:
			apply(game.AutoReinforce().By(side))
		case s.Step.IsMovement():
			for _, c := range s.Actors() {
				if c.Side() != side {
					continue
				}
				ds, err := s.Destinations(c)
				if err != nil || len(ds) == 0 {
					continue
				}
				far := ds[0]
				for _, d := range ds {
					if len(d.Path) > len(far.Path) {
						far = d
					}
				}
				if apply(game.Move(c.ID, far.To).By(side)) {
					break
				}
			}
		}
		if s.Step.IsMovement() || s.Step.IsCombat() {
			segments++
		}
		// The Russian Front's demands (11.7) are met by withdrawing
		// units, whichever the engine accepts, until the segment may end.
		for _, c := range s.Actors() {
			if _, _, err := game.Apply(s, game.End().By(s.ToMove())); err == nil {
				break
			}
			if c.Side() == s.ToMove() && s.Step.IsMovement() {
				apply(game.Withdraw(c.ID).By(c.Side()))
			}
		}
		if !apply(game.End().By(s.ToMove())) {
			_, _, err := game.Apply(s, game.End().By(s.ToMove()))
			t.Fatalf("cannot end %s at %s: %v", s.Step, s.Turn, err)
		}
	}
	frames, err := Segments(rules, []byte{0, 0, 0, 0, 0, 0, 0, 5}, nil, orders, render.Public)
	if err != nil {
		t.Fatal(err)
	}
	if len(frames) != segments+1 {
		t.Errorf("%d situations, want %d (one a movement or combat segment, and the end)", len(frames), segments+1)
	}
	moved := 0
	for _, f := range frames {
		moved += len(f.Moves)
		if f.Viewer != render.Public {
			t.Errorf("frame for %v, want the public", f.Viewer)
		}
	}
	if moved == 0 {
		t.Error("no frame carries a trail, though units moved in every movement segment")
	}
	r, err := render.New(m, render.Options{Scale: 0.5, NoLegend: true})
	if err != nil {
		t.Fatal(err)
	}
	b, err := r.Replay(frames, render.ReplayOptions{})
	if err != nil {
		t.Fatal(err)
	}
	g, err := gif.DecodeAll(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	if len(g.Image) != len(frames) {
		t.Errorf("GIF of %d frames, want %d", len(g.Image), len(frames))
	}
	t.Logf("%d orders, %d segments, %d trails, replay %d bytes", len(orders), segments, moved, len(b))
}
