package commands

import (
	"strings"
	"testing"

	"rtrbot/engine/game"
	"rtrbot/engine/hex"
	"rtrbot/engine/units"
	"rtrbot/games"
	"rtrbot/i18n"
)

// The posting rules, segment by segment, on reports made by
// hand: nothing after a segment in which nothing public happened; a short
// account without a map or a mention when something happened within a
// player turn; the map and a mention of the side now awaited when the
// game passes to it.
func TestSegmentPostingRules(t *testing.T) {
	b := gameBot(t)
	b.noMaps = true
	base := games.SegmentReport{Game: 7, Channel: "C1", Threads: map[units.Side]string{units.German: "TG", units.Allied: "TA"},
		Ended: i18n.T("Aug III, German movement-1", "8月III 独軍 第1インパルス 移動セグメント")}
	base.Seats[units.German] = []games.Player{{UserID: "222", Name: "Alice"}}
	for _, v := range []*game.View{&base.Before, &base.After} {
		v.Turn, v.Step, v.Player, v.ToMove = 2, game.Move1, units.German, units.German
		v.Stacks = []game.VisibleStack{{Side: units.German, At: hex.MustParse("0907")}}
	}
	base.After.Step = game.Combat1

	quiet := base
	if ms := b.segmentMessages(i18n.EN, quiet); len(ms) != 0 {
		t.Errorf("a segment in which nothing public happened posted %d messages: %+v", len(ms), ms)
	}

	moved := base
	moved.After.Stacks = []game.VisibleStack{{Side: units.German, At: hex.MustParse("0807")}}
	ms := b.segmentMessages(i18n.EN, moved)
	if len(ms) != 1 || ms[0].Target != "C1" || !strings.Contains(ms[0].Text, "German stacks now stand in 0807") || strings.Contains(ms[0].Text, "<@") || strings.Contains(ms[0].Text, "Next:") {
		t.Errorf("a move within the player turn: %+v", ms)
	}

	passed := moved
	passed.After.Step, passed.After.Player, passed.After.ToMove = game.Reinforcement, units.Allied, units.Allied
	passed.Seats[units.Allied] = []games.Player{{UserID: "111", Name: "Kenji"}}
	ms = b.segmentMessages(i18n.EN, passed)
	if len(ms) != 2 || ms[0].Target != "C1" || !strings.Contains(ms[0].Text, "Next: Aug II, reinforcement phase — Allied player <@111>") {
		t.Fatalf("the pass to the Allies: %+v", ms)
	}
	// The computer is named in the reader's language, not mentioned by
	// its stored English name.
	computer := passed
	bot := games.BotActor("heuristic")
	computer.Seats[units.Allied] = []games.Player{{UserID: bot.ID, Name: bot.Name}}
	if ms := b.segmentMessages(i18n.JA, computer); len(ms) == 0 || strings.Contains(ms[0].Text, "rtrbot (") || !strings.Contains(ms[0].Text, "コンピュータ (") {
		t.Errorf("the pass to the computer, in Japanese: %+v", ms)
	}
	if ms[1].Target != "TA" || !strings.Contains(ms[1].Text, "Your player turn begins") {
		t.Errorf("the Allied thread at the start of its player turn: %+v", ms[1])
	}

	// The Allies end their combat segment; they roll the next turn's
	// event (5.0): the map ends the game turn, and nobody is mentioned.
	turnEnd := base
	turnEnd.Before.Player, turnEnd.Before.ToMove, turnEnd.Before.Step = units.Allied, units.Allied, game.Combat2
	turnEnd.After.Turn, turnEnd.After.Step, turnEnd.After.Player, turnEnd.After.ToMove = 3, game.EventStep, units.German, units.Allied
	turnEnd.Seats[units.Allied] = []games.Player{{UserID: "111", Name: "Kenji"}}
	n := newsOf(turnEnd)
	if n.Passed || !n.TurnEnded || !n.withMap(turnEnd) {
		t.Errorf("end of a game turn: %+v", n)
	}
	ms = b.segmentMessages(i18n.EN, turnEnd)
	if len(ms) != 1 || strings.Contains(ms[0].Text, "<@") {
		t.Errorf("end of a game turn: %+v", ms)
	}

	// After the event phase the Germans are mentioned; the map only if
	// the event changed it.
	event := base
	event.Before.Turn, event.Before.Step, event.Before.ToMove = 3, game.EventStep, units.Allied
	event.After.Turn, event.After.Step = 3, game.Reinforcement
	event.Public = []game.Event{{Kind: game.EvRandom, Text: i18n.T("Event 23: no effect.", "イベント 23: 効果なし。")}}
	if n := newsOf(event); !n.Passed || n.withMap(event) {
		t.Errorf("after an event that changed nothing: %+v, map %v", n, n.withMap(event))
	}
	event.After.Stacks = nil // a stack left the map
	if n := newsOf(event); !n.withMap(event) {
		t.Errorf("after an event that changed the map: no map")
	}
	ms = b.segmentMessages(i18n.EN, event)
	if len(ms) < 1 || !strings.Contains(ms[0].Text, "<@222>") {
		t.Errorf("the pass to the Germans after the event: %+v", ms)
	}

	// A table that asks for a map after every segment gets one even after
	// a quiet segment.
	every := quiet
	every.EveryMap = true
	if n := newsOf(every); !n.withMap(every) {
		t.Error("maps:segment: no map after a quiet segment")
	}
}

// The status message names the players (never mentions them), the side
// awaited, the deadline, VP and the last public events, in each reader's
// language, and carries its marker for the edit in place.
func TestStatusMessage(t *testing.T) {
	r := games.SegmentReport{Game: 12, Channel: "C1", Langs: []i18n.Lang{i18n.EN, i18n.JA}, Options: []string{"18.3"},
		Ended: i18n.T("Aug III, German combat-1", "8月III 独軍 第1インパルス 戦闘セグメント")}
	r.After.Turn, r.After.Step, r.After.Player, r.After.ToMove, r.After.VP = 2, game.Command, units.German, units.German, [2]int{3, 51}
	r.Seats = [2][]games.Player{{{UserID: "111", Name: "Kenji"}}, {{UserID: "222", Name: "Alice"}}}
	r.Mention = "<@222>"
	r.Public = []game.Event{{Kind: game.EvCombat, Text: i18n.T("Attack on 2620: DR.", "2620 への攻撃: DR。")}}
	m, ok := statusMessage(i18n.EN, []games.SegmentReport{r})
	if !ok || m.Pin != "📌 rtrbot #12" || !strings.HasPrefix(m.Text, m.Pin) || m.Target != "C1" {
		t.Fatalf("status: %+v", m)
	}
	for _, want := range []string{"To move: German (Kenji)", "VP: German 3, Allied 51", "Options in force: 18.3", "Attack on 2620: DR.", "手番: 独軍 (Kenji)", "2620 への攻撃: DR。"} {
		if !strings.Contains(m.Text, want) {
			t.Errorf("status lacks %q:\n%s", want, m.Text)
		}
	}
	if strings.Contains(m.Text, "<@") {
		t.Errorf("the status message mentions someone:\n%s", m.Text)
	}
	if _, ok := statusMessage(i18n.EN, nil); ok {
		t.Error("a status message without a report")
	}

	// A computer's seat is named in each reader's language, not by its
	// stored (English) name.
	bot := games.BotActor("search")
	r.Seats[units.German] = []games.Player{{UserID: bot.ID, Name: bot.Name}}
	m, _ = statusMessage(i18n.EN, []games.SegmentReport{r})
	for _, want := range []string{"To move: German (Computer (search))", "手番: 独軍 (コンピュータ (探索))"} {
		if !strings.Contains(m.Text, want) {
			t.Errorf("status lacks %q:\n%s", want, m.Text)
		}
	}
	if strings.Contains(m.Text, "rtrbot (") {
		t.Errorf("status names the computer by its stored name:\n%s", m.Text)
	}
}
