package commands

import (
	"os"
	"testing"
)

// The orders of the optional rules reach the engine through /orders:
// with 16.2 the defender answers a waiting attack with delay or stand, with
// 16.3 the Allies move by sea (sea UNIT HEX).
func TestOptionalRuleOrders(t *testing.T) {
	b := gameBot(t)
	pos, write := positionFile(t)
	write("options 16.2\nstep combat-1\n2620: F-6C\n2621: G-III\n")
	expect(t, say(t, b, "/game load file:"+pos), "Sandbox game loaded")
	expect(t, say(t, b, "/attack table:assault units:G-III hex:2620"), "may make a delaying action (16.2)")
	expect(t, say(t, b, "/game status"), "Allied")
	expect(t, say(t, b, "/orders text:delay"), "reconnaissance-in-force table")
	write("options 16.3\nstep movement-1\nplayer allied\n2902: F-FM\n")
	expect(t, say(t, b, "/game load file:"+pos+" replace:true confirm:true"), "Sandbox game loaded")
	expect(t, say(t, b, "/orders text:sea F-FM 3003"), "by assault landing (16.32)")
}

// positionFile is a position file of the standard scenario with seed 5
// (docs/positions.md) and write, which gives it the lines that follow.
func positionFile(t *testing.T) (pos string, write func(body string)) {
	pos = t.TempDir() + "/p.txt"
	return pos, func(body string) {
		t.Helper()
		if err := os.WriteFile(pos, []byte("scenario standard\nseed 5\n"+body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
