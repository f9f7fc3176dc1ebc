package commands

import (
	"context"
	"maps"
	"sort"
	"strconv"
	"testing"

	"rtrbot/actor"
	"rtrbot/i18n"
)

// Every command's visibility is decided in one table, and the table
// names no command that does not exist.
func TestEveryCommandHasAVisibility(t *testing.T) {
	b := New(Deps{})
	seen := map[string]bool{}
	var walk func(prefix string, cs []*Command)
	walk = func(prefix string, cs []*Command) {
		for _, c := range cs {
			p := prefix + c.Name
			if len(c.Sub) > 0 {
				walk(p+" ", c.Sub)
				continue
			}
			seen[p] = true
			if _, ok := visibility[p]; !ok || c.Private == nil {
				t.Errorf("/%s has no visibility in commands/privacy.go: decide whether its answer is private", p)
			}
		}
	}
	walk("", b.Router.Commands())
	var stale []string
	for p := range visibility {
		if !seen[p] {
			stale = append(stale, p)
		}
	}
	sort.Strings(stale)
	if len(stale) > 0 {
		t.Errorf("commands/privacy.go names commands that do not exist: %v", stale)
	}
	if len(seen) < 50 {
		t.Errorf("only %d commands walked: the router's list is not what this test expects", len(seen))
	}
}

// Orders, one's own map and unknown commands are private; the public map
// and the status are public.
func TestVisibilityFromOptions(t *testing.T) {
	rt := New(Deps{}).Router
	for _, c := range []struct {
		path    string
		opts    map[string]string
		private bool
	}{
		{"move", nil, true},
		{"orders", map[string]string{"text": "end"}, true},
		{"end", map[string]string{"until": "event"}, true},
		{"undo", nil, true},
		{"units", nil, true},
		{"map", nil, false},
		{"map", map[string]string{"view": "public"}, false},
		{"map", map[string]string{"view": "mine"}, true},
		{"map", map[string]string{"unit": "G-III"}, true},
		{"game status", nil, false},
		{"game new", nil, false},
		{"no such command", nil, true},
	} {
		req := &Request{Path: c.path, Options: c.opts}
		if got := rt.Private(req); got != c.private {
			t.Errorf("/%s %v: private %v, want %v", c.path, c.opts, got, c.private)
		}
	}
}

// Every refusal is private, whatever the command's visibility: walked over
// every command of the bot with each kind of bad input the router refuses
// (an unknown subcommand, a missing subcommand, an unknown option, a
// missing one, a value that is not a number, not true or false, not among
// the choices), the visibility decided before the command runs is private
// and so is every message of the answer; and so are the refusals of
// public commands' own handlers.
func TestEveryRefusalIsPrivate(t *testing.T) {
	b := gameBot(t)
	say(t, b, "/game new scenario:standard seed:3")
	rt := b.Router
	run := func(path string, opts map[string]string, before bool) {
		t.Helper()
		req := &Request{Path: path, Options: opts, Guild: "console", Channel: "c1", Lang: i18n.EN, User: actor.Actor{ID: "u", Name: "u"}}
		if before && !rt.Private(req) {
			t.Errorf("/%s %v: decided public before it runs, but it is refused", path, opts)
		}
		resp := rt.Run(context.Background(), req)
		if len(resp.Messages) == 0 {
			t.Errorf("/%s %v: no answer", path, opts)
		}
		for _, m := range resp.Messages {
			if !m.Ephemeral {
				t.Errorf("/%s %v: public refusal %q", path, opts, m.Text)
			}
		}
	}
	check := func(path string, opts map[string]string) { t.Helper(); run(path, opts, true) }
	walked := 0
	var walk func(prefix string, cs []*Command)
	walk = func(prefix string, cs []*Command) {
		for _, c := range cs {
			p := prefix + c.Name
			if len(c.Sub) > 0 {
				check(p, nil)
				check(p+" frobnicate", nil)
				walk(p+" ", c.Sub)
				continue
			}
			walked++
			// Good values for every option, so that each bad one below is
			// the only thing wrong.
			good := map[string]string{}
			for _, o := range c.Options {
				switch {
				case o.Type == Integer:
					good[o.Name] = strconv.Itoa(o.MinInt)
				case o.Type == Boolean:
					good[o.Name] = "false"
				case len(o.Choices) > 0:
					good[o.Name] = o.Choices[0].Value
				default:
					good[o.Name] = "1804"
				}
			}
			with := func(name, v string) map[string]string {
				m := maps.Clone(good)
				if v == "" {
					delete(m, name)
				} else {
					m[name] = v
				}
				return m
			}
			check(p, with("frobnicate", "1"))
			for _, o := range c.Options {
				switch {
				case o.Required:
					check(p, with(o.Name, ""))
				}
				switch {
				case o.Type == Integer:
					check(p, with(o.Name, "many"))
					if o.MaxInt > o.MinInt {
						check(p, with(o.Name, strconv.Itoa(o.MaxInt+1)))
					}
				case o.Type == Boolean:
					check(p, with(o.Name, "perhaps"))
				case len(o.Choices) > 0 && !o.Autocomplete:
					check(p, with(o.Name, "frobnicate"))
				}
			}
		}
	}
	walk("", rt.Commands())
	if walked < 50 {
		t.Errorf("only %d commands walked", walked)
	}
	check("frobnicate", nil)
	// The public commands' own refusals: their answer is private (a fast
	// command is answered directly, with the answer's visibility).
	for _, line := range []string{"/hex hex:9999", "/hex hex:xyzzy", "/hex hex:0000", "/roll dice:frobnicate", "/combat odds:frobnicate"} {
		path, opts := readLine(rt, line)
		run(path, opts, false)
	}
}
