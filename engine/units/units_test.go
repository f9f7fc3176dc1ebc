package units

import (
	"strings"
	"testing"
)

func mustDefault(t *testing.T) *Set {
	t.Helper()
	s, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// 17.2-17.5: the setup counts of the rules, area by area, from the manifest.
func TestSetupCountsMatchRules(t *testing.T) {
	s := mustDefault(t)
	type key struct{ where, typ string }
	got := map[key]int{}
	for _, c := range s.All() {
		if c.Role != Setup {
			continue
		}
		k := string(c.Type)
		if c.Size == Corps {
			k += "-corps"
		}
		got[key{string(c.Nation.Side().String()) + ":" + c.Where, k}]++
	}
	norm := map[key]int{}
	for k, n := range got {
		w, _ := ParseWhere(strings.SplitN(k.where, ":", 2)[1])
		w.Hint = ""
		place := strings.Join(w.Areas, "+") + w.Hex + w.CityOf + strings.Join(w.Countries, "+")
		norm[key{strings.SplitN(k.where, ":", 2)[0] + ":" + place, k.typ}] += n
	}
	want := []struct {
		where, typ string
		n          int
	}{
		// 17.5 German
		{"german:DE-1A", "hq", 1}, {"german:DE-1A", "assault-corps", 3}, {"german:DE-1A", "active-corps", 1}, {"german:DE-1A", "reserve-corps", 2}, {"german:DE-1A", "landwehr", 1},
		{"german:DE-2A", "hq", 1}, {"german:DE-2A", "assault-corps", 2}, {"german:DE-2A", "active-corps", 2}, {"german:DE-2A", "reserve-corps", 2}, {"german:DE-2A", "landwehr", 1}, {"german:DE-2A", "siege", 1},
		{"german:DE-3A", "hq", 1}, {"german:DE-3A", "assault-corps", 1}, {"german:DE-3A", "active-corps", 2}, {"german:DE-3A", "reserve-corps", 1}, {"german:DE-3A", "landwehr", 1},
		{"german:DE-4ALU", "hq", 1}, {"german:DE-4ALU", "active-corps", 3}, {"german:DE-4ALU", "reserve-corps", 2}, {"german:DE-4ALU", "landwehr", 1},
		{"german:DE-5A", "hq", 1}, {"german:DE-5A", "active-corps", 3}, {"german:DE-5A", "reserve-corps", 2}, {"german:DE-5A", "landwehr", 2},
		{"german:DE-6A", "hq", 1}, {"german:DE-6A", "active-corps", 4}, {"german:DE-6A", "reserve-corps", 1}, {"german:DE-6A", "landwehr", 1}, {"german:DE-6A", "siege", 1},
		{"german:DE-7A", "hq", 1}, {"german:DE-7A", "active-corps", 2}, {"german:DE-7A", "reserve-corps", 1}, {"german:DE-7A", "landwehr", 1},
		{"german:1723", "landwehr", 1}, {"german:1330", "landwehr", 1},
		{"german:DE", "cavalry", 10}, {"german:DE", "landwehr", 1}, {"german:DE", "light", 1}, {"german:DE", "siege", 1},
		// 17.2 French
		{"allied:FR-1A", "hq", 1}, {"allied:FR-1A", "active-corps", 5}, {"allied:FR-1A", "reserve-corps", 1}, {"allied:FR-1A", "reserve", 1}, {"allied:FR-1A", "cavalry", 2}, {"allied:FR-1A", "light", 1},
		{"allied:FR-2A", "hq", 1}, {"allied:FR-2A", "active-corps", 5}, {"allied:FR-2A", "reserve-corps", 1}, {"allied:FR-2A", "reserve", 1}, {"allied:FR-2A", "cavalry", 2},
		{"allied:FR-3A", "hq", 1}, {"allied:FR-3A", "active-corps", 3}, {"allied:FR-3A", "reserve-corps", 1}, {"allied:FR-3A", "active", 1}, {"allied:FR-3A", "reserve", 1}, {"allied:FR-3A", "cavalry", 1},
		{"allied:FR-4A", "hq", 1}, {"allied:FR-4A", "active-corps", 3}, {"allied:FR-4A", "cavalry", 1},
		{"allied:FR-5A", "hq", 1}, {"allied:FR-5A", "active-corps", 5}, {"allied:FR-5A", "reserve-corps", 1}, {"allied:FR-5A", "reserve", 1}, {"allied:FR-5A", "cavalry", 1},
		{"allied:0525", "landwehr", 1}, {"allied:1023", "landwehr", 1}, {"allied:1421", "landwehr", 1}, {"allied:1819", "landwehr", 1}, {"allied:1813", "landwehr", 1},
		{"allied:FR", "reserve", 4}, // city:FR
		{"allied:FR", "cavalry", 3}, {"allied:FR", "marine", 1},
		// 17.3 British, 17.4 Belgian
		{"allied:BEF", "hq", 1}, {"allied:BEF", "active-corps", 2}, {"allied:BEF", "cavalry", 1},
		{"allied:B", "hq", 1}, {"allied:B", "infantry", 4}, {"allied:B", "cavalry", 1},
		{"allied:3021", "infantry", 1}, {"allied:2918", "infantry", 1},
	}
	seen := map[key]bool{}
	for _, w := range want {
		k := key{w.where, w.typ}
		seen[k] = true
		if norm[k] != w.n {
			t.Errorf("%s %s: manifest has %d, rules say %d", w.where, w.typ, norm[k], w.n)
		}
	}
	for k, n := range norm {
		if !seen[k] {
			t.Errorf("manifest sets up %d %s at %s, which the rules do not list", n, k.typ, k.where)
		}
	}
}

// 10.0: a corps equals two divisions of its type and nationality.
func TestBreakdownIsExact(t *testing.T) {
	s := mustDefault(t)
	for _, c := range s.All() {
		if !c.IsCorps() || len(c.Parts) == 0 {
			continue
		}
		a, _ := s.Lookup(c.Parts[0])
		b, _ := s.Lookup(c.Parts[1])
		if a.Type != c.Type || b.Type != c.Type || a.Nation != c.Nation || a.Parent != c.ID {
			t.Errorf("%s breaks into %s, %s of another type or nation", c.ID, a.ID, b.ID)
		}
		if a.Attack+b.Attack != c.Attack || a.Defence+b.Defence != c.Defence || a.DE+b.DE != c.DE {
			t.Errorf("%s %d-%d (%d DE) is not the sum of %s and %s", c.ID, c.Attack, c.Defence, c.DE, a.ID, b.ID)
		}
	}
}

// 15.22: VP by type; 7.0: corps 2 DE, everything else 1.
func TestValuesFollowRules(t *testing.T) {
	s := mustDefault(t)
	cases := []struct {
		id     string
		vp, de int
	}{
		{"GB-I", 8, 2}, {"GB-1", 4, 1}, {"G-III", 6, 2}, {"F-XX", 6, 2}, {"G-IIIR", 4, 2}, {"G-5", 3, 1},
		{"G-5R", 2, 1}, {"G-GKD", 2, 1}, {"BE-1", 2, 1}, {"G-LW1", 1, 1}, {"G-S1", 5, 1}, {"G-1A", 10, 1}, {"F-FM", 2, 1},
	}
	for _, c := range cases {
		u, ok := s.Lookup(c.id)
		if !ok {
			t.Fatalf("no counter %s", c.id)
		}
		if u.VP != c.vp || u.DE != c.de {
			t.Errorf("%s: VP %d DE %d, want VP %d DE %d", c.id, u.VP, u.DE, c.vp, c.de)
		}
	}
	hq, _ := s.Lookup("BE-HQ")
	if hq.Range != 1 {
		t.Errorf("Belgian HQ range %d", hq.Range)
	}
	if g, _ := s.Lookup("g-1a"); g.Range != 2 {
		t.Errorf("lookup ignores case; German HQ range %d", g.Range)
	}
	for _, id := range []string{"G-GKD", "G-S1", "G-1A"} {
		if u, _ := s.Lookup(id); u.CanEntrench() {
			t.Errorf("%s has a trench side; 13.3 says some units cannot entrench", id)
		}
	}
}

func TestParseRejectsBadData(t *testing.T) {
	types := "active\tdiv\tDE\t3\t3\t4\t5\t1\t3\t-\tnormal\n"
	bad := []string{
		"G-1\tXX\tactive\tdiv\tsetup\tDE-1A\tx\t\t\n",
		"G-1\tDE\tactive\tdiv\treinf\tDec-I\tx\t\t\n",
		"G-1\tDE\tactive\tdiv\tsetup\tDE-1A\tx\t\t\nG-1\tDE\tactive\tdiv\tsetup\tDE-1A\tx\t\t\n",
		"G-1\tDE\tactive\tcorps\tsetup\tDE-1A\tx\t\t\n",
	}
	for _, b := range bad {
		if _, err := Parse(strings.NewReader(types), strings.NewReader(b)); err == nil {
			t.Errorf("accepted %q", b)
		}
	}
}
