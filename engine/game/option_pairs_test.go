package game

import "testing"

// 18.1(2) "maximum western offensive" may not be combined with 18.1(1) at
// any of its levels (18.1(2): "not with German option 1"; 18.1(1)d says the
// same from the other side).
func TestWesternOffensiveExcludesEveryEasternLevel(t *testing.T) {
	r := realRules(t, "standard")
	for _, lvl := range []string{"a", "b", "c", "d"} {
		if _, err := New(r, 1, []string{"18.1(1)" + lvl, "18.1(2)"}); RefusalCode(err) != "options-exclusive" {
			t.Errorf("18.1(1)%s with 18.1(2): %v, want options-exclusive", lvl, err)
		}
		if _, err := New(r, 1, []string{"18.1(1)" + lvl}); err != nil {
			t.Errorf("18.1(1)%s alone: %v", lvl, err)
		}
	}
	if _, err := New(r, 1, []string{"18.1(2)"}); err != nil {
		t.Errorf("18.1(2) alone: %v", err)
	}
}
