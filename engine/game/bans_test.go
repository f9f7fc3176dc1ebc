package game

import (
	"testing"

	"rtrbot/engine/board"
	"rtrbot/engine/hex"
	"rtrbot/engine/units"
)

// TestSelfPlayBansHoldEveryWay plays whole games with the options that ban
// units from hexes (18.1(8), 18.2(11), 18.1(12), 18.1(14); 18.2(4) opening
// the Belgian railways to the Germans; 16.3 sea transport and assault
// landing) and checks after every order that no unit was put where it may
// not be, however it got there (SelfPlay's invariant: mayEnter).
func TestSelfPlayBansHoldEveryWay(t *testing.T) {
	r := realRules(t, "standard")
	sets := [][]string{
		{"18.1(8)", "18.2(4)", "18.2(11)", "16.3"},
		{"18.1(12)", "18.2(11)", "16.3"},
		{"18.1(14)", "18.2(11)", "16.3"},
	}
	seeds := uint64(3)
	if testing.Short() {
		seeds = 1
	}
	for _, opts := range sets {
		for seed := uint64(1); seed <= seeds; seed++ {
			if _, err := SelfPlay(r, 7000+seed, SelfPlayConfig{Options: opts}); err != nil {
				t.Errorf("options %v, seed %d: %v", opts, 7000+seed, err)
			}
		}
	}
}

// mayEnter's one ban that depends on the way: before mobilisation no
// German sets up in Luxembourg (18.1(12)), though Germans may move there;
// without the option they may do both.
func TestMayEnterSetupOnlyBan(t *testing.T) {
	r := realRules(t, "standard")
	for _, opts := range [][]string{{"18.1(12)"}, nil} {
		s := mustNew(t, r, 1, opts)
		var lu hex.Hex
		for _, x := range s.allHexes() {
			if x.Country == board.Luxembourg && x.Terrain != board.Sea {
				lu = x.At
				break
			}
		}
		var c *units.Counter
		for _, k := range s.rules.Counters.All() {
			if k.Side() == units.German && k.Role == units.Setup {
				c = k
				break
			}
		}
		if lu == hex.None || c == nil {
			t.Fatal("no Luxembourg hex or German setup counter")
		}
		want := whyNone
		if opts != nil {
			want = whySetupLuxembourg
		}
		if why := s.mayEnter(c, lu, bySetup); why != want {
			t.Errorf("options %v: %s set up in %s: %q, want %q", opts, c.ID, lu, why, want)
		}
		if why := s.mayEnter(c, lu, byMovement); why != whyNone {
			t.Errorf("options %v: %s moving into %s: %q, want none", opts, c.ID, lu, why)
		}
		if code := RefusalCode(s.setupPlace(c, units.Where{Countries: []string{"LU"}}, lu)); opts != nil && code != "enter-setup-luxembourg" {
			t.Errorf("options %v: setting up %s in %s refused with %q", opts, c.ID, lu, code)
		}
	}
}
