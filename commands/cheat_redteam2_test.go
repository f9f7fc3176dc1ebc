package commands_test

import (
	"context"
	"strconv"
	"strings"
	"testing"
	"time"

	"rtrbot/actor"
	"rtrbot/commands"
	"rtrbot/db"
	"rtrbot/i18n"
)

// TestCheatAdminForgedOperator: a player tries every /admin subcommand
// (now in package admin) without being the operator: as a server manager
// with roles, with a user ID shaped like the console's ("console:me") from
// a guild or a DM, in a guild literally named "console" with a Discord ID,
// and with a forged Console flag on his actor. What stops him: isOperator
// (commands/admin.go) wants Operator (set only by the Discord adapter from
// RTRBOT_OPERATORS) or the console's guild AND its user prefix; nothing
// reaches admin.Tools first, so the game is neither listed nor deleted.
func TestCheatAdminForgedOperator(t *testing.T) {
	c := newCompanion(t)
	ctx := context.Background()
	g, err := c.store.CreateGame(ctx, db.NewGame{Guild: "G", Channel: "C", Scenario: "standard", Seed: []byte{7}, CreatedBy: "101"})
	if err != nil {
		t.Fatal(err)
	}
	id := g.ID
	game := strconv.FormatInt(id, 10)
	cheats := []struct {
		guild string
		user  actor.Actor
	}{
		{"G", actor.Actor{ID: "101", Name: "creator", Manager: true, Roles: []string{"ref"}}},
		{"G", actor.Actor{ID: "console:me", Name: "me"}},
		{"dm", actor.Actor{ID: "console:me", Name: "me"}},
		{"console", actor.Actor{ID: "101", Name: "me"}},
		{"G", actor.Actor{ID: "101", Name: "me", Console: true}},
	}
	for _, sub := range []string{"backup", "check", "repair", "delete", "games"} {
		for _, ch := range cheats {
			opts := map[string]string{}
			if sub == "repair" || sub == "delete" {
				opts["game"] = game
			}
			resp := c.bot.Router.Run(ctx, &commands.Request{Path: "admin " + sub, Options: opts, User: ch.user,
				Guild: ch.guild, Channel: "C", Lang: i18n.EN, Now: time.Now()})
			if len(resp.Messages) == 0 || !resp.Messages[0].Ephemeral || !strings.Contains(resp.Messages[0].Text, "operator") {
				t.Errorf("/admin %s by %+v in %s: %+v", sub, ch.user, ch.guild, resp.Messages)
			}
		}
	}
	if _, err := c.store.Game(ctx, id); err != nil {
		t.Errorf("the game is gone after the refused commands: %v", err)
	}
}

// TestCheatActorConsoleFlagForged: an adapter (or a forged request) sets
// Console on the user to pass as whoever sits at the console, a referee of
// every game. What stops it: Request.Actor derives Console from the
// request's guild alone, which on Discord is a snowflake or "dm".
func TestCheatActorConsoleFlagForged(t *testing.T) {
	for _, g := range []string{"123", "dm", ""} {
		r := &commands.Request{Guild: g, User: actor.Actor{ID: "console:x", Console: true}}
		if r.Actor().Console {
			t.Errorf("guild %q: forged Console flag kept", g)
		}
	}
	if r := (&commands.Request{Guild: "console", User: actor.Actor{ID: "console:x"}}); !r.Actor().Console {
		t.Error("the console itself lost its seat")
	}
}

// TestCheatLogSeedFromOtherChannel: a player wants the secret server seed
// of the open dice session of table-1 (to know every coming die) and asks
// for it from table-2, where he runs /log export, verify and stats with
// session:N naming table-1's session, and /log recent. What stops him:
// package rolls reads sessions by guild AND channel (db.Session), and
// export prints the seed only of a revealed session.
func TestCheatLogSeedFromOtherChannel(t *testing.T) {
	c := newCompanion(t)
	first := c.run(i18n.EN, "table-1", "anna", "roll", "dice:2d6")
	m := rollRE.FindStringSubmatch(first.Messages[0].Text)
	if m == nil {
		t.Fatalf("no roll: %+v", first.Messages)
	}
	sess := m[2]
	var seen []string
	collect := func(r *commands.Response) {
		for _, msg := range r.Messages {
			seen = append(seen, msg.Text)
			for _, f := range msg.Files {
				seen = append(seen, string(f.Data))
			}
		}
	}
	c.run(i18n.EN, "table-2", "cheat", "roll", "dice:1d6")
	for _, p := range []string{"log export", "log verify", "log stats"} {
		collect(c.run(i18n.EN, "table-2", "cheat", p, "session:"+sess))
	}
	collect(c.run(i18n.EN, "table-2", "cheat", "log recent"))
	collect(c.run(i18n.EN, "table-2", "cheat", "log reveal")) // reveals table-2's own session only
	collect(c.run(i18n.EN, "table-1", "cheat", "log export")) // unrevealed: no seed yet
	rev := c.run(i18n.EN, "table-1", "anna", "log reveal")
	s := seedRE.FindStringSubmatch(rev.Messages[0].Text)
	if s == nil {
		t.Fatalf("reveal: %+v", rev.Messages)
	}
	for _, text := range seen {
		if strings.Contains(text, s[1]) {
			t.Fatalf("table-1's server seed leaked before its reveal: %q", text)
		}
	}
}
