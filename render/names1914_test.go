package render

import (
	"testing"

	"rtrbot/engine/hex"
)

// Names as the 1914 maps and the rules write them. The
// German-held towns of 1914 carry their German names, the rules'
// Dunkerque its French one; bilingual pairs, names with a suffix and
// later mergers keep the data's name.
func TestDisplayNames1914(t *testing.T) {
	m := embeddedMap(t)
	for _, c := range []struct{ hex, want string }{
		{"1923", "Diedenhofen"},           // Thionville
		{"0627", "Mülhausen"},             // Mulhouse
		{"1426", "Saarburg (Lothringen)"}, // Sarrebourg; another Saarburg lies near Trier
		{"1330", "Straßburg"},             // Strasbourg
		{"3607", "Dunkerque"},             // the rules' name (15.23), Dunkirk in the data
		{"1723", "Metz"},                  // the same in both
		{"3021", "Liège"},                 // "Liège / Luik": a pair, the data's name
		{"1813", "Châlons"},               // Châlons-sur-Marne: the name with a suffix
		{"2416", "Mézières"},              // Charleville-Mézières is of 1966
	} {
		h, ok := m.Hex(hex.MustParse(c.hex))
		if !ok {
			t.Fatalf("no hex %s", c.hex)
		}
		if got := displayName(m, h); got != c.want {
			t.Errorf("%s (%s / %s): written %q, want %q", c.hex, h.Name, h.Local, got, c.want)
		}
		// Both forms find the hex (/hex, /map area:).
		for _, q := range []string{displayName(m, h), h.Name} {
			found := false
			for _, x := range m.Find(q) {
				found = found || x.At == h.At
			}
			if !found {
				t.Errorf("searching %q does not find %s", q, c.hex)
			}
		}
	}
}
