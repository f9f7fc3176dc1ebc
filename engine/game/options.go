package game

import (
	_ "embed"
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"

	"rtrbot/engine/board"
	"rtrbot/engine/hex"
	"rtrbot/engine/scenario"
	"rtrbot/engine/units"
	"rtrbot/i18n"
)

// The scenario options (18.x) and optional rules (16.x, MOVES #91) are data:
// options.txt lists each with its side, VP, exclusions and texts. The engine
// names them by the typed constants below; TestOptionsFile fails when a
// constant or a code written in the engine's code is missing from the file,
// or the file has an option without its constant.
//
//go:embed options.txt
var optionsText string

// Opt is the code of a scenario option or optional rule (options.txt).
type Opt string

// The options and optional rules, by the constant named in options.txt.
const (
	OptEastA             Opt = "18.1(1)a"
	OptEastB             Opt = "18.1(1)b"
	OptEastC             Opt = "18.1(1)c"
	OptEastD             Opt = "18.1(1)d"
	OptWestOffensive     Opt = "18.1(2)"
	OptRightWing         Opt = "18.1(3)"
	OptGermanFreeSetup   Opt = "18.1(4)"
	OptNoBelgium         Opt = "18.1(5)"
	OptNoLuxembourg      Opt = "18.1(6)"
	OptInvadeNetherlands Opt = "18.1(7)"
	OptGermanTimid       Opt = "18.1(8)"
	OptGermanArmour      Opt = "18.1(9)"
	OptGermanLogistics   Opt = "18.1(10)"
	OptGermanCavalry     Opt = "18.1(11)"
	OptPreMobilisation   Opt = "18.1(12)"
	OptGoeben            Opt = "18.1(13)"
	OptAustrians         Opt = "18.1(13)M91"
	OptDeception         Opt = "18.1(14)"
	OptGermanVictory     Opt = "18.1(15)"

	OptPlanMichel         Opt = "18.2(1)"
	OptAlliedFreeSetup    Opt = "18.2(2)"
	OptIntelligence       Opt = "18.2(3)"
	OptBelgianPassage     Opt = "18.2(4)"
	OptBelgiumRavished    Opt = "18.2(5)"
	OptBEFAtHome          Opt = "18.2(6)"
	OptNorthSea           Opt = "18.2(7)"
	OptBEFSupportsBelgium Opt = "18.2(8)"
	OptAlliedArmour       Opt = "18.2(9)"
	OptAlliedLogistics    Opt = "18.2(10)"
	OptFrenchTimid        Opt = "18.2(11)"
	OptFightingSpirit     Opt = "18.2(12)"
	OptAlliedCavalry      Opt = "18.2(13)"
	OptFirstBlow          Opt = "18.2(14)"
	OptAlliedVictory      Opt = "18.2(15)"

	OptWorkersUnite Opt = "18.3"

	RuleDisengagement Opt = "16.1"
	RuleDelaying      Opt = "16.2"
	RuleSeaTransport  Opt = "16.3"
	RuleNavalGunfire  Opt = "16.4"
	RulePartisans     Opt = "16.5"
	RuleLightInfantry Opt = "16.6"
	RuleArmouredCars  Opt = "16.7"
	RuleM91Split      Opt = "M91-split"
	RuleM91ZOC        Opt = "M91-zoc"
	RuleM91Russia     Opt = "M91-russia"

	PresetAll16 Opt = "all-16"
)

// offPrefix switches a default-on optional rule off: "no-16.4" (16.0).
const offPrefix = "no-"

// OptionDef is one entry of options.txt.
type OptionDef struct {
	Code      Opt
	Const     string     // the Go constant's name
	Side      string     // german, allied or both
	VP        [2]int     // gained at the start: German, Allied
	Excludes  []Opt      // may not be played with these (read both ways)
	Group     string     // options of one group exclude each other
	VoidIf    []Opt      // with any of these it does not apply
	Void      i18n.Text  // why, when void
	DefaultOn bool       // an optional rule in force unless switched off
	Rule      string     // the rules' section, or "MOVES #91"
	Text      i18n.Text  // what it changes
	Preset    bool       // a name for several codes
	Expands   []Opt      // a preset's codes
	Line      int        // in options.txt
	owner     units.Side // for german and allied
}

// Owner is the side that chooses the option alone (18.1 German, 18.2
// Allied); ok is false for options both sides must choose (16.x, 18.3).
func (d OptionDef) Owner() (units.Side, bool) {
	return d.owner, d.Side == "german" || d.Side == "allied"
}

// OffCode is the code that switches a default-on optional rule off.
func (d OptionDef) OffCode() string { return offPrefix + string(d.Code) }

var optionDefs, optionProblems = parseOptions(optionsText)

var optionIndex = func() map[Opt]int {
	m := make(map[Opt]int, len(optionDefs))
	for i, d := range optionDefs {
		m[d.Code] = i
	}
	return m
}()

// Supported lists every code a game may be given, with what it changes:
// the options and optional rules of options.txt, and "no-" and the code of
// each default-on optional rule (presets are expanded by New, not listed).
var Supported = func() map[string]i18n.Text {
	m := map[string]i18n.Text{}
	for _, d := range optionDefs {
		if d.Preset {
			continue
		}
		m[string(d.Code)] = d.Text
		if d.DefaultOn {
			m[d.OffCode()] = i18n.T("Optional rule "+string(d.Code)+" switched off (16.0): not "+strings.TrimPrefix(d.Text.EN, "Optional rule: "),
				"選択ルール "+string(d.Code)+" を使用しない (16.0): "+strings.TrimPrefix(d.Text.JA, "選択ルール: ")+" は適用しない")
		}
	}
	return m
}()

// OptionDefs lists options.txt's entries in the file's order.
func OptionDefs() []OptionDef { return slices.Clone(optionDefs) }

// LookupOption finds an entry of options.txt by its code (a "no-" code
// finds the rule it switches off).
func LookupOption(code string) (OptionDef, bool) {
	i, ok := optionIndex[Opt(strings.TrimPrefix(code, offPrefix))]
	if !ok {
		return OptionDef{}, false
	}
	return optionDefs[i], true
}

// Option reports whether an option or optional rule is in force: chosen,
// or on by default and not switched off (16.0).
func (s *State) Option(o Opt) bool {
	if len(s.Options) == 0 {
		return isDefaultOn(o) // nothing chosen, nothing switched off
	}
	if isDefaultOn(o) {
		return !has(s.Options, offPrefix+string(o))
	}
	return has(s.Options, string(o))
}

// defaultOn lists the codes of the default-on optional rules (16.0): a
// handful, so that Option compares a few strings instead of hashing one
// (the rules ask Option in their inner loops).
var defaultOn = func() []Opt {
	var out []Opt
	for _, d := range optionDefs {
		if d.DefaultOn {
			out = append(out, d.Code)
		}
	}
	return out
}()

func isDefaultOn(o Opt) bool {
	for _, d := range defaultOn {
		if d == o {
			return true
		}
	}
	return false
}

// has reports whether the sorted list holds x.
func has(sorted []string, x string) bool {
	i := sort.SearchStrings(sorted, x)
	return i < len(sorted) && sorted[i] == x
}

// ExpandOptions replaces presets by their codes (each code once) and sorts.
func ExpandOptions(options []string) []string {
	var out []string
	for _, o := range options {
		if d, ok := LookupOption(o); ok && d.Preset {
			for _, e := range d.Expands {
				if e2, ok := LookupOption(string(e)); ok && e2.DefaultOn {
					continue // on already
				}
				if !slices.Contains(out, string(e)) {
					out = append(out, string(e))
				}
			}
			continue
		}
		out = append(out, o)
	}
	sort.Strings(out)
	return out
}

// CheckOptions refuses a list of options no game may be started with:
// an unknown code, one given twice, two levels of one group, a pair the
// rules forbid ("併用不可"), a rule both chosen and switched off.
func CheckOptions(options []string) error {
	opts := ExpandOptions(options)
	for i, o := range opts {
		if _, ok := Supported[o]; !ok {
			var names []string
			for k := range Supported {
				names = append(names, k)
			}
			sort.Strings(names)
			return refuse("option-unavailable", o, names)
		}
		if i > 0 && opts[i-1] == o {
			return refuse("option-twice", o)
		}
	}
	groups := map[string]int{}
	for _, o := range opts {
		d, _ := LookupOption(o)
		if strings.HasPrefix(o, offPrefix) {
			if has(opts, string(d.Code)) {
				return refuse("option-on-and-off", string(d.Code), o)
			}
			continue
		}
		if d.Group != "" {
			if groups[d.Group]++; groups[d.Group] > 1 {
				return refuse("option-one-level")
			}
		}
		for _, x := range d.Excludes {
			if has(opts, string(x)) {
				return refuse("options-exclusive", o, string(x))
			}
		}
	}
	return nil
}

// Voided is an option chosen that does not apply, and why (18.0: the
// choices are revealed, then applied; an option whose condition is false
// simply does not apply).
type Voided struct {
	Code Opt
	Why  i18n.Text
}

// VoidOptions lists the options of a (checked) list that do not apply.
func VoidOptions(options []string) []Voided {
	opts := ExpandOptions(options)
	var out []Voided
	for _, o := range opts {
		d, ok := LookupOption(o)
		if !ok || strings.HasPrefix(o, offPrefix) {
			continue
		}
		for _, v := range d.VoidIf {
			if has(opts, string(v)) {
				out = append(out, Voided{Code: d.Code, Why: d.Void})
				break
			}
		}
	}
	return out
}

// InForce is the list a game plays with: presets expanded, void options
// dropped, sorted. The list must have passed CheckOptions.
func InForce(options []string) []string {
	opts := ExpandOptions(options)
	for _, v := range VoidOptions(opts) {
		opts = slices.DeleteFunc(opts, func(o string) bool { return o == string(v.Code) })
	}
	return opts
}

// parseOptions reads options.txt: a code alone on a line, then its fields
// on indented lines "key value".
func parseOptions(text string) ([]OptionDef, []string) {
	var out []OptionDef
	var problems []string
	problem := func(line int, f string, args ...any) {
		problems = append(problems, fmt.Sprintf("options.txt line %d: ", line)+fmt.Sprintf(f, args...))
	}
	codes := func(v string) []Opt {
		var l []Opt
		for _, f := range strings.Fields(v) {
			l = append(l, Opt(f))
		}
		return l
	}
	for i, l := range strings.Split(text, "\n") {
		t := strings.TrimSpace(l)
		if t == "" || strings.HasPrefix(t, "#") {
			continue
		}
		if l[0] != ' ' && l[0] != '\t' {
			out = append(out, OptionDef{Code: Opt(t), Line: i + 1})
			continue
		}
		if len(out) == 0 {
			problem(i+1, "a field before any code")
			continue
		}
		d := &out[len(out)-1]
		key, v, _ := strings.Cut(t, " ")
		v = strings.TrimSpace(v)
		switch key {
		case "const":
			d.Const = v
		case "side":
			d.Side = v
			switch v {
			case "german":
				d.owner = units.German
			case "allied":
				d.owner = units.Allied
			case "both":
			default:
				problem(i+1, "side %q is not german, allied or both", v)
			}
		case "vp":
			f := strings.Fields(v)
			var err error
			if len(f) == 2 {
				if d.VP[0], err = strconv.Atoi(f[0]); err == nil {
					d.VP[1], err = strconv.Atoi(f[1])
				}
			}
			if len(f) != 2 || err != nil {
				problem(i+1, "vp %q is not two numbers", v)
			}
		case "excludes":
			d.Excludes = append(d.Excludes, codes(v)...)
		case "group":
			d.Group = v
		case "void-if":
			d.VoidIf = append(d.VoidIf, codes(v)...)
		case "void-en":
			d.Void.EN = v
		case "void-ja":
			d.Void.JA = v
		case "default":
			if v != "on" && v != "off" {
				problem(i+1, "default %q is not on or off", v)
			}
			d.DefaultOn = v == "on"
		case "rule":
			d.Rule = v
		case "en":
			d.Text.EN = v
		case "ja":
			d.Text.JA = v
		case "kind":
			if v != "preset" {
				problem(i+1, "kind %q is not preset", v)
			}
			d.Preset = v == "preset"
		case "expands":
			d.Expands = codes(v)
		default:
			problem(i+1, "unknown field %q", key)
		}
	}
	// Exclusions read both ways.
	idx := map[Opt]int{}
	for i, d := range out {
		if _, dup := idx[d.Code]; dup {
			problem(d.Line, "%s is listed twice", d.Code)
		}
		idx[d.Code] = i
	}
	for i := range out {
		d := &out[i]
		if d.Text.EN == "" || d.Text.JA == "" || d.Rule == "" {
			problem(d.Line, "%s lacks its en, ja or rule line", d.Code)
		}
		if !d.Preset && (d.Const == "" || d.Side == "") {
			problem(d.Line, "%s lacks its const or side line", d.Code)
		}
		if len(d.VoidIf) > 0 && (d.Void.EN == "" || d.Void.JA == "") {
			problem(d.Line, "%s lacks its void-en or void-ja line", d.Code)
		}
		for _, l := range [][]Opt{d.Excludes, d.VoidIf, d.Expands} {
			for _, x := range l {
				if _, ok := idx[x]; !ok {
					problem(d.Line, "%s names %s, which is not in the file", d.Code, x)
				}
			}
		}
		for _, x := range d.Excludes {
			if j, ok := idx[x]; ok && !slices.Contains(out[j].Excludes, d.Code) {
				out[j].Excludes = append(out[j].Excludes, d.Code)
			}
		}
	}
	return out, problems
}

// movesOf is how a unit pays for terrain: light infantry (16.6) and
// armoured cars (16.7) by their own costs while those optional rules are in
// force (the default), otherwise by the chart's like other units (16.0).
func (s *State) movesOf(c *units.Counter) units.Moves {
	switch {
	case c.Moves == units.LightMoves && !s.Option(RuleLightInfantry),
		c.Moves == units.ArmouredMoves && !s.Option(RuleArmouredCars):
		return units.NormalMoves
	}
	return c.Moves
}

// britishOnAugI reports whether 18.1(12) brings the British starting forces
// on as Aug I reinforcements: only when they would have started on the map,
// so not with 18.2(6), 18.2(7) or 18.2(8), whose own text says where they
// are (docs/rulings.md R34).
func (s *State) britishOnAugI() bool {
	return s.Option(OptPreMobilisation) && !s.Option(OptBEFAtHome) && !s.Option(OptNorthSea) && !s.Option(OptBEFSupportsBelgium)
}

// OptionState is what the options keep between phases.
type OptionState struct {
	// GoebenLate: the Goeben roll of Aug III was 3-4, so the French
	// active units and dismounted cavalry of Aug III are due on Aug IV
	// (18.1(13)); the position's flag "goeben-late".
	GoebenLate bool
	// SeaDE is the division-equivalents moved or landed by sea this
	// impulse (16.35; the reinforcement phase's landings count toward the
	// first); the position's line "sea N".
	SeaDE int
}

// goeben applies 18.1(13) to the Allied reinforcement phase whose table
// dues have just been computed: on Aug III the German roll (1-2 nothing;
// 3-4 the French active and dismounted cavalry dues move to Aug IV; 5-6
// they are lost), on Aug IV the dues moved there.
func (s *State) goeben(evs *[]Event) {
	if !s.Option(OptGoeben) || s.Player != units.Allied {
		return
	}
	delayed := func(d Due) bool {
		return d.Nation == units.FR && (d.Type == units.Active || d.Type == units.Dismounted)
	}
	switch {
	case s.Turn == 3:
		die := s.roll(units.German, i18n.T("SMS Goeben (18.1(13))", "巡洋戦艦ゲーベン (18.1(13))"), evs)
		if die <= 2 {
			*evs = append(*evs, ev(EvDue, units.Allied, tr("SMS Goeben (18.1(13)): %d, no effect on the French reinforcements.", "巡洋戦艦ゲーベン (18.1(13)): %d、仏軍増援に影響なし。", die)))
			return
		}
		s.Dues = slices.DeleteFunc(s.Dues, delayed)
		if die <= 4 {
			s.Opt.GoebenLate = true
			*evs = append(*evs, ev(EvDue, units.Allied, tr("SMS Goeben (18.1(13)): %d, the French active units and dismounted cavalry of Aug III arrive on Aug IV.", "巡洋戦艦ゲーベン (18.1(13)): %d、8月III の仏軍現役ユニットと下馬騎兵師団は 8月IV に登場。", die)))
			return
		}
		*evs = append(*evs, ev(EvDue, units.Allied, tr("SMS Goeben (18.1(13)): %d, the French active units and dismounted cavalry of Aug III never arrive.", "巡洋戦艦ゲーベン (18.1(13)): %d、8月III の仏軍現役ユニットと下馬騎兵師団は登場しない。", die)))
	case s.Turn == 4 && s.Opt.GoebenLate:
		s.Opt.GoebenLate = false
		for _, e := range scenario.Due(s.rules.Reinforcements, 3, units.Allied) {
			if d := (Due{Nation: e.Nation, Type: e.Type, DE: e.DE}); delayed(d) {
				s.Dues = append(s.Dues, d)
			}
		}
	}
}

// EvDelayOffered: an attack waits for the defender's answer (16.2).
const EvDelayOffered EventKind = "delay-offered"

// delayer reports whether a unit may make a delaying action: cavalry
// (16.2), and armoured cars while 16.7 is in force ("may delay like
// cavalry").
func (s *State) delayer(c *units.Counter) bool {
	return c.Type == units.Cavalry || (c.Type == units.Armoured && s.Option(RuleArmouredCars))
}

// mayDelay reports whether the defender of a checked attack may choose the
// reconnaissance-in-force table instead of the attacker's (16.2): every
// defending unit cavalry, no cavalry among the attackers, another table
// chosen, and a neighbouring hex free of enemy units and of the attacker's
// zone of control that every defending unit could enter and all of them
// retreat into within the stacking limit (docs/rulings.md R36).
func (s *State) mayDelay(p *AttackPlan) bool {
	if !s.Option(RuleDelaying) || p.Table.ID == "recon" {
		return false
	}
	def := s.occupancy().At(p.Target, p.Side.Other())
	if len(def) == 0 {
		return false
	}
	de := 0
	for _, i := range def {
		if !s.delayer(s.Counter(i)) {
			return false
		}
		de += s.Counter(i).DE
	}
	for _, i := range p.Attackers {
		if s.Counter(i).Type == units.Cavalry {
			return false
		}
	}
	zoc, enemy := s.zocAndOccupied(p.Side)
	for _, nb := range p.Target.Neighbors() {
		if enemy.has(nb) || zoc.has(nb) || s.stackDE(nb, p.Side.Other())+de > StackLimit {
			continue
		}
		ok := true
		for _, i := range def {
			if _, why := s.EnterCost(s.Counter(i), p.Target, nb); why != whyNone {
				ok = false
				break
			}
		}
		if ok {
			return true
		}
	}
	return false
}

// offerDelay keeps the attack order until the defender answers (16.2).
func (s *State) offerDelay(o Order) (*State, []Event, error) {
	n := s.clone()
	n.Combat.Delaying = o
	d := o.Side.Other()
	return n, []Event{{Kind: EvDelayOffered, Side: o.Side, Hexes: o.Hexes, Text: tr(
		"The attack on %s waits: the %s defenders are all cavalry and may make a delaying action (16.2). %s: delay (the reconnaissance-in-force table) or stand (the %s table).",
		"%s への攻撃は保留: 防御側の%sは全て騎兵のため遅滞行動ができます (16.2)。%s: delay (威力偵察 CRT) か stand (%s) を選んでください。",
		o.Hexes[0], d.Name(), d.Name(), o.Units[0])}}, nil
}

// delayOrderRefused says why an order is refused while an attack waits for
// the defender's answer, or why delay or stand is refused when none waits.
func (s *State) delayOrderRefused() error {
	if s.Combat.Delaying.Verb == "" {
		return refuse("delay-nothing-pending")
	}
	return refuse("delay-answer-first", s.Combat.Delaying.Hexes[0])
}

// applyDelay resolves the waiting attack on the defender's answer: delay
// takes it on the reconnaissance-in-force table, stand on the attacker's.
func (s *State) applyDelay(o Order) (*State, []Event, error) {
	if len(o.Units) > 0 || len(o.Hexes) > 0 {
		return nil, nil, refuse("delay-syntax", o.Verb)
	}
	w := s.clone()
	pending := w.Combat.Delaying
	w.Combat.Delaying = Order{}
	p, err := w.PlanAttack(pending)
	if err != nil { // cannot happen: nothing changed since it was checked
		return nil, nil, err
	}
	var evs []Event
	if o.Verb == VerbDelay {
		p.Table, _ = Tables().CRT("recon")
		evs = append(evs, ev(EvDelayOffered, o.Side, tr("Delaying action (16.2): the attack on %s is resolved on the reconnaissance-in-force table.", "遅滞行動 (16.2): %s への攻撃は威力偵察 CRT で解決。", p.Target)))
	}
	w.resolveAttack(p, &evs)
	return w, evs, nil
}

// seaLimit is one corps-equivalent, in division-equivalents (16.35).
const seaLimit = 2

// applySea moves an Allied unit by sea (16.31: from an own port to another
// Allied-held port) or lands a marine by assault (16.32: from an own port to
// a coastal or port hex, not in bad weather); it moves no further this
// segment (16.33) and may attack; enemy zones of control do not matter
// (16.34).
func (s *State) applySea(o Order) (*State, []Event, error) {
	if !s.Option(RuleSeaTransport) {
		return nil, nil, refuse("sea-needs-option")
	}
	if o.Side != units.Allied {
		return nil, nil, refuse("sea-allies-only")
	}
	c, err := s.oneUnit(o)
	if err != nil {
		return nil, nil, err
	}
	if len(o.Hexes) != 1 {
		return nil, nil, refuse("sea-syntax", c.ID)
	}
	if err := s.canMove(c); err != nil {
		return nil, nil, err
	}
	from, to := s.Units[c.Index].At, o.Hexes[0]
	if fx, _ := s.hexAt(from); !fx.Port || !s.Own(units.Allied, from) {
		return nil, nil, refuse("sea-not-from-port", c.ID, from)
	}
	assault, err := s.seaDestination(c, to, false)
	if err != nil {
		return nil, nil, err
	}
	if s.Opt.SeaDE+c.DE > seaLimit {
		return nil, nil, refuse("sea-limit", c.ID, s.Opt.SeaDE)
	}
	n := s.clone()
	n.Units[c.Index].At = to
	n.Units[c.Index].Moved = true
	n.Opt.SeaDE += c.DE
	how := i18n.T("by sea (16.31)", "海上輸送 (16.31)")
	if assault {
		how = i18n.T("by assault landing (16.32)", "強襲上陸 (16.32)")
	}
	e := ev(EvMoved, units.Allied, tr("%s moved %s → %s %s.", "%s が %s → %s に移動 (%s)。", c.ID, from, to, how))
	e.Units, e.Hexes = []string{c.ID}, []hex.Hex{from, to}
	return n, []Event{e}, nil
}

// seaDestination checks where a unit may go or land by sea (16.3): never an
// all-sea, neutral, enemy-held hex or enemy fortress (16.34), nor a hex
// the unit may not be in by the options' bans (barred); an
// Allied-held port by sea transport, or a coastal or port hex by assault
// landing when the unit may land so (marines; infantry arriving with
// infantry true) and the weather is not bad (event 11-12). assault says
// which it is.
func (s *State) seaDestination(c *units.Counter, to hex.Hex, infantry bool) (assault bool, err error) {
	if closed, why := s.Closed(units.Allied, to); closed {
		return false, refuse("sea-closed", c.ID, to, why.text())
	}
	if why := s.barred(c, to); why != whyNone {
		return false, cannotEnter(c.ID, to, why)
	}
	if s.occupiedBy(units.German).has(to) {
		return false, refuse("sea-enemy-hex", c.ID, to)
	}
	tx, _ := s.hexAt(to)
	if tx.Port && s.occupiedBy(units.Allied).has(to) {
		return false, nil // 16.31
	}
	if !tx.Port && !tx.Coastal {
		return false, refuse("sea-wrong-hex", c.ID, to)
	}
	if c.Type != units.Marine && !infantry {
		return false, refuse("sea-marines-only", c.ID, to)
	}
	if s.BadWeather {
		return false, refuse("sea-bad-weather", c.ID)
	}
	return true, nil // 16.32
}

// errNoLanding: a reinforcement cannot land anywhere by these rules, so the
// usual refusal of its hex stands.
var errNoLanding = refuse("sea-needs-option")

// landingReinforcement checks a reinforcement arriving by sea in h rather
// than at a logistics hex: with 16.3 a British unit by sea transport to an
// Allied-held port or, marines (and infantry when there is no logistics
// hex, 11.1), by assault landing; with 18.2(8) the BEF's infantry by
// assault landing (one corps-equivalent). errNoLanding when neither rule
// lets this unit land.
func (s *State) landingReinforcement(c *units.Counter, d Due, h hex.Hex, edge bool) error {
	infantry := c.Type == units.Active || c.Type == units.Reserve || c.Type == units.Landwehr || c.Type == units.Assault
	bef := d.Ports && infantry // 18.2(8): one corps-equivalent of infantry may land by assault
	if c.Nation != units.GB || (!s.Option(RuleSeaTransport) && !bef) {
		return errNoLanding
	}
	if x, _ := s.hexAt(h); !x.Coastal && !x.Port {
		return errNoLanding // an inland hex: the usual refusal of its hex
	}
	if d.Ports && s.Option(OptNoBelgium) {
		if x, _ := s.hexAt(h); x.Country == board.Belgium {
			return errNoLanding
		}
	}
	if _, err := s.seaDestination(c, h, bef || (edge && infantry && s.Option(RuleSeaTransport))); err != nil {
		return err
	}
	if s.Opt.SeaDE+c.DE > seaLimit {
		return refuse("sea-limit", c.ID, s.Opt.SeaDE)
	}
	return nil
}

// landReinforcement brings a checked landing reinforcement on.
func (s *State) landReinforcement(c *units.Counter, i int, h hex.Hex, edge bool) (*State, []Event, error) {
	n := s.reinforceAt(c, i, h, edge)
	n.Opt.SeaDE += c.DE
	e := reinforcedEvent(c, h, edge)
	e.Text = tr("%s landed as a reinforcement in %s (16.3).", "%s が増援として %s に上陸 (16.3)。", c.ID, h)
	return n, []Event{e}, nil
}

// eighthArmyBox reports whether a counter starts in the Russian Front box
// under the MOVES #91 alternative box: the 8th Army's corps and division,
// and its HQ unless 18.1(2) brings that HQ on Aug III (its coming out of the
// box; an HQ adds nothing to the box's strength, docs/rulings.md R38).
func (s *State) eighthArmyBox(c *units.Counter) bool {
	if !s.Option(RuleM91Russia) || c.Role != units.Option {
		return false
	}
	switch Opt(c.OptionCode()) {
	case RuleM91Russia:
		return true
	case OptWestOffensive:
		return c.Type == units.HQ && !s.Option(OptWestOffensive)
	}
	return false
}

// boxExtra reports whether c is one of the units 18.1(2)'s extra attack
// strength comes from: with the MOVES #91 box, the 8th Army's units in the
// box (or already brought out to the map); otherwise spares and free
// breakdown divisions (R28).
func (s *State) boxExtra(c *units.Counter, u Unit) bool {
	if s.Option(RuleM91Russia) {
		return c.Role == units.Option && Opt(c.OptionCode()) == RuleM91Russia && (u.Box == Russia || u.Box == OnMap)
	}
	spare := c.Role == units.Spare || c.Role == units.Breakdown
	return spare && ((u.Box == Pool && s.available(c)) || u.Box == OnMap)
}

// breakdownAvailable: a breakdown division of an option's corps (the MOVES
// #91 box) is a counter of the game only with that option, and not while
// its corps is in the box; other breakdown divisions always are.
func (s *State) breakdownAvailable(c *units.Counter) bool {
	p, ok := s.Lookup(c.Parent)
	if !ok || p.Role != units.Option {
		return true
	}
	return s.Option(Opt(p.OptionCode())) && s.Units[p.Index].Box != Russia
}

// austrians adds the German reinforcements of 18.1(13) in its MOVES #91
// version: on Aug III the AH 2. Armee HQ, three corps and an infantry
// division (7 division-equivalents) and two cavalry divisions; an AH active
// division on every odd turn from Sep III. They enter at German logistics
// hexes (logisticsNation).
func (s *State) austrians() {
	if !s.Option(OptAustrians) || s.Player != units.German {
		return
	}
	switch {
	case s.Turn == 3:
		s.Dues = append(s.Dues, Due{Nation: units.AH, Type: units.HQ, DE: 1}, Due{Nation: units.AH, Type: units.Active, DE: 7}, Due{Nation: units.AH, Type: units.Cavalry, DE: 2})
	case s.Turn >= 7 && s.Turn%2 == 1: // Sep III, Oct I, Oct III, Nov I, Nov III
		s.Dues = append(s.Dues, Due{Nation: units.AH, Type: units.Active, DE: 1})
	}
}

// ahReplaceable: with the MOVES #91 version of 18.1(13) eliminated
// Austro-Hungarian infantry may come back as reinforcements; other AH units
// never do, nor do any without it (11.1).
func (s *State) ahReplaceable(c *units.Counter) bool {
	return c.Nation == units.AH && s.Option(OptAustrians) && (c.Type == units.Active || c.Type == units.Reserve || c.Type == units.Landwehr)
}

// serves reports whether unit c may trace command to an HQ of nation hq:
// 4.3, and with the MOVES #91 version of 18.1(13) AH infantry and cavalry
// only to an AH HQ (which traces to German logistics, 4.4).
func (s *State) serves(hq units.Nation, c *units.Counter) bool {
	if c.Nation == units.AH && s.Option(OptAustrians) && c.Type != units.Siege {
		return hq == units.AH
	}
	return hqServes(hq, c.Nation)
}

// ahWithItalians finds a hex where Austro-Hungarian and Italian units
// stand together, which the MOVES #91 version of 18.1(13) forbids.
func (s *State) ahWithItalians() (hex.Hex, bool) {
	if !s.Option(OptAustrians) {
		return hex.None, false
	}
	ah, it := map[hex.Hex]bool{}, map[hex.Hex]bool{}
	for i, u := range s.Units {
		switch c := s.Counter(i); {
		case u.Box != OnMap:
		case c.Nation == units.AH:
			ah[u.At] = true
		case c.Nation == units.IT:
			it[u.At] = true
		}
	}
	var found []hex.Hex
	for h := range ah {
		if it[h] {
			found = append(found, h)
		}
	}
	if len(found) == 0 {
		return hex.None, false
	}
	slices.SortFunc(found, func(a, b hex.Hex) int {
		if hex.Less(a, b) {
			return -1
		}
		return 1
	})
	return found[0], true
}

// ahItalianAttack refuses an attack by Austro-Hungarian and Italian units
// together (the MOVES #91 version of 18.1(13): they may not add their
// strength in one attack).
func (s *State) ahItalianAttack(attackers []int) error {
	if !s.Option(OptAustrians) {
		return nil
	}
	var ah, it bool
	for _, i := range attackers {
		ah = ah || s.Counter(i).Nation == units.AH
		it = it || s.Counter(i).Nation == units.IT
	}
	if ah && it {
		return refuse("attack-ah-with-italians")
	}
	return nil
}
