package commands

import (
	"context"
	"slices"
	"strings"
	"testing"

	"rtrbot/engine/game"
	"rtrbot/games"
	"rtrbot/i18n"
)

// seatedPosition loads a sandbox position into C1 and seats bob (German)
// and alice (Allied).
func seatedPosition(t *testing.T, pos string) (*Bot, *fixedClock) {
	t.Helper()
	b, clock := newStoredBot(t)
	r := b.Router.Run(context.Background(), &Request{Path: "game load", Files: map[string][]byte{"attachment": []byte(pos)},
		Options: map[string]string{}, Guild: "G1", Channel: "C1", Lang: i18n.EN, User: carol, Now: clock.Now()})
	expect(t, txt(r), "Sandbox game loaded")
	act(t, b, clock, bob, "C1", "/game join side:german")
	act(t, b, clock, alice, "C1", "/game join side:allied")
	return b, clock
}

func refuses(t *testing.T, got string, bad ...string) {
	t.Helper()
	for _, w := range bad {
		if strings.Contains(got, w) {
			t.Errorf("the answer says %q:\n%s", w, got)
		}
	}
}

// 3.0 A, 5.0: the event phase is no player's turn; the Allies end it.
// Every answer says so: orders, /moves, /units, the status and the
// pinned status message.
func TestEventPhaseSaysWhoActs(t *testing.T) {
	b, clock := seatedPosition(t, "scenario standard\nseed 3\nturn 2\nstep event\nplayer german\n2620: F-XX\n2621: G-III\n")
	for _, line := range []string{"/moves unit:F-XX", "/move unit:F-XX to:2520"} {
		r := act(t, b, clock, alice, "C1", line)
		got := txt(r)
		refuses(t, got, "German player gives orders now")
		expect(t, got, "event phase (5.0)", "/end")
	}
	r := act(t, b, clock, bob, "C1", "/move unit:G-III to:2721")
	refuses(t, txt(r), "German player turn, event")
	expect(t, txt(r), "event phase (5.0)")
	for _, line := range []string{"/units", "/game status"} {
		got := txt(act(t, b, clock, alice, "C1", line))
		refuses(t, got, "German player turn")
		expect(t, got, "event phase (5.0): Allied player to act")
	}
	g := peek(b, "C1")
	rep := games.SegmentReport{Game: 1, Channel: "C1", Langs: []i18n.Lang{i18n.EN, i18n.JA}, After: g.State.ViewFor(game.PublicView)}
	m, _ := statusMessage(i18n.EN, []games.SegmentReport{rep})
	refuses(t, m.Text, "German player turn", "独軍のプレイヤーターン")
	expect(t, m.Text, "event phase (5.0)", "To move: Allied", "イベントフェイズ (5.0)")
}

// 11.1: /units in the reinforcement phase lists this turn's arrivals
// first and whole, apart from the spares and others that may enter in
// their place.
func TestUnitsListsArrivalsFirst(t *testing.T) {
	b, clock := seatedPosition(t, "scenario standard\nseed 3\nturn Aug III\nstep reinforcement\nplayer allied\nvp 0 50\ndue FR hq 1\ndue FR active 5\ndue FR reserve 2\ndue FR landwehr 6\n0909: G-III\n")
	s := peek(b, "C1").State
	var now []string
	for _, c := range s.Actors() {
		if s.ArrivesNow(c) {
			now = append(now, c.ID)
		}
	}
	if len(now) == 0 {
		t.Fatal("no reinforcement arrives in this position")
	}
	got := txt(act(t, b, clock, alice, "C1", "/units"))
	expect(t, got, "Arriving this turn (11.1): "+strings.Join(now, " ")+"\n", "May also enter in their place")
	if strings.Index(got, "Arriving this turn") > strings.Index(got, "May also enter") {
		t.Errorf("the arrivals are not first:\n%s", got)
	}
}

// 17.2-17.5: a refused placement names the unit's setup area and where
// it may set up; /place with no hex lists those hexes (the console has
// no autocomplete).
func TestPlaceNamesSetupHexes(t *testing.T) {
	b, clock := newStoredBot(t)
	seatBoth(t, b, clock, "C1", "/game new")
	s := peek(b, "C1").State
	c, _ := s.Lookup("F-1A")
	hs := s.SetupHexes(c)
	if len(hs) == 0 {
		t.Fatal("F-1A has no setup hex")
	}
	got := txt(act(t, b, clock, alice, "C1", "/place unit:F-1A hex:0101"))
	expect(t, got, "FR-1A", hs[0].String(), "F-1A may set up in")
	got = txt(act(t, b, clock, alice, "C1", "/place unit:F-1A"))
	expect(t, got, hs[0].String(), "F-1A may set up in")
	refuses(t, got, "autocomplete")
}

// 3.0: the game log files each line under the turn and step it happened
// in, naming the side: the next turn's start is not filed under the last
// segment of the turn before.
func TestGameLogHeadingsFollowTheGame(t *testing.T) {
	b, clock := seatedPosition(t, "scenario standard\nseed 3\nturn Aug II\nstep combat-2\nplayer allied\nvp 0 50\n2620: F-XX\n2621: G-III\n")
	act(t, b, clock, alice, "C1", "/end")
	if peek(b, "C1").State.Turn != 3 {
		t.Fatalf("the turn did not end: %s", peek(b, "C1").State.Turn)
	}
	act(t, b, clock, alice, "C1", "/end") // the event phase
	r := act(t, b, clock, alice, "C1", "/game log export:true")
	log := string(r.Messages[0].Files[0].Data)
	head := ""
	for _, l := range strings.Split(log, "\n") {
		if strings.HasPrefix(l, "**") {
			head = l
			continue
		}
		if strings.Contains(l, "Game turn Aug III begins") && !strings.HasPrefix(head, "**Aug III") {
			t.Errorf("the turn's start is filed under %s:\n%s", head, log)
		}
		if strings.Contains(l, "Event phase:") && !strings.Contains(head, "event phase") {
			t.Errorf("the event phase is filed under %s:\n%s", head, log)
		}
	}
	expect(t, log, "**Aug III, event phase (5.0)**", "**Aug III, German player turn, reinforcement phase**")
}

// 9.4: while a retreat is owed, the other side is told who owes what,
// not only whose turn it is.
func TestWaitingSideToldWhatIsOwed(t *testing.T) {
	b, clock := seatedPosition(t, "scenario standard\nseed 3\nstep combat-1\nplayer german\n2620: F-XX F-66R\n2621: G-III G-IV\n2420: F-1A\n")
	act(t, b, clock, bob, "C1", "/attack table:assault units:G-III G-IV hex:2620")
	owed := peek(b, "C1").State.ViewFor(game.PublicView).Retreats
	if len(owed) == 0 {
		t.Skip("this combat owed no retreat")
	}
	got := txt(act(t, b, clock, bob, "C1", "/end"))
	expect(t, got, "the Allied player owes the retreat of "+owed[0], "9.4")
}

// 17.1-17.5: the setup map names each shaded area, on a hex of the area.
func TestSetupMapLabelsAreas(t *testing.T) {
	b, clock := newStoredBot(t)
	act(t, b, clock, alice, "C1", "/game new")
	s := peek(b, "C1").State
	_, areas := setupHexes(s, s.ToMove())
	labels := setupAreaLabels(s, areas)
	if len(areas) == 0 || len(labels) != len(areas) {
		t.Fatalf("areas %v, labels %v", areas, labels)
	}
	for i, l := range labels {
		x, _ := s.Rules().Map.Hex(l.At)
		if l.Text != areas[i] || x == nil || !slices.Contains(x.Setup, l.Text) {
			t.Errorf("label %q in %s, not in its area", l.Text, l.At)
		}
	}
}
