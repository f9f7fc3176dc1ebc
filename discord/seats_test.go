package discord_test

import (
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"rtrbot/discord/discordtest"
	"rtrbot/discord/fakediscord"
)

// Threads follow seats, and a seat is taken once (games/seats.go): the
// red-team cases played through the fake Discord, with interactions sent
// at the same instant where a modified client can.

var (
	seatBob   = fakediscord.User{ID: "400000000000000021", Name: "Bob", Locale: "en-US"}
	seatCarol = fakediscord.User{ID: "400000000000000022", Name: "Carol", Locale: "en-US"}
	// seatRef creates the games: their referee, who plays neither side.
	seatRef = fakediscord.User{ID: "400000000000000023", Name: "Rita", Locale: "en-US"}
)

// seatGame opens a standard game by Rita and returns the harness and the
// game's thread.
func seatGame(t *testing.T) (*discordtest.Harness, string) {
	t.Helper()
	bot := realBot(t)
	h := discordtest.New(t, bot.Router, nil)
	h.Say(seatRef, "game new", map[string]any{"scenario": "standard", "seed": 3})
	th := h.Srv.Threads()
	if len(th) != 1 || th[0].Private {
		t.Fatalf("/game new should open one public thread: %+v", th)
	}
	return h, th[0].ID
}

// sayIn runs a command in the game's thread.
func sayIn(h *discordtest.Harness, channel string, u fakediscord.User, path string, opts map[string]any) string {
	h.T.Helper()
	c, _ := h.Run(fakediscord.Invoke{User: u, Channel: channel, Path: path, Options: opts})
	if _, err := c.WaitMessages(1, time.Minute); err != nil { // a slow command may take up to a minute
		h.T.Fatal(err)
	}
	return discordtest.Text(c.Visible())
}

// sideThread is the private thread whose name begins with the side's name.
func sideThread(t *testing.T, h *discordtest.Harness, side string) fakediscord.Thread {
	t.Helper()
	var found []fakediscord.Thread
	for _, th := range h.Srv.Threads() {
		if th.Private && strings.HasPrefix(th.Name, side+" ") {
			found = append(found, th)
		}
	}
	if len(found) != 1 {
		t.Fatalf("%d private %s threads, want 1: %+v", len(found), side, h.Srv.Threads())
	}
	return found[0]
}

// cannotRead fails the test if u can read the private thread th.
func cannotRead(t *testing.T, h *discordtest.Harness, u fakediscord.User, th fakediscord.Thread, why string) {
	t.Helper()
	if ms, err := h.Srv.ReadAs(u.ID, th.ID); err == nil {
		t.Errorf("%s: %s still reads the thread %q (members %v), %d messages", why, u.Name, th.Name, th.Members, len(ms))
	}
}

// Alice joins the Allies, switches to the Germans before the first order,
// and Bob takes the Allied seat: Alice is out of the Allied thread and
// reads nothing posted there since, Bob is in it.
func TestSeatSwitchLeavesTheSideThread(t *testing.T) {
	t.Parallel()
	h, game := seatGame(t)
	sayIn(h, game, alice, "game join", map[string]any{"side": "allied"})
	allied := sideThread(t, h, "Allied")
	sayIn(h, game, alice, "game join", map[string]any{"side": "german"})
	if got := sayIn(h, game, seatBob, "game join", map[string]any{"side": "allied"}); !strings.Contains(got, "Bob joins the Allied side") {
		t.Fatalf("Bob's join: %q", got)
	}
	allied, german := sideThread(t, h, "Allied"), sideThread(t, h, "German")
	if !slices.Equal(allied.Members, []string{seatBob.ID}) || !slices.Equal(german.Members, []string{alice.ID}) {
		t.Errorf("members: Allied %v, German %v; want Bob's and Alice's", allied.Members, german.Members)
	}
	if !slices.Contains(allied.Removed, alice.ID) {
		t.Errorf("Alice was never removed from the Allied thread: %+v", allied)
	}
	cannotRead(t, h, alice, allied, "after her switch")
	if _, err := h.Srv.ReadAs(seatBob.ID, allied.ID); err != nil {
		t.Errorf("Bob cannot read his side's thread: %v", err)
	}
}

// A referee gives Alice's Allied seat to Bob: Alice leaves the Allied
// thread at once and cannot read what is posted there after.
func TestSeatReplacedPlayerLeavesTheSideThread(t *testing.T) {
	t.Parallel()
	h, game := seatGame(t)
	sayIn(h, game, alice, "game join", map[string]any{"side": "allied"})
	sayIn(h, game, seatCarol, "game join", map[string]any{"side": "german"})
	got := sayIn(h, game, seatRef, "game replace", map[string]any{"player": alice.ID, "by": seatBob.ID, "name": "Bob"})
	if !strings.Contains(got, "offers") {
		t.Fatalf("the referee's offer: %q", got)
	}
	// A referee's seating is an offer: Bob takes the seat in his own name.
	got = sayIn(h, game, seatBob, "game replace", map[string]any{"player": alice.ID, "by": seatBob.ID})
	if !strings.Contains(got, "gave") && !strings.Contains(got, "takes") && !strings.Contains(got, "took") {
		t.Fatalf("Bob taking the seat: %q", got)
	}
	allied := sideThread(t, h, "Allied")
	if slices.Contains(allied.Members, alice.ID) || !slices.Contains(allied.Members, seatBob.ID) {
		t.Errorf("Allied thread members %v after Alice was replaced by Bob", allied.Members)
	}
	cannotRead(t, h, alice, allied, "after her replacement")
	if german := sideThread(t, h, "German"); !slices.Equal(german.Members, []string{seatCarol.ID}) {
		t.Errorf("German thread members %v, want Carol alone", german.Members)
	}
}

// Two users join one empty seat at the same instant: one is seated, the
// other is told who holds it, and the side has one thread.
func TestSeatSimultaneousJoinsOfOneSeat(t *testing.T) {
	t.Parallel()
	h, game := seatGame(t)
	side := map[string]any{"side": "german"}
	answers := h.SayTogether(
		fakediscord.Invoke{User: seatBob, Channel: game, Path: "game join", Options: side},
		fakediscord.Invoke{User: seatCarol, Channel: game, Path: "game join", Options: side})
	joined := 0
	var texts []string
	for _, a := range answers {
		texts = append(texts, discordtest.Text(a))
		if strings.Contains(texts[len(texts)-1], "joins the German side") {
			joined++
		}
	}
	if joined != 1 {
		t.Errorf("%d users seated on one seat: %q", joined, texts)
	}
	german := sideThread(t, h, "German")
	if len(german.Members) != 1 {
		t.Errorf("German thread members %v, want the one player", german.Members)
	}
	players := sayIn(h, game, seatRef, "game players", nil)
	if !strings.Contains(players, "German: Bob\n") && !strings.Contains(players, "German: Carol\n") {
		t.Errorf("/game players: %q, want one German player", players)
	}
}

var toMoveRE = regexp.MustCompile(`To move: (\w+) \(([^)]*)\)`)

// One user joins both sides at the same instant: he ends on one side,
// a member of that side's thread only, and the pinned status agrees.
func TestSeatOneUserJoinsBothSidesAtOnce(t *testing.T) {
	t.Parallel()
	h, game := seatGame(t)
	h.SayTogether(
		fakediscord.Invoke{User: seatBob, Channel: game, Path: "game join", Options: map[string]any{"side": "german"}},
		fakediscord.Invoke{User: seatBob, Channel: game, Path: "game join", Options: map[string]any{"side": "allied"}})
	players := sayIn(h, game, seatRef, "game players", nil)
	var mine string
	for _, s := range []string{"German", "Allied"} {
		if strings.Contains(players, s+": Bob\n") {
			if mine != "" {
				t.Fatalf("Bob plays both sides: %q", players)
			}
			mine = s
		}
	}
	if mine == "" {
		t.Fatalf("Bob plays no side: %q", players)
	}
	var member []string
	for _, th := range h.Srv.Threads() {
		if th.Private && slices.Contains(th.Members, seatBob.ID) {
			member = append(member, th.Name)
		}
	}
	if len(member) != 1 || !strings.HasPrefix(member[0], mine+" ") {
		t.Errorf("Bob plays %s and is a member of %v", mine, member)
	}
	var pinned []string
	for _, m := range h.Srv.ChannelMessages(game) {
		if m.Pinned && !m.Deleted {
			pinned = append(pinned, m.Content)
		}
	}
	if len(pinned) != 1 {
		t.Fatalf("%d pinned status messages: %q", len(pinned), pinned)
	}
	m := toMoveRE.FindStringSubmatch(pinned[0])
	if m == nil {
		t.Fatalf("the status names nobody to move: %q", pinned[0])
	}
	if (m[1] == mine) != (m[2] == "Bob") {
		t.Errorf("Bob plays %s; the status says %q", mine, m[0])
	}
}
