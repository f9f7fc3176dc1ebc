package game

import (
	"encoding/binary"
	"slices"
	"sync/atomic"

	"rtrbot/engine/board"
	"rtrbot/engine/hex"
	"rtrbot/engine/scenario"
	"rtrbot/engine/units"
)

// New starts a game of a scenario: setup, Allies first (17.1). The options
// (options.txt) are checked (CheckOptions), presets expanded and void ones
// dropped (InForce); each option's VP is added to the start (18.x, 15.21).
func New(r *Rules, seed uint64, options []string) (*State, error) {
	if err := CheckOptions(options); err != nil {
		return nil, err
	}
	opts := InForce(options)
	s := &State{rules: r, Seed: seed, Options: opts, Turn: r.Scenario.First, Step: SetupStep, Player: units.Allied, memo: &memo{}}
	if s.Option(OptIntelligence) {
		s.Player = units.German
	}
	if s.Option(OptPreMobilisation) {
		s.Turn = 1 // the extra turn, Aug I
	}
	s.VP = r.Scenario.StartVP // 17.6
	for _, o := range opts {
		if d, ok := LookupOption(o); ok && d.Code == Opt(o) {
			s.VP[0] += d.VP[0]
			s.VP[1] += d.VP[1]
		}
	}
	s.Units = make([]Unit, r.Counters.Len())
	if s.Option(OptBelgianPassage) {
		// 18.2(4): every Belgian fortress counts as destroyed (no VP).
		for _, x := range s.allHexes() {
			if x.Fortress > 0 && x.Country == board.Belgium {
				s.Destroyed = append(s.Destroyed, x.At)
			}
		}
	}
	for _, c := range r.Counters.All() {
		if c.Role == units.Setup && !s.neutralUnit(c) {
			s.Units[c.Index].Box = Unplaced
		}
		if c.Role == units.Setup && c.Nation == units.GB && (s.Option(OptBEFAtHome) || s.Option(OptNorthSea)) {
			s.Units[c.Index].Box = Out // the BEF's first corps stay in Britain
		}
		if c.Role == units.Setup && c.Nation == units.GB && s.britishOnAugI() {
			s.Units[c.Index].Box = Pool // 18.1(12): the BEF arrives on Aug I
		}
		if c.Role == units.Setup && c.Nation == units.GB && s.Option(OptBEFSupportsBelgium) {
			s.Units[c.Index].Box = Pool // 18.2(8): they land on Aug III
		}
		if c.Nation == units.BE && s.Option(OptBelgianPassage) {
			s.Units[c.Index].Box = Out // 18.2(4): the Belgian army stands aside
		}
		if s.eighthArmyBox(c) {
			s.Units[c.Index].Box = Russia // MOVES #91: the 8th Army in the box (russian_front.go)
			continue
		}
		if _, ok := c.SetupWhere(); ok && c.Role == units.Option && s.Option(Opt(c.OptionCode())) {
			s.Units[c.Index].Box = Unplaced // 18.1(9), 18.2(9)
		}
	}
	return s, nil
}

// neutralUnit: neutral countries' units do not set up (14.2).
func (s *State) neutralUnit(c *units.Counter) bool {
	return c.Nation == units.BE && s.Option(OptNoBelgium)
}

// DefaultRules are the rules of a scenario on the embedded map
// (board.Default), as the tools and tests that play the real game load
// them.
func DefaultRules(name string) (*Rules, error) {
	m, err := board.Default()
	if err != nil {
		return nil, err
	}
	return NewRules(m, name)
}

// NewRules gathers the rules of a scenario: the map given, the embedded
// counters and reinforcement table.
func NewRules(m *board.Map, name string) (*Rules, error) {
	sc, err := scenario.Get(name)
	if err != nil {
		return nil, err
	}
	set, err := units.Default()
	if err != nil {
		return nil, err
	}
	tab, err := scenario.Reinforcements()
	if err != nil {
		return nil, err
	}
	return &Rules{Map: m, Counters: set, Scenario: sc, Reinforcements: tab}, nil
}

// Apply is the rules engine: the state after the order, the events it
// caused, or a refusal (*i18n.Error) saying what is wrong and what would
// be right. The state given is never changed.
func Apply(s *State, o Order) (*State, []Event, error) {
	if r := s.remembered(o); r != nil {
		return r.to, append([]Event(nil), r.evs...), nil
	}
	if s.Step == GameOver {
		return nil, nil, refuse("game-over")
	}
	if o.Verb == VerbRekey { // between any two orders, whoever is to move (dice.go)
		return s.applyRekey()
	}
	if o.Side != s.ToMove() {
		return nil, nil, refuse("not-your-turn",
			s.Phase(), s.ToMove().Name(), o.Side.Name())
	}
	if len(s.Combat.Retreats) > 0 && o.Verb != VerbRetreat {
		return nil, nil, refuse("retreats-first", s.retreatIDs())
	}
	if (s.Combat.Delaying.Verb != "") != (o.Verb == VerbDelay || o.Verb == VerbStand) {
		return nil, nil, s.delayOrderRefused() // 16.2 (combat_delay.go)
	}
	apply, ok := appliers[o.Verb]
	if !ok {
		return nil, nil, refuse("unknown-verb", o.Verb)
	}
	n, evs, err := apply(s, o)
	if err != nil {
		return nil, nil, err
	}
	n.Orders++
	n.afterOrder(s, &evs) // victory.go
	return n, evs, nil
}

// ApplyRemembered is Apply, remembering its result with s, so that the
// next Apply of the same order to s (the same state, not an equal one)
// gives it again without working it out: Apply's result depends on the
// state and the order alone. A computer player that plans a segment by
// applying its moves one by one, and whose search then plays the same
// orders from the same state, works each move out once. Only the last
// order applied to s is remembered; a state changed in place after it
// (as ForceDice does) must not be given to Apply again.
func ApplyRemembered(s *State, o Order) (*State, []Event, error) {
	n, evs, err := Apply(s, o)
	if err == nil && s.after != nil {
		kept := Order{Side: o.Side, Verb: o.Verb, Units: append([]string(nil), o.Units...), Hexes: append([]hex.Hex(nil), o.Hexes...)}
		s.after.p.Store(&afterRec{from: s, o: kept, to: n, evs: evs})
	}
	return n, evs, err
}

// afterSlot holds what ApplyRemembered last gave from a state.
type afterSlot struct{ p atomic.Pointer[afterRec] }

// afterRec is one Apply's result: from the state from, the order o.
type afterRec struct {
	from *State
	o    Order
	to   *State
	evs  []Event
}

// remembered is what ApplyRemembered gave for o from s itself, or nil.
func (s *State) remembered(o Order) *afterRec {
	if s.after == nil {
		return nil
	}
	r := s.after.p.Load()
	if r == nil || r.from != s || r.o.Side != o.Side || r.o.Verb != o.Verb || !slices.Equal(r.o.Units, o.Units) || !slices.Equal(r.o.Hexes, o.Hexes) {
		return nil
	}
	return r
}

// Replay rebuilds a game from its seed, options and orders. The same
// inputs always give the same state (Hash).
func Replay(r *Rules, seed uint64, options []string, orders []Order) (*State, error) {
	return ReplayKey(r, seedKey(seed), options, orders)
}

// NewKey is New for a game whose dice key is key: a 32-byte secret (the
// bot's games), or an 8-byte big-endian seed (practice games; New). A game
// whose key was changed (rekey) gives all its keys, one after the other
// (SplitKeys): the first decides the dice until the first rekey order.
func NewKey(r *Rules, keys []byte, options []string) (*State, error) {
	chain, err := SplitKeys(keys)
	if err != nil {
		return nil, err
	}
	key := chain[0]
	s, err := New(r, 0, options)
	if err != nil {
		return nil, err
	}
	s.nextKeys = chain[1:]
	if len(key) == 8 {
		s.Seed = binary.BigEndian.Uint64(key)
	} else {
		s.Secret = append([]byte(nil), key...)
	}
	return s, nil
}

// ReplayKey is Replay for a game whose dice key is key (NewKey).
func ReplayKey(r *Rules, key []byte, options []string, orders []Order) (*State, error) {
	s, err := NewKey(r, key, options)
	if err != nil {
		return nil, err
	}
	for i, o := range orders {
		n, _, err := Apply(s, o)
		if err != nil {
			return s, refuse("replay-refused", i+1, o.String(), errText(err))
		}
		// s is read no more (Apply made n from a copy, 18.0): its
		// units' array serves the next order's copy.
		if len(s.Units) > 0 && len(n.Units) > 0 && &s.Units[0] != &n.Units[0] {
			r.giveBackUnits(s.Units)
		}
		s = n
	}
	return s, nil
}

// appliers are the verbs' rules: each applies one order to a state.
var appliers = map[Verb]func(*State, Order) (*State, []Event, error){
	VerbEnd:           func(s *State, _ Order) (*State, []Event, error) { return s.applyEnd() },
	VerbPlace:         (*State).applyPlace,
	VerbAutoSetup:     func(s *State, _ Order) (*State, []Event, error) { return s.applyAutoSetup() },
	VerbMove:          (*State).applyMove,
	VerbRail:          (*State).applyRail,
	VerbSplit:         (*State).applySplit,
	VerbMerge:         (*State).applyMerge,
	VerbEntrench:      (*State).applyEntrench,
	VerbUnentrench:    (*State).applyEntrench,
	VerbReinforce:     (*State).applyReinforce,
	VerbAutoReinforce: func(s *State, _ Order) (*State, []Event, error) { return s.applyAutoReinforce() },
	VerbRemove:        (*State).applyReduction,
	VerbWithdraw:      (*State).applyReduction,
	VerbAttack:        (*State).applyAttack,
	VerbRetreat:       (*State).applyRetreat,
	VerbSiege:         (*State).applySiege,
	VerbAbandon:       (*State).applyAbandon,
	VerbRecon:         (*State).applyRecon,
	VerbDelay:         (*State).applyDelay,
	VerbStand:         (*State).applyDelay,
	VerbSea:           (*State).applySea,
}

// applyReduction is a removal (7.0) or a withdrawal to the Russian Front
// (11.7), or at setup either of them as the setup's reduction.
func (s *State) applyReduction(o Order) (*State, []Event, error) {
	switch {
	case s.Step == SetupStep:
		return s.setupReduction(o)
	case o.Verb == VerbRemove:
		return s.applyRemove(o)
	}
	return s.applyWithdraw(o)
}
