package render

import (
	"testing"

	"rtrbot/engine/board"
	"rtrbot/engine/hex"
)

// Rivers are named in every picture, crops included. For
// the phone crops /map draws (radius 5) around each victory hex of
// 15.23, every river with at least 4 hexsides inside the crop has its
// name written inside it. The figure is the share of such rivers named.
func TestRiverNamesInCrops(t *testing.T) {
	m := embeddedMap(t)
	r := newRenderer(t, m, Options{Scale: 1.5, NoLegend: true})
	var named, all int
	seen := map[hex.Hex]bool{}
	for _, v := range board.VictoryHexes() {
		if seen[v.At] {
			continue
		}
		seen[v.At] = true
		yes, no, err := r.RiverNamesIn(Crop{Center: v.At, Radius: 5}, 4)
		if err != nil {
			t.Fatal(err)
		}
		named += len(yes)
		all += len(yes) + len(no)
		if len(no) > 0 {
			t.Logf("crop around %s %s: unnamed %v", v.Name, v.At, no)
		}
	}
	t.Logf("rivers with 4+ hexsides in the radius-5 crops around the victory hexes: %d of %d named inside the crop", named, all)
	if all == 0 {
		t.Fatal("no river in any crop: the test measures nothing")
	}
	if named*10 < all*9 {
		t.Errorf("only %d of %d rivers named in their crops (want 90%%)", named, all)
	}
}
