package ai

import (
	"math"
	"math/rand/v2"
	"reflect"
	"testing"
	"time"

	"rtrbot/engine/game"
	"rtrbot/engine/hex"
	"rtrbot/engine/units"
)

// TestDeterminised: the search's guess at the hidden enemy units fills
// every hidden stack up to the count the side sees (14.1) where the pool
// allows, never over the stacking limit (7.0), leaves the side's own
// units and the visible enemy units where they are, and is the same for
// two states the side cannot tell apart (it is made of the board alone).
func TestDeterminised(t *testing.T) {
	r := rules(t)
	checked, filled := 0, 0
	for seed := uint64(1); seed <= 2 && checked < 20; seed++ {
		s := newGame(t, r, seed)
		var drivers [2]Computer
		for side := range drivers {
			drivers[side] = NewHeuristic(Config{Side: units.Side(side), Seed: seed})
		}
		for s.Step != game.GameOver && checked < 20 {
			side := s.ToMove()
			if twin, ok := hiddenTwin(s, side); ok {
				v := s.ViewFor(game.ViewerOf(side))
				b := NewBoard(s, side)
				d := b.Determinised(v, rand.New(rand.NewPCG(5, 6)))
				dt := NewBoard(twin, side).Determinised(twin.ViewFor(game.ViewerOf(side)), rand.New(rand.NewPCG(5, 6)))
				if d.Hash() != dt.Hash() {
					t.Fatalf("%s %s: the guesses differ between states the side cannot tell apart", s.Turn, s.Step)
				}
				if d.Hash() == b.Hash() {
					t.Fatalf("%s %s: nothing was filled in although a stack is hidden", s.Turn, s.Step)
				}
				for _, st := range v.Stacks {
					n, de := 0, 0
					for _, c := range d.UnitsAt(st.At, st.Side) {
						n++
						de += c.DE
					}
					if st.Side == side && n != len(b.UnitsAt(st.At, side)) {
						t.Fatalf("%s: own stack changed", st.At)
					}
					if st.Side != side {
						if n < len(st.Units) || n > st.Count {
							t.Fatalf("%s: %d enemy units guessed in a stack of %d (%d seen)", st.At, n, st.Count, len(st.Units))
						}
						if n > len(st.Units) && de > game.StackLimit {
							t.Fatalf("%s: the guess is over the stacking limit (%d DE)", st.At, de)
						}
						if n == st.Count && st.Count > len(st.Units) {
							filled++
						}
					}
				}
				checked++
			}
			tr, err := Turn(s, side, drivers[side])
			if err != nil {
				t.Fatal(err)
			}
			s = tr.State
		}
	}
	if checked < 5 || filled == 0 {
		t.Fatalf("only %d positions checked, %d hidden stacks filled", checked, filled)
	}
	t.Logf("%d positions, %d hidden stacks filled to their count", checked, filled)
}

// TestPlayOutHorizon: the German play-outs stop at the start of the
// side's next player turn after GermanSettings.Horizon enemy player turns (one by
// default, as the Allies'), and a whole-game play-out (choosePlan) plays
// to the end of the game (15.0).
func TestPlayOutHorizon(t *testing.T) {
	s := startOfPlay(t, 3)
	b := NewBoard(s, units.German)
	gs := DefaultGerman()
	p := &Search{cfg: Config{Side: units.German, Seed: 1, German: &gs}, h: NewHeuristic(Config{}), g: newCampaignHeuristic(Config{})}
	var reached [3]int
	for _, h := range []int{1, 2} {
		gs.Horizon = h
		x := p.playOut(b.WithDice(9), units.German)
		if x.Over() || x.s.Player != units.German {
			t.Fatalf("horizon %d: the play-out ends in %v %v, player %v", h, x.s.Turn, x.s.Step, x.s.Player)
		}
		reached[h] = int(x.s.Turn)
	}
	if reached[1] <= int(s.Turn) || reached[2] <= reached[1] {
		t.Fatalf("from turn %d the play-outs reach turns %d (horizon 1) and %d (horizon 2)", s.Turn, reached[1], reached[2])
	}
	if x := p.playOutWith(b.WithDice(9), units.German, p.g, true, nil); !x.Over() {
		t.Fatalf("a whole-game play-out stops in %v %v", x.s.Turn, x.s.Step)
	}
}

// TestChoosePlan: the German plan chosen by whole-game play-outs is one
// of the variants, and the same for the same view (the choice's dice come
// from the player's generator for the request).
func TestChoosePlan(t *testing.T) {
	s := startOfPlay(t, 4)
	gs := DefaultGerman()
	gs.PlanSamples = 1 // four whole games a choice
	var got [2]Weights
	for i := range got {
		p := &Search{cfg: Config{Side: units.German, Seed: 7, German: &gs}, h: NewHeuristic(Config{}), g: newCampaignHeuristic(Config{}), g0: CampaignWeights}
		v, b := s.ViewFor(game.GermanView), NewBoard(s, units.German)
		p.choosePlan(v, b, Rand(p.cfg.Seed, v, b))
		got[i] = p.g.W
		if p.g.campaign == nil {
			t.Fatal("the chosen plan lost the campaign")
		}
	}
	if got[0] != got[1] {
		t.Fatalf("two choices from the same view: %s and %s", FormatWeights(got[0]), FormatWeights(got[1]))
	}
	found := false
	for _, w := range planVariants(CampaignWeights) {
		found = found || w == got[0]
	}
	if !found {
		t.Fatalf("the choice %s is no variant", FormatWeights(got[0]))
	}
}

// playedTo plays a game from seed with the heuristics (the Germans led
// by the campaign) to the start of the German movement segment of the
// given step in turn n or later.
func playedTo(t *testing.T, seed uint64, n int, step game.Step) *game.State {
	t.Helper()
	s := newGame(t, rules(t), seed)
	var drivers [2]Computer
	drivers[units.German] = newCampaignHeuristic(Config{Side: units.German, Seed: seed})
	drivers[units.Allied] = NewHeuristic(Config{Side: units.Allied, Seed: seed})
	at := func(s *game.State) bool { return int(s.Turn) >= n && s.Step == step && s.ToMove() == units.German }
	for guard := 0; s.Step != game.GameOver && guard < 20000; guard++ {
		if at(s) {
			return s
		}
		side := s.ToMove()
		v := s.ViewFor(game.ViewerOf(side))
		s = applyRequestUntil(t, s, side, drivers[side].Orders(v, NewBoard(s, side)), at)
	}
	t.Fatalf("seed %d: the game ended before turn %d", seed, n)
	return nil
}

// TestRepair: the play-outs of the campaign's plan record the German units
// the Allied reply eliminates (15.22) where the plan left them, and each
// repair of the plan is a legal sequence of orders that changes only the
// moves of those units: each ends away from the hex it was lost in (and,
// by mode, out of the reach the enemy showed, or in a stack with attack
// strength), or where the plan put it when no hex allows it, never over
// the stacking limit (7.0); every other unit ends where the plan put it.
func TestRepair(t *testing.T) {
	gs := DefaultGerman()
	p := &Search{cfg: Config{Side: units.German, Seed: 1, German: &gs}, h: NewHeuristic(Config{}), g: newCampaignHeuristic(Config{})}
	repaired := 0
	for seed := uint64(1); seed <= 4 && repaired < 3; seed++ {
		s := playedTo(t, seed, 4+int(seed), game.Move1)
		v, b := s.ViewFor(game.GermanView), NewBoard(s, units.German)
		k := newKnowledge(v, b, p.h.citiesOf(b))
		plan := p.g.movement(v, b, k)
		end := game.End().By(units.German)
		r := newReply()
		p.fitnessReply(v, b, append(plan, end), []uint64{1, 2, 3}, r)
		if len(r.at) == 0 {
			t.Fatal("the play-outs noted no German unit")
		}
		for id, vp := range r.lost {
			c, ok := b.Counter(id)
			if !ok || c.Side() != units.German || vp <= 0 {
				t.Fatalf("lost %q (%v VP): no German unit of the plan", id, vp)
			}
		}
		fix := r.repairs(b)
		// RepairHit: the lost units and those attacked in most samples.
		if r.samples != 3 {
			t.Fatalf("%d samples followed, want 3", r.samples)
		}
		rh := *r
		rh.hitToo = true
		withHit := map[string]bool{}
		for _, c := range rh.repairs(b) {
			withHit[c.ID] = true
			if r.lost[c.ID] <= 0 && 2*r.hit[c.ID] <= r.samples {
				t.Fatalf("seed %d: %s repaired, neither lost nor attacked in most samples (%d)", seed, c.ID, r.hit[c.ID])
			}
		}
		for _, c := range fix {
			if !withHit[c.ID] {
				t.Fatalf("seed %d: %s, lost, is no repair with RepairHit", seed, c.ID)
			}
		}
		for id, n := range r.hit {
			if _, on := r.at[id]; on && 2*n > r.samples && !withHit[id] {
				t.Fatalf("seed %d: %s attacked in %d samples is no repair with RepairHit", seed, id, n)
			}
		}
		t.Logf("seed %d, %v %v: %d units lost in the play-outs, %d attacked, %d orders", seed, s.Turn, s.Step, len(fix), len(r.hit), len(plan))
		if len(fix) == 0 {
			continue
		}
		// Where the plan leaves each unit.
		planned := *b
		for _, o := range plan {
			planned.try(o)
		}
		fixed := map[string]bool{}
		for _, c := range fix {
			fixed[c.ID] = true
		}
		for mode := 0; mode < repairModes; mode++ {
			out, changed := p.repair(v, b, p.g, plan, r, mode)
			if !changed {
				continue
			}
			repaired++
			x := *b
			for _, o := range out {
				if !x.try(o) {
					t.Fatalf("seed %d mode %d: the repair's order %s is refused", seed, mode, o)
				}
			}
			if over := x.Overstacked(); len(over) > 0 {
				t.Fatalf("seed %d mode %d: over the stacking limit in %v", seed, mode, over)
			}
			for i, u := range x.s.Units {
				c := x.s.Counter(i)
				if c.Side() != units.German || u.Box != game.OnMap {
					continue
				}
				want := planned.Unit(c).At
				if !fixed[c.ID] {
					if u.At != want {
						t.Errorf("seed %d mode %d: %s, not repaired, ends in %s, the plan's %s", seed, mode, c.ID, u.At, want)
					}
					continue
				}
				if u.At == want {
					continue // nowhere allowed: the plan's own move
				}
				if u.At == r.at[c.ID] {
					t.Errorf("seed %d mode %d: %s repaired into the hex it was lost in, %s", seed, mode, c.ID, u.At)
				}
				if mode == repairReach {
					for f := range r.from {
						if hex.Distance(f, u.At) == 1 {
							t.Errorf("seed %d: %s repaired into %s, next to %s the enemy attacked from", seed, c.ID, u.At, f)
						}
					}
				}
				if mode == repairJoin {
					att := 0
					for _, o := range x.UnitsAt(u.At, units.German) {
						if o != c {
							att += o.Attack
						}
					}
					if att == 0 {
						t.Errorf("seed %d: %s repaired into %s, no stack that fights", seed, c.ID, u.At)
					}
				}
			}
		}
	}
	if repaired == 0 {
		t.Fatal("no plan repaired: no German unit lost in the play-outs of four positions")
	}
	t.Logf("%d repairs checked", repaired)
}

// TestKeyedDice: a play-out's order rolls from a key made of the sample,
// the turn, the step, the order's verb and first hex and how many such
// orders came before, whatever else was played: the same attack gets
// the same dice in two candidates' play-outs.
func TestKeyedDice(t *testing.T) {
	s := startOfPlay(t, 3)
	b := NewBoard(s, units.German).WithDice(11)
	at := func(x string) []hex.Hex { return []hex.Hex{hex.MustParse(x)} }
	o := game.Attack("ASSAULT", at("3021")[0], "x").By(units.German)
	other := game.Attack("RECON", at("3121")[0], "y").By(units.German)
	k1, k2 := newKeyedDice(11), newKeyedDice(11)
	k2.rekey(b, other) // another attack first in the second play-out
	a, c := k1.rekey(b, o), k2.rekey(b, o)
	if a.s.Seed != c.s.Seed || a.s.Dice.Rolls != 0 || c.s.Dice.Rolls != 0 {
		t.Fatalf("the same attack after different orders rolls from %d (%d rolls) and %d (%d)", a.s.Seed, a.s.Dice.Rolls, c.s.Seed, c.s.Dice.Rolls)
	}
	if again := k1.rekey(b, o); again.s.Seed == a.s.Seed {
		t.Fatal("a second attack on the same hex in the same segment rolls the first one's dice")
	}
	if d := newKeyedDice(11).rekey(b, other); d.s.Seed == a.s.Seed {
		t.Fatal("attacks on two hexes share their dice")
	}
	if e := newKeyedDice(12).rekey(b, o); e.s.Seed == a.s.Seed {
		t.Fatal("two samples share their dice")
	}
	if b.s.Seed != 11 {
		t.Fatal("rekey changed the board it was given")
	}
}

// TestFreeDuplicates: with a fixed number of candidates a request plays
// out at most that many; plans that repeat one already scored use up a
// candidate unless FreeDuplicates is set, and then exactly Iterations
// candidates are played out (German second movement segments, where the
// mutations often give the same orders).
func TestFreeDuplicates(t *testing.T) {
	const n = 6
	requests, counted, free := 0, 0, 0
	for seed := uint64(1); seed <= 3; seed++ {
		s := playedTo(t, seed, 3+int(seed), game.Move2)
		v, b := s.ViewFor(game.GermanView), NewBoard(s, units.German)
		for _, fd := range []bool{false, true} {
			gs := DefaultGerman()
			gs.FreeDuplicates = fd
			cfg := Config{Side: units.German, Seed: seed, Iterations: n, German: &gs}
			pl, err := New("search", cfg)
			if err != nil {
				t.Fatal(err)
			}
			p := pl.(*Search)
			p.movement(v, b, Rand(cfg.Seed, v, b))
			if p.scored > n {
				t.Fatalf("seed %d: %d candidates played out, over %d", seed, p.scored, n)
			}
			if fd {
				free += p.scored
				if p.scored != n {
					t.Errorf("seed %d: %d candidates played out with free duplicates, want %d", seed, p.scored, n)
				}
			} else {
				counted += p.scored
			}
		}
		requests++
	}
	if counted >= free {
		t.Fatalf("no duplicate in %d requests: %d candidates played out, %d with free duplicates", requests, counted, free)
	}
	t.Logf("%d requests: %d candidates played out, %d with free duplicates", requests, counted, free)
}

// TestConfirm: the final round of a German request (confirm) scores the
// campaign's plan and the best candidates on fresh samples and plays the
// best by its mean over all its samples. A plan that does nothing, given
// a lucky score just over the campaign's plan and its margin, loses to
// the campaign's plan on the fresh samples; given a score far above it,
// it is still played, because the first samples count in the mean.
func TestConfirm(t *testing.T) {
	s := playedTo(t, 1, 2, game.Move1)
	v, b := s.ViewFor(game.GermanView), NewBoard(s, units.German)
	gs := DefaultGerman()
	gs.ConfirmTop, gs.ConfirmSamples = 3, 10
	p := newSearch(t, gs)
	k := newKnowledge(v, b, p.h.citiesOf(b))
	end := game.End().By(units.German)
	own := p.g.movement(v, b, k)
	if len(own) == 0 {
		t.Fatal("the campaign's plan has no moves")
	}
	dice := diceFor(rand.New(rand.NewPCG(1, 2)), gs.Samples)
	ownFit := p.fitness(v, b, append(own, end), dice)
	idleFit := p.fitness(v, b, []game.Order{end}, dice)
	fresh := p.fitness(v, b, []game.Order{end}, diceFor(rand.New(rand.NewPCG(3, 4)), 20)) -
		p.fitness(v, b, append(own, end), diceFor(rand.New(rand.NewPCG(3, 4)), 20))
	t.Logf("campaign's plan %.1f, doing nothing %.1f on the first samples; doing nothing %.1f on 20 others", ownFit, idleFit, fresh)
	if fresh > -2*gs.Margin {
		t.Fatalf("doing nothing scores %.1f against the campaign's plan: the test needs a plan worse by more than %.1f", fresh, 2*gs.Margin)
	}
	pick := func(claimed float64) string {
		rng := rand.New(rand.NewPCG(5, 6))
		got, _ := p.confirm(v, b, rng, scoredPlan{plan: own, fit: ownFit}, []scoredPlan{{plan: nil, fit: claimed}}, len(dice), gs.Margin, gs)
		return planKey(got)
	}
	if got := pick(ownFit + gs.Margin + 0.5); got != planKey(own) {
		t.Errorf("a lucky plan that does nothing was played over the campaign's: %q", got)
	}
	if got := pick(ownFit + 1000); got != planKey(nil) {
		t.Errorf("a plan scored 1000 VP over the campaign's on the first samples was not played: the first samples do not count")
	}
}

// TestDefaultBudget: by default the search tries DefaultIterations
// candidates a request, so that the same position gives the same orders
// however loaded the machine (its clock only a cap); a negative
// Iterations leaves it to the clock, and a spent clock stops the default
// too, the first plan being scored whatever the budget.
func TestDefaultBudget(t *testing.T) {
	s := playedTo(t, 2, 3, game.Move1)
	v, b := s.ViewFor(game.GermanView), NewBoard(s, units.German)
	run := func(cfg Config) (*Search, []game.Order) {
		cfg.Side, cfg.Seed = units.German, 4
		pl, err := New("search", cfg)
		if err != nil {
			t.Fatal(err)
		}
		p := pl.(*Search)
		p.deadline = time.Now().Add(p.cfg.Budget)
		orders, _ := p.movement(v, b, Rand(cfg.Seed, v, b))
		return p, orders
	}
	p1, a := run(Config{})
	if p1.cfg.Budget != DefaultBudget {
		t.Fatalf("default budget %s, want %s", p1.cfg.Budget, DefaultBudget)
	}
	if p1.scored == 0 || p1.scored > DefaultIterations {
		t.Fatalf("%d candidates scored by default, want 1 to %d", p1.scored, DefaultIterations)
	}
	p2, c := run(Config{Iterations: DefaultIterations})
	if p2.scored != p1.scored || !reflect.DeepEqual(a, c) {
		t.Fatalf("the default (%d candidates) differs from Iterations %d (%d candidates)", p1.scored, DefaultIterations, p2.scored)
	}
	p3, _ := run(Config{Budget: time.Nanosecond})
	if p3.scored != 0 {
		t.Fatalf("a spent clock let %d candidates be scored", p3.scored)
	}
	p4, _ := run(Config{Iterations: -1, Budget: time.Nanosecond})
	if p4.scored != 0 {
		t.Fatalf("the clock alone, spent, let %d candidates be scored", p4.scored)
	}
}

// TestWinBonus checks the German play-out score that counts the victory
// level (GermanSettings.WinBonus, 15.1): the margin alone before WinFrom
// and by default, the margin plus the bonus times the normal
// distribution's weight above the line of a win (51) from WinFrom on:
// half the bonus at 50.5, nearly all of it far above.
func TestWinBonus(t *testing.T) {
	s := playedTo(t, 2, 3, game.Move1)
	v, b := s.ViewFor(game.GermanView), NewBoard(s, units.German)
	p := &Search{}
	e := p.eval(b, units.German)
	if got := p.utility(v, b, units.German); got != e {
		t.Fatalf("by default the score is %v, want the margin %v", got, e)
	}
	p.cfg.German = &GermanSettings{WinBonus: 30, WinScale: 200, WinFrom: int(v.Turn) + 1}
	if got := p.utility(v, b, units.German); got != e {
		t.Fatalf("before WinFrom the score is %v, want the margin %v", got, e)
	}
	p.cfg.German.WinFrom = int(v.Turn)
	want := e + 30*0.5*math.Erfc(-(e-50.5)/(200*math.Sqrt2))
	if got := p.utility(v, b, units.German); math.Abs(got-want) > 1e-9 || got <= e {
		t.Fatalf("from WinFrom the score is %v, want %v (margin %v)", got, want, e)
	}
	if got := p.utility(v, NewBoard(s, units.Allied), units.Allied); got != p.eval(NewBoard(s, units.Allied), units.Allied) {
		t.Fatal("the Allied score counts the German bonus")
	}
}
