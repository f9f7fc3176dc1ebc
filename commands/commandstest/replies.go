// Package commandstest reads the bot's replies in tests that play games
// through the commands (the console's and the fake Discord's): which unit
// a /units list offers first, where /moves lets it go.
package commandstest

import (
	"regexp"
	"strings"
)

// Overstack finds the ids listed in an over-stacking refusal: "1804 (G-I G-II)".
var Overstack = regexp.MustCompile(`\d{4} \(([^)]*)\)`)

// FirstActor is the first unit a /units list marks as able to act ("*G-I").
func FirstActor(units string) string {
	for _, f := range strings.Fields(units) {
		if strings.HasPrefix(f, "*") {
			id := strings.TrimPrefix(f, "*")
			if i := strings.IndexAny(id, "[("); i > 0 {
				id = id[:i]
			}
			return id
		}
	}
	return ""
}

// FirstDest is the first hex /moves offers at 1 or 2 MP.
func FirstDest(moves string) string {
	for _, line := range strings.Split(moves, "\n") {
		if strings.HasPrefix(line, "1 MP: ") || strings.HasPrefix(line, "2 MP: ") {
			return strings.Fields(strings.TrimPrefix(line[strings.Index(line, ":")+1:], " "))[0]
		}
	}
	return ""
}
