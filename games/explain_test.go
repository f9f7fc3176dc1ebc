package games

import (
	"context"
	"slices"
	"sort"
	"testing"

	"rtrbot/ai"
	"rtrbot/engine/game"
	"rtrbot/engine/units"
)

// vsBot is a service over a fresh database with a game in C1 in which
// Alice plays the Allies and the German heuristic the Germans.
func vsBot(t *testing.T, seed uint64) *Service {
	t.Helper()
	s := emptyService(t)
	mustNewGame(t, s, alice, at, NewGame{Scenario: "standard", Seed: seed, SeedGiven: true})
	if _, err := s.Join(context.Background(), alice, at, "allied", t0, nil); err != nil {
		t.Fatal(err)
	}
	if _, err := s.SeatBot(context.Background(), alice, at, units.German, "heuristic", t0); err != nil {
		t.Fatal(err)
	}
	return s
}

// attackersOf are the attackers a combat event names, sorted.
func attackersOf(e game.Event) []string {
	out := append([]string(nil), e.Units[:len(e.Hexes)-1]...)
	sort.Strings(out)
	return out
}

// TestAccountNamesTheCombatsAttackers: in a game against the computer,
// the account of each of its player turns names, for every attack, the
// attackers its combat named in the game's log (public: the combat shows
// both stacks, 14.1), every one of them in the opponent's view right
// after the attack, and counts none hidden; the attacks it names are
// those of the log, in order. (Cut by the opponent's view after the turn,
// when the combat no longer shows them, it named fewer and called
// revealed attackers units the enemy had not seen.)
func TestAccountNamesTheCombatsAttackers(t *testing.T) {
	ctx := context.Background()
	s := vsBot(t, 3)
	allies, _ := ai.New("heuristic", ai.Config{Side: units.Allied, Seed: 1})
	var combats []game.Event // the German combats of the computer's turn
	checked, partial := 0, 0
	for i := 0; i < 600 && checked < 8; i++ {
		g, err := s.Status(ctx, alice, at)
		if err != nil {
			t.Fatal(err)
		}
		if g.State.Step == game.GameOver {
			break
		}
		var played []*Played
		if g.State.ToMove() == units.German {
			if played, err = s.BotTurn(ctx, at, t0); err != nil {
				t.Fatal(err)
			}
		} else {
			var pend []Pending
			for _, o := range allies.Orders(g.State.ViewFor(game.AlliedView), ai.NewBoard(g.State, units.Allied)) {
				pend = append(pend, Pending{Order: o})
			}
			p, err := s.Orders(ctx, alice, at, t0, pend, true)
			if err != nil {
				t.Fatal(err)
			}
			if p.Applied == 0 {
				if p, err = s.Orders(ctx, alice, at, t0, endStep, false); err != nil {
					t.Fatal(err)
				}
			}
			played = []*Played{p}
		}
		for _, p := range played {
			seen := ai.VisibleIDs(p.Game.State.ViewFor(game.AlliedView))
			for _, e := range p.Events {
				if e.Kind != game.EvCombat || e.Side != units.German {
					continue
				}
				combats = append(combats, e)
				for _, id := range attackersOf(e) {
					if !seen[id] {
						t.Fatalf("%s: attacker %s is not in the Allies' view right after its attack", e.Text.EN, id)
					}
				}
			}
			ex := p.Explained
			if ex == nil {
				continue
			}
			var notes []ai.AttackNote
			for _, n := range ex.Account.Attacks {
				if n.Table != "" {
					notes = append(notes, n)
				}
			}
			if len(notes) != len(combats) {
				t.Fatalf("turn %d: the account tells %d attacks, the log %d", ex.Account.Turn, len(notes), len(combats))
			}
			after := ai.VisibleIDs(p.Game.State.ViewFor(game.AlliedView))
			for k, n := range notes {
				named := append([]string(nil), n.Units...)
				sort.Strings(named)
				want := attackersOf(combats[k])
				if n.At != combats[k].Hexes[0] || !slices.Equal(named, want) || n.Hidden != 0 || !n.Fought {
					t.Fatalf("turn %d attack %d on %s: the account names %v (%d hidden, fought %v); the log's combat on %s names %v",
						ex.Account.Turn, k, n.At, named, n.Hidden, n.Fought, combats[k].Hexes[0], want)
				}
				for _, id := range want {
					if !after[id] {
						partial++ // the view after the turn no longer shows it
						break
					}
				}
				checked++
			}
			combats = nil
		}
	}
	if checked < 4 || partial == 0 {
		t.Fatalf("%d attacks checked, %d with an attacker the view after the turn hides: the test proves nothing", checked, partial)
	}
	t.Logf("%d attacks checked, %d with an attacker the view after the turn hides", checked, partial)
}

// TestExplainedHidesUntilTheEnd: what a finished game may show follows
// its file's rule: while the game runs, an attack not fought (refused,
// or waiting for the defender's answer, 16.2) names only the attackers
// the public view shows and counts the others; once the game has ended
// (finished, resigned, adjudicated or abandoned), anyone may export its
// file, which holds every order and the dice key, and the account names
// every attacker. A fought attack names them all in either case.
func TestExplainedHidesUntilTheEnd(t *testing.T) {
	ctx := context.Background()
	s := vsBot(t, 3)
	for i := 0; i < 10; i++ { // the Allied and German setups: stacks of several units
		g, _ := s.Status(ctx, alice, at)
		if g.State.Step != game.SetupStep {
			break
		}
		if g.State.ToMove() == units.German {
			if _, err := s.BotTurn(ctx, at, t0); err != nil {
				t.Fatal(err)
			}
			continue
		}
		if _, err := s.Orders(ctx, alice, at, t0, []Pending{{Order: game.AutoSetup()}, {Order: game.End()}}, true); err != nil {
			t.Fatal(err)
		}
	}
	g, err := s.Status(ctx, alice, at)
	if err != nil {
		t.Fatal(err)
	}
	var top, hidden string
	for _, st := range g.State.ViewFor(game.PublicView).Stacks {
		if st.Side == units.German && st.Count > 1 && !st.Full {
			top = st.Units[0].ID
			for i := range g.State.Units {
				c := g.State.Counter(i)
				if c.Side() == units.German && g.State.Units[i].At == st.At && c.ID != top {
					hidden = c.ID
				}
			}
			break
		}
	}
	if top == "" || hidden == "" {
		t.Fatal("no German stack with a hidden unit: the test proves nothing")
	}
	note := ai.AttackNote{Step: game.Combat1, Table: "ASSAULT", Units: []string{top, hidden}}
	fought := note
	fought.Fought = true
	acc := ai.Account{Side: units.German, Level: "heuristic", Turn: 1, Attacks: []ai.AttackNote{note, fought}}
	ex := explained(g, acc)
	if a := ex.Account.Attacks[0]; ex.Over || !slices.Equal(a.Units, []string{top}) || a.Hidden != 1 {
		t.Fatalf("while the game runs: %+v (over %v)", a, ex.Over)
	}
	if a := ex.Account.Attacks[1]; !slices.Equal(a.Units, []string{top, hidden}) || a.Hidden != 0 {
		t.Fatalf("a fought attack while the game runs: %+v", a)
	}
	for _, st := range []Status{Finished, Abandoned} {
		ended := g.copy()
		ended.Status = st
		ex := explained(ended, acc)
		for _, a := range ex.Account.Attacks {
			if !ex.Over || !slices.Equal(a.Units, []string{top, hidden}) || a.Hidden != 0 {
				t.Fatalf("%s: %+v (over %v)", st, a, ex.Over)
			}
		}
	}
}
