package ai

import (
	"fmt"
	"sort"
	"strings"

	"rtrbot/engine/game"
	"rtrbot/engine/hex"
	"rtrbot/engine/units"
)

// The German campaign's combat, measured. CombatTally replays played games and counts what each side's
// attacks achieve: how many attacks a combat segment, on which table at
// which odds with which result (9.0, 9.7), how often the defenders had no
// hex to retreat to (9.4: enemy units, their zone of control, a full
// stack, a hex they may not enter), the VP of the units eliminated on
// either side and how many of them for want of a retreat hex, and the
// units with an attack strength left next to an enemy stack at the end of
// the segment. It reads the game's state, as the arena does, never a
// player's: it is a measuring tool, not part of any player.

// SideTally is what one side's combat segments gave over the games
// tallied.
type SideTally struct {
	Segments int // combat segments of the side (9.0), each ended once
	Attacks  int
	// OnOccupied are the attacks on a hex with enemy units (not an empty
	// fortress, 12.5); Trapped those of them whose every defender had no
	// hex to retreat to before the attack (9.4).
	OnOccupied, Trapped int
	// Results counts "table odds result" (the odds column used, 9.0),
	// the table followed by "*" when the defenders were trapped.
	Results map[string]int
	// Net is the VP difference each "table odds" gave over its attacks:
	// the enemy's VP eliminated by the attack itself (the result and the
	// retreats it left no hex for, 9.4) less the side's own (15.22).
	Net map[string]int
	// EnemyVP are the VP of enemy units eliminated in the side's combat
	// segments (15.22), EnemyVPRetreat those of them eliminated for want
	// of a retreat hex (9.4), EnemyHQs the enemy HQs among them; OwnVP and
	// OwnVPRetreat the same for the side's own units.
	EnemyVP, EnemyVPRetreat, EnemyHQs int
	OwnVP, OwnVPRetreat               int
	// Idle sums, over the segments' ends, the side's units with an attack
	// strength that had not attacked and stood next to an enemy unit.
	Idle int
}

// CombatTally is the tally of both sides over a number of games.
type CombatTally struct {
	Games int
	Side  [2]SideTally
}

// NewCombatTally is an empty tally.
func NewCombatTally() *CombatTally {
	t := &CombatTally{}
	for i := range t.Side {
		t.Side[i].Results = map[string]int{}
		t.Side[i].Net = map[string]int{}
	}
	return t
}

// Add replays a game from its seed, options and the orders applied (a
// GameResult's Log, with the engine's own dice) and adds its combat to
// the tally.
func (t *CombatTally) Add(r *game.Rules, seed uint64, options []string, log []game.Order) error {
	s, err := game.New(r, seed, options)
	if err != nil {
		return err
	}
	for n, o := range log {
		// Everything in a side's combat segment counts for it, the
		// enemy's retreat orders included (their 9.4 eliminations).
		phasing := s.Step.IsCombat()
		player := s.Player
		st := &t.Side[player]
		trapped, occupied := false, false
		if phasing && o.Verb == game.VerbAttack && o.Side == player && len(o.Hexes) == 1 {
			ds := s.UnitsAt(o.To(), player.Other())
			occupied = len(ds) > 0
			trapped = occupied
			for _, c := range ds {
				if len(s.RetreatHexes(c.Index)) > 0 {
					trapped = false
				}
			}
		}
		if phasing && o.Verb == game.VerbEnd && o.Side == player {
			st.Segments++
			st.Idle += idleNextToEnemy(s, player)
		}
		next, evs, err := game.Apply(s, o)
		if err != nil {
			return fmt.Errorf("seed %d: order %d (%s) refused on replay: %w", seed, n, o.Verb, err)
		}
		if phasing {
			net, key := 0, ""
			for _, e := range evs {
				switch e.Kind {
				case game.EvCombat:
					if e.Combat == nil || o.Verb != game.VerbAttack || o.Side != player {
						continue
					}
					st.Attacks++
					if occupied {
						st.OnOccupied++
					}
					table := e.Combat.Table
					if trapped {
						st.Trapped++
						table += "*"
					}
					key = table + " " + e.Combat.Odds.String()
					st.Results[key+" "+string(e.Combat.Result)]++
				case game.EvEliminated:
					retreat := strings.Contains(e.Text.EN, "(9.4)")
					if e.Side == player {
						net -= e.N
						st.OwnVP += e.N
						if retreat {
							st.OwnVPRetreat += e.N
						}
						continue
					}
					st.EnemyVP += e.N
					net += e.N
					if retreat {
						st.EnemyVPRetreat += e.N
					}
					if c, ok := s.Lookup(e.Units[0]); ok && c.Type == units.HQ {
						st.EnemyHQs++
					}
				}
			}
			if key != "" {
				st.Net[key] += net
			}
		}
		s = next
	}
	t.Games++
	return nil
}

// idleNextToEnemy counts side's units on the map with an attack strength
// that have not attacked this segment and stand next to an enemy unit.
func idleNextToEnemy(s *game.State, side units.Side) int {
	attacked := map[int]bool{}
	for _, i := range s.Combat.Attacked {
		attacked[i] = true
	}
	enemy := map[hex.Hex]bool{}
	for i, u := range s.Units {
		if u.Box == game.OnMap && s.Counter(i).Side() == side.Other() {
			enemy[u.At] = true
		}
	}
	n := 0
	for i, u := range s.Units {
		c := s.Counter(i)
		if u.Box != game.OnMap || c.Side() != side || c.Attack == 0 || attacked[i] {
			continue
		}
		for _, nb := range u.At.Neighbors() {
			if enemy[nb] {
				n++
				break
			}
		}
	}
	return n
}

// Report is the tally in a few lines per side.
func (t *CombatTally) Report() string {
	var b strings.Builder
	g := float64(max(t.Games, 1))
	for side, st := range t.Side {
		seg := float64(max(st.Segments, 1))
		fmt.Fprintf(&b, "%s: %d combat segments, %d attacks (%.2f a segment), %d on occupied hexes, %d of them on defenders with no retreat hex (9.4)\n",
			units.Side(side), st.Segments, st.Attacks, float64(st.Attacks)/seg, st.OnOccupied, st.Trapped)
		fmt.Fprintf(&b, "  enemy VP eliminated %.1f a game (%.1f for want of a retreat hex), enemy HQs %.2f a game; own VP lost %.1f a game (%.1f for want of a retreat hex); idle units next to the enemy %.1f a segment\n",
			float64(st.EnemyVP)/g, float64(st.EnemyVPRetreat)/g, float64(st.EnemyHQs)/g, float64(st.OwnVP)/g, float64(st.OwnVPRetreat)/g, float64(st.Idle)/seg)
		keys := make([]string, 0, len(st.Results))
		for k := range st.Results {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		tables := map[string]int{}
		for _, k := range keys {
			tables[strings.Fields(k)[0]] += st.Results[k]
		}
		names := make([]string, 0, len(tables))
		for k := range tables {
			names = append(names, k)
		}
		sort.Strings(names)
		b.WriteString("  tables:")
		for _, k := range names {
			fmt.Fprintf(&b, " %s %d", k, tables[k])
		}
		b.WriteString("\n")
	}
	return b.String()
}

// campaignAttack is the campaign's next attack (or siege gun shot), or
// false to end: the heuristic's (Heuristic.attack) without the attacks
// at odds below 1:1 as the side estimates them (the hidden defenders as
// the average enemy counter, 14.1).
func (p *Heuristic) campaignAttack(b *Board, k *knowledge) (game.Order, bool) {
	o, _, ok := p.campaignAttackEV(b, k)
	return o, ok
}

// campaignAttackEV is campaignAttack with the attack's expected VP (0
// for a siege-gun shot).
func (p *Heuristic) campaignAttackEV(b *Board, k *knowledge) (game.Order, float64, bool) {
	side := b.Side()
	actors := b.Actors()
	if o, ok := siegeShot(b, side, actors); ok {
		return o, 0, true
	}
	var best game.Order
	bestEV, found := p.W.MinEV, false
	for _, t := range attackTargets(b, actors) {
		o, ev, ok := planAttack(b, k, actors, t)
		if !ok || ev <= bestEV || below1to1(b, k, o) {
			continue
		}
		best, bestEV, found = o, ev, true
	}
	return best, bestEV, found
}

// below1to1 reports whether an attack's estimated odds are below 1:1.
func below1to1(b *Board, k *knowledge, o game.Order) bool {
	co, err := b.Odds(o)
	if err != nil {
		return true
	}
	def := float64(co.Defence)
	if e := k.enemy[o.To()]; e != nil {
		h := float64(e.hidden) * k.avgDef
		if co.Doubled {
			h *= 2
		}
		def += h
	}
	return float64(co.Attack) < def
}
