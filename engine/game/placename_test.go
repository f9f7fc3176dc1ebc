package game

import (
	"strings"
	"testing"

	"rtrbot/engine/board"
	"rtrbot/i18n"
)

// TestPlaceNameInReadersLanguage: a place in an event or refusal (a
// fortress destroyed, a siege gun's roll) reads in Japanese by its
// Japanese name from the map's data, in English by the map's spelling.
func TestPlaceNameInReadersLanguage(t *testing.T) {
	m, err := board.Default()
	if err != nil {
		t.Fatal(err)
	}
	for name, ja := range map[string]string{"Liège": "リエージュ", "Namur": "ナミュール", "Paris": "パリ"} {
		found := m.Find(name)
		if len(found) == 0 {
			t.Fatalf("%s is not on the map", name)
		}
		x := found[0]
		line := tr("The fortress of %s (%d) is destroyed.", "%s の要塞 (%d) が破壊。", placeName(x), 3)
		if got := line.In(i18n.JA); !strings.HasPrefix(got, ja+" ("+x.At.String()+")") || strings.Contains(got, name) {
			t.Errorf("%s in Japanese: %q", name, got)
		}
		if got := line.In(i18n.EN); !strings.Contains(got, name+" ("+x.At.String()+")") {
			t.Errorf("%s in English: %q", name, got)
		}
	}
}
