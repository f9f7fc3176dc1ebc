package game

import (
	"bufio"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"rtrbot/engine/board"
	hexes "rtrbot/engine/hex"
	"rtrbot/engine/turn"
	"rtrbot/engine/units"
	"rtrbot/i18n"
)

// Position writes the state in the position format of docs/positions.md:
// readable, complete (ParsePosition gives the same state back) and
// canonical, so that equal states give equal text and Hash.
func (s *State) Position() string {
	var b strings.Builder
	b.WriteString("# rtrbot position (docs/positions.md)\n")
	fmt.Fprintf(&b, "scenario %s\n", s.rules.Scenario.Name)
	fmt.Fprintf(&b, "seed %d\n", s.Seed)
	if len(s.Secret) > 0 {
		fmt.Fprintf(&b, "secret %x\n", s.Secret)
	}
	if len(s.Options) > 0 {
		fmt.Fprintf(&b, "options %s\n", strings.Join(s.Options, " "))
	}
	fmt.Fprintf(&b, "turn %s\n", s.Turn)
	fmt.Fprintf(&b, "step %s\n", s.Step)
	fmt.Fprintf(&b, "player %s\n", s.Player)
	fmt.Fprintf(&b, "vp %d %d\n", s.VP[0], s.VP[1])
	if s.RailUsed != [2]int{} {
		fmt.Fprintf(&b, "rail %d %d\n", s.RailUsed[0], s.RailUsed[1])
	}
	if s.Entrenching {
		b.WriteString("entrenching yes\n")
	}
	if s.BadWeather {
		b.WriteString("weather bad\n")
	}
	if len(s.Destroyed) > 0 {
		b.WriteString("destroyed " + hexList(s.Destroyed) + "\n")
	}
	for _, d := range s.Dues {
		if d.Ports {
			fmt.Fprintf(&b, "due %s %s %d ports\n", d.Nation, d.Type, d.DE)
		} else {
			fmt.Fprintf(&b, "due %s %s %d\n", d.Nation, d.Type, d.DE)
		}
	}
	if s.WithdrawAttack > 0 || s.WithdrawHQ > 0 {
		fmt.Fprintf(&b, "withdraw %d %d\n", s.WithdrawAttack, s.WithdrawHQ)
	}
	if s.NavalGunfire > 0 {
		fmt.Fprintf(&b, "naval %d\n", s.NavalGunfire)
	}
	s.writeLater(&b)
	fmt.Fprintf(&b, "orders %d\n", s.Orders)
	boxes := map[Box][]string{}
	byHex := map[hexes.Hex][]string{}
	for i, u := range s.Units {
		id := s.Counter(i).ID
		switch u.Box {
		case OnMap:
			if u.Trench {
				id += ":trench"
			}
			if u.OutOfCommand {
				id += ":ooc"
			}
			if u.Moved {
				id += ":moved"
			}
			if u.Edge {
				id += ":edge"
			}
			byHex[u.At] = append(byHex[u.At], id)
		case Pool:
		default:
			boxes[u.Box] = append(boxes[u.Box], id)
		}
	}
	for _, box := range []Box{Unplaced, Eliminated, Russia, Out} {
		if len(boxes[box]) > 0 {
			fmt.Fprintf(&b, "%s %s\n", box, strings.Join(boxes[box], " "))
		}
	}
	hs := make([]hexes.Hex, 0, len(byHex))
	for h := range byHex {
		hs = append(hs, h)
	}
	sort.Slice(hs, func(i, j int) bool { return hexes.Less(hs[i], hs[j]) })
	for _, h := range hs {
		fmt.Fprintf(&b, "%s: %s\n", h, strings.Join(byHex[h], " "))
	}
	return b.String()
}

// writeLater writes the lines of combat, dice, fog of war, the random
// events, the Russian Front and victory; none is written when empty, so a
// state without them keeps its text (and Hash).
func (s *State) writeLater(b *strings.Builder) {
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
	if s.Dice.Rolls > 0 {
		fmt.Fprintf(b, "rolls %d\n", s.Dice.Rolls)
	}
	if len(s.Dice.Forced) > 0 {
		fmt.Fprintf(b, "dice %s\n", strings.Trim(fmt.Sprint(s.Dice.Forced), "[]"))
	}
	if len(s.Combat.Attacked) > 0 {
		fmt.Fprintf(b, "attacked %s\n", ids(s.Combat.Attacked))
	}
	if len(s.Sight.Revealed) > 0 {
		fmt.Fprintf(b, "revealed %s\n", hexList(s.Sight.Revealed))
	}
	if len(s.Combat.Retreats) > 0 {
		fmt.Fprintf(b, "retreat %s\n", ids(s.Combat.Retreats))
	}
	if s.Opt.SeaDE > 0 {
		fmt.Fprintf(b, "sea %d\n", s.Opt.SeaDE) // 16.35: moved by sea this impulse
	}
	if s.Combat.Delaying.Verb != "" {
		fmt.Fprintf(b, "delaying %s\n", s.Combat.Delaying) // 16.2: an attack waiting for the defender
	}
	if len(s.Sight.Recon) > 0 {
		var out []string
		for _, l := range s.Sight.Recon {
			out = append(out, s.Counter(l.HQ).ID+"@"+l.At.String())
		}
		fmt.Fprintf(b, "recon %s\n", strings.Join(out, " "))
	}
	for _, f := range s.sideFields() {
		if *f.v != [2]bool{} {
			fmt.Fprintf(b, "%s %s\n", f.key, sides(*f.v))
		}
	}
	var flags []string
	for _, f := range s.flagFields() {
		if *f.on {
			flags = append(flags, f.name)
		}
	}
	if len(flags) > 0 {
		fmt.Fprintf(b, "flags %s\n", strings.Join(flags, " "))
	}
	if s.Events.Italy > 0 {
		fmt.Fprintf(b, "italy %d\n", s.Events.Italy)
	}
	if s.Russia.Return > 0 {
		fmt.Fprintf(b, "russia-return %d\n", s.Russia.Return)
	}
	for _, side := range []units.Side{units.German, units.Allied} {
		var hs []hexes.Hex
		for _, k := range s.Victory.Held {
			if k.Side == side {
				hs = append(hs, k.At)
			}
		}
		if len(hs) > 0 {
			fmt.Fprintf(b, "held %s %s\n", side, hexList(hs))
		}
	}
}

// flagFields are the markers of the line "flags", in the order written.
func (s *State) flagFields() []struct {
	name string
	on   *bool
} {
	return []struct {
		name string
		on   *bool
	}{{"colonial", &s.Events.Colonial}, {"russia-settled", &s.Russia.Settled}, {"paris", &s.Victory.Paris}, {"rhine", &s.Victory.Rhine}, {"scored", &s.Victory.Scored}, {"goeben-late", &s.Opt.GoebenLate}}
}

// sideFields are the lines that name sides, in the order written.
func (s *State) sideFields() []struct {
	key string
	v   *[2]bool
} {
	return []struct {
		key string
		v   *[2]bool
	}{{"intel", &s.Sight.Intel}, {"panic", &s.Events.Panic}, {"surge", &s.Events.Surge}}
}

// parseLater reads one line of those writeLater writes; handled is false
// for other keys.
func (s *State) parseLater(key string, args []string) (handled bool, problem error) {
	counts := map[string]*int{"rolls": &s.Dice.Rolls, "italy": &s.Events.Italy, "sea": &s.Opt.SeaDE, "russia-return": &s.Russia.Return}
	if n, ok := counts[key]; ok {
		var err error
		*n, err = positionNumber(key, args)
		return true, err
	}
	for _, f := range s.sideFields() {
		if f.key == key {
			return true, parseSides(key, args, f.v)
		}
	}
	switch key {
	case "dice":
		return true, s.parseDice(args)
	case "attacked":
		return true, s.parseUnitList(args, &s.Combat.Attacked)
	case "retreat":
		return true, s.parseUnitList(args, &s.Combat.Retreats)
	case "delaying":
		o, err := ParseOrder(strings.Join(args, " "))
		if err != nil || o.Verb != VerbAttack || len(o.Units) < 2 || len(o.Hexes) != 1 {
			return true, refuse("position-delaying", strings.Join(args, " "))
		}
		s.Combat.Delaying = o
		return true, nil
	case "revealed":
		hs, err := positionHexes(args)
		for _, h := range hs {
			s.Sight.Revealed = addHex(s.Sight.Revealed, h)
		}
		return true, err
	case "recon":
		return true, s.parseRecon(args)
	case "flags":
		return true, s.parseFlags(args)
	case "held":
		return true, s.parseHeld(args)
	}
	return false, nil
}

// positionNumber reads a line of one number, 0 or more.
func positionNumber(key string, args []string) (int, error) {
	if len(args) != 1 {
		return 0, refuse("position-one-number", key)
	}
	n, err := strconv.Atoi(args[0])
	if err != nil || n < 0 {
		return 0, refuse("position-not-number", key, args[0])
	}
	return n, nil
}

// positionHexes reads hexes; those before a mistake are kept.
func positionHexes(list []string) ([]hexes.Hex, error) {
	var out []hexes.Hex
	for _, a := range list {
		h, err := hexes.Parse(a)
		if err != nil {
			return nil, refuse("position-value", errText(err))
		}
		out = append(out, h)
	}
	return out, nil
}

// parseUnitList reads the units of "attacked" or "retreat" into list.
func (s *State) parseUnitList(args []string, list *[]int) error {
	var out []int
	for _, a := range args {
		c, ok := s.Lookup(a)
		if !ok {
			return refuse("position-unknown-unit", a)
		}
		out = append(out, c.Index)
	}
	*list = out
	return nil
}

// parseDice reads the forced dice, each 1 to 6.
func (s *State) parseDice(args []string) error {
	for _, a := range args {
		d, err := strconv.Atoi(a)
		if err != nil || d < 1 || d > 6 {
			return refuse("position-dice", a)
		}
		s.Dice.Forced = append(s.Dice.Forced, d)
	}
	return nil
}

// parseRecon reads the aerial reconnaissance of this turn: HQ@hex.
func (s *State) parseRecon(args []string) error {
	for _, a := range args {
		id, at, ok := strings.Cut(a, "@")
		c, found := s.Lookup(id)
		h, err := hexes.Parse(at)
		if !ok || !found || err != nil {
			return refuse("position-recon", a)
		}
		s.Sight.Recon = append(s.Sight.Recon, Look{c.Index, h})
	}
	return nil
}

// parseSides reads a line of sides into f, which it sets whole once read.
func parseSides(key string, args []string, f *[2]bool) error {
	var v [2]bool
	for _, a := range args {
		side, err := units.ParseSide(a)
		if err != nil {
			return refuse("position-side", key, a)
		}
		v[side] = true
	}
	*f = v
	return nil
}

// parseFlags reads the markers of the line "flags".
func (s *State) parseFlags(args []string) error {
	fields := s.flagFields()
next:
	for _, a := range args {
		for _, f := range fields {
			if f.name == a {
				*f.on = true
				continue next
			}
		}
		return refuse("position-unknown-marker", a)
	}
	return nil
}

// parseHeld reads the hexes a side holds (15.0).
func (s *State) parseHeld(args []string) error {
	if len(args) < 1 {
		return refuse("position-held")
	}
	side, err := units.ParseSide(args[0])
	if err != nil {
		return refuse("position-held-side")
	}
	hs, err := positionHexes(args[1:])
	for _, h := range hs {
		s.Victory.setHolder(h, side)
	}
	return err
}

// atLine puts the position's line number before a refusal; the code stays
// the refusal's.
func atLine(line int, err error) error {
	w := refuse("position-line", line, errText(err)).(*i18n.Error)
	w.Code = i18n.CodeOf(err)
	return w
}

// Hash is the SHA-256 of the canonical position: equal hashes, equal states.
func (s *State) Hash() string {
	sum := sha256.Sum256([]byte(s.Position()))
	return hex.EncodeToString(sum[:])
}

// ParsePosition reads a position (docs/positions.md) over a map. Unknown
// keys, units, hexes off the map, a unit listed twice, all get an error
// naming the line.
func ParsePosition(m *board.Map, text string) (*State, error) {
	sc := bufio.NewScanner(strings.NewReader(text))
	sc.Buffer(make([]byte, 64*1024), 1024*1024)
	r := &positionReader{m: m, seen: map[string]bool{}}
	for sc.Scan() {
		r.line++
		t := strings.TrimSpace(sc.Text())
		if i := strings.Index(t, "#"); i >= 0 {
			t = strings.TrimSpace(t[:i])
		}
		if t == "" {
			continue
		}
		if err := r.readLine(t); err != nil {
			return nil, err
		}
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	if r.s == nil {
		return nil, refuse("position-empty")
	}
	return r.s, nil
}

// positionReader builds a state from a position's lines, one at a time.
type positionReader struct {
	m    *board.Map
	s    *State // nil until the line "scenario"
	line int
	seen map[string]bool // the units placed already
}

// bad refuses the line with a catalogue code and its arguments.
func (r *positionReader) bad(code string, args ...any) error {
	return atLine(r.line, refuse(code, args...))
}

// readLine reads one line without its comment: the scenario first, then
// hexes with their units ("3024: G-III G-IV:trench") and keyed lines.
func (r *positionReader) readLine(t string) error {
	f := strings.Fields(t)
	key, args := f[0], f[1:]
	switch {
	case r.s == nil:
		return r.readScenario(key, args)
	case strings.HasSuffix(key, ":"):
		return r.readHex(key, args)
	}
	switch key {
	case "seed", "secret", "options", "turn", "step", "player":
		return r.readGame(key, args)
	case "vp", "rail", "withdraw", "naval", "orders":
		return r.readCounts(key, args)
	case "entrenching":
		r.s.Entrenching = len(args) == 1 && args[0] == "yes"
	case "weather":
		r.s.BadWeather = len(args) == 1 && args[0] == "bad"
	case "destroyed":
		return r.readDestroyed(args)
	case "due":
		return r.readDue(args)
	case "unplaced", "eliminated", "russia", "out":
		box := map[string]Box{"unplaced": Unplaced, "eliminated": Eliminated, "russia": Russia, "out": Out}[key]
		for _, a := range args {
			if err := r.placeUnit(a, box, hexes.None); err != nil {
				return err
			}
		}
	default:
		if handled, problem := r.s.parseLater(key, args); handled {
			if problem != nil {
				return atLine(r.line, problem)
			}
			return nil
		}
		return r.bad("position-unknown-line", t)
	}
	return nil
}

// readScenario starts the state from the line "scenario NAME", which
// comes first.
func (r *positionReader) readScenario(key string, args []string) error {
	if key != "scenario" || len(args) != 1 {
		return r.bad("position-scenario-first")
	}
	rules, err := NewRules(r.m, args[0])
	if err != nil {
		return err
	}
	s := &State{rules: rules, Turn: rules.Scenario.First, Step: Move1, Player: units.German, VP: rules.Scenario.StartVP, memo: &memo{}}
	s.Units = make([]Unit, rules.Counters.Len())
	r.s = s
	return nil
}

// readHex places the units of a line "HEX: UNIT...".
func (r *positionReader) readHex(key string, args []string) error {
	h, err := hexes.Parse(strings.TrimSuffix(key, ":"))
	if err != nil {
		return r.bad("position-value", errText(err))
	}
	if !r.m.OnMap(h) {
		return r.bad("position-hex-off-map", h)
	}
	for _, a := range args {
		if err := r.placeUnit(a, OnMap, h); err != nil {
			return err
		}
	}
	return nil
}

// placeUnit puts a unit, "ID" or "ID:flag:flag", in a box or a hex, once.
func (r *positionReader) placeUnit(tok string, box Box, at hexes.Hex) error {
	parts := strings.Split(tok, ":")
	c, ok := r.s.Lookup(parts[0])
	if !ok {
		return r.bad("position-unknown-unit", parts[0])
	}
	if r.seen[c.ID] {
		return r.bad("position-unit-twice", c.ID)
	}
	r.seen[c.ID] = true
	u := Unit{Box: box, At: at}
	for _, f := range parts[1:] {
		switch {
		case box != OnMap:
			return r.bad("position-flags-off-map", c.ID)
		case f == "trench":
			u.Trench = true
		case f == "ooc":
			u.OutOfCommand = true
		case f == "moved":
			u.Moved = true
		case f == "edge":
			u.Edge = true
		default:
			return r.bad("position-unknown-flag", c.ID, f)
		}
	}
	r.s.Units[c.Index] = u
	return nil
}

// readGame reads what a game is and where it stands: its seed, dice
// secret and options, the turn, the step and the side to play.
func (r *positionReader) readGame(key string, args []string) error {
	s := r.s
	switch key {
	case "seed":
		if len(args) != 1 {
			return r.bad("position-one-number", "seed")
		}
		x, err := strconv.ParseUint(args[0], 10, 64)
		if err != nil {
			return r.bad("position-seed", args[0])
		}
		s.Seed = x
	case "secret":
		k, err := hex.DecodeString(strings.Join(args, ""))
		if len(args) != 1 || err != nil || len(k) != SecretSize {
			return r.bad("position-secret", strings.Join(args, " "))
		}
		s.Secret = k
	case "options":
		for _, o := range ExpandOptions(args) {
			if _, ok := Supported[o]; !ok {
				return r.bad("position-unknown-option", o)
			}
		}
		s.Options = InForce(args) // presets expanded, void options dropped (options.go)
	case "turn":
		gt, err := turn.Parse(strings.Join(args, " "))
		if err != nil {
			return r.bad("position-value", errText(err))
		}
		s.Turn = gt
	case "step":
		st, ok := ParseStep(strings.Join(args, " "))
		if !ok {
			return r.bad("position-unknown-step", strings.Join(args, " "), strings.Join(stepNames[:], ", "))
		}
		s.Step = st
	case "player":
		if len(args) != 1 {
			return r.bad("position-player")
		}
		p, err := units.ParseSide(args[0])
		if err != nil {
			return r.bad("position-value", errText(err))
		}
		s.Player = p
	}
	return nil
}

// readCounts reads the lines of numbers: VP, rail capacity used and
// withdrawals to the Russian Front by side, naval gunfire left, orders
// given.
func (r *positionReader) readCounts(key string, args []string) error {
	n := 2
	if key == "naval" || key == "orders" {
		n = 1
	}
	if len(args) != n {
		return r.bad("position-count", key, n)
	}
	x := make([]int, n)
	for i, a := range args {
		v, err := strconv.Atoi(a)
		if err != nil || v < 0 {
			return r.bad("position-not-number", key, a)
		}
		x[i] = v
	}
	s := r.s
	switch key {
	case "vp":
		s.VP = [2]int{x[0], x[1]}
	case "rail":
		s.RailUsed = [2]int{x[0], x[1]}
	case "withdraw":
		s.WithdrawAttack, s.WithdrawHQ = x[0], x[1]
	case "naval":
		s.NavalGunfire = x[0]
	case "orders":
		s.Orders = x[0]
	}
	return nil
}

// readDestroyed reads the destroyed fortresses (12.0), kept sorted.
func (r *positionReader) readDestroyed(args []string) error {
	s := r.s
	for _, a := range args {
		h, err := hexes.Parse(a)
		if err != nil {
			return r.bad("position-value", errText(err))
		}
		s.Destroyed = append(s.Destroyed, h)
	}
	sort.Slice(s.Destroyed, func(i, j int) bool { return hexes.Less(s.Destroyed[i], s.Destroyed[j]) })
	return nil
}

// readDue reads a reinforcement due: nation, type, division-equivalents
// and "ports" for those landed by 18.2(8).
func (r *positionReader) readDue(args []string) error {
	ports := len(args) == 4 && args[3] == "ports"
	if ports {
		args = args[:3]
	}
	if len(args) != 3 {
		return r.bad("position-due")
	}
	n, typ := units.Nation(args[0]), units.Type(args[1])
	x, err := strconv.Atoi(args[2])
	if !n.Valid() || (!typ.Valid() && typ != AnyType && typ != ReserveOrLandwehr) || err != nil || x < 1 {
		return r.bad("position-due-values", strings.Join(args, " "))
	}
	r.s.Dues = append(r.s.Dues, Due{Nation: n, Type: typ, DE: x, Ports: ports})
	return nil
}
