package game

import (
	_ "embed"
	"errors"
	"fmt"
	"sort"
	"strings"

	"rtrbot/engine/hex"
	"rtrbot/engine/turn"
	"rtrbot/i18n"
)

// The refusal catalogue: every refusal's code with its English and
// Japanese text (refusals.txt, read once from the binary).
//
//go:embed refusals.txt
var refusalsText string

// refusal is one entry of the catalogue.
type refusal struct {
	Text i18n.Text
	Line int // in refusals.txt
}

// refusals is the catalogue by code; refusalProblems lists what is wrong
// in the file (a test requires it empty).
var refusals, refusalProblems = parseRefusals(refusalsText)

// parseRefusals reads the catalogue: a code alone on a line, then its
// texts on indented lines "en ..." and "ja ...". Blank lines and lines
// starting with # are comments.
func parseRefusals(text string) (map[string]refusal, []string) {
	out := map[string]refusal{}
	var problems []string
	cur := ""
	for i, l := range strings.Split(text, "\n") {
		t := strings.TrimSpace(l)
		if t == "" || strings.HasPrefix(t, "#") {
			continue
		}
		if l[0] != ' ' && l[0] != '\t' {
			if _, dup := out[t]; dup {
				problems = append(problems, fmt.Sprintf("line %d: %s is listed twice", i+1, t))
			}
			cur = t
			out[cur] = refusal{Line: i + 1}
			continue
		}
		r, ok := out[cur]
		lang, s, _ := strings.Cut(t, " ")
		switch {
		case !ok:
			problems = append(problems, fmt.Sprintf("line %d: a text before any code", i+1))
		case lang == "en" && r.Text.EN == "":
			r.Text.EN = strings.TrimSpace(s)
		case lang == "ja" && r.Text.JA == "":
			r.Text.JA = strings.TrimSpace(s)
		default:
			problems = append(problems, fmt.Sprintf("line %d: %q is not an unused en or ja line of %s", i+1, lang, cur))
		}
		out[cur] = r
	}
	return out, problems
}

// A refusal is an *i18n.Error: a stable code from the catalogue and what
// is wrong and what would be right, in both languages. Arguments follow
// the format verbs of the catalogue's texts, the same in both languages.
func refuse(code string, args ...any) error {
	r, ok := refusals[code]
	if !ok { // a programming mistake, caught by the catalogue test
		return &i18n.Error{Code: code, Text: i18n.T("refused: "+code, "拒否: "+code)}
	}
	return &i18n.Error{Code: code, Text: tr(r.Text.EN, r.Text.JA, args...)}
}

// RefusalCode is the catalogue code of an error the engine returned
// (refusals.txt), or "" for an error that is not a refusal.
func RefusalCode(err error) string { return i18n.CodeOf(err) }

// RefusalCodes lists every code of the catalogue, sorted: a rule case
// that expects a refusal can check that its code exists.
func RefusalCodes() []string {
	out := make([]string, 0, len(refusals))
	for code := range refusals {
		out = append(out, code)
	}
	sort.Strings(out)
	return out
}

// errText is an error in both languages (an *i18n.Error in its own words).
func errText(err error) i18n.Text {
	var e *i18n.Error
	if errors.As(err, &e) {
		return e.Text
	}
	return i18n.T(err.Error(), err.Error())
}

// tr formats both languages; arguments that are i18n.Text are put in
// each language's own words.
func tr(en, ja string, args ...any) i18n.Text {
	named := make([]any, len(args))
	for i, a := range args {
		if s, ok := a.(Step); ok { // a step by its name
			named[i] = s.Name()
		} else {
			named[i] = a
		}
	}
	return i18n.Sprintf(i18n.T(en, ja), named...)
}

func turnName(t turn.Turn) i18n.Text { return i18n.T(t.String(), t.Japanese()) }

// reason is why a hex cannot be entered; each is a catalogue code.
type reason string

const (
	whyNone            reason = ""
	whyOffMap          reason = "enter-off-map"
	whySea             reason = "enter-sea"
	whyNeutral         reason = "enter-neutral"
	whyFortress        reason = "enter-fortress"
	whyEnemy           reason = "enter-enemy"
	whyTerrain         reason = "enter-rail-only"
	whyEZOC            reason = "enter-ezoc"
	whyEZOCtoEZOC      reason = "ezoc-to-ezoc"
	whyTimid           reason = "enter-timid"
	whyDisengage       reason = "enter-disengagement"
	whyPreMobilisation reason = "enter-pre-mobilisation"
	whyDeception       reason = "enter-deception"
	whySetupLuxembourg reason = "enter-setup-luxembourg"
)

// closed reports whether the reason is one of Closed's: a hex no unit of
// the side may be in, whatever the unit and however it came.
func (r reason) closed() bool {
	return r == whyOffMap || r == whySea || r == whyNeutral || r == whyFortress
}

// text is the reason in both languages, a clause to put in a sentence.
func (r reason) text() i18n.Text {
	if r == whyNone {
		return i18n.T("", "")
	}
	return refusals[string(r)].Text
}

// cannotEnter says a unit cannot enter a hex, and why; the refusal's
// code is the reason's.
func cannotEnter(id string, h hex.Hex, why reason) error {
	e := refuse("cannot-enter", id, h, why.text()).(*i18n.Error)
	e.Code = string(why)
	return e
}
