package commands

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"rtrbot/actor"
	"rtrbot/i18n"
)

// A small Swiss tournament run through the commands, as the console would:
// registration, start, results reported and confirmed, the next round,
// standings and the TRF export; bad input gets a clear private answer.
func TestTournamentThroughCommands(t *testing.T) {
	b, clock := newStoredBot(t)
	org := actor.Actor{ID: "900", Name: "Org"}
	players := []actor.Actor{{ID: "901", Name: "Ann"}, {ID: "902", Name: "Ben"}, {ID: "903", Name: "Cat"}, {ID: "904", Name: "Dan"}}
	do := func(u actor.Actor, line string) *Response { return act(t, b, clock, u, "C1", line) }
	expect(t, txt(do(org, "/tournament new name:Autumn format:swiss rounds:2 scenario:standard")), "Autumn")
	for _, p := range players {
		expect(t, txt(do(p, "/tournament join name:Autumn")), p.Name+" joins Autumn")
	}
	r := do(players[0], "/tournament join name:Autumn")
	if len(r.Messages) == 0 || !r.Messages[0].Ephemeral {
		t.Errorf("joining twice: %+v", r)
	}
	if r := do(players[0], "/tournament start name:Autumn"); !r.Messages[0].Ephemeral {
		t.Errorf("a player started the tournament: %s", txt(r))
	}
	start := txt(do(org, "/tournament start name:Autumn"))
	expect(t, start, "Autumn has begun")
	report := func() {
		p := txt(do(org, "/tournament pairings name:Autumn"))
		tables := regexp.MustCompile(`(?m)^\D*(\d+)\D`).FindAllStringSubmatch(p, -1)
		if len(tables) == 0 {
			t.Fatalf("no tables in the pairings:\n%s", p)
		}
		for n := 1; n <= 2; n++ {
			rep := txt(do(org, fmt.Sprintf("/tournament report name:Autumn table:%d result:german level:marginal margin:12", n)))
			if strings.Contains(rep, "reported") {
				expect(t, txt(do(org, fmt.Sprintf("/tournament confirm name:Autumn table:%d", n))), "confirmed")
			} else {
				t.Logf("table %d: %s", n, rep)
			}
		}
	}
	report()
	expect(t, txt(do(org, "/tournament next name:Autumn")), "")
	report()
	st := txt(do(org, "/tournament standings name:Autumn"))
	for _, p := range players {
		expect(t, st, p.Name)
	}
	ex := do(org, "/tournament export name:Autumn format:trf")
	if len(ex.Messages) == 0 || len(ex.Messages[0].Files) != 1 || !strings.Contains(string(ex.Messages[0].Files[0].Data), "012 Autumn") {
		t.Errorf("TRF export: %+v", txt(ex))
	}
	// Bad input: a clear private message, in the asker's language.
	req := &Request{Path: "tournament join", Options: map[string]string{"name": "Nope"}, Guild: "G1", Channel: "C1", User: players[0], Lang: i18n.JA, Now: clock.Now()}
	r = b.Router.Run(context.Background(), req)
	if len(r.Messages) == 0 || !r.Messages[0].Ephemeral || !strings.Contains(r.Messages[0].Text, "大会") {
		t.Errorf("an unknown tournament: %+v", r)
	}
}

// A name is written as typed: a player called "100%" who checks in and
// withdraws, and an organiser who drops "50%off", read their names, not
// a garbled format ("%!s(MISSING)").
func TestTournamentNamesWithPercent(t *testing.T) {
	b, clock := newStoredBot(t)
	org := actor.Actor{ID: "900", Name: "Org"}
	pc := actor.Actor{ID: "901", Name: "100%"}
	off := actor.Actor{ID: "902", Name: "50%off"}
	do := func(u actor.Actor, line string) *Response { return act(t, b, clock, u, "C1", line) }
	expect(t, txt(do(org, "/tournament new name:Autumn format:swiss rounds:2 scenario:standard checkin:true")), "Autumn")
	expect(t, txt(do(pc, "/tournament join name:Autumn")), "100% joins Autumn")
	expect(t, txt(do(off, "/tournament join name:Autumn")), "50%off joins Autumn")
	expect(t, txt(do(pc, "/tournament checkin name:Autumn")), "100% checks in for Autumn.")
	expect(t, txt(do(pc, "/tournament withdraw name:Autumn")), "100% withdraws from Autumn.")
	if r := txt(do(org, "/tournament drop name:Autumn player:50%off")); strings.Contains(r, "%!") {
		t.Errorf("drop: %s", r)
	}
}
