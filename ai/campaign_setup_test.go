package ai

import (
	"testing"

	"rtrbot/engine/game"
	"rtrbot/engine/hex"
	"rtrbot/engine/units"
)

// germanSetup is a standard game from seed at the German setup step
// (17.5), the Allies set up by the heuristic if they set up first.
func germanSetup(t *testing.T, seed uint64) *game.State {
	t.Helper()
	s := newGame(t, rules(t), seed)
	for guard := 0; s.Step != game.SetupStep || s.ToMove() != units.German; guard++ {
		if guard > 10 {
			t.Fatalf("no German setup step (%v %v)", s.Turn, s.Step)
		}
		tr, err := Turn(s, s.ToMove(), NewHeuristic(Config{Side: s.ToMove()}))
		if err != nil {
			t.Fatal(err)
		}
		s = tr.State
	}
	return s
}

// setUp is where each German unit stands after p's setup of s.
func setUp(t *testing.T, s *game.State, p Computer) map[string]hex.Hex {
	t.Helper()
	tr, err := Turn(s, units.German, p)
	if err != nil {
		t.Fatal(err)
	}
	if tr.Refused > 0 {
		t.Fatalf("%s: %d setup orders refused", p.Level(), tr.Refused)
	}
	n := tr.State
	if len(n.Unplaced()) > 0 && n.Step == game.SetupStep && n.ToMove() == units.German {
		t.Fatalf("%s: German units left unplaced", p.Level())
	}
	if over := n.Overstacked(units.German); len(over) > 0 {
		t.Fatalf("%s: over the stacking limit (7.0) in %v", p.Level(), over)
	}
	at := map[string]hex.Hex{}
	for i, u := range n.Units {
		if c := n.Counter(i); c.Side() == units.German && u.Box == game.OnMap {
			at[c.ID] = u.At
		}
	}
	return at
}

// TestCampaignSetup (17.5, 7.0; docs/ai.md, the campaign's setup): the
// campaign sets the forward wings' units (the 1. and 2. Armee and the
// cavalry of their columns) up legally, each unit at least as near Liège
// as the default placement puts it and the armies nearer in all; it sets
// up the other wings (the 6. and 7. Armee) where the default placement
// does; and with DefaultSetup it is the default placement.
func TestCampaignSetup(t *testing.T) {
	liege := hex.MustParse("3021")
	for _, seed := range []uint64{1, 2} {
		s := germanSetup(t, seed)
		def := setUp(t, s, NewHeuristic(Config{Side: units.German}))
		fwd := setUp(t, s, newCampaignHeuristic(Config{Side: units.German}))
		off := setUp(t, s, campaignFor(Config{Side: units.German, German: &GermanSettings{DefaultSetup: true}}))
		if len(fwd) != len(def) {
			t.Fatalf("seed %d: %d German units set up forward, %d by default", seed, len(fwd), len(def))
		}
		var sumDef, sumFwd, moved int
		for id, h := range def {
			if off[id] != h {
				t.Errorf("seed %d: with DefaultSetup %s sets up in %s, the default placement in %s", seed, id, off[id], h)
			}
			c, _ := s.Lookup(id)
			switch armyOf(c) {
			case "DE-1A", "DE-2A":
				sumDef += hex.Distance(h, liege)
				sumFwd += hex.Distance(fwd[id], liege)
				if fwd[id] != h {
					moved++
				}
			case "DE-6A", "DE-7A":
				if fwd[id] != h {
					t.Errorf("seed %d: %s of the left wing sets up in %s, the default placement in %s", seed, id, fwd[id], h)
				}
			}
		}
		if moved == 0 || sumFwd >= sumDef {
			t.Errorf("seed %d: the 1. and 2. Armee stand %d hexes from Liège in all set up forward, %d by default (%d units moved)", seed, sumFwd, sumDef, moved)
		}
		// The cavalry of the 1. and 2. Kavallerie-Korps (preferred hexes
		// in the north and right wings' columns), where the corps leave
		// it room.
		cavDef, cavFwd := 0, 0
		for _, id := range []string{"G-GKD", "G-5K", "G-2K", "G-4K", "G-9K"} {
			cavDef += hex.Distance(def[id], liege)
			cavFwd += hex.Distance(fwd[id], liege)
		}
		if cavFwd >= cavDef {
			t.Errorf("seed %d: the cavalry stands %d hexes from Liège in all set up forward, %d by default", seed, cavFwd, cavDef)
		}
	}
}
