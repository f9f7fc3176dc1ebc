package commands

import (
	"testing"
)

// The orders of the optional rules reach the engine through /orders:
// with 16.2 the defender answers a waiting attack with delay or stand, with
// 16.3 the Allies move by sea (sea UNIT HEX).
func TestOptionalRuleOrders(t *testing.T) {
	b := gameBot(t)
	loadConsolePosition(t, b, "options 16.2\nstep combat-1\n2620: F-6C\n2621: G-III\n")
	expect(t, say(t, b, "/attack table:assault units:G-III hex:2620"), "may make a delaying action (16.2)")
	expect(t, say(t, b, "/game status"), "Allied")
	expect(t, say(t, b, "/orders text:delay"), "reconnaissance-in-force table")
	loadConsolePosition(t, b, "options 16.3\nstep movement-1\nplayer allied\n2902: F-FM\n")
	expect(t, say(t, b, "/orders text:sea F-FM 3003"), "by assault landing (16.32)")
}
