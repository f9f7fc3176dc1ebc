// Package i18n holds the two languages players read, English and Japanese,
// and the small text type every message carries both of. Messages are
// written where they are used, in both languages, so that neither can be
// forgotten; the engine's refusals are the exception: they live in one
// catalogue with a stable code each (engine/game/refusals.txt), and the
// Error that carries one says its Code.
package i18n

import (
	"errors"
	"fmt"
	"strings"
)

// Lang is a language a player reads.
type Lang string

const (
	EN Lang = "en"
	JA Lang = "ja"
)

// Default is the language when nothing else is known.
const Default = EN

// Parse reads "en" or "ja" (case-insensitive, Discord locales like "en-US"
// accepted) and says what is accepted otherwise.
func Parse(s string) (Lang, error) {
	t := strings.ToLower(strings.TrimSpace(s))
	switch {
	case t == "":
		return Default, nil
	case t == "ja" || strings.HasPrefix(t, "ja-") || strings.HasPrefix(t, "ja_"):
		return JA, nil
	case t == "en" || strings.HasPrefix(t, "en-") || strings.HasPrefix(t, "en_"):
		return EN, nil
	}
	return Default, fmt.Errorf("language %q is not supported: use en or ja", s)
}

// FromLocale maps a Discord locale ("ja", "en-US", "fr", ...) to the
// language we answer in: Japanese for ja, English for everything else.
func FromLocale(locale string) Lang {
	if l, err := Parse(locale); err == nil {
		return l
	}
	return EN
}

// Text is one message in both languages.
type Text struct {
	EN string
	JA string
}

// T builds a Text.
func T(en, ja string) Text { return Text{EN: en, JA: ja} }

// In returns the text in l, falling back to English if the Japanese is missing.
func (t Text) In(l Lang) string {
	if l == JA && t.JA != "" {
		return t.JA
	}
	return t.EN
}

// Sprintf formats both languages with the same arguments; an argument
// that is a Text (a Count, a name) is put in each language's own words.
func Sprintf(t Text, args ...any) Text {
	en, ja := make([]any, len(args)), make([]any, len(args))
	for i, a := range args {
		if x, ok := a.(Text); ok {
			en[i], ja[i] = x.EN, x.JA
		} else {
			en[i], ja[i] = a, a
		}
	}
	return Text{EN: fmt.Sprintf(t.EN, en...), JA: fmt.Sprintf(t.JA, ja...)}
}

// Error is an error that can say itself in both languages. The engine's
// refusals and the commands' complaints are Errors. Code is the stable,
// kebab-case name of a refusal of the engine ("rail-capacity"); tests and
// rule cases check it rather than the wording. It is empty for other
// errors.
type Error struct {
	Code string
	Text
}

func (e *Error) Error() string { return e.EN }

// Errorf builds an Error with the same arguments for both languages.
func Errorf(en, ja string, args ...any) *Error {
	return &Error{Text: Sprintf(T(en, ja), args...)}
}

// CodeOf is the Code of the first *Error in err's chain, or "".
func CodeOf(err error) string {
	var e *Error
	if errors.As(err, &e) {
		return e.Code
	}
	return ""
}

// Message returns err in l: an *Error in its own words, any other error as is.
func Message(err error, l Lang) string {
	if err == nil {
		return ""
	}
	var e interface{ In(Lang) string }
	if x, ok := err.(interface{ In(Lang) string }); ok {
		e = x
		return e.In(l)
	}
	return err.Error()
}

// Join puts the texts one after the other with sep between them, in
// each language.
func Join(ts []Text, sep Text) Text {
	en, ja := make([]string, len(ts)), make([]string, len(ts))
	for i, t := range ts {
		en[i], ja[i] = t.EN, t.JA
	}
	return Text{EN: strings.Join(en, sep.EN), JA: strings.Join(ja, sep.JA)}
}

// Named is the text names gives k, or none where it gives none: the
// readers' name of a code from its table (a nation, a step, a level).
func Named[K comparable](names map[K]Text, k K, none Text) Text {
	if t, ok := names[k]; ok {
		return t
	}
	return none
}

// TextOf is err in both languages: an *Error in its own words, any
// other error as is in both.
func TextOf(err error) Text { return Text{EN: Message(err, EN), JA: Message(err, JA)} }

// Count is a number of things in both languages: "1 unit", "2 units",
// "2 個". English takes the noun's singular or plural; Japanese counts
// with the counter word (個, 件, 卓...), which does not change.
func Count(n int, one, many, counter string) Text {
	noun := many
	if n == 1 || n == -1 {
		noun = one
	}
	return Text{EN: fmt.Sprintf("%d %s", n, noun), JA: fmt.Sprintf("%d %s", n, counter)}
}
