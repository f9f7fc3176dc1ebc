package commands

import (
	"context"
	"strings"
	"testing"
	"time"

	"rtrbot/engine/game"
	"rtrbot/engine/units"
	"rtrbot/games"
	"rtrbot/i18n"
)

// A deadline, vacation or takeover notice that names a computer seat names
// it as its reader does (コンピュータ (探索) in Japanese), never by its
// stored name, which is English; people are mentioned, and a side nobody
// holds is named in each language.
func TestNoticesNameComputerSeatPerReader(t *testing.T) {
	b, _ := newStoredBot(t)
	ctx := context.Background()
	computer := games.Player{UserID: games.BotPrefix + "search", Name: "rtrbot (search)", Side: "allied"}
	person := games.Player{UserID: "222", Name: "Bob", Side: "allied"}
	dl := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	for _, kind := range []games.NoticeKind{games.Reminder, games.VacationOver, games.CannotEnd, games.TakenOver, games.NoticeKind(99)} {
		n := games.Notice{Kind: kind, Channel: "C1", Side: units.Allied, Step: game.SetupStep, Deadline: dl,
			Seats: []games.Player{computer, person}}
		for _, lang := range []i18n.Lang{i18n.EN, i18n.JA, ""} {
			b.Reader = lang
			text := b.noticeMessages(ctx, n)[0].Text
			if strings.Contains(text, "rtrbot (search)") {
				t.Errorf("notice %d (%q) names the computer by its stored name: %s", kind, lang, text)
			}
			if lang != i18n.EN && !strings.Contains(text, "コンピュータ (探索)") {
				t.Errorf("notice %d (%q) does not name the computer in Japanese: %s", kind, lang, text)
			}
			if lang != i18n.JA && !strings.Contains(text, "Computer (search)") {
				t.Errorf("notice %d (%q) does not name the computer in English: %s", kind, lang, text)
			}
			if !strings.Contains(text, "<@222>") {
				t.Errorf("notice %d (%q) does not mention Bob: %s", kind, lang, text)
			}
		}
		n.Seats = nil
		b.Reader = i18n.JA
		if text := b.noticeMessages(ctx, n)[0].Text; n.Kind != games.TakenOver && !strings.Contains(text, "連合軍") {
			t.Errorf("notice %d names a side nobody holds not in Japanese: %s", kind, text)
		}
	}
	b.Reader = ""
}
