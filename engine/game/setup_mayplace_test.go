package game

import (
	"testing"

	"rtrbot/engine/units"
)

// mayPlace (setup.go) lets the default placement skip hexes: it must never
// be false where setupWhy says a counter may set up, under any option but
// the four that open other hexes (for which it is not asked). Checked
// for every counter to set up and every hex of the map, at the start of
// the setup and with the Allies set up, for the game without options
// and with each option of 18.x alone.
func TestMayPlaceKeepsEverySetupHex(t *testing.T) {
	r := realRules(t, "standard")
	open := map[Opt]bool{OptGermanFreeSetup: true, OptAlliedFreeSetup: true, OptPlanMichel: true, OptRightWing: true}
	sets := [][]string{nil}
	for _, d := range OptionDefs() {
		if !d.Preset && !open[d.Code] && len(d.Rule) > 3 && d.Rule[:3] == "18." {
			sets = append(sets, []string{string(d.Code)})
		}
	}
	checked := 0
	for _, opts := range sets {
		s, err := New(r, 1, opts)
		if err != nil {
			continue // an option void alone
		}
		states := []*State{s}
		if n, _, err := Apply(s, Order{Side: s.Player, Verb: VerbAutoSetup}); err == nil {
			states = append(states, n)
		}
		for _, st := range states {
			for _, c := range st.rules.Counters.All() {
				if st.Units[c.Index].Box != Unplaced || c.Side() != units.German && c.Side() != units.Allied {
					continue
				}
				place, _ := c.SetupWhere()
				w, err := units.ParseWhere(place)
				if err != nil {
					continue
				}
				for _, x := range st.allHexes() {
					if why, _ := st.setupWhy(c, w, x.At); why == placeOK && !mayPlace(w, x) {
						t.Fatalf("options %v: %s may set up in %s (setupWhy) but mayPlace says no", opts, c.ID, x.At)
					}
					checked++
				}
			}
		}
	}
	t.Logf("%d option sets, %d counter-hex pairs checked", len(sets), checked)
}
