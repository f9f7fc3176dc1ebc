package game

import (
	_ "embed"
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"

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
			m[d.OffCode()] = i18n.Sprintf(i18n.T("Optional rule %s switched off (16.0): not %s", "選択ルール %s を使用しない (16.0): %s は適用しない"),
				string(d.Code), withoutHeading(d.Text))
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
		key, v, _ := strings.Cut(t, " ")
		if p := out[len(out)-1].setField(key, strings.TrimSpace(v)); p != "" {
			problem(i+1, "%s", p)
		}
	}
	checkOptionDefs(out, problem)
	return out, problems
}

// optionCodes reads a field's list of codes.
func optionCodes(v string) []Opt {
	var l []Opt
	for _, f := range strings.Fields(v) {
		l = append(l, Opt(f))
	}
	return l
}

// setField reads one field of an entry; it says what is wrong with it, or
// "".
func (d *OptionDef) setField(key, v string) string {
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
			return fmt.Sprintf("side %q is not german, allied or both", v)
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
			return fmt.Sprintf("vp %q is not two numbers", v)
		}
	case "excludes":
		d.Excludes = append(d.Excludes, optionCodes(v)...)
	case "group":
		d.Group = v
	case "void-if":
		d.VoidIf = append(d.VoidIf, optionCodes(v)...)
	case "void-en":
		d.Void.EN = v
	case "void-ja":
		d.Void.JA = v
	case "default":
		d.DefaultOn = v == "on"
		if v != "on" && v != "off" {
			return fmt.Sprintf("default %q is not on or off", v)
		}
	case "rule":
		d.Rule = v
	case "en":
		d.Text.EN = v
	case "ja":
		d.Text.JA = v
	case "kind":
		d.Preset = v == "preset"
		if v != "preset" {
			return fmt.Sprintf("kind %q is not preset", v)
		}
	case "expands":
		d.Expands = optionCodes(v)
	default:
		return fmt.Sprintf("unknown field %q", key)
	}
	return ""
}

// checkOptionDefs finds the entries listed twice or lacking a field, and
// the codes named that are not in the file; it makes exclusions read both
// ways.
func checkOptionDefs(out []OptionDef, problem func(line int, f string, args ...any)) {
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
}

// withoutHeading is an optional rule's text without its heading
// ("Optional rule: ", "選択ルール: ").
func withoutHeading(t i18n.Text) i18n.Text {
	return i18n.T(strings.TrimPrefix(t.EN, "Optional rule: "), strings.TrimPrefix(t.JA, "選択ルール: "))
}
