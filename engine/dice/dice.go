// Package dice makes fair dice that anyone can check afterwards, by
// commit and reveal.
//
// A session has a secret server seed (64 hexadecimal characters drawn by
// the caller from a cryptographic source) and publishes its SHA-256 at the
// start (the commitment). Players may add a seed of their own, so that
// neither side alone fixes the rolls. Die i of roll n is
//
//	HMAC-SHA256(key = server seed as text,
//	            message = players' seed + ":" + n + ":" + i + ":" + attempt)
//
// read as the big-endian unsigned 32-bit number x in its first four bytes;
// with limit = 2^32 - (2^32 mod sides), x is used if x < limit and the die
// shows x mod sides + 1; otherwise attempt goes up by one and the HMAC is
// taken again (rejection sampling: every face is exactly as likely). Roll
// and die numbers start at 1, attempt at 0. When the session ends the
// server seed is revealed and every roll can be recomputed (docs/dice.md).
//
// The package is pure: it draws no randomness of its own and keeps no state.
package dice

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"strconv"
	"strings"
)

// Commit returns the commitment published for a server seed: the SHA-256 of
// the seed's text, in lowercase hexadecimal.
func Commit(serverSeed string) string {
	h := sha256.Sum256([]byte(serverSeed))
	return hex.EncodeToString(h[:])
}

// CheckCommit reports whether a revealed server seed matches the commitment
// that was published before the rolls.
func CheckCommit(serverSeed, commitment string) bool {
	want, err := hex.DecodeString(strings.TrimSpace(commitment))
	if err != nil {
		return false
	}
	got := sha256.Sum256([]byte(serverSeed))
	return hmac.Equal(got[:], want)
}

// Message is the text that is authenticated for one attempt at die number
// die of roll number roll.
func Message(playersSeed string, roll, die, attempt int) string {
	return playersSeed + ":" + strconv.Itoa(roll) + ":" + strconv.Itoa(die) + ":" + strconv.Itoa(attempt)
}

// Die returns die number die (from 1) of roll number roll (from 1) with the
// given number of sides (1 to 2^31). It panics on a number of sides out of
// range: callers check the dice they are asked for (see Parse).
func Die(serverSeed, playersSeed string, roll, die, sides int) int {
	if sides < 1 || sides > 1<<31 {
		panic("dice: sides out of range: " + strconv.Itoa(sides))
	}
	n := uint64(sides)
	limit := (1 << 32) - (1<<32)%n // a multiple of sides: below it every face is equally likely
	key := []byte(serverSeed)
	for attempt := 0; ; attempt++ {
		m := hmac.New(sha256.New, key)
		m.Write([]byte(Message(playersSeed, roll, die, attempt)))
		x := uint64(binary.BigEndian.Uint32(m.Sum(nil)[:4]))
		if x < limit {
			return int(x%n) + 1
		}
	}
}

// Roll returns the count dice of roll number roll, each with the given sides.
func Roll(serverSeed, playersSeed string, roll, count, sides int) []int {
	out := make([]int, count)
	for i := range out {
		out[i] = Die(serverSeed, playersSeed, roll, i+1, sides)
	}
	return out
}

// ValidServerSeed reports whether s has the form of a server seed: 64
// lowercase hexadecimal characters (256 bits).
func ValidServerSeed(s string) bool {
	if len(s) != 64 {
		return false
	}
	for _, c := range s {
		if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f') {
			return false
		}
	}
	return true
}

// ServerSeed turns 32 bytes from a cryptographic source into a server seed.
func ServerSeed(entropy [32]byte) string { return hex.EncodeToString(entropy[:]) }
