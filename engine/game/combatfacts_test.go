package game

import (
	"reflect"
	"slices"
	"strings"
	"testing"

	"rtrbot/engine/hex"
)

// 9.0, 9.7: an attack's EvCombat carries its values as fields: the table,
// the column after shifts, the die, the result code, the defender's hex
// and the attackers' hexes (each once). Checked on every cell of the
// three tables, against the printed tables and against the sentence.
func TestCombatEventCarriesItsFacts(t *testing.T) {
	for _, c := range crtColumns(t) {
		var from []hex.Hex
		for _, id := range c.ids {
			u, _ := c.s.Lookup(id)
			if at := c.s.Units[u.Index].At; !slices.Contains(from, at) {
				from = append(from, at)
			}
		}
		table, col := c.table, c.col
		for die := 1; die <= 6; die++ {
			evs := c.attackWithDie(t, die)
			var e *Event
			for i := range evs {
				if evs[i].Kind == EvCombat {
					e = &evs[i]
				} else if evs[i].Combat != nil {
					t.Errorf("a %s event carries combat facts", evs[i].Kind)
				}
			}
			if e == nil || e.Combat == nil {
				t.Fatalf("%s column %d die %d: no combat event with facts in %v", table, col, die, evs)
			}
			f := e.Combat
			want := c.want(die)
			column := Tables().Columns()[col]
			if !strings.EqualFold(f.Table, table) || f.Odds != column || f.Die != die || string(f.Result) != want ||
				f.Defender != hex.MustParse("0505") || !reflect.DeepEqual(f.Attackers, from) {
				t.Errorf("%s column %d die %d: facts %+v, want table %s, odds %s, die %d, result %s, defender 0505, attackers %v",
					table, col, die, *f, table, column, die, want, from)
			}
			// The sentence says the same.
			if said := " at " + column.String() + ", die " + itoa(die) + ": " + want + " — "; !strings.Contains(e.Text.EN, said) {
				t.Errorf("the sentence %q does not say %q", e.Text.EN, said)
			}
		}
	}
}

// The facts stay out of Event.String, the text the database stores for
// each event: stored rows keep their format.
func TestCombatFactsOutOfEventString(t *testing.T) {
	e := Event{Kind: EvCombat, Hexes: []hex.Hex{hex.MustParse("0505"), hex.MustParse("0504")}, N: 4}
	plain := e.String()
	e.Combat = &CombatFacts{Table: "assault", Die: 4, Result: "DR", Defender: hex.MustParse("0505"), Attackers: []hex.Hex{hex.MustParse("0504")}}
	if got := e.String(); got != plain {
		t.Errorf("String with facts %q, without %q", got, plain)
	}
}
