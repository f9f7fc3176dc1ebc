package game

import (
	"sort"

	"rtrbot/engine/units"
)

// Blindfold is the state as one side may know it (14.1), for a computer
// player (package ai) that thinks by trying orders: a copy in which
//
//   - every enemy unit the side cannot see is taken off the map (into the
//     pool, its marks cleared): a hidden stack keeps only its top unit
//     (14.1: the top unit can always be seen), so the stack's presence,
//     its zone of control and its hex stay, but not its composition;
//   - enemy out-of-command markers are cleared (a side sees them only on
//     its own units) and enemy pool units lose whatever they carried;
//   - the other side's aerial reconnaissance and intelligence are dropped;
//   - the dice key is replaced by a public constant and forced dice are
//     dropped, so trying an attack on the copy rolls dice that say nothing
//     of the game's (dice.go).
//
// Two states that differ only in what the side may not see give the same
// blindfolded state (the test is in package ai). What is kept of the boxes
// off the map is what the rules make public (eliminated units, the pool
// of reinforcements to come), except that the enemy's Russian Front box
// keeps its counters although only their number is shown (docs/ai.md).
func (s *State) Blindfold(side units.Side) *State {
	n := s.clone()
	n.Secret = nil
	n.Seed = blindSeed
	n.Dice.Forced = nil
	enemy := side.Other()
	v := ViewerOf(side)
	occ := s.occupancy()
	for h, st := range occ {
		list := st.side[enemy]
		if len(list) == 0 || s.Sees(v, enemy, h) {
			continue
		}
		top := list[0]
		for _, i := range list {
			top = min(top, i) // the top unit is the first counter (docs/rulings.md C15)
		}
		for _, i := range list {
			if i != top {
				n.Units[i] = Unit{}
			}
		}
	}
	for i := range n.Units {
		if s.Counter(i).Side() != enemy {
			continue
		}
		n.Units[i].OutOfCommand = false
		if n.Units[i].Box == Pool {
			n.Units[i] = Unit{}
		}
	}
	var looks []Look
	for _, l := range n.Sight.Recon {
		if s.Counter(l.HQ).Side() == side {
			looks = append(looks, l)
		}
	}
	n.Sight.Recon = looks
	n.Sight.Intel[enemy] = false
	sort.Ints(n.Combat.Attacked)
	return n
}

// blindSeed is the public dice key of a blindfolded state.
const blindSeed = 0x626c696e64 // "blind"

// WithPlayOutDice is the whole state with the game's dice replaced by an
// 8-byte key of the caller's (forced dice and pending keys dropped): a
// referee's play-out of the position (adjudication, analysis) that rolls
// dice which say nothing of the game's own. Nothing is hidden; only the
// referee's code may call it, never a player's.
func (s *State) WithPlayOutDice(seed uint64) *State {
	n := s.clone()
	n.Secret = nil
	n.nextKeys = nil
	n.Seed = seed
	n.Dice.Forced = nil
	return n
}
