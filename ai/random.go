package ai

import (
	"math/rand/v2"

	"rtrbot/engine/game"
	"rtrbot/engine/hex"
	"rtrbot/engine/units"
)

// Random is the baseline: random legal orders, as the self-play fuzzer
// (engine/game.SelfPlay) chooses them, but from the side's board: default
// setup and reinforcements, now and then a corps split, the Russian
// Front's withdrawals, HQ reconnaissance, up to 25 moves or rail moves
// leaning towards the enemy, up to about 12 attacks with random attackers
// and tables, random retreats.
type Random struct{ cfg Config }

func (p *Random) Level() string { return "random" }

func (p *Random) Orders(v game.View, b *Board) []game.Order {
	rng := Rand(p.cfg.Seed, v, b)
	side := b.Side()
	if o, ok := retreatOrder(v, b, side, func(hs []hex.Hex, _ *units.Counter) hex.Hex { return hs[rng.IntN(len(hs))] }); ok {
		return []game.Order{o}
	}
	if answering(v, side) {
		return []game.Order{[]game.Order{game.Delay(), game.Stand()}[rng.IntN(2)].By(side)}
	}
	end := game.End().By(side)
	switch st := v.Step; {
	case st == game.SetupStep:
		return []game.Order{game.AutoSetup().By(side), end}
	case st == game.Reinforcement:
		return []game.Order{game.AutoReinforce().By(side), end}
	case st.IsReorg():
		var out []game.Order
		for _, c := range b.Actors() {
			if c.IsCorps() && rng.IntN(10) == 0 {
				out = append(out, game.Split(c.ID).By(side))
			}
		}
		return append(out, end)
	case st.IsMovement():
		return append(randomMovement(v, b, rng), end)
	case st.IsCombat():
		if o, ok := randomAttack(v, b, rng); ok {
			return []game.Order{o}
		}
	}
	return []game.Order{end}
}

// answering reports whether the side is asked for an answer in the
// enemy's combat segment other than a retreat: the defending cavalry's
// choice between delay and stand (16.2), when that rule is played.
func answering(v game.View, side units.Side) bool {
	return v.Step.IsCombat() && v.ToMove == side && v.Player != side && len(v.Retreats) == 0
}

// retreatOrder is the retreat owed first by a unit of side, the hex chosen
// by pick among the legal ones (9.4).
func retreatOrder(v game.View, b *Board, side units.Side, pick func([]hex.Hex, *units.Counter) hex.Hex) (game.Order, bool) {
	if b.ToMove() != side || len(v.Retreats) == 0 {
		return game.Order{}, false
	}
	for _, id := range v.Retreats {
		c, ok := b.Counter(id)
		if !ok || c.Side() != side {
			continue
		}
		hs := b.RetreatHexes(c)
		if len(hs) == 0 {
			continue
		}
		return game.Retreat(id, pick(hs, c)).By(side), true
	}
	return game.Order{}, false
}

// enemyHexes are the hexes where the view shows enemy units.
func enemyHexes(v game.View, side units.Side) []hex.Hex {
	var out []hex.Hex
	for _, st := range v.Stacks {
		if st.Side != side {
			out = append(out, st.At)
		}
	}
	return out
}

func nearest(h hex.Hex, hs []hex.Hex) int {
	best := 99
	for _, x := range hs {
		best = min(best, hex.Distance(h, x))
	}
	return best
}

// withdrawals sends units to the Russian Front while it demands them (11.7).
func withdrawals(v game.View, b *Board, out []game.Order) []game.Order {
	side := b.Side()
	if a, h := b.Withdrawals(); v.Step != game.Move1 || (a == 0 && h == 0) {
		return out
	}
	for _, u := range own(v, side) {
		if a, h := b.Withdrawals(); a == 0 && h == 0 {
			break
		}
		o := game.Withdraw(u.ID).By(side)
		if b.try(o) {
			out = append(out, o)
		}
	}
	return out
}

func randomMovement(v game.View, b0 *Board, rng *rand.Rand) []game.Order {
	b := *b0
	side := b.Side()
	out := withdrawals(v, &b, nil)
	if v.Step == game.Move1 && !v.BadWeather && rng.IntN(2) == 0 {
		for _, u := range own(v, side) {
			if u.Type != units.HQ {
				continue
			}
			h := u.At
			for k := 0; k < 3; k++ {
				h = h.Neighbor(hex.Direction(rng.IntN(6)))
			}
			o := game.Recon(u.ID, h).By(side)
			if b.try(o) {
				out = append(out, o)
			}
		}
	}
	enemies := enemyHexes(v, side)
	actors := b.Actors()
	rng.Shuffle(len(actors), func(i, j int) { actors[i], actors[j] = actors[j], actors[i] })
	moved := 0
	for _, c := range actors {
		if moved >= 25 {
			break
		}
		if v.Step == game.Move1 && rng.IntN(12) == 0 {
			if ds := b.RailDestinations(c); len(ds) > 0 {
				to := ds[rng.IntN(len(ds))]
				o := game.Rail(c.ID, to).By(side)
				if b.StackDE(to, side)+c.DE <= game.StackLimit && b.try(o) {
					out = append(out, o)
					moved++
					continue
				}
			}
		}
		ds := b.Destinations(c)
		if len(ds) == 0 {
			continue
		}
		d := ds[rng.IntN(len(ds))]
		if rng.IntN(3) > 0 { // lean forward, as the fuzzer does
			for _, x := range ds {
				if nearest(x.To, enemies) < nearest(d.To, enemies) {
					d = x
				}
			}
		}
		o := game.Move(c.ID, d.To).By(side)
		if b.StackDE(d.To, side)+c.DE <= game.StackLimit && b.try(o) {
			out = append(out, o)
			moved++
		}
	}
	return append(out, removals(&b)...)
}

// removals removes what is still over-stacked (7.0), last units first.
func removals(b *Board) []game.Order {
	var out []game.Order
	side := b.Side()
	for _, h := range b.Overstacked() {
		for b.StackDE(h, side) > game.StackLimit {
			us := b.UnitsAt(h, side)
			o := game.Remove(us[len(us)-1].ID).By(side)
			if !b.try(o) {
				return out
			}
			out = append(out, o)
		}
	}
	return out
}

var tableIDs = []string{"RECON", "ASSAULT", "MOBILE"}

// randomAttack is one random attack (or siege gun shot), or false to end.
func randomAttack(v game.View, b *Board, rng *rand.Rand) (game.Order, bool) {
	side := b.Side()
	if b.ToMove() != side {
		return game.Order{}, false
	}
	actors := b.Actors()
	if o, ok := siegeShot(b, side, actors); ok {
		return o, true
	}
	if rng.IntN(13) == 0 {
		return game.Order{}, false
	}
	var targets []hex.Hex
	seen := map[hex.Hex]bool{}
	for _, c := range actors {
		for _, nb := range b.Unit(c).At.Neighbors() {
			if seen[nb] {
				continue
			}
			seen[nb] = true
			if b.CanAttack(game.Attack("ASSAULT", nb, c.ID).By(side)) {
				targets = append(targets, nb)
			}
		}
	}
	for tries := 0; tries < 3 && len(targets) > 0; tries++ {
		t := targets[rng.IntN(len(targets))]
		table := tableIDs[rng.IntN(3)]
		var ids []string
		for _, c := range actors {
			if hex.Distance(b.Unit(c).At, t) == 1 && rng.IntN(4) > 0 &&
				b.CanAttack(game.Attack("ASSAULT", t, c.ID).By(side)) {
				ids = append(ids, c.ID)
			}
		}
		if len(ids) == 0 {
			continue
		}
		o := game.Attack(table, t, ids...).By(side)
		if !b.CanAttack(o) && table == "MOBILE" {
			o = game.Attack("ASSAULT", t, ids...).By(side)
		}
		if b.CanAttack(o) {
			return o, true
		}
	}
	return game.Order{}, false
}

// siegeShot is the first legal shot of a siege gun among actors at an
// adjacent enemy fortress (12.6): guns fire before any attack.
func siegeShot(b *Board, side units.Side, actors []*units.Counter) (game.Order, bool) {
	for _, c := range actors {
		if c.Type != units.Siege {
			continue
		}
		for _, nb := range b.Unit(c).At.Neighbors() {
			o := game.Siege(c.ID, nb).By(side)
			if b.Check(o) == nil {
				return o, true
			}
		}
	}
	return game.Order{}, false
}
