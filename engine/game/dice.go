package game

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"math/rand/v2"
	"strconv"

	"rtrbot/engine/units"
	"rtrbot/i18n"
)

// The game's own dice. Every random result of a game comes from its dice
// key: roll number k (counting from 1) is a six-sided die drawn from a
// ChaCha8 generator keyed by SHA-256("rtrbot game die" || key || k), k as
// an 8-byte big-endian number. The key is the game's secret, 256 random
// bits (State.Secret), or for a practice game the 8-byte big-endian seed a
// player chose (State.Seed, public from the start). The state keeps only
// the key and the number of rolls made (DiceState.Rolls), so a replay
// rolls exactly the same dice and anyone who knows the key recomputes
// every roll (docs/dice.md, "Game dice"). The secret stays secret while
// the game runs: players see only Commitment, SHA-256(CommitmentDomain ||
// secret), and the secret is revealed when the game ends.
//
// A state may also hold forced dice (ForceDice, the position line
// "dice 4 2"): the next rolls take them, in order, before the generator
// is asked again. They do not count in Rolls, so the generator's roll k is
// still DieRoll(seed, k). No order forces a die: only a rule case or a
// sandbox position does, and a game without them writes no "dice" line.

// A game that comes in through a file goes on with a new key: a file a
// person held may have been read, or written, by anyone, and a key that
// left the bot must never decide a die again. The bot gives the order
// "SIDE rekey" at the import; from the next roll the dice come from the
// game's next key, a new secret, and the rolls keep their numbers. The
// game's keys are stored one after the other (SplitKeys), so a replay
// makes the same change at the same order. The order's event reveals the
// key it retires (it decided the rolls so far and decides no more) and the
// commitment to the new one.

// SecretSize is the length in bytes of a game's dice secret: 256 random
// bits, drawn by the bot when a game is created.
const SecretSize = 32

// CommitmentDomain starts the text whose SHA-256 is a secret's public
// commitment, so that the commitment of a game's dice can be mistaken for
// no other hash of the same bytes.
const CommitmentDomain = "rtrbot dice commitment v2\x00"

// DieRoll is roll number k of a game with the given 8-byte seed (1..6): a
// practice game's seed, or that of a game stored before dice secrets.
func DieRoll(seed uint64, k int) int { return DieRollKey(seedKey(seed), k) }

// DieRollKey is roll number k of a game whose dice key is key (1..6): a
// six-sided die drawn from a ChaCha8 generator keyed by
// SHA-256("rtrbot game die" || key || k), k as an 8-byte big-endian number.
// The key is the game's 32-byte secret, or the 8-byte big-endian seed of a
// practice game (which gives the same dice as DieRoll).
func DieRollKey(key []byte, k int) int {
	b := make([]byte, 0, 15+len(key)+8)
	b = append(b, "rtrbot game die"...)
	b = append(b, key...)
	b = binary.BigEndian.AppendUint64(b, uint64(k))
	sum := sha256.Sum256(b)
	return rand.New(rand.NewChaCha8(sum)).IntN(6) + 1
}

func seedKey(seed uint64) []byte { return binary.BigEndian.AppendUint64(nil, seed) }

// CommitKey is the public commitment to a dice key, in hex: for a
// 32-byte secret, SHA-256(CommitmentDomain || secret); for an 8-byte seed
// (practice games, whose seed is public anyway, and games stored before
// secrets) the SHA-256 of the seed's 8 bytes, as such games were committed.
func CommitKey(key []byte) string {
	var sum [32]byte
	if len(key) == SecretSize {
		sum = sha256.Sum256(append([]byte(CommitmentDomain), key...))
	} else {
		sum = sha256.Sum256(key)
	}
	return hex.EncodeToString(sum[:])
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

// Commitment is the commitment to an 8-byte seed (CommitKey).
func Commitment(seed uint64) string { return CommitKey(seedKey(seed)) }

// Key is the game's dice key: its secret, or else its 8-byte seed.
func (s *State) Key() []byte {
	if len(s.Secret) > 0 {
		return s.Secret
	}
	return seedKey(s.Seed)
}

// KeyText is the dice key as players read it when it is revealed: the
// secret in hex, or the seed as a number.
func (s *State) KeyText() string {
	if len(s.Secret) > 0 {
		return hex.EncodeToString(s.Secret)
	}
	return strconv.FormatUint(s.Seed, 10)
}

// Commitment is the public commitment to this game's dice key.
func (s *State) Commitment() string { return CommitKey(s.Key()) }

// SplitKeys reads a game's stored dice keys: the first key (an 8-byte
// seed or a 32-byte secret), then a 32-byte secret for each rekey.
func SplitKeys(keys []byte) ([][]byte, error) {
	first := SecretSize
	if len(keys)%SecretSize == 8 {
		first = 8
	}
	switch {
	case len(keys) < first || len(keys) <= SecretSize && len(keys) != 8 && len(keys) != SecretSize:
		return nil, refuse("dice-key-size", len(keys)) // not even one key
	case (len(keys)-first)%SecretSize != 0:
		return nil, refuse("dice-keys-size", len(keys))
	}
	out := [][]byte{keys[:first:first]}
	for i := first; i < len(keys); i += SecretSize {
		out = append(out, keys[i:i+SecretSize:i+SecretSize])
	}
	return out, nil
}

// SetKeys gives a state read from a position (a stored snapshot) the
// game's keys that are still to come: those after its own key in keys
// (SplitKeys). Like ForceDice it changes s itself. A position whose key
// is none of keys is refused.
func (s *State) SetKeys(keys []byte) error {
	chain, err := SplitKeys(keys)
	if err != nil {
		return err
	}
	cur := s.Key()
	for i, k := range chain {
		if string(k) == string(cur) {
			s.nextKeys = chain[i+1:]
			return nil
		}
	}
	return refuse("dice-key-unknown")
}

// PendingKeys is how many keys the game has that no rekey order has
// used yet.
func (s *State) PendingKeys() int { return len(s.nextKeys) }

// WithNextKey is s with one more key to change to: the bot's new secret
// for a game that comes in through a file, before its rekey order.
func (s *State) WithNextKey(key []byte) (*State, error) {
	if len(key) != SecretSize {
		return nil, refuse("dice-key-size", len(key))
	}
	n := s.clone()
	n.nextKeys = append(append([][]byte(nil), s.nextKeys...), append([]byte(nil), key...))
	return n, nil
}

// applyRekey changes the dice key to the game's next one: the rolls go
// on from the next number with the new key. The event reveals the key
// retired and commits to the new one.
func (s *State) applyRekey() (*State, []Event, error) {
	if len(s.nextKeys) == 0 {
		return nil, nil, refuse("rekey-no-key")
	}
	n := s.clone()
	n.Secret = append([]byte(nil), s.nextKeys[0]...)
	n.nextKeys = s.nextKeys[1:]
	ev := Event{Kind: EvRekey, N: s.Dice.Rolls + 1, Text: tr(
		"The dice key changes from roll #%d: the game came in through a file, and a key that has left the bot decides no die again. The key so far, which decided the rolls up to #%d, was %s (commitment %s); the new key is secret until the game ends, its commitment %s.",
		"ダイス #%d からダイスの鍵が変わります。ゲームがファイルから取り込まれたためで、ボットの外に出た鍵が再びダイスを決めることはありません。これまでの鍵 (ダイス #%d まで) は %s でした (コミットメント %s)。新しい鍵はゲーム終了まで秘密で、そのコミットメントは %s です。",
		s.Dice.Rolls+1, s.Dice.Rolls, s.KeyText(), s.Commitment(), n.Commitment())}
	return n, []Event{ev}, nil
}

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
	d := DieRollKey(s.Key(), s.Dice.Rolls)
	*evs = append(*evs, Event{Kind: EvRoll, Side: side, N: d, Units: []string{"roll-" + itoa(s.Dice.Rolls)},
		Text: tr("Die roll #%d by the %s player for %s: %d.", "ダイス #%d (%s、%s): %d。", s.Dice.Rolls, side.Name(), what, d)})
	return d
}
