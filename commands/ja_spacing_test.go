package commands

import (
	"context"
	"strings"
	"testing"
	"unicode"

	"rtrbot/i18n"
)

// straySpace is a space between two Japanese characters, or after 。 or
// 、: Japanese sets no space between words ("独軍の 増援フェイズ" is wrong,
// "独軍の増援フェイズ" right); a space stays beside Latin letters and digits
// ("1804 は", "HQ 1 個").
func straySpace(s string) (string, bool) {
	r := []rune(s)
	for i := 1; i+1 < len(r); i++ {
		if r[i] != ' ' {
			continue
		}
		a, b := r[i-1], r[i+1]
		if a == '。' || a == '、' || (a > unicode.MaxASCII && b > unicode.MaxASCII) {
			lo, hi := max(0, i-8), min(len(r), i+8)
			return string(r[lo:hi]), true
		}
	}
	return "", false
}

// The Japanese account's headings name the turn and the step (3.0) as one
// Japanese phrase: "8月II、独軍のプレイヤーターン、第1インパルスの移動セグメント",
// never with English commas or spaces between words.
func TestJapaneseLogHeadingsHaveNoStraySpaces(t *testing.T) {
	b, clock := openedGame(t)
	u, h := legalMove(t, b, "C1", 0)
	act(t, b, clock, bob, "C1", "/move unit:"+u+" to:"+h)
	req := &Request{Path: "game log", Options: map[string]string{"export": "true"}, Guild: "G1", Channel: "C1", User: bob, Lang: i18n.JA, Now: clock.Now()}
	r := b.Router.Run(context.Background(), req)
	if len(r.Messages) == 0 || len(r.Messages[0].Files) != 1 {
		t.Fatalf("no export: %+v", r)
	}
	heads := 0
	for _, l := range strings.Split(string(r.Messages[0].Files[0].Data), "\n") {
		if !strings.HasPrefix(l, "**") && !strings.HasPrefix(l, "8月") {
			continue // headings and the step lines ("8月I: 独軍の増援フェイズ。")
		}
		heads++
		if strings.Contains(l, ", ") {
			t.Errorf("English comma in a Japanese heading: %q", l)
		}
		if at, bad := straySpace(l); bad {
			t.Errorf("stray space in %q at %q", l, at)
		}
	}
	if heads == 0 {
		t.Fatalf("no headings in the Japanese log")
	}
}
