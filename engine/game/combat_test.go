package game

import (
	"fmt"
	"sort"
	"strings"
	"testing"

	"rtrbot/engine/board"
	"rtrbot/engine/hex"
	"rtrbot/engine/tables/tablestest"
	"rtrbot/engine/units"
)

// attack strength against the defence 6 of one French active corps in
// clear terrain that gives each column (9.0: 1:6 is read as 1:3).
var columnAttack = []int{1, 3, 6, 12, 18, 24, 30, 36, 42}

// forceDie sets the roll count so that the game's next die shows d (the
// dice are a function of seed and roll number, dice.go).
func forceDie(t testing.TB, s *State, d int) {
	t.Helper()
	for k := s.Dice.Rolls + 1; k < s.Dice.Rolls+500; k++ {
		if DieRoll(s.Seed, k) == d {
			s.Dice.Rolls = k - 1
			return
		}
	}
	t.Fatalf("no roll %d", d)
}

// packAttack builds a position with the defender in 0505 and German units
// around it worth exactly attack strength, with German units on three
// alternate sides so that the defender is surrounded (9.7). It returns the
// position body and the attacking ids.
func packAttack(t testing.TB, r *Rules, attack int, defender string) (string, []string) {
	t.Helper()
	target := hex.MustParse("0505")
	nbs := target.Neighbors()
	var pool []*units.Counter
	for _, c := range r.Counters.All() {
		if c.Nation == units.DE && c.Attack > 0 && c.Type != units.Cavalry && c.Role != units.Breakdown {
			pool = append(pool, c)
		}
	}
	sort.SliceStable(pool, func(i, j int) bool { return pool[i].Attack > pool[j].Attack })
	cav := []string{"G-GKD", "G-5K", "G-2K", "G-4K"}
	hexUnits := map[int][]string{}
	load := map[int]int{}
	var ids []string
	left := attack
	if left == 1 {
		hexUnits[0] = append(hexUnits[0], cav[0])
		load[0]++
		ids, left = []string{cav[0]}, 0
	}
	for _, c := range pool {
		if left == 0 {
			break
		}
		if c.Attack > left {
			continue
		}
		for d := 0; d < 6; d++ {
			if load[d]+c.DE <= StackLimit {
				hexUnits[d] = append(hexUnits[d], c.ID)
				load[d] += c.DE
				ids = append(ids, c.ID)
				left -= c.Attack
				break
			}
		}
	}
	if left != 0 {
		t.Fatalf("cannot pack attack %d", attack)
	}
	// Non-attacking German cavalry on alternate sides rings the defender.
	for k, d := range []int{1, 3, 5} {
		if load[d] < StackLimit {
			hexUnits[d] = append(hexUnits[d], cav[k+1])
		}
	}
	var b strings.Builder
	fmt.Fprintf(&b, "step combat-1\nseed 7\n0505: %s\n", defender)
	for d := 0; d < 6; d++ {
		if len(hexUnits[d]) > 0 {
			fmt.Fprintf(&b, "%s: %s\n", nbs[d], strings.Join(hexUnits[d], " "))
		}
	}
	return b.String(), ids
}

func combatCode(t testing.TB, evs []Event) string {
	t.Helper()
	for _, e := range evs {
		if e.Kind == EvCombat {
			for _, code := range []string{"AA", "AR", "AZ", "BB", "DA", "DH", "DR", "DZ", "NE"} {
				if strings.Contains(e.Text.EN, ": "+code+" — ") {
					return code
				}
			}
			t.Fatalf("no result code in %q", e.Text.EN)
		}
	}
	t.Fatal("no combat event")
	return ""
}

// 9.0, 9.7: every cell of the three combat results tables, by real attacks
// at each column's odds with the die forced, against the printed tables.
func TestCombatEveryCellOfTheThreeTables(t *testing.T) {
	for _, c := range crtColumns(t) {
		p, err := c.s.PlanAttack(mustOrder(t, c.order()))
		if err != nil {
			t.Fatalf("%s %d: %v", c.table, c.attack, err)
		}
		if got := c.s.Odds(p).Odds.Column; got != c.col {
			t.Fatalf("%s: attack %d against 6 gives column %d, want %d", c.table, c.attack, got, c.col)
		}
		for die := 1; die <= 6; die++ {
			want := c.want(die)
			if got := combatCode(t, c.attackWithDie(t, die)); got != want {
				t.Errorf("%s column %d die %d: %s, the printed table says %s", c.table, c.col, die, got, want)
			}
		}
	}
}

// crtColumn is a position where a German attack of strength attack, by
// the units ids on 0505, falls in column col of a printed combat results
// table, whose rows are the results by die.
type crtColumn struct {
	table       string
	col, attack int
	rows        [6]string
	s           *State
	ids         []string
}

// crtColumns builds a crtColumn for every column of the three printed
// tables: the cells the combat tests play with each die forced.
func crtColumns(t *testing.T) []crtColumn {
	t.Helper()
	m := newTestMap(10, 10).build()
	var cs []crtColumn
	for table, rows := range tablestest.PrintedCRT {
		for col, attack := range columnAttack {
			body, ids := packAttack(t, nil2rules(t, m), attack, "F-XX")
			cs = append(cs, crtColumn{table: strings.ToUpper(table), col: col, attack: attack, rows: rows, s: position(t, m, body), ids: ids})
		}
	}
	return cs
}

// order is the attack the column's position is built for.
func (c crtColumn) order() string {
	return "german attack " + c.table + " " + strings.Join(c.ids, " ") + " 0505"
}

// want is the printed result of the column's cell for die.
func (c crtColumn) want(die int) string { return strings.Fields(c.rows[die-1])[c.col] }

// attackWithDie plays the column's attack with the die forced to show die
// and returns its events.
func (c crtColumn) attackWithDie(t *testing.T, die int) []Event {
	t.Helper()
	forceDie(t, c.s, die)
	_, evs, err := try(t, c.s, c.order())
	if err != nil {
		t.Fatal(err)
	}
	return evs
}

func nil2rules(t testing.TB, m *board.Map) *Rules {
	r, err := NewRules(m, "standard")
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func mustOrder(t testing.TB, text string) Order {
	t.Helper()
	o, err := ParseOrder(text)
	if err != nil {
		t.Fatal(err)
	}
	return o
}

// odds of an attack given as text on a position.
func oddsOf(t testing.TB, s *State, order string) CombatOdds {
	t.Helper()
	p, err := s.PlanAttack(mustOrder(t, order))
	if err != nil {
		t.Fatalf("%s: %v", order, err)
	}
	return s.Odds(p)
}

// 9.0: odds above 7:1 are read as 7:1 (a stack of many counters, built
// here; the rounding and the doubling are rule cases in 09-combat.txt).
func TestCombatOddsClamped(t *testing.T) {
	m := newTestMap(10, 10).build()
	s := position(t, m, "step combat-1\n0505: F-XX\n0506: G-III")
	// 9.0: 42 against 3 is beyond 7:1 and read as 7:1.
	body, ids := packAttack(t, s.rules, 42, "F-66R")
	s2 := position(t, m, body)
	if co := oddsOf(t, s2, "german attack ASSAULT "+strings.Join(ids, " ")+" 0505"); !co.Odds.Clamped || co.Odds.Column != 8 {
		t.Errorf("9.0: 42:%d not clamped to 7:1: %+v", co.Defence, co.Odds)
	}
}

func mustID(t testing.TB, s *State, id string) int {
	t.Helper()
	c, ok := s.Lookup(id)
	if !ok {
		t.Fatalf("no %s", id)
	}
	return c.Index
}

// ring3 finds three neighbours of h whose zones of control cover the
// other three (alternate sides of the hex).
func ring3(h hex.Hex) [3]hex.Hex {
	nb := h.Neighbors()
	adj := func(a, b hex.Hex) bool { return hex.Distance(a, b) == 1 }
	for i := 0; i < 6; i++ {
		for j := i + 1; j < 6; j++ {
			for k := j + 1; k < 6; k++ {
				ok := true
				for _, x := range nb {
					if x != nb[i] && x != nb[j] && x != nb[k] && !adj(x, nb[i]) && !adj(x, nb[j]) && !adj(x, nb[k]) {
						ok = false
					}
				}
				if ok && !adj(nb[i], nb[j]) && !adj(nb[j], nb[k]) && !adj(nb[i], nb[k]) {
					return [3]hex.Hex{nb[i], nb[j], nb[k]}
				}
			}
		}
	}
	panic("no ring")
}
