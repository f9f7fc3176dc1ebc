package ai

import (
	"fmt"

	"rtrbot/engine/game"
)

// PlayOut plays a game on from a position to its end, each side by its
// player, with dice drawn from diceSeed rather than the game's own
// (game.State.WithPlayOutDice): one of a referee's play-outs of a
// position, for adjudication and analysis. The players still see only
// their own side's view and board (Turn); only the caller sees the whole
// state.
func PlayOut(s *game.State, diceSeed uint64, players [2]Computer) (*GameResult, error) {
	return playOn(s.WithPlayOutDice(diceSeed), players, fmt.Sprintf("play-out %d", diceSeed))
}
