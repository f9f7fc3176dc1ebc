package commands

import (
	"sort"
	"testing"
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
