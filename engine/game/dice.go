package game

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"math/rand/v2"

	"rtrbot/engine/units"
	"rtrbot/i18n"
)

// The game's own dice. Every random result of a game comes from its seed:
// roll number k (counting from 1) is a six-sided die drawn from a ChaCha8
// generator keyed by SHA-256("rtrbot game die" || seed || k), seed and k as
// 8-byte big-endian numbers. The state keeps only the seed and the number
// of rolls made (DiceState.Rolls), so a replay rolls exactly the same dice and
// anyone who knows the seed recomputes every roll (docs/dice.md, "Game
// dice"). The seed stays secret while the game runs: players see only
// Commitment, the SHA-256 of the seed, and the seed is revealed when the
// game ends.
//
// A state may also hold forced dice (ForceDice, the position line
// "dice 4 2"): the next rolls take them, in order, before the generator
// is asked again. They do not count in Rolls, so the generator's roll k is
// still DieRoll(seed, k). No order forces a die: only a rule case or a
// sandbox position does, and a game without them writes no "dice" line.

// DieRoll is roll number k of a game with the given seed (1..6).
func DieRoll(seed uint64, k int) int {
	var b [15 + 16]byte
	copy(b[:], "rtrbot game die")
	binary.BigEndian.PutUint64(b[15:], seed)
	binary.BigEndian.PutUint64(b[23:], uint64(k))
	key := sha256.Sum256(b[:])
	return rand.New(rand.NewChaCha8(key)).IntN(6) + 1
}

// DiceState is what the state keeps of the game's dice.
type DiceState struct {
	// Rolls is how many dice the game's generator has rolled: roll k is a
	// function of the seed and k alone.
	Rolls int
	// Forced are dice fixed in advance, rolled before the generator's
	// (ForceDice; rule cases and sandbox positions).
	Forced []int
}

// Commitment is the published SHA-256 of a game's seed (8-byte
// big-endian), in hex: it binds the game to its seed without telling it.
func Commitment(seed uint64) string {
	var b [8]byte
	binary.BigEndian.PutUint64(b[:], seed)
	sum := sha256.Sum256(b[:])
	return hex.EncodeToString(sum[:])
}

// Commitment is the commitment to this game's seed.
func (s *State) Commitment() string { return Commitment(s.Seed) }

// ForceDice queues dice for the next rolls, before the generator's. Unlike
// Apply it changes s itself: it sets up a rule case or a sandbox. A value
// that is not a die (1 to 6) is refused and nothing is queued.
func (s *State) ForceDice(dice ...int) error {
	for _, d := range dice {
		if d < 1 || d > 6 {
			return refuse("not-a-die", d)
		}
	}
	s.Dice.Forced = append(s.Dice.Forced, dice...)
	return nil
}

// roll rolls the next die for side, for the purpose named by what, and
// records it as an event: a forced die if one is queued, else the
// generator's next.
func (s *State) roll(side units.Side, what i18n.Text, evs *[]Event) int {
	if len(s.Dice.Forced) > 0 {
		d := s.Dice.Forced[0]
		s.Dice.Forced = s.Dice.Forced[1:]
		if len(s.Dice.Forced) == 0 {
			s.Dice.Forced = nil
		}
		*evs = append(*evs, Event{Kind: EvRoll, Side: side, N: d, Units: []string{"roll-forced"},
			Text: tr("Forced die by the %s player for %s: %d.", "指定ダイス (%s、%s): %d。", side.Name(), what, d)})
		return d
	}
	s.Dice.Rolls++
	d := DieRoll(s.Seed, s.Dice.Rolls)
	*evs = append(*evs, Event{Kind: EvRoll, Side: side, N: d, Units: []string{"roll-" + itoa(s.Dice.Rolls)},
		Text: tr("Die roll #%d by the %s player for %s: %d.", "ダイス #%d (%s、%s): %d。", s.Dice.Rolls, side.Name(), what, d)})
	return d
}
