package game

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"rtrbot/engine/hex"
	"rtrbot/engine/units"
)

// Ext is the part of the state that combat, the dice, the random events,
// the Russian Front, fog of war and victory keep (issue 5): a value, copied
// by clone, written into the position (and so into Hash) by writeExt and
// read back by parseExt.
type Ext struct {
	// Rolls is how many dice the game's generator has rolled (dice.go):
	// roll k is a function of the seed and k alone.
	Rolls int
	// Forced are dice fixed in advance, rolled before the generator's
	// (ForceDice; rule cases and sandbox positions).
	Forced []int
	// Attacked lists the units that have attacked or bombarded in this
	// combat segment (9.0: each attacker once; 12.6: each siege gun once).
	Attacked []int
	// Revealed are the hexes whose stacks a combat of this segment showed
	// to both players (14.1).
	Revealed []hex.Hex
	// Retreats are the units that must still retreat after a combat
	// result (9.4); their owner orders each retreat.
	Retreats []int
	// Recon are the aerial reconnaissance looks of this segment (14.12).
	Recon []Look
	// Intel: the side may inspect every enemy unit this turn (events 15, 16).
	Intel [2]bool
	// Panic: the side's units are all out of command in its second impulse
	// this turn (events 21, 22).
	Panic [2]bool
	// Surge: the side rolls for extra reserve/Landwehr divisions in its
	// reinforcement phase this turn (events 23, 24).
	Surge [2]bool
	// Colonial: this turn's Allied reinforcements lose 2 attack (event 25).
	Colonial bool
	// Italy is 0 before event 26 took effect, 1 on the turn it did (the
	// Italians arrive), 2 afterwards.
	Italy int
	// RussiaSettled: later Russian Front events are "no event" (14.3).
	RussiaSettled bool
	// RussiaReturn is attack strength that comes back from the Russian
	// Front box as reinforcements in this turn's German reinforcement
	// phase (14.3 major victory).
	RussiaReturn int
	// Paris and Rhine: the one-time VP of 15.22 have been scored.
	Paris, Rhine bool
	// Held is, for each city hex that scores at the end (15.23), the side
	// whose units hold it or last entered it.
	Held []Hold
	// Scored: the end-of-game VP (15.23) have been added.
	Scored bool
}

// Look is one aerial reconnaissance (14.12): an HQ looked into a hex.
type Look struct {
	HQ int
	At hex.Hex
}

// Hold says which side last entered a city hex (15.23).
type Hold struct {
	At   hex.Hex
	Side units.Side
}

func (x Ext) clone() Ext {
	x.Forced = append([]int(nil), x.Forced...)
	x.Attacked = append([]int(nil), x.Attacked...)
	x.Revealed = append([]hex.Hex(nil), x.Revealed...)
	x.Retreats = append([]int(nil), x.Retreats...)
	x.Recon = append([]Look(nil), x.Recon...)
	x.Held = append([]Hold(nil), x.Held...)
	return x
}

// holder is the side that last entered city hex h, if any.
func (x *Ext) holder(h hex.Hex) (units.Side, bool) {
	for _, k := range x.Held {
		if k.At == h {
			return k.Side, true
		}
	}
	return 0, false
}

func (x *Ext) setHolder(h hex.Hex, side units.Side) bool {
	for i, k := range x.Held {
		if k.At == h {
			if k.Side == side {
				return false
			}
			x.Held[i].Side = side
			return true
		}
	}
	x.Held = append(x.Held, Hold{h, side})
	sort.Slice(x.Held, func(i, j int) bool { return hex.Less(x.Held[i].At, x.Held[j].At) })
	return true
}

func hasInt(list []int, x int) bool {
	for _, y := range list {
		if y == x {
			return true
		}
	}
	return false
}

func addHex(list []hex.Hex, h hex.Hex) []hex.Hex {
	if containsHex(list, h) {
		return list
	}
	list = append(list, h)
	sort.Slice(list, func(i, j int) bool { return hex.Less(list[i], list[j]) })
	return list
}

// writeExt writes the Ext lines of a position (docs/positions.md).
func (s *State) writeExt(b *strings.Builder) {
	x := &s.Ext
	ids := func(list []int) string {
		out := make([]string, len(list))
		for i, k := range list {
			out[i] = s.Counter(k).ID
		}
		return strings.Join(out, " ")
	}
	sides := func(f [2]bool) string {
		var out []string
		for i, v := range f {
			if v {
				out = append(out, units.Side(i).String())
			}
		}
		return strings.Join(out, " ")
	}
	if x.Rolls > 0 {
		fmt.Fprintf(b, "rolls %d\n", x.Rolls)
	}
	if len(x.Forced) > 0 {
		fmt.Fprintf(b, "dice %s\n", strings.Trim(fmt.Sprint(x.Forced), "[]"))
	}
	if len(x.Attacked) > 0 {
		fmt.Fprintf(b, "attacked %s\n", ids(x.Attacked))
	}
	if len(x.Revealed) > 0 {
		fmt.Fprintf(b, "revealed %s\n", hexList(x.Revealed))
	}
	if len(x.Retreats) > 0 {
		fmt.Fprintf(b, "retreat %s\n", ids(x.Retreats))
	}
	if len(x.Recon) > 0 {
		var out []string
		for _, l := range x.Recon {
			out = append(out, s.Counter(l.HQ).ID+"@"+l.At.String())
		}
		fmt.Fprintf(b, "recon %s\n", strings.Join(out, " "))
	}
	for _, f := range []struct {
		key string
		v   [2]bool
	}{{"intel", x.Intel}, {"panic", x.Panic}, {"surge", x.Surge}} {
		if f.v != [2]bool{} {
			fmt.Fprintf(b, "%s %s\n", f.key, sides(f.v))
		}
	}
	var flags []string
	for _, f := range []struct {
		name string
		on   bool
	}{{"colonial", x.Colonial}, {"russia-settled", x.RussiaSettled}, {"paris", x.Paris}, {"rhine", x.Rhine}, {"scored", x.Scored}} {
		if f.on {
			flags = append(flags, f.name)
		}
	}
	if len(flags) > 0 {
		fmt.Fprintf(b, "flags %s\n", strings.Join(flags, " "))
	}
	if x.Italy > 0 {
		fmt.Fprintf(b, "italy %d\n", x.Italy)
	}
	if x.RussiaReturn > 0 {
		fmt.Fprintf(b, "russia-return %d\n", x.RussiaReturn)
	}
	for _, side := range []units.Side{units.German, units.Allied} {
		var hs []hex.Hex
		for _, k := range x.Held {
			if k.Side == side {
				hs = append(hs, k.At)
			}
		}
		if len(hs) > 0 {
			fmt.Fprintf(b, "held %s %s\n", side, hexList(hs))
		}
	}
}

// parseExt reads one Ext line of a position; handled is false for keys
// that are not Ext's.
func (s *State) parseExt(key string, args []string) (handled bool, problem string) {
	x := &s.Ext
	unitList := func() ([]int, string) {
		var out []int
		for _, a := range args {
			c, ok := s.Lookup(a)
			if !ok {
				return nil, fmt.Sprintf("there is no unit %q", a)
			}
			out = append(out, c.Index)
		}
		return out, ""
	}
	hexArgs := func(list []string) ([]hex.Hex, string) {
		var out []hex.Hex
		for _, a := range list {
			h, err := hex.Parse(a)
			if err != nil {
				return nil, err.Error()
			}
			out = append(out, h)
		}
		return out, ""
	}
	number := func() (int, string) {
		if len(args) != 1 {
			return 0, key + " takes one number"
		}
		n, err := strconv.Atoi(args[0])
		if err != nil || n < 0 {
			return 0, fmt.Sprintf("%s: %q is not a number", key, args[0])
		}
		return n, ""
	}
	var msg string
	switch key {
	case "rolls":
		x.Rolls, msg = number()
	case "dice":
		for _, a := range args {
			d, err := strconv.Atoi(a)
			if err != nil || d < 1 || d > 6 {
				return true, fmt.Sprintf("dice: %q is not a die (1 to 6)", a)
			}
			x.Forced = append(x.Forced, d)
		}
	case "italy":
		x.Italy, msg = number()
	case "russia-return":
		x.RussiaReturn, msg = number()
	case "attacked":
		x.Attacked, msg = unitList()
	case "retreat":
		x.Retreats, msg = unitList()
	case "revealed":
		var hs []hex.Hex
		hs, msg = hexArgs(args)
		for _, h := range hs {
			x.Revealed = addHex(x.Revealed, h)
		}
	case "recon":
		for _, a := range args {
			id, at, ok := strings.Cut(a, "@")
			c, found := s.Lookup(id)
			h, err := hex.Parse(at)
			if !ok || !found || err != nil {
				return true, fmt.Sprintf("recon %q: write HQ@XXYY", a)
			}
			x.Recon = append(x.Recon, Look{c.Index, h})
		}
	case "intel", "panic", "surge":
		var f [2]bool
		for _, a := range args {
			side, err := units.ParseSide(a)
			if err != nil {
				return true, fmt.Sprintf("%s: %q is not german or allied", key, a)
			}
			f[side] = true
		}
		switch key {
		case "intel":
			x.Intel = f
		case "panic":
			x.Panic = f
		default:
			x.Surge = f
		}
	case "flags":
		for _, a := range args {
			switch a {
			case "colonial":
				x.Colonial = true
			case "russia-settled":
				x.RussiaSettled = true
			case "paris":
				x.Paris = true
			case "rhine":
				x.Rhine = true
			case "scored":
				x.Scored = true
			default:
				return true, fmt.Sprintf("unknown flag %q (colonial, russia-settled, paris, rhine, scored)", a)
			}
		}
	case "held":
		if len(args) < 1 {
			return true, "held takes a side and hexes"
		}
		side, err := units.ParseSide(args[0])
		if err != nil {
			return true, "held: the side is german or allied"
		}
		var hs []hex.Hex
		hs, msg = hexArgs(args[1:])
		for _, h := range hs {
			x.setHolder(h, side)
		}
	default:
		return false, ""
	}
	return true, msg
}
