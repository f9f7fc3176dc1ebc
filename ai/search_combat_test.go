package ai

import (
	"reflect"
	"testing"

	"rtrbot/engine/game"
	"rtrbot/engine/units"
)

// combatPositions are German combat requests of played games (the
// campaign against the heuristic) at which the campaign has an attack to
// make (no siege gun to fire first, 12.6).
func combatPositions(t *testing.T) []*game.State {
	t.Helper()
	var out []*game.State
	for _, c := range []struct {
		seed uint64
		turn int
		step game.Step
	}{{6000, 2, game.Combat1}, {6001, 3, game.Combat1}, {6002, 4, game.Combat2}, {6003, 5, game.Combat1}, {6004, 3, game.Combat2}} {
		s := playedTo(t, c.seed, c.turn, c.step)
		b := NewBoard(s, units.German)
		if _, ok := siegeShot(b, units.German, b.Actors()); ok {
			continue
		}
		out = append(out, s)
	}
	return out
}

// TestAttackCandidates: the candidates the search scores are the
// campaign's attacks, its own choice first (campaignAttack, so that the
// search's first candidate is what the campaign plays), each legal, one
// a target hex.
func TestAttackCandidates(t *testing.T) {
	g := newCampaignHeuristic(Config{Side: units.German, Seed: 1})
	found := 0
	for _, s := range combatPositions(t) {
		v := s.ViewFor(game.ViewerOf(units.German))
		b := NewBoard(s, units.German)
		k := newKnowledge(v, b, g.citiesOf(b))
		k.trapAR = true
		cands := g.attackCandidates(b, k, b.Actors(), 5)
		want, ok := g.campaignAttack(b, k)
		if ok != (len(cands) > 0) {
			t.Fatalf("%s %s: the campaign attacks %v, the candidates are %v", s.Turn, s.Step, ok, cands)
		}
		if !ok {
			continue
		}
		found++
		if !reflect.DeepEqual(cands[0], want) {
			t.Fatalf("%s %s: the first candidate %v is not the campaign's attack %v", s.Turn, s.Step, cands[0], want)
		}
		seen := map[string]bool{}
		for _, o := range cands {
			if err := b.Check(o); err != nil {
				t.Fatalf("%s %s: candidate %v refused: %v", s.Turn, s.Step, o, err)
			}
			if o.Verb != game.VerbAttack || seen[o.Hexes[0].String()] {
				t.Fatalf("%s %s: candidate %v is no attack or repeats a target", s.Turn, s.Step, o)
			}
			seen[o.Hexes[0].String()] = true
		}
		if short := g.attackCandidates(b, k, b.Actors(), 1); len(short) != 1 || !reflect.DeepEqual(short[0], want) {
			t.Fatalf("%s %s: one candidate is %v, not the campaign's %v", s.Turn, s.Step, short, want)
		}
	}
	if found < 2 {
		t.Fatalf("only %d positions with an attack: the test proves little", found)
	}
}

// TestForcedDie: the board's forced die is what the attack rolls (9.7),
// on a copy: the board it came from keeps no forced die.
func TestForcedDie(t *testing.T) {
	g := newCampaignHeuristic(Config{Side: units.German, Seed: 1})
	for _, s := range combatPositions(t) {
		v := s.ViewFor(game.ViewerOf(units.German))
		b := NewBoard(s, units.German)
		k := newKnowledge(v, b, g.citiesOf(b))
		o, ok := g.campaignAttack(b, k)
		if !ok {
			continue
		}
		for d := 1; d <= 6; d++ {
			x := b.WithDice(99).forced(d)
			_, evs, err := x.Apply(o)
			if err != nil {
				t.Fatalf("%v refused: %v", o, err)
			}
			rolled := 0
			for _, e := range evs {
				if e.Kind == game.EvRoll {
					rolled++
					if e.N != d {
						t.Fatalf("forced %d, rolled %d", d, e.N)
					}
				}
			}
			if rolled != 1 {
				t.Fatalf("%v rolled %d dice", o, rolled)
			}
		}
		if len(b.s.Dice.Forced) != 0 {
			t.Fatal("forced changed the board it was given")
		}
		return
	}
	t.Fatal("no position with an attack")
}

// TestSearchCombat: with CombatPlayouts the search's German combat order
// is the campaign's attack, another of its candidates, or End; the same
// position and seed give the same order (Iterations set); and two states
// the Germans cannot tell apart (hidden Allied units moved, 14.1) give the
// same order.
func TestSearchCombat(t *testing.T) {
	gs := DefaultGerman()
	gs.CombatPlayouts, gs.CombatCandidates = true, 2
	differs, checked := 0, 0
	for _, s := range combatPositions(t) {
		v := s.ViewFor(game.ViewerOf(units.German))
		b := NewBoard(s, units.German)
		p := newSearch(t, gs)
		got := p.Orders(v, b)
		if len(got) != 1 {
			t.Fatalf("%d orders", len(got))
		}
		if err := b.Check(got[0]); err != nil {
			t.Fatalf("%v refused: %v", got[0], err)
		}
		k := newKnowledge(v, b, p.g.citiesOf(b))
		k.trapAR = true
		cands := p.g.attackCandidates(b, k, b.Actors(), 2)
		ok := got[0].Verb == game.VerbEnd
		for _, c := range cands {
			ok = ok || reflect.DeepEqual(c, got[0])
		}
		if !ok {
			t.Fatalf("%v is none of %v nor End", got[0], cands)
		}
		if len(cands) > 0 && !reflect.DeepEqual(got[0], cands[0]) {
			differs++
		}
		if again := newSearch(t, gs).Orders(v, b); !reflect.DeepEqual(again, got) {
			t.Fatalf("the same request gave %v, then %v", got, again)
		}
		if twin, ok := hiddenTwin(s, units.German); ok {
			tw := newSearch(t, gs).Orders(twin.ViewFor(game.ViewerOf(units.German)), NewBoard(twin, units.German))
			if !reflect.DeepEqual(tw, got) {
				t.Fatalf("%s %s: orders differ between states the Germans cannot tell apart: %v, %v", s.Turn, s.Step, got, tw)
			}
			checked++
		}
	}
	if checked == 0 {
		t.Fatal("no position with hidden Allied units: the no-peek half proves nothing")
	}
	t.Logf("the search chose other than the campaign at %d positions; %d twins checked", differs, checked)
}

func newSearch(t *testing.T, gs GermanSettings) *Search {
	t.Helper()
	p, err := New("search", Config{Side: units.German, Seed: 5, Iterations: 2, German: &gs})
	if err != nil {
		t.Fatal(err)
	}
	return p.(*Search)
}
