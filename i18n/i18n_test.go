package i18n

import (
	"errors"
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
