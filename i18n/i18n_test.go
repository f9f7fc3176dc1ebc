package i18n

import (
	"errors"
	"fmt"
	"testing"
)

func TestParse(t *testing.T) {
	for in, want := range map[string]Lang{"": EN, "en": EN, "EN-us": EN, "ja": JA, "ja-JP": JA} {
		if got, err := Parse(in); err != nil || got != want {
			t.Errorf("Parse(%q) = %v, %v", in, got, err)
		}
	}
	if _, err := Parse("fr"); err == nil {
		t.Error("fr accepted")
	}
	if FromLocale("fr") != EN || FromLocale("ja") != JA {
		t.Error("FromLocale")
	}
}

func TestMessage(t *testing.T) {
	e := Errorf("no hex %s", "ヘクス%sなし", "9999")
	if Message(e, JA) != "ヘクス9999なし" || Message(e, EN) != "no hex 9999" {
		t.Errorf("got %q / %q", Message(e, JA), Message(e, EN))
	}
	if Message(errors.New("plain"), JA) != "plain" {
		t.Error("plain error")
	}
	if (Text{EN: "x"}).In(JA) != "x" {
		t.Error("fallback")
	}
}

func TestCodeOf(t *testing.T) {
	e := &Error{Code: "rail-capacity", Text: T("full", "満杯")}
	if CodeOf(e) != "rail-capacity" || CodeOf(fmt.Errorf("wrapped: %w", e)) != "rail-capacity" {
		t.Error("the code is lost")
	}
	if CodeOf(errors.New("plain")) != "" || CodeOf(nil) != "" || CodeOf(Errorf("a", "b")) != "" {
		t.Error("a code from nowhere")
	}
}
