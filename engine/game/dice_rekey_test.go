package game

import (
	"bytes"
	"strconv"
	"strings"
	"testing"

	"rtrbot/engine/units"
)

// rollsOf checks the generator's rolls among evs against key, and
// returns their numbers.
func rollsOf(t *testing.T, evs []Event, key []byte) []int {
	t.Helper()
	var out []int
	for _, e := range evs {
		if e.Kind != EvRoll || e.Units[0] == "roll-forced" {
			continue
		}
		k, err := strconv.Atoi(strings.TrimPrefix(e.Units[0], "roll-"))
		if err != nil {
			t.Fatal(err)
		}
		if e.N != DieRollKey(key, k) {
			t.Errorf("roll #%d is %d; its key gives %d", k, e.N, DieRollKey(key, k))
		}
		out = append(out, k)
	}
	return out
}

// A game that comes in through a file goes on with a new key: the rekey
// order makes the next roll, and every later one, come from the new key,
// numbered on; the retired key is revealed, the new one only committed;
// a position read back from a snapshot takes its keys still to come from
// the game's keys (SetKeys), and the position never shows them.
// docs/dice.md, "Game dice".
func TestRekeyChangesTheDiceFromTheNextRoll(t *testing.T) {
	r := realRules(t, "standard")
	k1 := bytes.Repeat([]byte{1}, SecretSize)
	k2 := bytes.Repeat([]byte{2}, SecretSize)
	keys := append(append([]byte(nil), k1...), k2...)
	if s, err := NewKey(r, keys, nil); err != nil || s.KeyText() != strings.Repeat("01", SecretSize) || s.PendingKeys() != 1 {
		t.Fatalf("the first key decides first: %v", err)
	}
	// The end of Aug III: the event phase of Aug IV rolls two dice (5.0).
	const at = "turn Aug III\nstep combat-2\nplayer allied\n"
	s := position(t, r.Map, at+"secret "+strings.Repeat("01", SecretSize)+"\n")
	if err := s.SetKeys(keys); err != nil || s.PendingKeys() != 1 {
		t.Fatalf("SetKeys: %v, %d pending", err, s.PendingKeys())
	}
	n, evs, err := Apply(s, Order{Side: units0(s), Verb: VerbEnd})
	if err != nil {
		t.Fatal(err)
	}
	before := rollsOf(t, evs, k1)
	if len(before) == 0 {
		t.Fatal("the event phase rolled no die")
	}
	if strings.Contains(n.Position(), strings.Repeat("02", SecretSize)) {
		t.Fatal("the position shows the key to come")
	}
	rk, err := ParseOrder(n.ToMove().String() + " rekey")
	if err != nil {
		t.Fatal(err)
	}
	m, evs, err := Apply(n, rk)
	if err != nil {
		t.Fatal(err)
	}
	if len(evs) != 1 || evs[0].Kind != EvRekey || !strings.Contains(evs[0].Text.EN, strings.Repeat("01", SecretSize)) ||
		!strings.Contains(evs[0].Text.EN, CommitKey(k2)) || strings.Contains(evs[0].Text.EN, strings.Repeat("02", SecretSize)) ||
		!strings.Contains(evs[0].Text.EN, "from roll #"+strconv.Itoa(n.Dice.Rolls+1)) {
		t.Fatalf("the rekey event reveals the old key and commits to the new one only: %+v", evs)
	}
	if m.Commitment() != CommitKey(k2) || m.PendingKeys() != 0 || m.Dice.Rolls != n.Dice.Rolls {
		t.Fatalf("after the rekey: commitment %s, %d pending, %d rolls", m.Commitment(), m.PendingKeys(), m.Dice.Rolls)
	}
	if _, _, err := Apply(m, rk); err == nil || !strings.Contains(err.Error(), "no new dice key") {
		t.Fatalf("a second rekey without a key: %v", err)
	}
	// The next event phase: its rolls come from k2, numbered on.
	next := strings.Replace(strings.Replace(m.Position(), "turn Aug IV", "turn Aug IV", 1), "step event", "step combat-2", 1)
	next = strings.Replace(next, "player german", "player allied", 1)
	s2, err := ParsePosition(r.Map, next)
	if err != nil {
		t.Fatal(err)
	}
	if err := s2.SetKeys(keys); err != nil || s2.PendingKeys() != 0 {
		t.Fatalf("SetKeys after the rekey: %v, %d pending", err, s2.PendingKeys())
	}
	_, evs, err = Apply(s2, Order{Side: units0(s2), Verb: VerbEnd})
	if err != nil {
		t.Fatal(err)
	}
	after := rollsOf(t, evs, k2)
	if len(after) == 0 || after[0] != before[len(before)-1]+1 {
		t.Fatalf("rolls %v before the rekey, %v after: the numbers go on", before, after)
	}
	if err := s2.SetKeys(bytes.Repeat([]byte{3}, 2*SecretSize)); err == nil {
		t.Error("a position whose key is none of the game's keys is refused")
	}
	if _, err := SplitKeys(keys[:40]); err != nil {
		t.Errorf("a seed and a secret are a game's keys: %v", err)
	}
	if _, err := SplitKeys(keys[:50]); err == nil {
		t.Error("50 bytes are no game's keys")
	}
}

func units0(s *State) units.Side { return s.ToMove() }
