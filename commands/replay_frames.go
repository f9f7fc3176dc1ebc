package commands

import (
	"container/list"
	"crypto/sha256"
	"fmt"
	"sync"

	"rtrbot/engine/game"
	"rtrbot/engine/hex"
	"rtrbot/engine/turn"
	"rtrbot/games"
	"rtrbot/i18n"
	"rtrbot/render"
	"rtrbot/render/fromgame"
)

// replayFrame is one step of a replay: the position at the end of a
// movement or combat segment as one viewer sees it (the last frame: the
// position now), with what that viewer may read of what happened since
// the frame before.
type replayFrame struct {
	sit   render.Situation
	turn  turn.Turn
	step  i18n.Text
	lines []i18n.Text // the account, each line through game.EventsFor (14.1)
}

// replayFrames replays a game from its start, as fromgame.Segments does
// for the animated replay, and keeps for each segment the viewer's
// situation and account. Nothing of the state leaves it but the
// viewer's view and the events the viewer may read.
func replayFrames(g *games.Game, v game.Viewer) ([]replayFrame, error) {
	s, err := game.NewKey(g.State.Rules(), g.Key, g.Options)
	if err != nil {
		return nil, err
	}
	rv := render.Public
	switch v {
	case game.GermanView:
		rv = render.GermanView
	case game.AlliedView:
		rv = render.AlliedView
	}
	var out []replayFrame
	var moves []game.Event // the segment's moves and combats, for the picture's trails
	var lines []i18n.Text  // the account since the frame before
	frame := func(s *game.State) {
		sit := fromgame.For(s, moves, rv)
		fromgame.WithScenario(&sit, s.Rules().Scenario)
		out = append(out, replayFrame{sit: sit, turn: s.Turn, step: s.Phase(), lines: lines})
		lines = nil
	}
	for i, o := range g.Orders {
		if o.Verb == game.VerbEnd && replayFrameEnds(s.Step) {
			frame(s)
		}
		n, evs, err := game.Apply(s, o)
		if err != nil {
			return out, fmt.Errorf("order %d (%s) is refused: %w", i+1, o, err)
		}
		evs = game.EventsFor(v, s, n, evs)
		for _, e := range evs {
			switch e.Kind {
			case game.EvRoll, game.EvStep:
				// the dice are in the results they decide; steps in the headings
			default:
				lines = append(lines, e.Text)
			}
		}
		moves = append(moves, evs...)
		if o.Verb == game.VerbEnd {
			moves = moves[:0]
		}
		s = n
	}
	frame(s)
	return out, nil
}

// replayFrameEnds tells whether the end of a segment of step makes a
// replay frame: a setup, movement or combat segment's does (the
// analysis numbers its segments by it too, replaySegmentOf).
func replayFrameEnds(step game.Step) bool {
	return step == game.SetupStep || step.IsMovement() || step.IsCombat()
}

// replayCrop is the part of the map a replay frame shows, small enough
// that the counters can be read on a phone: around the segment's main
// action (the hex of its moves' ends and its combats with the most of
// them near it), else around the front; nil (the whole map) when no unit
// is on it yet. The account lists everything; the GIF shows the whole map.
func replayCrop(sit *render.Situation) *render.Crop {
	var hot []hex.Hex
	for _, m := range sit.Moves {
		hot = append(hot, m.Path[len(m.Path)-1])
	}
	for _, c := range sit.Combats {
		hot = append(hot, c.Defender)
	}
	if len(hot) == 0 {
		return render.FrontCrop(sit, replayRadius)
	}
	best, most := hot[0], 0
	for _, h := range hot {
		n := 0
		for _, o := range hot {
			if hex.Distance(h, o) < replayRadius {
				n++
			}
		}
		if n > most {
			best, most = h, n
		}
	}
	return &render.Crop{Center: best, Radius: replayRadius}
}

// replayRadius is a replay frame's crop: at the crop scale a radius of 5
// is about 750 pixels across, which a phone shows at 400 with the
// counters' values still readable.
const replayRadius = 5

// replayCache keeps the frames of the replays asked lately, so that
// stepping through a replay replays the game once, not at every press.
// A game's frames are known by its number, its orders and the viewer: a
// new order makes a new entry. The zero value is ready to use.
type replayCache struct {
	mu    sync.Mutex
	lru   list.List // of *replayEntry, front: used last
	byKey map[replayKey]*list.Element
}

type replayKey struct {
	game   int64
	orders [sha256.Size]byte // an undone and replaced order is another game
	viewer game.Viewer
}

type replayEntry struct {
	key    replayKey
	frames []replayFrame
}

// replayCached is how many replays are kept.
const replayCached = 8

// frames are g's frames in v's eyes, replayed once and then kept. A game
// not stored (number 0) is replayed every time.
func (c *replayCache) frames(g *games.Game, v game.Viewer) ([]replayFrame, error) {
	h := sha256.New()
	for _, o := range g.Orders {
		fmt.Fprintln(h, o)
	}
	k := replayKey{game: g.ID, viewer: v}
	h.Sum(k.orders[:0])
	if g.ID != 0 {
		c.mu.Lock()
		if e, ok := c.byKey[k]; ok {
			c.lru.MoveToFront(e)
			fs := e.Value.(*replayEntry).frames
			c.mu.Unlock()
			return fs, nil
		}
		c.mu.Unlock()
	}
	fs, err := replayFrames(g, v)
	if err != nil || g.ID == 0 {
		return fs, err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.byKey == nil {
		c.byKey = map[replayKey]*list.Element{}
	}
	if _, ok := c.byKey[k]; !ok {
		c.byKey[k] = c.lru.PushFront(&replayEntry{key: k, frames: fs})
		for c.lru.Len() > replayCached {
			last := c.lru.Back()
			delete(c.byKey, last.Value.(*replayEntry).key)
			c.lru.Remove(last)
		}
	}
	return fs, nil
}
