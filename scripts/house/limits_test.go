package main

import (
	"path/filepath"
	"testing"
)

// longAllowed are the functions that may stay over 100 lines, each with
// the reason splitting it would not help a reader. At most ten.
var longAllowed = map[string]string{
	"playtest/extras.go:everyCommand": "a script: the commands a player gives, one line each, in the order given",
	"playtest/playtest.go:playGame":   "one game from /game new to its end: the loop reads as the players' turn order",
}

// A function over 100 lines does more than one thing: split it by what
// its parts mean, or say here why it is one thing.
func TestFunctionsShort(t *testing.T) {
	if len(longAllowed) > 10 {
		t.Errorf("%d functions allowed over 100 lines: at most 10", len(longAllowed))
	}
	f, err := survey(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	long := map[string]bool{}
	for _, l := range f.longs {
		long[l.where] = true
		if longAllowed[l.where] == "" {
			t.Errorf("%s has %d lines, over 100: split it by what its parts mean", l.where, l.lines)
		}
	}
	for where := range longAllowed {
		if !long[where] {
			t.Errorf("%s is allowed over 100 lines but is not (any more): take it off the list", where)
		}
	}
}

// The context of an interaction reaches the database: only main packages
// (and tests) start a context of their own, so that shutdown reaches every
// write.
func TestContextsPassedThrough(t *testing.T) {
	f, err := survey(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range f.background {
		t.Errorf("%s starts context.Background(): take the caller's context", b)
	}
}
