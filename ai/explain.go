package ai

import (
	"sort"

	"rtrbot/engine/board"
	"rtrbot/engine/game"
	"rtrbot/engine/hex"
	"rtrbot/engine/tables"
	"rtrbot/engine/units"
)

// A computer player's account of its player turn (docs/ai.md, "What the
// computer says"): the values it computed while deciding, kept as it
// decided, so that what it says of its turn is what it did and why. The
// heuristic, the search and the campaign fill it; the random player
// decides nothing worth telling and gives none. The account holds the
// player's own values only (its Board is blindfolded, 14.1: it never
// knew the enemy units it could not see); what of it the opponent may
// read is Shown's business.

// Explainer is a computer player that keeps an account of its decisions.
type Explainer interface {
	// Account is the record of the player's current (or last) player turn.
	Account() Account
}

// Account is what a computer player decided in one player turn of its
// side.
type Account struct {
	Side  units.Side `json:"side"`
	Level string     `json:"level"`
	Turn  int        `json:"turn"`
	// Objectives are the places its movement went for, in its order
	// (the campaign's next place of each wing, or the heuristic's cities
	// worth the most VP that its side does not hold, 15.23).
	Objectives []Objective `json:"objectives,omitempty"`
	// Moved counts the movement orders it gave (by road or rail, 8.0,
	// 8.5), over the turn's movement segments.
	Moved int `json:"moved,omitempty"`
	// Attacks are the attacks and siege-gun shots it chose, in order.
	Attacks []AttackNote `json:"attacks,omitempty"`
	// Plans are the search's chosen movement plans, one per movement
	// segment: what it expects of them.
	Plans []PlanNote `json:"plans,omitempty"`
}

// Objective is a place the movement went for and what it is worth.
type Objective struct {
	At hex.Hex `json:"at"`
	// VP is what the place is worth to the side at the end (15.23), 0 for
	// a place that is no city (a campaign's way point).
	VP int `json:"vp"`
	// Wing is the campaign wing that goes for it ("" for the heuristic).
	Wing string `json:"wing,omitempty"`
}

// Purpose is what an attack was chosen for.
type Purpose string

const (
	// ForFortress: a siege-gun shot or an attack on an enemy fortress
	// (12.5, 12.6).
	ForFortress Purpose = "fortress"
	// ForCity: the target hex is a city worth VP to the side (15.23).
	ForCity Purpose = "city"
	// ForRaider: an enemy stack in Germany, hunted by the campaign.
	ForRaider Purpose = "raider"
	// ForLosses: the best expected VP from the enemy's losses (9.7).
	ForLosses Purpose = "losses"
)

// AttackNote is one attack the player chose, with its own values.
type AttackNote struct {
	Step game.Step `json:"step"`
	At   hex.Hex   `json:"at"`
	// Units are the attackers (the siege gun), by counter ID: all of
	// them as the player chose them, until Shown leaves out those its
	// reader may not see.
	Units []string `json:"units"`
	// Fought says the attack was resolved: its combat (9.0) or the siege
	// gun's shot (12.6) showed both players every attacker (14.1), so
	// that anyone may read them. Witness sets it from the game's events.
	Fought bool `json:"fought,omitempty"`
	// Hidden counts the attackers Shown left out of Units: units the
	// reader has not seen.
	Hidden int `json:"hidden,omitempty"`
	// Table is the combat results table chosen (RECON, ASSAULT, MOBILE;
	// "" for a siege-gun shot, 12.6).
	Table string `json:"table,omitempty"`
	// Odds are the odds as the player estimated them (its seen defence
	// and the average enemy counter for the hidden ones, 14.1), after
	// shifts: the column it expected.
	Odds tables.Odds `json:"odds"`
	// EV is the attack's expected VP as the player computed it
	// (expectedVP), or the play-outs' mean margin when Playout.
	EV      float64 `json:"ev"`
	Playout bool    `json:"playout,omitempty"`
	Purpose Purpose `json:"purpose"`
}

// PlanNote is the search's chosen movement plan of a segment.
type PlanNote struct {
	Step game.Step `json:"step"`
	// Margin is the plan's fitness: the mean, over its samples, of the
	// side's VP and end VP (15.23) less the enemy's at the end of the
	// enemy's next player turn.
	Margin float64 `json:"margin"`
	// Candidates are the plans scored besides the heuristic's own.
	Candidates int `json:"candidates"`
}

// Empty says whether the account holds nothing to tell.
func (a Account) Empty() bool {
	return len(a.Objectives) == 0 && len(a.Attacks) == 0 && len(a.Plans) == 0 && a.Moved == 0
}

// Merge adds the later record n of the same player turn to a (the
// account of a turn whose requests came in several calls).
func (a Account) Merge(n Account) Account {
	if a.Turn != n.Turn || a.Side != n.Side || a.Empty() {
		return n
	}
	out := a
	out.Level = n.Level
	if len(n.Objectives) > 0 {
		out.Objectives = n.Objectives
	}
	out.Moved += n.Moved
	out.Attacks = append(append([]AttackNote(nil), a.Attacks...), n.Attacks...)
	out.Plans = append(append([]PlanNote(nil), a.Plans...), n.Plans...)
	return out
}

// Shown is the account as a viewer may read it (14.1): an attack that
// was fought names every attacker (its combat showed them to both
// players); any other keeps the attackers v shows by their ID and counts
// the rest in Hidden. The attack itself stays. Give it the view of the
// account's readers.
func (a Account) Shown(v game.View) Account {
	seen := VisibleIDs(v)
	out := a
	out.Attacks = make([]AttackNote, len(a.Attacks))
	for i, at := range a.Attacks {
		if !at.Fought {
			at.Units = nil
			for _, id := range a.Attacks[i].Units {
				if seen[id] {
					at.Units = append(at.Units, id)
				}
			}
			at.Hidden += len(a.Attacks[i].Units) - len(at.Units)
		}
		out.Attacks[i] = at
	}
	return out
}

// Witness marks the attacks of the account that evs show fought: evs are
// the events of orders given from a position at step, in order (each
// EvStep moves on to its step). An attack note is fought by a combat
// (EvCombat) of the account's side in its step on its hex whose
// attackers are its units, or a siege gun's shot (EvSiege) of its gun at
// its hex; each event marks one note, the latest not yet marked (an
// attack refused and given again is fought once, as given again). The
// events of an attack are public (14.1), so what Witness marks anyone
// may read.
func (a Account) Witness(step game.Step, evs []game.Event) Account {
	out := a
	out.Attacks = append([]AttackNote(nil), a.Attacks...)
	for _, e := range evs {
		if e.Kind == game.EvStep {
			step = game.Step(e.N)
			continue
		}
		at, attackers, ok := attackOf(e)
		if !ok || e.Side != a.Side {
			continue
		}
		for i := len(out.Attacks) - 1; i >= 0; i-- {
			n := out.Attacks[i]
			if !n.Fought && n.Step == step && n.At == at && sameUnits(n.Units, attackers) && (n.Table == "") == (e.Kind == game.EvSiege) {
				out.Attacks[i].Fought = true
				break
			}
		}
	}
	return out
}

// attackOf is the target and the attackers of an attack's event: a
// combat names its attackers, then its defenders, and its hexes are the
// target, then each attacker's hex (engine/game/combat.go, resolveAttack);
// a siege gun's shot names the gun, its hex and the fortress's.
func attackOf(e game.Event) (hex.Hex, []string, bool) {
	switch e.Kind {
	case game.EvCombat:
		n := len(e.Hexes) - 1
		if n < 1 || n > len(e.Units) {
			return hex.Hex{}, nil, false
		}
		return e.Hexes[0], e.Units[:n], true
	case game.EvSiege:
		if len(e.Hexes) != 2 || len(e.Units) != 1 {
			return hex.Hex{}, nil, false
		}
		return e.Hexes[1], e.Units, true
	}
	return hex.Hex{}, nil, false
}

// sameUnits says whether a and b name the same units.
func sameUnits(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	in := map[string]bool{}
	for _, id := range a {
		in[id] = true
	}
	for _, id := range b {
		if !in[id] {
			return false
		}
	}
	return true
}

// VisibleIDs are the counters a view shows by their ID (on the map and
// in the boxes).
func VisibleIDs(v game.View) map[string]bool {
	seen := map[string]bool{}
	for _, st := range v.Stacks {
		for _, u := range st.Units {
			seen[u.ID] = true
		}
	}
	for _, u := range v.Boxes {
		seen[u.ID] = true
	}
	return seen
}

// record is the account a player keeps while it decides.
type record struct {
	level string
	acc   Account
}

// turn starts a new account when the request is of another player turn
// of the side than the one recorded; it says whether the request is of
// the side's own player turn (the only requests recorded: a retreat in
// the enemy's turn is not part of it).
func (r *record) turn(v game.View, side units.Side) bool {
	if r == nil || v.Player != side || v.Step == game.SetupStep {
		return false
	}
	if r.acc.Turn != int(v.Turn) || r.acc.Side != side || r.acc.Level == "" {
		r.acc = Account{Side: side, Level: r.level, Turn: int(v.Turn)}
	}
	return true
}

func (r *record) account() Account {
	if r == nil {
		return Account{}
	}
	out := r.acc
	out.Objectives = append([]Objective(nil), r.acc.Objectives...)
	out.Attacks = append([]AttackNote(nil), r.acc.Attacks...)
	out.Plans = append([]PlanNote(nil), r.acc.Plans...)
	return out
}

// maxObjectives is how many objectives an account keeps: a few lines.
const maxObjectives = 3

// objectives notes the places h's movement goes for on b: the
// campaign's next open place of each wing that has one (campaign.go), or
// the heuristic's objectives (knowledge.objs, the cities worth VP not
// yet the side's, 15.23), the most valuable first.
func (r *record) objectives(h *Heuristic, b *Board, k *knowledge) {
	var out []Objective
	side := b.Side()
	if h.campaign != nil && side == units.German {
		p := newPlan(h.campaign, b)
		for _, w := range h.campaign.wings {
			if o := p.open[w]; len(o) > 0 {
				out = append(out, Objective{At: o[0], VP: k.cities.worth[side][o[0]], Wing: w.name})
			}
		}
	} else {
		for _, at := range k.objs {
			out = append(out, Objective{At: at, VP: k.cities.worth[side][at]})
		}
		sort.SliceStable(out, func(i, j int) bool {
			if out[i].VP != out[j].VP {
				return out[i].VP > out[j].VP
			}
			return hex.Less(out[i].At, out[j].At)
		})
	}
	// One line a place: a city of several hexes (Paris) once.
	named := map[string]bool{}
	kept := out[:0]
	for _, o := range out {
		if x, ok := b.Hex(o.At); ok && x.Name != "" {
			if named[x.Name] {
				continue
			}
			named[x.Name] = true
		}
		kept = append(kept, o)
	}
	out = kept
	if len(out) > maxObjectives {
		out = out[:maxObjectives]
	}
	if len(out) > 0 {
		r.acc.Objectives = out
	}
}

// moved notes the movement orders of a movement request.
func (r *record) moved(orders []game.Order) {
	for _, o := range orders {
		if o.Verb == game.VerbMove || o.Verb == game.VerbRail {
			r.acc.Moved++
		}
	}
}

// attack notes a chosen attack or siege-gun shot o with its expected VP
// ev (or play-out margin).
func (r *record) attack(b *Board, k *knowledge, o game.Order, ev float64, playout bool) {
	n := AttackNote{Step: b.Step(), At: o.To(), EV: ev, Playout: playout, Purpose: purposeOf(b, k, o)}
	switch o.Verb {
	case game.VerbSiege:
		n.Units = append([]string(nil), o.Units...)
	case game.VerbAttack:
		n.Table = o.Table()
		n.Units = o.Attackers() // not the naval gunfire marker (16.4)
		if co, err := b.Odds(o); err == nil {
			if odds, ok := estimatedOdds(co, k.enemy[o.To()], k); ok {
				n.Odds = game.Tables().Columns()[odds.Column]
			}
		}
	default:
		return
	}
	r.acc.Attacks = append(r.acc.Attacks, n)
}

// purposeOf is what the player chose the attack on o's hex for, from
// its own knowledge: a fortress, a city worth VP to the side, an enemy
// stack in Germany (the campaign's raiders), or else the enemy's losses.
func purposeOf(b *Board, k *knowledge, o game.Order) Purpose {
	t := o.To()
	x, ok := b.Hex(t)
	switch {
	case o.Verb == game.VerbSiege || b.s.EnemyFortress(b.Side(), t):
		return ForFortress
	case k.cities.worth[b.Side()][t] > 0:
		return ForCity
	case ok && b.Side() == units.German && x.Country == board.Germany:
		return ForRaider
	}
	return ForLosses
}

// plan notes the search's chosen movement plan and its fitness.
func (r *record) plan(step game.Step, margin float64, candidates int) {
	r.acc.Plans = append(r.acc.Plans, PlanNote{Step: step, Margin: margin, Candidates: candidates})
}

// estimatedOdds are the odds column an attack is expected at: the seen
// defence plus the hidden defenders as the average enemy counter
// (expectedVP's estimate).
func estimatedOdds(co game.CombatOdds, e *estimate, k *knowledge) (tables.OddsResult, bool) {
	def := co.Defence
	if e != nil {
		hiddenDef := float64(e.hidden) * k.avgDef
		if co.Doubled {
			hiddenDef *= 2
		}
		def += int(hiddenDef + 0.5)
	}
	odds, err := game.Tables().Odds(min(max(co.Attack, 1), tables.MaxStrength), min(max(def, 1), tables.MaxStrength), co.Shift)
	return odds, err == nil
}
