package game

import (
	"strings"
	"testing"

	"rtrbot/engine/hex"
	"rtrbot/engine/units"
)

// Tests of the combat rulings of docs/rulings.md (C1...).

// C6: a corps that must lose one division when no division counter is
// free to break it down loses the whole corps.
func TestRulingNoFreeDivisions(t *testing.T) {
	m := newTestMap(10, 10).build()
	r := nil2rules(t, m)
	var spare []string
	for _, c := range r.Counters.All() {
		if c.Nation == units.FR && c.Type == units.Active && c.Size == units.Division {
			spare = append(spare, c.ID)
		}
	}
	s := position(t, m, "step combat-1\nseed 11\neliminated "+strings.Join(spare, " ")+"\n0505: F-XX\n0506: G-III\n0605: G-IV\n")
	// 16 against 6: 2:1; assault die 2: BB: F-XX (2 divisions) loses 1.
	forceDie(t, s, 2)
	n, evs, err := try(t, s, "german attack ASSAULT G-III G-IV 0505")
	if err != nil || combatCode(t, evs) != "BB" {
		t.Fatalf("%v", err)
	}
	if boxOf(t, n, "F-XX") != Eliminated || n.VP[0] != s.VP[0]+6 {
		t.Errorf("C6: F-XX %s, VP %v", boxOf(t, n, "F-XX"), n.VP)
	}
}

// C8: against a fortress, results that strike the attackers apply in
// full, also against an empty fortress (12.5's "void" is the fortress's).
func TestRulingFortressAttackerResults(t *testing.T) {
	tm := newTestMap(10, 10)
	tm.fortress(12, "0505")
	s := position(t, tm.build(), "step combat-1\nseed 2\n0506: G-GKD\n")
	forceDie(t, s, 1) // 1:12 -> 1:3, assault die 1: AZ
	n, evs, err := try(t, s, "german attack ASSAULT G-GKD 0505")
	if err != nil || combatCode(t, evs) != "AZ" {
		t.Fatal(err)
	}
	if boxOf(t, n, "G-GKD") != Eliminated || n.IsDestroyed(hex.MustParse("0505")) {
		t.Error("C8: AZ against an empty fortress")
	}
}

// C11: Italy joins once; a second event 26 is no event.
func TestRulingItalyOnce(t *testing.T) {
	m := newTestMap(10, 10).build()
	s := position(t, m, "options 18.1(5)\nturn Sep I\nstep event\nitaly 2\n")
	var evs []Event
	s.applyEvent(26, &evs)
	if s.Events.Italy != 2 || !strings.Contains(evs[0].Text.EN, "no event") {
		t.Errorf("C11: %v", evs)
	}
}

// C22, 16.4: the British naval gunfire marker shifts one column right on an
// Allied first-impulse attack on a coastal hex, and is used up.
func TestRulingNavalGunfire(t *testing.T) {
	tm := newTestMap(10, 10)
	tm.hex("0506").Coastal = true
	m := tm.build()
	s := position(t, m, "step combat-1\nplayer allied\nnaval 1\n0506: G-III\n0505: F-XX\n")
	without := oddsOf(t, s, "allied attack ASSAULT F-XX 0506")
	with := oddsOf(t, s, "allied attack ASSAULT F-XX NAVAL 0506")
	if with.Odds.Column != without.Odds.Column+1 {
		t.Errorf("C22: %d -> %d", without.Odds.Column, with.Odds.Column)
	}
	n := wantOK(t, s, "allied attack ASSAULT F-XX NAVAL 0506")
	if n.NavalGunfire != 0 {
		t.Error("C22: the marker is not used up")
	}
	s2 := position(t, m, "step combat-2\nplayer allied\nnaval 1\n0506: G-III\n0505: F-XX\n")
	wantRefused(t, s2, "allied attack ASSAULT F-XX NAVAL 0506", "first impulse")
	s3 := position(t, m, "step combat-1\nplayer allied\nnaval 1\n0504: G-III\n0505: F-XX\n")
	wantRefused(t, s3, "allied attack ASSAULT F-XX NAVAL 0504", "not a coastal hex")
}

// C1: attacks into hexes that movement may not enter: sea and neutral
// never; undestroyed enemy fortresses yes (12.5); the options' movement
// bans (timid reservists) do not forbid attacks.
func TestRulingAttackAcrossBans(t *testing.T) {
	m := newTestMap(10, 10).build()
	s := position(t, m, "options 18.1(8)\nstep combat-1\n0506: G-IIIR\n0505: F-XX\n")
	if _, err := s.PlanAttack(mustOrder(t, "german attack ASSAULT G-IIIR 0505")); err != nil {
		t.Errorf("C1: a timid reserve corps attacks from Germany into France: %v", err)
	}
}
