package board

import "testing"

// Places are found by their Japanese names too, and every place the
// Japanese list names is on the map.
func TestJapaneseNames(t *testing.T) {
	m, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	onMap := map[string]bool{}
	for _, x := range m.Hexes() {
		onMap[x.Name] = true
	}
	if len(namesJA) < 50 {
		t.Fatalf("only %d places have Japanese names", len(namesJA))
	}
	for name := range namesJA {
		if !onMap[name] {
			t.Errorf("names_ja.tsv names %q, which is no place of the map", name)
		}
	}
	for ja, want := range map[string]string{"パリ": "Paris", "リエージュ": "Liège", "ヴェルダン": "Verdun", "ベルダン": "Verdun", "ケルン": "Cologne"} {
		found := m.Find(ja)
		if len(found) == 0 || found[0].Name != want {
			t.Errorf("Find(%q) = %v, want %s", ja, found, want)
		}
	}
}
