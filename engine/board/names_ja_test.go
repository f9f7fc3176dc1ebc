package board

import "testing"

// Places are found by their Japanese names too, and every place the
// Japanese list names is on the map.
func TestJapaneseNames(t *testing.T) {
	m := mustDefault(t)
	onMap := map[string]bool{}
	for _, x := range m.Hexes() {
		onMap[x.Name] = true
		for _, n := range x.Towns {
			onMap[n] = true
		}
	}
	if len(namesJA) < 50 {
		t.Fatalf("only %d places have Japanese names", len(namesJA))
	}
	for name := range namesJA {
		if !onMap[name] {
			t.Errorf("names_ja.tsv names %q, which is no place or town of the map", name)
		}
	}
	for ja, want := range map[string]string{"パリ": "Paris", "リエージュ": "Liège", "ヴェルダン": "Verdun", "ベルダン": "Verdun", "ケルン": "Cologne"} {
		found := m.Find(ja)
		if len(found) == 0 || found[0].Name != want {
			t.Errorf("Find(%q) = %v, want %s", ja, found, want)
		}
	}
}

// Every place and every river of the map has a Japanese name, so that no
// Japanese sentence has to name one in Latin letters alone; every river
// the Japanese list names is on the map.
func TestEveryPlaceAndRiverHasAJapaneseName(t *testing.T) {
	m := mustDefault(t)
	rivers := map[string]bool{}
	for _, x := range m.Hexes() {
		for _, n := range append([]string{x.Name}, x.Towns...) {
			if n != "" && len(JapaneseNames(n)) == 0 {
				t.Errorf("place %q (%s) has no Japanese name in names_ja.tsv", n, x.At)
			}
		}
		for _, n := range x.At.Neighbors() {
			if r := m.Hexside(x.At, n).River; r != "" {
				rivers[r] = true
				if JapaneseRiver(r) == r {
					t.Errorf("river %q has no Japanese name in rivers_ja.tsv", r)
				}
			}
		}
	}
	for r := range riversJA {
		if !rivers[r] {
			t.Errorf("rivers_ja.tsv names %q, which is no river of the map", r)
		}
	}
}
