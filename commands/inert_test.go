package commands_test

import (
	"path/filepath"
	"strings"
	"testing"

	"rtrbot/commands"
)

// User text is inert: what Discord would act on is broken, what reads
// stays.
func TestInert(t *testing.T) {
	for in, want := range map[string]string{
		"Alice":                         "Alice",
		"Cup #2 (autumn)":               "Cup #2 (autumn)",
		"<@123>":                        "<\u200b@123\\>",
		"<@&456> <#789>":                "<\u200b@&456\\> <\u200b#789\\>",
		"@everyone and @here":           "@\u200beveryone and @\u200bhere",
		"[maps](https://evil.example)":  "[maps]\u200b(https://evil.example)",
		"**bold** _it_ ~~s~~ `c` ||x||": `\*\*bold\*\* \_it\_ \~\~s\~\~ ` + "\\`c\\`" + ` \|\|x\|\|`,
	} {
		if got := commands.Inert(in); got != want {
			t.Errorf("Inert(%q) = %q, want %q", in, got, want)
		}
	}
}

// A tournament's name is echoed in public posts and typed to name it, so
// a name Discord would act on is refused privately, and nothing is made.
func TestTournamentNameThatWouldPing(t *testing.T) {
	r := newConsoleRun(t, filepath.Join(t.TempDir(), "t.db"))
	r.refused("Org", "/tournament new name:<@123>Cup format:swiss rounds:4 scenario:standard play:table", "cannot hold what Discord would act on")
	r.refused("Org", "/tournament new name:@everyone format:swiss rounds:4 scenario:standard play:table", "cannot hold what Discord would act on")
	if out := r.as("P1", "/tournament join name:@everyone"); strings.Contains(out, "joins") {
		t.Fatalf("a refused tournament was made: %s", out)
	}
	r.must("Org", "/tournament new name:Autumn format:swiss rounds:4 scenario:standard play:table")
}
