package tournament

import (
	"regexp"
	"testing"
)

// TestSideChoiceSaysNoArticleNumbers: the explanation of who plays which
// side, shown to players in both languages, says its reason in words,
// never by the handbook's article numbers (such as 5.2.5). Every branch
// of allocate is reached by the side histories below.
func TestSideChoiceSaysNoArticleNumbers(t *testing.T) {
	article := regexp.MustCompile(`\d+\.\d+\.\d+`)
	hists := [][]string{nil, {German}, {Allied}, {German, German}, {Allied, Allied}, {German, Allied}, {Allied, German},
		{German, Allied, German}, {Allied, German, Allied}, {German, German, Allied}, {Allied, Allied, German}}
	seen := map[string]bool{}
	for _, ha := range hists {
		for _, hb := range hists {
			for _, pns := range [][2]int{{1, 2}, {2, 1}} {
				a := &phist{id: "a", name: "Ann", pn: pns[0], colours: ha}
				b := &phist{id: "b", name: "Ben", pn: pns[1], colours: hb}
				_, _, why := allocate(a, b)
				for _, s := range []string{why.EN, why.JA} {
					seen[s] = true
					if article.MatchString(s) {
						t.Errorf("sides %v v %v: an article number in %q", ha, hb, s)
					}
				}
			}
		}
	}
	if len(seen) < 12 {
		t.Errorf("only %d explanations reached: %v", len(seen), seen)
	}
}
