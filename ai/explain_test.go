package ai

import (
	"reflect"
	"testing"

	"rtrbot/engine/game"
	"rtrbot/engine/units"
)

// spy asks a player and checks, at each request, that what its account
// gained is the decision it just made with the values it computed: the
// attack's hex, table and attackers are the order's, its expected VP is
// planAttack's for those attackers and that table, its odds the column
// of the side's estimate; the objectives are the side's cities worth VP
// not yet its own, by what they are worth.
type spy struct {
	t       *testing.T
	p       Computer
	attacks int
	objs    int
}

func (s *spy) Level() string { return s.p.Level() }

func (s *spy) Orders(v game.View, b *Board) []game.Order {
	t := s.t
	before := s.p.(Explainer).Account()
	orders := s.p.Orders(v, b)
	after := s.p.(Explainer).Account()
	if v.Player != b.Side() || v.Step == game.SetupStep {
		if !reflect.DeepEqual(before, after) {
			t.Fatalf("%s %s: a request outside the side's player turn changed its account", v.Turn, v.Step)
		}
		return orders
	}
	if after.Turn != int(v.Turn) || after.Side != b.Side() || after.Level != s.p.Level() {
		t.Fatalf("%s %s: the account is of turn %d side %v level %s", v.Turn, v.Step, after.Turn, after.Side, after.Level)
	}
	k := newKnowledge(v, b, NewHeuristic(Config{}).citiesOf(b))
	if v.Step.IsMovement() {
		moves, was := 0, before.Moved
		for _, o := range orders {
			if o.Verb == game.VerbMove || o.Verb == game.VerbRail {
				moves++
			}
		}
		if before.Turn != after.Turn {
			was = 0
		}
		if after.Moved-was != moves {
			t.Fatalf("%s %s: %d movement orders given, the account counts %d", v.Turn, v.Step, moves, after.Moved-was)
		}
		want := map[string]int{}
		for _, h := range k.objs {
			want[h.String()] = k.cities.worth[b.Side()][h]
		}
		for _, o := range after.Objectives {
			vp, ok := want[o.At.String()]
			if !ok || vp != o.VP || o.VP <= 0 {
				t.Fatalf("%s %s: objective %s (%d VP) is not a city worth %d VP the side does not hold", v.Turn, v.Step, o.At, o.VP, vp)
			}
			s.objs++
		}
	}
	if v.Step.IsCombat() && len(orders) == 1 && orders[0].Verb == game.VerbAttack {
		if len(after.Attacks) != len(before.Attacks)+1 {
			t.Fatalf("%s %s: attack %v made and %d notes added", v.Turn, v.Step, orders[0], len(after.Attacks)-len(before.Attacks))
		}
		o, n := orders[0], after.Attacks[len(after.Attacks)-1]
		if n.At != o.To() || n.Table != o.Table() || !reflect.DeepEqual(n.Units, o.Attackers()) || n.Step != v.Step {
			t.Fatalf("%s %s: note %+v of attack %v", v.Turn, v.Step, n, o)
		}
		var att []*units.Counter
		for _, id := range n.Units {
			c, _ := b.Counter(id)
			att = append(att, c)
		}
		co, err := b.Odds(o)
		if err != nil {
			t.Fatal(err)
		}
		ev := expectedVP(o.Table(), co, k.enemy[o.To()], k, att, b)
		if ev != n.EV {
			t.Fatalf("%s %s: note says expected VP %.3f, the attack's is %.3f", v.Turn, v.Step, n.EV, ev)
		}
		odds, _ := estimatedOdds(co, k.enemy[o.To()], k)
		if n.Odds != game.Tables().Columns()[odds.Column] {
			t.Fatalf("%s %s: note says odds %v, the side estimated %v", v.Turn, v.Step, n.Odds, game.Tables().Columns()[odds.Column])
		}
		s.attacks++
	}
	return orders
}

// TestAccountIsTheDecision: the heuristic's account of its player turns
// holds the attacks it made with the values it chose them by, and the
// objectives its movement went for (spy).
func TestAccountIsTheDecision(t *testing.T) {
	r := rules(t)
	s := newGame(t, r, 7)
	p, _ := New("heuristic", Config{Side: units.Allied, Seed: 7})
	me := &spy{t: t, p: p}
	enemy, _ := New("heuristic", Config{Side: units.German, Seed: 8})
	for s.Step != game.GameOver && s.Turn < 4 {
		var err error
		var res *TurnResult
		if side := s.ToMove(); side == units.Allied {
			res, err = Turn(s, side, me)
		} else {
			res, err = Turn(s, side, enemy)
		}
		if err != nil {
			t.Fatal(err)
		}
		s = res.State
	}
	if me.attacks == 0 || me.objs == 0 {
		t.Fatalf("%d attacks and %d objectives checked: the test proves nothing", me.attacks, me.objs)
	}
	if _, ok := interface{}(&Random{}).(Explainer); ok {
		t.Fatal("the random player explains: it decides nothing worth telling")
	}
}

// TestAccountNoPeek: a player's account given two states that differ
// only in what its side may not see is the same (14.1): it is made of
// what the player knew.
func TestAccountNoPeek(t *testing.T) {
	r := rules(t)
	checked := 0
	for seed := uint64(1); seed <= 3 && checked < 12; seed++ {
		s := newGame(t, r, seed)
		var drivers [2]Computer
		for side := range drivers {
			drivers[side], _ = New("random", Config{Side: units.Side(side), Seed: seed})
		}
		for s.Step != game.GameOver && checked < 12 {
			side := s.ToMove()
			if twin, ok := hiddenTwin(s, side); ok && s.Player == side && (s.Step.IsMovement() || s.Step.IsCombat()) {
				a, _ := New("heuristic", Config{Side: side, Seed: seed})
				b, _ := New("heuristic", Config{Side: side, Seed: seed})
				a.Orders(s.ViewFor(game.ViewerOf(side)), NewBoard(s, side))
				b.Orders(twin.ViewFor(game.ViewerOf(side)), NewBoard(twin, side))
				if x, y := a.(Explainer).Account(), b.(Explainer).Account(); !reflect.DeepEqual(x, y) {
					t.Fatalf("%s %s: accounts differ on hidden units:\n%+v\n%+v", s.Turn, s.Step, x, y)
				}
				checked++
			}
			res, err := Turn(s, side, drivers[side])
			if err != nil {
				t.Fatal(err)
			}
			s = res.State
		}
	}
	if checked == 0 {
		t.Fatal("no position with a hidden enemy stack: the test proves nothing")
	}
}

// TestSearchAccount: the search's account of a movement segment holds
// its chosen plan's fitness and the candidates it scored.
func TestSearchAccount(t *testing.T) {
	s := startOfPlay(t, 3)
	p, _ := New("search", Config{Side: units.German, Seed: 3, Iterations: 3})
	v := s.ViewFor(game.GermanView)
	p.Orders(v, NewBoard(s, units.German))
	acc := p.(Explainer).Account()
	if len(acc.Plans) != 1 || acc.Plans[0].Step != v.Step || acc.Plans[0].Candidates != p.(*Search).scored {
		t.Fatalf("plans %+v (scored %d)", acc.Plans, p.(*Search).scored)
	}
	if len(acc.Objectives) == 0 || acc.Objectives[0].Wing == "" {
		t.Fatalf("the campaign's objectives are missing: %+v", acc.Objectives)
	}
}

// TestWitnessAndShown: the German heuristic's attacks of a turn, marked
// by the turn's events, are all fought, and an account shown to the
// Allies names every attacker of them, whatever the view after the turn
// shows; an attack the events do not show (refused, or waiting for the
// defender's answer, 16.2) names only the attackers the view shows and
// counts the others hidden, so that no unit the view hides is named.
func TestWitnessAndShown(t *testing.T) {
	r := rules(t)
	s := newGame(t, r, 11)
	me, _ := New("heuristic", Config{Side: units.German, Seed: 11})
	enemy, _ := New("heuristic", Config{Side: units.Allied, Seed: 12})
	var evs []game.Event
	start := s.Step
	for s.Step != game.GameOver && s.Turn < 6 {
		side := s.ToMove()
		p := enemy
		if side == units.German {
			if s.Player == units.German && evs == nil {
				start = s.Step
			}
			p = me
		}
		res, err := Turn(s, side, p)
		if err != nil {
			t.Fatal(err)
		}
		for _, a := range res.Applied {
			evs = append(evs, a.Events...)
		}
		s = res.State
		if s.Player == units.German {
			continue
		}
		acc := me.(Explainer).Account()
		if len(acc.Attacks) == 0 {
			evs = nil
			continue
		}
		fought := acc.Witness(start, evs)
		v := s.ViewFor(game.AlliedView)
		seen := VisibleIDs(v)
		shown := fought.Shown(v)
		hides := false
		for i, n := range fought.Attacks {
			if !n.Fought {
				t.Fatalf("attack %d on %s by %v: the turn's events do not mark it fought", i, n.At, n.Units)
			}
			if !reflect.DeepEqual(shown.Attacks[i].Units, n.Units) || shown.Attacks[i].Hidden != 0 {
				t.Fatalf("attack %d: shown %v (%d hidden), fought by %v", i, shown.Attacks[i].Units, shown.Attacks[i].Hidden, n.Units)
			}
			for _, id := range n.Units {
				hides = hides || !seen[id]
			}
		}
		if !hides {
			t.Fatal("every attacker is in the view after the turn: the test proves nothing")
		}
		// Not fought: cut to the view, the rest counted.
		unfought := acc.Shown(v)
		for i, n := range unfought.Attacks {
			for _, id := range n.Units {
				if !seen[id] {
					t.Fatalf("attack %d: %s named, the view does not show it", i, id)
				}
			}
			if len(n.Units)+n.Hidden != len(acc.Attacks[i].Units) {
				t.Fatalf("attack %d: %d named and %d hidden of %d", i, len(n.Units), n.Hidden, len(acc.Attacks[i].Units))
			}
		}
		return
	}
	t.Fatal("the German heuristic made no attack")
}
