package commands

import (
	"strings"
	"testing"

	"rtrbot/engine/units"
	"rtrbot/games"
	"rtrbot/i18n"
)

// A side's private-thread caption is in its players' language, whoever
// ended the segment.
func TestThreadCaptionInItsPlayersLanguage(t *testing.T) {
	b := gameBot(t)
	r := games.SegmentReport{Channel: "C1", Threads: map[units.Side]string{units.German: "TG", units.Allied: "TA"},
		Ended: i18n.T("Aug II, German setup", "8月II 独軍 初期配置")}
	r.SideLangs[units.German] = []i18n.Lang{i18n.JA}
	r.SideLangs[units.Allied] = []i18n.Lang{i18n.EN}
	r.EveryMap = true // a map in each side's thread after this segment
	seen := 0
	for _, m := range b.segmentMessages(i18n.EN, r) {
		switch m.Target {
		case "TG":
			seen++
			if !strings.Contains(m.Text, "自軍マップ") || strings.Contains(m.Text, "Your side's map") {
				t.Errorf("German thread: %q", m.Text)
			}
		case "TA":
			seen++
			if !strings.Contains(m.Text, "Your side's map") {
				t.Errorf("Allied thread: %q", m.Text)
			}
		}
	}
	if seen != 2 {
		t.Errorf("%d thread messages, want one for each side", seen)
	}
}

// When the player turn passes, only the side whose turn begins gets its
// map, captioned in its players' language.
func TestThreadMapWhenPlayerTurnBegins(t *testing.T) {
	b := gameBot(t)
	r := games.SegmentReport{Channel: "C1", Threads: map[units.Side]string{units.German: "TG", units.Allied: "TA"},
		Ended: i18n.T("Aug II, German combat-2", "8月II 独軍 第2インパルス 戦闘セグメント")}
	r.Before.Player, r.After.Player = units.German, units.Allied
	r.Before.ToMove, r.After.ToMove = units.German, units.Allied
	r.SideLangs[units.German] = []i18n.Lang{i18n.EN}
	r.SideLangs[units.Allied] = []i18n.Lang{i18n.JA}
	var got []string
	for _, m := range b.segmentMessages(i18n.EN, r) {
		got = append(got, m.Target)
		if m.Target == "TA" && !strings.Contains(m.Text, "あなたのプレイヤーターンです") {
			t.Errorf("Allied thread: %q", m.Text)
		}
	}
	if strings.Join(got, " ") != "C1 TA" {
		t.Errorf("posts went to %v, want the game's thread and the Allied thread only", got)
	}
}
