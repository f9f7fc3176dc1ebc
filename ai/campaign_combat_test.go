package ai

import (
	"strings"
	"testing"

	"rtrbot/engine/game"
	"rtrbot/engine/units"
)

// TestCombatTally plays two games of the campaign against the heuristic
// and checks the tally against what the games' logs and final VP say:
// every attack of a side's combat segments counted once with one result
// (9.0), the VP of the units eliminated in combat segments within the VP
// each side scored (15.22), the eliminations for want of a retreat hex
// (9.4) among them, and a replay that counts the same twice.
func TestCombatTally(t *testing.T) {
	r := rules(t)
	once, twice := NewCombatTally(), NewCombatTally()
	var final [2]int
	attacks := [2]int{}
	for _, seed := range []uint64{11, 12} {
		players := campaignPlayers(seed*2, seed*2+1)
		res := playGame(t, r, seed, players)
		for i := range final {
			final[i] += res.Final.VP[i]
		}
		// The attacks in the log, counted on their own: an attack order
		// is only ever given in its side's combat segment.
		for _, o := range res.Log {
			if o.Verb == game.VerbAttack {
				attacks[o.Side]++
			}
		}
		if err := once.Add(r, seed, nil, res.Log); err != nil {
			t.Fatal(err)
		}
		for range 2 {
			if err := twice.Add(r, seed, nil, res.Log); err != nil {
				t.Fatal(err)
			}
		}
	}
	if once.Games != 2 || twice.Games != 4 {
		t.Fatalf("games %d and %d, want 2 and 4", once.Games, twice.Games)
	}
	for side := range once.Side {
		st := once.Side[side]
		if st.Attacks != attacks[side] {
			t.Errorf("%s: %d attacks tallied, the logs have %d", units.Side(side), st.Attacks, attacks[side])
		}
		n := 0
		for _, k := range st.Results {
			n += k
		}
		if n != st.Attacks {
			t.Errorf("%s: %d results for %d attacks", units.Side(side), n, st.Attacks)
		}
		if st.Trapped > st.OnOccupied || st.OnOccupied > st.Attacks {
			t.Errorf("%s: %d trapped, %d on occupied hexes, %d attacks", units.Side(side), st.Trapped, st.OnOccupied, st.Attacks)
		}
		if st.EnemyVPRetreat > st.EnemyVP || st.OwnVPRetreat > st.OwnVP {
			t.Errorf("%s: VP for want of a retreat hex above all VP: %+v", units.Side(side), st)
		}
		if st.Segments == 0 || st.Attacks == 0 {
			t.Errorf("%s: no combat tallied: %+v", units.Side(side), st)
		}
		// A side scores at least the VP of the enemy units eliminated in
		// its own combat segments and of its units the enemy lost
		// attacking it (15.22).
		other := once.Side[1-side]
		if got := st.EnemyVP + other.OwnVP; got > final[side] {
			t.Errorf("%s: %d VP of eliminations tallied, %d VP scored in all", units.Side(side), got, final[side])
		}
		d := twice.Side[side]
		if d.Attacks != 2*st.Attacks || d.EnemyVP != 2*st.EnemyVP || d.OwnVP != 2*st.OwnVP || d.Idle != 2*st.Idle || d.Trapped != 2*st.Trapped || d.Segments != 2*st.Segments {
			t.Errorf("%s: the replay counts differently: %+v, then %+v", units.Side(side), st, d)
		}
	}
	if once.Side[units.German].EnemyVP == 0 {
		t.Errorf("the German attacks eliminated nothing in two games: %+v", once.Side[units.German])
	}
	rep := once.Report()
	for _, want := range []string{"german:", "allied:", "attacks", "tables:"} {
		if !strings.Contains(rep, want) {
			t.Errorf("report lacks %q:\n%s", want, rep)
		}
	}
}

// TestCombatTallyRefusesAForeignLog: a log the game refuses (here an
// attack before the setup, 3.0) is reported, never a panic or a silent
// count.
func TestCombatTallyRefusesAForeignLog(t *testing.T) {
	r := rules(t)
	players := campaignPlayers(2, 3)
	res := playGame(t, r, 1, players)
	bad := append([]game.Order{{Side: units.Allied, Verb: game.VerbAttack}}, res.Log...)
	if err := NewCombatTally().Add(r, 1, nil, bad); err == nil {
		t.Error("an attack before the setup was replayed without an error")
	}
}

// TestCombatTallyNet: the VP each table and odds gave add up, over the
// side's attacks, to no more than the VP the side eliminated less what
// it lost in its combat segments (retreat orders can add eliminations of
// their own, 9.4), and every key of Net is a key of the results.
func TestCombatTallyNet(t *testing.T) {
	r := rules(t)
	players := campaignPlayers(26, 27)
	res := playGame(t, r, 13, players)
	tl := NewCombatTally()
	if err := tl.Add(r, 13, nil, res.Log); err != nil {
		t.Fatal(err)
	}
	for side, st := range tl.Side {
		sum := 0
		for k, v := range st.Net {
			sum += v
			found := false
			for rk := range st.Results {
				if strings.HasPrefix(rk, k+" ") {
					found = true
				}
			}
			if !found {
				t.Errorf("%s: Net has %q, no result does", units.Side(side), k)
			}
		}
		if sum > st.EnemyVP || -sum > st.OwnVP {
			t.Errorf("%s: net %d VP over the attacks, %d eliminated and %d lost in all", units.Side(side), sum, st.EnemyVP, st.OwnVP)
		}
	}
}
