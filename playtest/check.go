package playtest

import (
	"fmt"
	"net/url"
	"regexp"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"rtrbot/commands"
	"rtrbot/i18n"
)

// The invariants checked after every answer, by name.
const (
	InvNoError   = "no internal error, panic or empty answer"
	InvRefusal   = "refusals private, naming their rule"
	InvWhoActs   = "status and who-acts agree with the engine"
	InvCanAct    = "the side told to act can act"
	InvAccepted  = "an order the engine accepts is accepted by its command"
	InvDefaults  = "default actions never refused"
	InvHidden    = "no unit named the reader may not see (14.1)"
	InvLimits    = "Discord's message limits"
	InvLanguage  = "one language an answer"
	InvEnd       = "the game ends with its result (15.1)"
	InvExercised = "every command a player can give is played"
)

// Invariants lists them in the order of the summary.
var Invariants = []string{InvNoError, InvRefusal, InvWhoActs, InvCanAct, InvAccepted, InvDefaults,
	InvHidden, InvLimits, InvLanguage, InvEnd, InvExercised}

// Discord's limits on one message.
const (
	MaxContent     = 2000
	MaxAttachments = 10
	MaxUpload      = 10 << 20
	MaxButtons     = 25
	MaxCustomID    = 100
)

// Violation is one broken invariant, with what is needed to replay it.
type Violation struct {
	Invariant string
	Game      int
	Seed      uint64
	Scenario  string
	Options   string
	Lang      i18n.Lang
	User      string
	Line      string // the command as typed
	Detail    string
	Answer    string
	Replay    string // the command that plays the game again
}

func (v Violation) String() string {
	ans := v.Answer
	if len([]rune(ans)) > 600 {
		ans = string([]rune(ans)[:600]) + "…"
	}
	if v.Line == "" {
		return fmt.Sprintf("[%s] %s", v.Invariant, v.Detail)
	}
	return fmt.Sprintf("[%s] game %d (seed %d, %s, lang %s, options %q), %s typed %s\n  %s\n  answer: %q\n  replay: %s",
		v.Invariant, v.Game, v.Seed, v.Scenario, v.Lang, v.Options, v.User, v.Line, v.Detail, ans, v.Replay)
}

// Reader is who reads a message: what language he reads and which unit
// ids he may see named.
type Reader struct {
	Name    string
	Lang    i18n.Lang
	Visible func(id string) bool
}

// Answer is one command's answer with its context, for the checks.
type Answer struct {
	Line string
	User string
	Lang i18n.Lang
	Resp *commands.Response
	// ReaderOf says who reads a message of the answer.
	ReaderOf func(m commands.Message) Reader
	// IsUnit says whether a token is a unit id of the game.
	IsUnit func(tok string) bool
}

// Text is the whole answer as one text, for reports.
func (a Answer) Text() string {
	if a.Resp == nil {
		return ""
	}
	var parts []string
	for _, m := range a.Resp.Messages {
		t := m.Text
		if m.Ephemeral {
			t = "[private] " + t
		}
		if m.Target != "" {
			t = "[→ " + m.Target + "] " + t
		}
		parts = append(parts, t)
	}
	return strings.Join(parts, "\n")
}

var internalError = []string{
	"Something went wrong inside the bot",
	"ボット内部でエラーが発生しました",
	"panic:", "goroutine ", "runtime error", "%!", "(MISSING)", "<nil>",
}

// CheckAnswer runs the checks that hold for every answer and returns what
// they found (detail texts by invariant).
func CheckAnswer(a Answer) []Finding {
	var out []Finding
	add := func(inv, format string, args ...any) {
		out = append(out, Finding{inv, fmt.Sprintf(format, args...)})
	}
	if a.Resp == nil || len(a.Resp.Messages) == 0 {
		add(InvNoError, "no message at all")
		return out
	}
	for i, m := range a.Resp.Messages {
		if strings.TrimSpace(m.Text) == "" && len(m.Files) == 0 {
			add(InvNoError, "message %d is empty", i+1)
		}
		for _, s := range internalError {
			if strings.Contains(m.Text, s) {
				add(InvNoError, "message %d holds %q", i+1, s)
			}
		}
		// The adapter cuts a long text into several messages and sends
		// files ten at a time (discord/interaction.go); a status message
		// is edited in place, so it must fit one.
		if n := utf8.RuneCountInString(m.Text); n > MaxContent && m.Pin != "" {
			add(InvLimits, "status message %d has %d characters (at most %d: it is edited in place)", i+1, n, MaxContent)
		}
		if len(m.Files) > MaxAttachments && m.Pin != "" {
			add(InvLimits, "status message %d has %d attachments (at most %d)", i+1, len(m.Files), MaxAttachments)
		}
		for k := 0; k < len(m.Files); k += MaxAttachments {
			size := 0
			for _, f := range m.Files[k:min(k+MaxAttachments, len(m.Files))] {
				size += len(f.Data)
			}
			if size > MaxUpload {
				add(InvLimits, "message %d uploads %d bytes in one part (at most %d)", i+1, size, MaxUpload)
			}
		}
		if len(m.Buttons) > MaxButtons {
			add(InvLimits, "message %d has %d buttons (at most %d: the adapter drops the rest)", i+1, len(m.Buttons), MaxButtons)
		}
		for _, b := range m.Buttons {
			if n := len(CustomID(b)); n > MaxCustomID {
				add(InvLimits, "button %q of message %d carries a %d-character custom id (at most %d: the adapter drops it)", b.Label, i+1, n, MaxCustomID)
			}
		}
		r := Reader{Lang: a.Lang}
		if a.ReaderOf != nil {
			r = a.ReaderOf(m)
		}
		if s := wrongLanguage(m.Text, r.Lang); s != "" {
			add(InvLanguage, "message %d, read in %s, holds %q", i+1, r.Lang, s)
		}
		if a.IsUnit != nil && r.Visible != nil {
			visible := r.Visible
			if m.Ephemeral {
				// What the asker typed himself may be said back to him.
				typed := strings.ToUpper(a.Line)
				visible = func(id string) bool { return r.Visible(id) || strings.Contains(typed, id) }
			}
			if ids := hiddenUnits(m.Text, a.IsUnit, visible); len(ids) > 0 {
				add(InvHidden, "message %d, read by %s, names %s", i+1, r.Name, strings.Join(ids, " "))
			}
		}
	}
	return out
}

// Finding is one invariant broken by an answer.
type Finding struct {
	Invariant string
	Detail    string
}

// CustomID is the custom id a button is sent to Discord with: the
// button's command and options, as the adapter encodes them.
func CustomID(b commands.Button) string {
	v := url.Values{"p": {b.Path}}
	for k, o := range b.Options {
		v.Set("x."+k, o)
	}
	return "rtrbot!" + v.Encode()
}

// englishRun is four or more English words in a row: a sentence, not a
// name, a unit id or a hex number.
var englishRun = regexp.MustCompile(`[A-Za-z][a-z]+(?:[ ]+[A-Za-z][a-z]+){3,}`)

// properNames are English words a Japanese text may hold: the game's title.
var properNames = []string{"Reinforce the Right!"}

// wrongLanguage returns a piece of the text in the other language, or "".
// Commands as typed (/game join side:german) are the same in both.
func wrongLanguage(text string, l i18n.Lang) string {
	if l == i18n.JA {
		t := text
		for _, n := range properNames {
			t = strings.ReplaceAll(t, n, "")
		}
		t = commandRef.ReplaceAllString(t, " ")
		return englishRun.FindString(t)
	}
	for _, r := range text {
		if unicode.In(r, unicode.Hiragana, unicode.Katakana, unicode.Han) {
			i := strings.IndexRune(text, r)
			return snippet(text, i)
		}
	}
	return ""
}

// commandRef is a command as a player types it: /game join side:german.
var commandRef = regexp.MustCompile(`/[a-z]+(?: [a-z]+)*(?: [a-z]+:[^ \n]*)*`)

func snippet(s string, i int) string {
	from, to := max(0, i-30), min(len(s), i+30)
	for from > 0 && !utf8.RuneStart(s[from]) {
		from--
	}
	for to < len(s) && !utf8.RuneStart(s[to]) {
		to++
	}
	return s[from:to]
}

// unitExamples are the refusals' examples of unit names and orders: their
// ids are examples, not news of any counter.
var unitExamples = regexp.MustCompile(`Unit names look like [^;]*;|ユニット名は[^。]*。|e\.g\. G-III G-IV|例: G-III G-IV|"german move G-III 3024"`)

func hiddenUnits(text string, isUnit, visible func(string) bool) []string {
	text = unitExamples.ReplaceAllString(text, "")
	seen := map[string]bool{}
	var out []string
	for _, tok := range strings.FieldsFunc(text, func(r rune) bool {
		return !(r >= 'A' && r <= 'Z' || r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '-')
	}) {
		tok = strings.Trim(tok, "-")
		if seen[tok] || !isUnit(tok) || visible(tok) {
			continue
		}
		seen[tok] = true
		out = append(out, tok)
	}
	sort.Strings(out)
	return out
}

// privateNote is what the Discord adapter leaves in the channel when a
// slow command, deferred in public, answers privately
// (discord/interaction.go): it says nothing of the answer.
var privateNote = map[string]bool{
	"Answered privately: only you see the answer.": true,
	"非公開で回答しました (あなたにだけ表示されます)。":                   true,
}

// ruleNumber is a section of the rules: 9.7, 11.1, 18.1(14).
var ruleNumber = regexp.MustCompile(`\b\d{1,2}\.\d{1,2}\b`)

// CheckRefusal checks an answer that refused: every message answering
// the command private, nothing posted for others, and, for an order the
// engine refused, the rule named.
func CheckRefusal(a Answer, rule bool) []Finding {
	var out []Finding
	if a.Resp == nil {
		return out
	}
	for i, m := range a.Resp.Messages {
		if !m.Ephemeral && !privateNote[m.Text] {
			out = append(out, Finding{InvRefusal, fmt.Sprintf("message %d of a refusal is public", i+1)})
		}
	}
	if rule {
		named := false
		for _, m := range a.Resp.Messages {
			named = named || ruleNumber.MatchString(m.Text)
		}
		if !named {
			out = append(out, Finding{InvRefusal, "the refusal names no rule"})
		}
	}
	return out
}
