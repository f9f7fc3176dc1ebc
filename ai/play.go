package ai

import (
	"fmt"
	"time"

	"rtrbot/engine/game"
	"rtrbot/engine/units"
	"rtrbot/i18n"
)

// Applied is one order a player gave and what the engine made of it.
type Applied struct {
	Order  game.Order
	Events []game.Event
	Err    error // the refusal, if the engine refused it
}

// TurnResult is what one call of Turn did.
type TurnResult struct {
	State    *game.State
	Applied  []Applied
	Refused  int           // orders the engine refused
	Requests int           // times the player was asked
	Thinking time.Duration // time spent in the player
}

// Turn lets a player give the orders of its side while that side is to
// move (a step, or a retreat in the enemy's combat segment), each applied
// with game.Apply exactly as a person's would be, the batch stopping at
// the first refusal. If a request brings nothing applied, Turn ends the
// step for the player; a player that cannot even end is an error. The
// player never sees s: only ViewFor(side) and NewBoard(s, side).
func Turn(s *game.State, side units.Side, p Computer) (*TurnResult, error) {
	res := &TurnResult{State: s}
	stuck := 0
	for s.Step != game.GameOver && s.ToMove() == side {
		if res.Requests > 5000 {
			return res, fmt.Errorf("%s player (%s) never finished %s %s", side, p.Level(), s.Turn, s.Step)
		}
		v := s.ViewFor(game.ViewerOf(side))
		b := NewBoard(s, side)
		t0 := time.Now()
		orders, perr := Ask(p, v, b)
		res.Thinking += time.Since(t0)
		if perr != nil {
			return res, fmt.Errorf("%s player (%s) in %s %s: %w", side, p.Level(), s.Turn, s.Step, perr)
		}
		res.Requests++
		progressed := false
		for _, o := range orders {
			o.Side = side
			n, evs, err := game.Apply(s, o)
			res.Applied = append(res.Applied, Applied{Order: o, Events: evs, Err: err})
			if err != nil {
				res.Refused++
				break
			}
			s, progressed = n, true
			if s.Step == game.GameOver || s.ToMove() != side {
				break
			}
		}
		if progressed {
			stuck = 0
			continue
		}
		stuck++
		// The step's end, or else an answer the player did not give
		// (16.2's stand), moves the game on.
		var err error
		moved := false
		for _, o := range []game.Order{game.End().By(side), game.Stand().By(side)} {
			n, evs, e := game.Apply(s, o)
			if e == nil {
				res.Applied = append(res.Applied, Applied{Order: o, Events: evs})
				s, moved = n, true
				break
			}
			if err == nil {
				err = e
			}
		}
		if moved {
			stuck = 0
			continue
		}
		if stuck > 3 {
			return res, fmt.Errorf("%s player (%s) is stuck in %s %s: %s", side, p.Level(), s.Turn, s.Step, i18n.Message(err, i18n.EN))
		}
	}
	res.State = s
	return res, nil
}

// Ask asks a player for its orders; a player that panics gives none and
// an error instead (never a crash of the game's host).
func Ask(p Computer, v game.View, b *Board) (orders []game.Order, err error) {
	defer func() {
		if r := recover(); r != nil {
			orders, err = nil, fmt.Errorf("the %s player failed: %v", p.Level(), r)
		}
	}()
	return p.Orders(v, b), nil
}

// GameResult is one game between two players.
type GameResult struct {
	Final    *game.State
	Winner   units.Side
	Level    game.Level
	Orders   int
	Refused  int
	Segments []time.Duration // thinking time of each request that ended a step
	Log      []game.Order
}

// PlayGame plays a whole game between two players from a seed.
func PlayGame(r *game.Rules, seed uint64, options []string, players [2]Computer) (*GameResult, error) {
	s, err := game.New(r, seed, options)
	if err != nil {
		return nil, err
	}
	return playOn(s, players, fmt.Sprintf("seed %d", seed))
}

// PlayForked plays a game from a seed with the players before until the
// turn fork begins, then on to its end with the players after: two
// players that differ only from that turn on are compared on the same
// opening (the arena's -fork-turn).
func PlayForked(r *game.Rules, seed uint64, options []string, before, after [2]Computer, fork int) (*GameResult, error) {
	s, err := game.New(r, seed, options)
	if err != nil {
		return nil, err
	}
	what := fmt.Sprintf("seed %d", seed)
	res := &GameResult{}
	if s, err = playUntil(res, s, before, what, fork); err != nil {
		return res, err
	}
	if s, err = playUntil(res, s, after, what, 0); err != nil {
		return res, err
	}
	return finish(res, s), nil
}

// playOn plays a game on from s to its end, each side by its player;
// what names the game in errors.
func playOn(s *game.State, players [2]Computer, what string) (*GameResult, error) {
	res := &GameResult{}
	s, err := playUntil(res, s, players, what, 0)
	if err != nil {
		return res, err
	}
	return finish(res, s), nil
}

// finish records the end of a game played to its end.
func finish(res *GameResult, s *game.State) *GameResult {
	res.Final = s
	res.Orders = len(res.Log)
	res.Winner, res.Level, _ = s.Result()
	return res
}

// playUntil plays on from s, each side by its player, adding to res,
// until the game ends or, where until is above 0, that turn begins.
func playUntil(res *GameResult, s *game.State, players [2]Computer, what string, until int) (*game.State, error) {
	for guard := 0; s.Step != game.GameOver && (until <= 0 || int(s.Turn) < until); guard++ {
		if guard > 20000 {
			return s, fmt.Errorf("%s: the game does not end", what)
		}
		side := s.ToMove()
		tr, err := Turn(s, side, players[side])
		if tr != nil {
			for _, a := range tr.Applied {
				if a.Err == nil {
					res.Log = append(res.Log, a.Order)
				}
			}
			res.Refused += tr.Refused
			res.Segments = append(res.Segments, tr.Thinking)
		}
		if err != nil {
			return s, fmt.Errorf("%s: %w", what, err)
		}
		s = tr.State
	}
	return s, nil
}
