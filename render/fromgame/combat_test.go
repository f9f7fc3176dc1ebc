package fromgame

import (
	"reflect"
	"testing"

	"rtrbot/engine/game"
	"rtrbot/engine/hex"
	"rtrbot/engine/tables"
	"rtrbot/render"
)

// The arrows, odds and result of a combat come from the event's fields
// (game.CombatFacts), not from its sentence: here the sentence and the
// hexes say something else, and the fields win.
func TestCombatFromEventFields(t *testing.T) {
	d, a, b := hex.MustParse("3021"), hex.MustParse("3022"), hex.MustParse("2921")
	e := game.Event{Kind: game.EvCombat, Hexes: []hex.Hex{a, d}}
	e.Text.EN = "Attack on 3022 with the Recon table: X (attack 1) against Y (defence 9) at 1:3, die 1: AA — attacker eliminated."
	e.Combat = &game.CombatFacts{Table: "assault", Odds: tables.Odds{A: 3, D: 1}, Die: 4, Result: "DA",
		Defender: d, Attackers: []hex.Hex{a, b}}
	c, ok := combat(e)
	want := render.Combat{Defender: d, Attackers: []hex.Hex{a, b}, Odds: "3:1", Result: "DA"}
	if !ok || !reflect.DeepEqual(c, want) {
		t.Errorf("combat %+v, want %+v (from the fields)", c, want)
	}
	// The arrows do not share the event's slice.
	c.Attackers[0] = hex.MustParse("0101")
	if e.Combat.Attackers[0] != a {
		t.Error("the situation's attackers alias the event's")
	}
	// Facts without an attacker give no arrows, whatever the hexes say.
	e.Combat = &game.CombatFacts{Odds: tables.Odds{A: 1, D: 1}, Result: "NE", Defender: d}
	if c, ok := combat(e); ok {
		t.Errorf("a combat with no attacker hex in its fields gave arrows: %+v", c)
	}
}

// The engine's own combat (the attack on Liège of the fixture) carries
// its fields, and the situation's arrow, odds and result are theirs.
func TestCombatOfTheEngineUsesItsFields(t *testing.T) {
	mk := withMarkers(t)
	var facts []*game.CombatFacts
	for _, e := range mk.last {
		if e.Kind == game.EvCombat {
			if e.Combat == nil {
				t.Fatalf("the engine's combat event has no fields: %q", e.Text.EN)
			}
			facts = append(facts, e.Combat)
		}
	}
	if len(facts) != 1 {
		t.Fatalf("want the one combat of the fixture, got %d", len(facts))
	}
	f := facts[0]
	sit := For(mk.s, mk.last, render.Public)
	want := []render.Combat{{Defender: f.Defender, Attackers: f.Attackers, Odds: f.Odds.String(), Result: string(f.Result)}}
	if !reflect.DeepEqual(sit.Combats, want) {
		t.Errorf("combats %+v, want %+v", sit.Combats, want)
	}
	if f.Defender != place(t, mk.m, "Liège") || len(f.Attackers) != 2 || f.Odds.String() == "" || f.Result == "" {
		t.Errorf("the attack on Liège has facts %+v", *f)
	}
}
