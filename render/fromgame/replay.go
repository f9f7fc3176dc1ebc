package fromgame

import (
	"fmt"

	"rtrbot/engine/game"
	"rtrbot/render"
)

// Segments replays a game from its start and returns one situation a
// segment, for the animated replay (render.Renderer.Replay): the position
// at the end of every movement and combat segment as viewer sees it (the
// engine's view), with the segment's moves and combats, and the final
// position. A game is its rules, seed, options and orders, so the frames
// are the game's own, not a reconstruction.
func Segments(r *game.Rules, key []byte, options []string, orders []game.Order, viewer render.Viewer) ([]render.Situation, error) {
	s, err := game.NewKey(r, key, options)
	if err != nil {
		return nil, err
	}
	var out []render.Situation
	var since []game.Event
	for i, o := range orders {
		if o.Verb == game.VerbEnd && (s.Step.IsMovement() || s.Step.IsCombat()) {
			out = append(out, For(s, since, viewer))
		}
		n, evs, err := game.Apply(s, o)
		if err != nil {
			return out, fmt.Errorf("order %d (%s) is refused: %w", i+1, o, err)
		}
		since = append(since, evs...)
		if o.Verb == game.VerbEnd {
			since = since[:0]
		}
		s = n
	}
	out = append(out, For(s, since, viewer))
	return out, nil
}
