package commands

import (
	"strings"
	"testing"
	"unicode/utf8"

	"rtrbot/ai"
	"rtrbot/engine/game"
	"rtrbot/engine/turn"
	"rtrbot/engine/units"
	"rtrbot/games"
	"rtrbot/i18n"
)

// Each swing says whom it favoured and by how much, one way for either
// side and in either language: on a made-up curve that falls toward the
// Allies from a German lead (−13.7 while the margin stays German) and
// rises toward the Germans from an Allied lead, the fall is told as the
// Allies' and the rise as the Germans', never by a sign that reads as
// the opposite of the margin beside it.
func TestAnalysisSwingsSayWhomTheyFavoured(t *testing.T) {
	a := &ai.Analysis{PlayOuts: 6, Final: -5, Points: []ai.Point{
		{Turn: turn.Turn(1), Step: game.SetupStep, Side: units.Allied, Margin: 38.5},
		{Turn: turn.Turn(1), Step: game.SetupStep, Side: units.German, Margin: 24.8},
		{Turn: turn.Turn(2), Step: game.SetupStep, Side: units.German, Margin: -30},
		{Turn: turn.Turn(2), Step: game.SetupStep, Side: units.Allied, Margin: -8.5},
	}, Swings: []ai.Swing{{Point: 1, Change: -13.7}, {Point: 2, Change: -54.8}, {Point: 3, Change: 21.5}}}
	g := &games.Game{ID: 1, Meta: map[string]string{}}
	b := &Bot{}
	en := analysisTextWith(b, g, a, i18n.EN, 4)
	expect(t, en, "13.7 VP toward the Allies (expected margin after it: Germans +24.8)",
		"54.8 VP toward the Allies (expected margin after it: Allies +30.0)",
		"21.5 VP toward the Germans (expected margin after it: Allies +8.5)")
	ja := analysisTextWith(b, g, a, i18n.JA, 4)
	expect(t, ja, "連合軍に 13.7 VP 有利 (この後の期待値: 独軍 +24.8)", "独軍に 21.5 VP 有利 (この後の期待値: 連合軍 +8.5)")
	for _, text := range []string{en, ja} {
		if strings.Contains(text, "+21.5") || strings.Contains(text, "-13.7") || strings.Contains(text, "−13.7") {
			t.Errorf("a swing still carries a sign:\n%s", text)
		}
	}
}

// A long text is cut at a word's end with an ellipsis, never mid-word;
// a Japanese one between characters, never inside one; a short one is
// kept whole.
func TestClipRunesAtWordBoundary(t *testing.T) {
	en := "The random event: the Allies may not attack this turn, and it counts as a turn of rest for every French corps in the line."
	got := clipRunes(en, 60)
	if !strings.HasSuffix(got, "…") || utf8.RuneCountInString(got) > 60 {
		t.Fatalf("clipped %q", got)
	}
	body := strings.TrimSuffix(got, "…")
	if !strings.HasPrefix(en, body) || en[len(body)] != ' ' {
		t.Fatalf("cut mid-word: %q", got)
	}
	ja := "ランダムイベント: 連合軍はこのターン攻撃できず、前線のフランス軍団はすべて休養したものとみなします。"
	got = clipRunes(ja, 20)
	if !utf8.ValidString(got) || utf8.RuneCountInString(got) > 20 || !strings.HasSuffix(got, "…") || !strings.HasPrefix(ja, strings.TrimSuffix(got, "…")) {
		t.Fatalf("clipped Japanese %q", got)
	}
	if clipRunes("short", 60) != "short" {
		t.Fatal("a short text was cut")
	}
}
