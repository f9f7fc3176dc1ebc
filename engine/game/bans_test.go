package game

import "testing"

// TestSelfPlayBansHoldEveryWay plays whole games with the options that ban
// units from hexes (18.1(8), 18.2(11), 18.1(12), 18.1(14); 18.2(4) opening
// the Belgian railways to the Germans; 16.3 sea transport and assault
// landing) and checks after every order that no unit was put where it may
// not be, however it got there (SelfPlay's invariant: barred).
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
