package main

import (
	"os"
	"path/filepath"
	"testing"
)

// The tree speaks to its readers of what the code does and why, not of how
// it came to be: no line of code, comment, doc, script or data names the
// issue or the session that wrote it (git keeps that).
func TestNoDevelopmentHistory(t *testing.T) {
	places, err := historyPlaces(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range places {
		t.Errorf("%s speaks of development history (an issue's number or a session): say what the code does and why instead", p)
	}
}

// docs/ai.md says how the computer players decide, how strong they are
// and how to measure them; its experiments belong to git's history.
func TestAIDocShort(t *testing.T) {
	const most = 600
	n := lines(filepath.Join("..", "..", "docs", "ai.md"))
	if n == 0 {
		t.Fatal("docs/ai.md is missing or empty")
	}
	if n > most {
		t.Errorf("docs/ai.md has %d lines, over %d: keep the levels, one table of their strength and how to measure them", n, most)
	}
}

// What the scan counts as history, and what it leaves: the words are
// built here so that this file does not match itself.
func TestHistoryPattern(t *testing.T) {
	issue, session := "issue", "session"
	for _, s := range []string{
		"the figures of " + issue + " 17 before and after",
		"(" + issue + " 18.5: ids of at least 9 px)",
		"Issue" + " #14 asks for",
		"the heuristic of the previous " + session,
		"built in this " + session,
		"Last " + session + " we measured",
	} {
		if !history.MatchString(s) {
			t.Errorf("%q is not taken for history", s)
		}
	}
	for _, s := range []string{
		"Roll #1 of dice " + session + " 2",
		"export one " + session + " at a time",
		"the issues a referee rules on",
		"dispatch nothing more to this gateway " + session,
	} {
		if history.MatchString(s) {
			t.Errorf("%q is taken for history", s)
		}
	}
}

// The scan reads every text file but fixtures, .git and the released
// migrations, and skips binary files.
func TestHistoryPlacesReadsTheTree(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	line := "made in " + "issue" + " 9\n"
	write("a/code.go", "package a\n\n// "+line)
	write("docs/x.md", "# X\n\n"+line)
	write("scripts/run", "#!/bin/sh\n# "+line)
	write("a/testdata/case.txt", line)
	write("db/migrations/0001_a.sql", "-- "+line)
	write("a/picture.png", "\x00"+line)
	got, err := historyPlaces(dir)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]bool{"a/code.go:3": true, "docs/x.md:3": true, "scripts/run:2": true}
	if len(got) != len(want) {
		t.Errorf("places %v, want %v", got, want)
	}
	for _, p := range got {
		if !want[p] {
			t.Errorf("unexpected place %s", p)
		}
	}
}
