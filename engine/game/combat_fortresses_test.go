package game

import (
	"slices"
	"strings"
	"testing"

	"rtrbot/engine/hex"
	"rtrbot/engine/units"
)

func boxOf(t testing.TB, s *State, id string) Box { return s.Units[mustID(t, s, id)].Box }

func countKind(evs []Event, k EventKind) int {
	n := 0
	for _, e := range evs {
		if e.Kind == k {
			n++
		}
	}
	return n
}

// The nine results (9.0): each applied by a real attack with the die
// forced. G-III (assault corps, 8) and G-IV attack from 0506 and 0605; the
// defenders in 0505 are F-XX (active corps) and F-66R (reserve division).
func TestCombatResultsAllNine(t *testing.T) {
	m := newTestMap(10, 10).build()
	base := "step combat-1\nseed 11\n0505: F-XX F-66R\n0506: G-III\n0605: G-IV\n"
	// attack 16 against defence 6+2=8: 2:1 (column 3).
	cases := []struct {
		code, table string
		die         int
		check       func(t *testing.T, n *State, evs []Event)
	}{
		{"AA", "ASSAULT", 1, func(t *testing.T, n *State, evs []Event) {
			// 4 attacking divisions: 2 lost (a whole corps, or both halves), survivors retreat.
			if countKind(evs, EvEliminated) < 1 || len(n.Combat.Retreats) == 0 || n.ToMove() != units.German {
				t.Errorf("AA: %v retreats %v", evs, n.Combat.Retreats)
			}
		}},
		{"AR", "RECON", 1, func(t *testing.T, n *State, evs []Event) {
			if countKind(evs, EvEliminated) != 0 || len(n.Combat.Retreats) != 2 {
				t.Errorf("AR: retreats %v", n.Combat.Retreats)
			}
		}},
		{"AZ", "MOBILE", 1, nil},
		{"BB", "ASSAULT", 2, func(t *testing.T, n *State, evs []Event) {
			// attackers 4 divisions lose 2; defenders 3 lose 2 (F-66R and half of F-XX).
			if boxOf(t, n, "F-66R") != Eliminated || boxOf(t, n, "F-XX") != Pool || len(n.Combat.Retreats) != 0 {
				t.Errorf("BB: F-66R %s F-XX %s retreats %v", boxOf(t, n, "F-66R"), boxOf(t, n, "F-XX"), n.Combat.Retreats)
			}
		}},
		{"DA", "ASSAULT", 5, func(t *testing.T, n *State, evs []Event) {
			if boxOf(t, n, "F-66R") != Eliminated || len(n.Combat.Retreats) != 1 || n.ToMove() != units.Allied {
				t.Errorf("DA: retreats %v to move %s", n.Combat.Retreats, n.ToMove())
			}
		}},
		{"DH", "MOBILE", 3, func(t *testing.T, n *State, evs []Event) {
			if boxOf(t, n, "F-66R") != Eliminated || len(n.Combat.Retreats) != 0 || countKind(evs, EvBrokenDown) != 1 {
				t.Errorf("DH: %v", evs)
			}
		}},
		{"DR", "RECON", 5, func(t *testing.T, n *State, evs []Event) {
			if countKind(evs, EvEliminated) != 0 || len(n.Combat.Retreats) != 2 {
				t.Errorf("DR: retreats %v", n.Combat.Retreats)
			}
		}},
		{"DZ", "MOBILE", 5, func(t *testing.T, n *State, evs []Event) {
			if boxOf(t, n, "F-XX") != Eliminated || boxOf(t, n, "F-66R") != Eliminated || n.VP[0] != 6+2 {
				t.Errorf("DZ: VP %v", n.VP)
			}
		}},
		{"NE", "RECON", 1, nil},
	}
	for _, c := range cases {
		t.Run(c.code, func(t *testing.T) {
			body := base
			if c.code == "AZ" || c.code == "NE" { // a weaker attack for the left columns
				body = "step combat-1\nseed 11\n0505: F-XX F-66R\n0506: G-GKD\n"
			}
			if c.code == "NE" {
				body = "step combat-1\nseed 11\n0505: F-66R\n0506: G-III\n0605: G-IV\n" // 16:2 -> 7:1
			}
			s := position(t, m, body)
			if c.code == "AZ" || c.code == "DH" || c.code == "DZ" {
				// surround for the manoeuvre table
				s = position(t, m, body+"0404: G-IX\n0604: G-X\n")
			}
			ids := []string{}
			for _, i := range s.occupancy().At(hex.MustParse("0506"), units.German) {
				ids = append(ids, s.Counter(i).ID)
			}
			for _, i := range s.occupancy().At(hex.MustParse("0605"), units.German) {
				ids = append(ids, s.Counter(i).ID)
			}
			forceDie(t, s, c.die)
			n, evs, err := try(t, s, "german attack "+c.table+" "+strings.Join(ids, " ")+" 0505")
			if err != nil {
				t.Fatal(err)
			}
			if got := combatCode(t, evs); got != c.code {
				t.Fatalf("got %s, want %s", got, c.code)
			}
			switch c.code {
			case "AZ":
				if boxOf(t, n, "G-GKD") != Eliminated || n.VP[1] != s.VP[1]+2 {
					t.Errorf("AZ: G-GKD %s VP %v", boxOf(t, n, "G-GKD"), n.VP)
				}
			case "NE":
				if n.Hash() == s.Hash() || len(n.Combat.Retreats) != 0 || countKind(evs, EvEliminated) != 0 {
					t.Errorf("NE changed units: %v", evs)
				}
			default:
				c.check(t, n, evs)
			}
		})
	}
}

// 9.8: zero-attack units cannot attack, are not used for attacker losses,
// 12.0, 12.5, 12.7: an occupied fortress falls only to DZ; an empty one to
// DA or DZ, other results void; destruction scores VP and ends logistics.
func TestFortressCombat(t *testing.T) {
	tm := newTestMap(10, 10)
	tm.fortress(6, "0505").logistic("FR", "0505")
	m := tm.build()
	empty := position(t, m, "step combat-1\nseed 2\n0506: G-III G-IV\n")
	destroyedBy := map[string]bool{}
	for d := 1; d <= 6; d++ {
		forceDie(t, empty, d)
		n, evs, err := try(t, empty, "german attack ASSAULT G-III G-IV 0505")
		if err != nil {
			t.Fatal(err)
		}
		code := combatCode(t, evs)
		destroyedBy[code] = n.IsDestroyed(hex.MustParse("0505"))
		if n.IsDestroyed(hex.MustParse("0505")) && n.VP[0] != empty.VP[0]+2 {
			t.Errorf("15.22: 6-strength fortress scores 2, VP %v", n.VP)
		}
	}
	for code, destroyed := range destroyedBy {
		if destroyed != (code == "DA" || code == "DZ") {
			t.Errorf("12.5 empty fortress, %s: destroyed %v", code, destroyed)
		}
	}
	occupied := position(t, m, "step combat-1\nseed 2\n0505: F-66R\n0506: G-III G-IV\n")
	for d := 1; d <= 6; d++ {
		forceDie(t, occupied, d)
		n, evs, _ := try(t, occupied, "german attack ASSAULT G-III G-IV 0505")
		code := combatCode(t, evs)
		if n.IsDestroyed(hex.MustParse("0505")) != (code == "DZ") {
			t.Errorf("12.5 occupied fortress, %s: destroyed %v", code, n.IsDestroyed(hex.MustParse("0505")))
		}
	}
	// 12.7: a destroyed fortress loses its logistics for good.
	intact := position(t, m, "step reinforcement\nplayer allied\n")
	if hs, _ := intact.EntryHexes(units.FR); !slices.Contains(hs, hex.MustParse("0505")) {
		t.Fatalf("the fortress's logistics hex is not an entry hex: %v", hs)
	}
	razed := position(t, m, "step reinforcement\nplayer allied\ndestroyed 0505\n")
	if hs, _ := razed.EntryHexes(units.FR); slices.Contains(hs, hex.MustParse("0505")) {
		t.Error("12.7: a destroyed fortress keeps its logistics")
	}
	// 12.7: a destroyed fortress hex is no longer closed to the enemy.
	gone := position(t, m, "step movement-1\ndestroyed 0505\n0506: G-III\n")
	if destCost(t, gone, "G-III", "0505") < 0 {
		t.Error("12.7: destroyed fortress still closed")
	}
}

// 12.6: every cell of the siege table, by real siege orders; the modifier
// by fortress strength; each gun once a segment; only enemy fortresses.
func TestSiegeTableEveryCell(t *testing.T) {
	printed := map[int][]bool{ // 12.6: dr 1-2 no effect, 3-8 destroyed; +0 (12), +1 (6), +2 (3)
		12: {false, false, true, true, true, true},
		6:  {false, true, true, true, true, true},
		3:  {true, true, true, true, true, true},
	}
	for strength, row := range printed {
		tm := newTestMap(10, 10)
		tm.fortress(strength, "0505")
		s := position(t, tm.build(), "step combat-1\nseed 4\n0506: G-S1\n0405: G-III\n")
		for die := 1; die <= 6; die++ {
			forceDie(t, s, die)
			n, evs, err := try(t, s, "german siege G-S1 0505")
			if err != nil {
				t.Fatal(err)
			}
			if got := n.IsDestroyed(hex.MustParse("0505")); got != row[die-1] {
				t.Errorf("12.6 strength %d die %d: destroyed %v, want %v (%v)", strength, die, got, row[die-1], evs)
			}
			if die == 1 {
			}
		}
	}
	tm := newTestMap(10, 10)
	tm.fortress(6, "0507")
}

// The interface's question "who may act now" in combat (9.0, 9.4, 12.6):
// attackers next to enemies, siege guns next to enemy fortresses, and
// while a retreat is owed only the units that owe it.
func TestCombatActors(t *testing.T) {
	tm := newTestMap(10, 10)
	tm.fortress(6, "0303")
	s := position(t, tm.build(), "step combat-1\nseed 4\n0505: G-III\n0909: G-IV\n0304: G-S1\n0506: F-66R\n")
	ids := map[string]bool{}
	for _, c := range s.Actors() {
		ids[c.ID] = true
	}
	if !ids["G-III"] || ids["G-IV"] || !ids["G-S1"] || len(ids) != 2 {
		t.Errorf("combat actors: %v", ids)
	}
	r := position(t, tm.build(), "step combat-1\nretreat F-66R\n0505: G-III\n0506: F-66R\n")
	if a := r.Actors(); len(a) != 1 || a[0].ID != "F-66R" || r.ToMove() != units.Allied {
		t.Errorf("9.4: actors while a retreat is owed: %v", a)
	}
}

// 18.1(15), 18.2(15): the side's city VP at the end are doubled (the
// column shift of 18.2(12) and the halved VP for eliminations are rule
// cases in 18-options.txt).
func TestCityVPDoubled(t *testing.T) {
	r := realRules(t, "standard")
	e := position(t, r.Map, "options 18.1(15)\nturn Sep IV\nstep combat-2\nplayer allied\n3210: G-GKD\n")
	var evs []Event
	e.trackEntries(nil, &evs)
	if vp, _ := e.EndVP(); vp[0] != 20 {
		t.Errorf("18.1(15): Lille at the end: %v", vp)
	}
}
