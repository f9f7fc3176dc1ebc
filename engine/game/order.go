package game

import (
	"slices"
	"strings"

	"rtrbot/engine/hex"
	"rtrbot/engine/units"
)

// Verb is what an order does.
type Verb string

const (
	VerbPlace         Verb = "place"         // setup: place unit in hex (17.1-17.5)
	VerbAutoSetup     Verb = "autosetup"     // setup: place every unit still unplaced by the default placement
	VerbEnd           Verb = "end"           // end the current phase or segment (3.0)
	VerbMove          Verb = "move"          // move unit to hex, or along a path of hexes (8.0)
	VerbRail          Verb = "rail"          // rail-move unit to hex (8.5)
	VerbSplit         Verb = "split"         // break a corps into two divisions (10.0)
	VerbMerge         Verb = "merge"         // combine two divisions into a corps (10.0)
	VerbEntrench      Verb = "entrench"      // flip to the trench side (13.0)
	VerbUnentrench    Verb = "unentrench"    // flip back to the mobile side (13.0)
	VerbReinforce     Verb = "reinforce"     // bring unit on as a reinforcement in hex (11.1)
	VerbAutoReinforce Verb = "autoreinforce" // bring on every due reinforcement by the default choice
	VerbRemove        Verb = "remove"        // remove own unit from an over-stacked hex (7.0)
	VerbWithdraw      Verb = "withdraw"      // send unit to the Russian Front (11.7)
	VerbAttack        Verb = "attack"        // attack an adjacent hex: table, attackers, hex (9.0, 9.7)
	VerbRetreat       Verb = "retreat"       // retreat a unit one hex after a combat result (9.4)
	VerbSiege         Verb = "siege"         // a siege gun bombards an adjacent enemy fortress (12.6)
	VerbAbandon       Verb = "abandon"       // abandon an own fortress (12.4)
	VerbRecon         Verb = "recon"         // aerial reconnaissance of one hex by an HQ (14.12)
	VerbDelay         Verb = "delay"         // the defending cavalry takes the attack on the recon table (16.2)
	VerbStand         Verb = "stand"         // the defending cavalry does not delay: the attacker's table (16.2)
	VerbSea           Verb = "sea"           // Allied sea transport or assault landing of unit to hex (16.3)
	// VerbRekey is given by the bot alone, when a game comes in through a
	// file: the next dice come from the game's next key (dice.go).
	VerbRekey Verb = "rekey"
)

var verbs = []Verb{VerbPlace, VerbAutoSetup, VerbEnd, VerbMove, VerbRail, VerbSplit, VerbMerge, VerbEntrench, VerbUnentrench, VerbReinforce, VerbAutoReinforce, VerbRemove, VerbWithdraw, VerbAttack, VerbRetreat, VerbSiege, VerbAbandon, VerbRecon, VerbDelay, VerbStand, VerbSea, VerbRekey}

// Order is one order of one side. Its text form (String, ParseOrder) is
// stable: it is what a game's log stores and Replay reads.
//
//	german move G-III 3024 3023
//	allied merge F-14 F-41
//	german end
type Order struct {
	Side  units.Side
	Verb  Verb
	Units []string
	Hexes []hex.Hex
}

// The constructors below build each verb's order in the shape the engine
// reads; By gives it its side. An order's side may stay unset where the
// games service sets it from who asks.
//
//	game.Move("G-III", hex.MustParse("3024"), hex.MustParse("3023")).By(units.German)
//	game.Attack("ASSAULT", hex.MustParse("3021"), "G-III", "G-IV").By(units.German)

// By is the order given by side.
func (o Order) By(side units.Side) Order {
	o.Side = side
	return o
}

func order(v Verb, ids []string, hexes ...hex.Hex) Order {
	return Order{Verb: v, Units: ids, Hexes: hexes}
}

// Written is an order as a player wrote it: a verb with the units and hexes
// given, in that order, however many. Apply checks its shape like any other.
func Written(v Verb, ids []string, hexes ...hex.Hex) Order { return order(v, ids, hexes...) }

// Place sets a unit up in a hex (17.1-17.5); a unit set up across several
// hexes (17.3's extra units) names each.
func Place(unit string, at ...hex.Hex) Order { return order(VerbPlace, []string{unit}, at...) }

// AutoSetup places every unit still unplaced by the default placement.
func AutoSetup() Order { return order(VerbAutoSetup, nil) }

// End ends the current step or segment (3.0).
func End() Order { return order(VerbEnd, nil) }

// Move moves a unit to a hex, or along a path of hexes ending there (8.0).
func Move(unit string, path ...hex.Hex) Order { return order(VerbMove, []string{unit}, path...) }

// Rail moves a unit by rail to a hex (8.5).
func Rail(unit string, to hex.Hex) Order { return order(VerbRail, []string{unit}, to) }

// Split breaks a corps into two divisions (10.0).
func Split(corps string) Order { return order(VerbSplit, []string{corps}) }

// Merge combines two divisions into a corps (10.0).
func Merge(a, b string) Order { return order(VerbMerge, []string{a, b}) }

// Entrench flips a unit to its trench side (13.0).
func Entrench(unit string) Order { return order(VerbEntrench, []string{unit}) }

// Unentrench flips a unit back to its mobile side (13.0).
func Unentrench(unit string) Order { return order(VerbUnentrench, []string{unit}) }

// Reinforce brings a unit on as a reinforcement in a hex (11.1).
func Reinforce(unit string, at hex.Hex) Order { return order(VerbReinforce, []string{unit}, at) }

// AutoReinforce brings on every due reinforcement by the default choice.
func AutoReinforce() Order { return order(VerbAutoReinforce, nil) }

// Remove takes an own unit out of an over-stacked hex (7.0).
func Remove(unit string) Order { return order(VerbRemove, []string{unit}) }

// Withdraw sends a unit to the Russian Front (11.7).
func Withdraw(unit string) Order { return order(VerbWithdraw, []string{unit}) }

// navalGunfire is the word of the British naval gunfire marker among an
// attack's units (16.4).
const navalGunfire = "NAVAL"

// Attack attacks the target hex with the attackers on the combat table
// named by its id, ASSAULT, MOBILE or RECON (9.0, 9.7).
func Attack(table string, target hex.Hex, attackers ...string) Order {
	return order(VerbAttack, append([]string{strings.ToUpper(table)}, attackers...), target)
}

// WithNavalGunfire adds the British naval gunfire marker to an attack (16.4).
func (o Order) WithNavalGunfire() Order {
	o.Units = append(slices.Clip(o.Units), navalGunfire)
	return o
}

// Retreat retreats a unit one hex after a combat result (9.4).
func Retreat(unit string, to hex.Hex) Order { return order(VerbRetreat, []string{unit}, to) }

// Siege has a siege gun bombard an adjacent enemy fortress (12.6).
func Siege(gun string, fortress hex.Hex) Order { return order(VerbSiege, []string{gun}, fortress) }

// Abandon abandons an own fortress (12.4), with the Landwehr that takes
// its place if one is named.
func Abandon(fortress hex.Hex, landwehr ...string) Order {
	return order(VerbAbandon, landwehr, fortress)
}

// Recon has an HQ reconnoitre one hex from the air (14.12).
func Recon(hq string, at hex.Hex) Order { return order(VerbRecon, []string{hq}, at) }

// Delay answers an attack on cavalry with a delaying action (16.2).
func Delay() Order { return order(VerbDelay, nil) }

// Stand answers an attack on cavalry without delaying (16.2).
func Stand() Order { return order(VerbStand, nil) }

// Sea carries an Allied unit by sea, or lands it, in a hex (16.3).
func Sea(unit string, to hex.Hex) Order { return order(VerbSea, []string{unit}, to) }

// Rekey draws the next dice from the game's next key (dice.go).
func Rekey() Order { return order(VerbRekey, nil) }

// Unit is the first unit the order names: the one unit of a move, a rail
// move, a retreat, a placement and the like; "" if it names none.
func (o Order) Unit() string {
	if len(o.Units) == 0 {
		return ""
	}
	return o.Units[0]
}

// To is the last hex the order names: where a unit moves, retreats or is
// placed, or what is attacked, bombarded or reconnoitred; the zero hex if
// it names none.
func (o Order) To() hex.Hex {
	if len(o.Hexes) == 0 {
		return hex.Hex{}
	}
	return o.Hexes[len(o.Hexes)-1]
}

// Table is the id of the combat table an attack names (9.7); "" for other
// orders.
func (o Order) Table() string {
	if o.Verb != VerbAttack || len(o.Units) == 0 {
		return ""
	}
	return o.Units[0]
}

// Attackers are the units an attack names, without its table and the naval
// gunfire marker.
func (o Order) Attackers() []string {
	if o.Verb != VerbAttack || len(o.Units) == 0 {
		return nil
	}
	var out []string
	for _, id := range o.Units[1:] {
		if id != navalGunfire {
			out = append(out, id)
		}
	}
	return out
}

// NavalGunfire reports whether an attack uses the British naval gunfire
// marker (16.4).
func (o Order) NavalGunfire() bool {
	return o.Verb == VerbAttack && len(o.Units) > 0 && slices.Contains(o.Units[1:], navalGunfire)
}

func (o Order) String() string {
	var b strings.Builder
	b.WriteString(o.Side.String())
	b.WriteString(" ")
	b.WriteString(string(o.Verb))
	for _, u := range o.Units {
		b.WriteString(" " + u)
	}
	for _, h := range o.Hexes {
		b.WriteString(" " + h.String())
	}
	return b.String()
}

// MarshalText and UnmarshalText make orders serialisable as their text.
func (o Order) MarshalText() ([]byte, error) { return []byte(o.String()), nil }

func (o *Order) UnmarshalText(b []byte) error {
	x, err := ParseOrder(string(b))
	if err != nil {
		return err
	}
	*o = x
	return nil
}

// ParseOrder reads the text form: side, verb, then unit ids and hexes.
func ParseOrder(s string) (Order, error) {
	f := strings.Fields(s)
	if len(f) < 2 {
		return Order{}, refuse("order-syntax", s)
	}
	side, err := units.ParseSide(f[0])
	if err != nil {
		return Order{}, refuse("order-side", s)
	}
	o := Order{Side: side, Verb: Verb(strings.ToLower(f[1]))}
	known := false
	for _, v := range verbs {
		known = known || v == o.Verb
	}
	if !known {
		names := make([]string, len(verbs))
		for i, v := range verbs {
			names[i] = string(v)
		}
		return Order{}, refuse("order-verb", f[1], strings.Join(names, ", "))
	}
	for _, a := range f[2:] {
		if len(a) == 4 && strings.Trim(a, "0123456789") == "" {
			h, err := hex.Parse(a)
			if err != nil {
				return Order{}, refuse("order-hex", err.Error())
			}
			o.Hexes = append(o.Hexes, h)
			continue
		}
		if len(o.Hexes) > 0 {
			return Order{}, refuse("order-units-first", s)
		}
		o.Units = append(o.Units, strings.ToUpper(a))
	}
	return o, nil
}

// oneUnit resolves the single unit an order names.
func (s *State) oneUnit(o Order) (*units.Counter, error) {
	if len(o.Units) != 1 {
		return nil, refuse("one-unit-only", o.Verb)
	}
	return s.counter(o.Units[0])
}

// oneUnitThat is the one unit an order names, if check (a rule's
// condition on the unit) lets it act.
func (s *State) oneUnitThat(o Order, check func(*units.Counter) error) (*units.Counter, error) {
	c, err := s.oneUnit(o)
	if err != nil {
		return nil, err
	}
	if err := check(c); err != nil {
		return nil, err
	}
	return c, nil
}

func (s *State) counter(id string) (*units.Counter, error) {
	c, ok := s.Lookup(id)
	if !ok {
		return nil, refuse("unknown-unit", id)
	}
	return c, nil
}
