package commands_test

import (
	"strings"
	"testing"

	"rtrbot/i18n"
)

// A roll through the command layer: parse, draw from the session's seeds,
// read, and one SQLite transaction (WAL, real file in a temporary folder).
func BenchmarkRollCommand(b *testing.B) {
	c := newCompanion(b)
	for b.Loop() {
		c.run(i18n.EN, "bench", "anna", "roll", "dice:2d6")
	}
}

// A combat roll on the assault table from strengths and a shift.
func BenchmarkCombatCommand(b *testing.B) {
	c := newCompanion(b)
	for b.Loop() {
		c.run(i18n.EN, "bench", "anna", "combat", "table:assault", "attack:14", "defense:5", "shift:+1")
	}
}

// /log verify of a revealed session of 1,000 rolls.
func BenchmarkVerify1000(b *testing.B) {
	c := newCompanion(b)
	for i := 0; i < 1000; i++ {
		c.run(i18n.EN, "bench", "anna", "combat", "table:assault", "odds:3:1")
	}
	c.run(i18n.EN, "bench", "anna", "log reveal")
	for b.Loop() {
		r := c.run(i18n.EN, "bench", "anna", "log verify")
		if !strings.Contains(r.Messages[0].Text, "✅ 1000 rolls drawn by the bot,") {
			b.Fatal(r.Messages[0].Text)
		}
	}
}
