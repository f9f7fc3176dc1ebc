package tables

import (
	"strings"
	"testing"
)

// The embedded data loads and every table covers its whole range.
func TestDefaultLoads(t *testing.T) {
	s := Default()
	if got := len(s.CRTs()); got != 3 {
		t.Fatalf("combat tables: got %d, want 3 (9.7: recon, assault, mobile)", got)
	}
	if got := len(s.Columns()); got != 9 {
		t.Fatalf("odds columns: got %d, want 9 (1:3 .. 7:1)", got)
	}
	if got := len(s.EventRows()); got != 13 {
		t.Fatalf("event rows: got %d, want 13 (5.0)", got)
	}
	if got := len(s.RussiaRows()); got != 5 {
		t.Fatalf("Russian Front results: got %d, want 5 (14.3)", got)
	}
	for _, c := range s.Codes() {
		e, ok := s.Result(c)
		if !ok || e.Name.EN == "" || e.Name.JA == "" || e.Text.EN == "" || e.Text.JA == "" {
			t.Errorf("result %s lacks a text in one language: %+v", c, e)
		}
	}
}

// 9.0: odds rounded in the defender's favour, below 1:3 as 1:3, above 7:1
// as 7:1, shifts after, stopping at the table's ends.
func TestOdds(t *testing.T) {
	s := Default()
	cases := []struct {
		att, def, shift int
		rounded, base   string
		col             string
		clamped         bool
	}{
		{3, 1, 0, "3:1", "3:1", "3:1", false},
		{14, 5, 0, "2:1", "2:1", "2:1", false},    // 2.8:1 rounds down
		{5, 12, 0, "1:3", "1:3", "1:3", false},    // 1:2.4 rounds to 1:3
		{6, 12, 0, "1:2", "1:2", "1:2", false},    // exactly 1:2
		{7, 12, 0, "1:2", "1:2", "1:2", false},    // 1:1.7 rounds to 1:2
		{12, 12, 0, "1:1", "1:1", "1:1", false},   // even
		{11, 12, 0, "1:2", "1:2", "1:2", false},   // just under even is 1:2
		{1, 9, 0, "1:9", "1:3", "1:3", true},      // below 1:3
		{40, 4, 0, "10:1", "7:1", "7:1", true},    // above 7:1
		{40, 4, -1, "10:1", "7:1", "6:1", true},   // shift after the limit
		{3, 1, 2, "3:1", "3:1", "5:1", false},     // two columns right
		{3, 1, -4, "3:1", "3:1", "1:3", false},    // four left: 2:1 1:1 1:2 1:3
		{3, 1, 8, "3:1", "3:1", "7:1", false},     // stops at 7:1
		{1, 2, -5, "1:2", "1:2", "1:3", false},    // stops at 1:3
		{999, 1, 0, "999:1", "7:1", "7:1", true},  // largest strengths
		{1, 999, 0, "1:999", "1:3", "1:3", true},  //
		{20, 3, 0, "6:1", "6:1", "6:1", false},    // 6.7:1
		{21, 3, 0, "7:1", "7:1", "7:1", false},    //
		{2, 5, 0, "1:3", "1:3", "1:3", false},     // 1:2.5 rounds to 1:3
		{4, 7, 1, "1:2", "1:2", "1:1", false},     // 1:1.75 -> 1:2, +1 -> 1:1
		{10, 4, 0, "2:1", "2:1", "2:1", false},    // 2.5:1
		{15, 2, 0, "7:1", "7:1", "7:1", false},    // 7.5:1
		{16, 2, 0, "8:1", "7:1", "7:1", true},     // 8:1
		{1, 4, 0, "1:4", "1:3", "1:3", true},      // 1:4
		{1, 3, 0, "1:3", "1:3", "1:3", false},     // 1:3 exactly
		{1, 1, 0, "1:1", "1:1", "1:1", false},     //
		{7, 1, 0, "7:1", "7:1", "7:1", false},     //
		{8, 3, -1, "2:1", "2:1", "1:1", false},    //
		{100, 99, 0, "1:1", "1:1", "1:1", false},  //
		{99, 100, 0, "1:2", "1:2", "1:2", false},  //
		{300, 100, 0, "3:1", "3:1", "3:1", false}, //
	}
	for _, c := range cases {
		r, err := s.Odds(c.att, c.def, c.shift)
		if err != nil {
			t.Fatalf("%d:%d shift %d: %v", c.att, c.def, c.shift, err)
		}
		col := s.Columns()
		if r.Rounded.String() != c.rounded || col[r.Base].String() != c.base || col[r.Column].String() != c.col || r.Clamped != c.clamped {
			t.Errorf("%d:%d shift %+d: got rounded %s base %s column %s clamped %v; want %s %s %s %v",
				c.att, c.def, c.shift, r.Rounded, col[r.Base], col[r.Column], r.Clamped, c.rounded, c.base, c.col, c.clamped)
		}
	}
	for _, bad := range [][3]int{{0, 1, 0}, {1, 0, 0}, {1000, 1, 0}, {1, 1, 9}, {1, 1, -9}, {-3, 1, 0}} {
		if _, err := s.Odds(bad[0], bad[1], bad[2]); err == nil {
			t.Errorf("Odds%v: want an error", bad)
		}
	}
}

func TestParseOdds(t *testing.T) {
	good := map[string][2]int{"3:1": {3, 1}, " 1:2 ": {1, 2}, "3-1": {3, 1}, "5/2": {5, 2}, "1：3": {1, 3}}
	for in, want := range good {
		a, d, err := ParseOdds(in)
		if err != nil || a != want[0] || d != want[1] {
			t.Errorf("ParseOdds(%q) = %d, %d, %v; want %v", in, a, d, err, want)
		}
	}
	for _, in := range []string{"9:0", "0:1", "", "3", "a:b", "3:1:1", "-1:3", "1000:1", "3 : x"} {
		if _, _, err := ParseOdds(in); err == nil {
			t.Errorf("ParseOdds(%q): want an error", in)
		} else if !strings.Contains(err.Error(), "3:1") {
			t.Errorf("ParseOdds(%q): the message should show the accepted form: %v", in, err)
		}
	}
}

// The odds parser never panics and whatever it accepts yields a column.
func FuzzParseOdds(f *testing.F) {
	for _, s := range []string{"3:1", "1:2", "9:0", "7-1", "1/3", "", "::", "1:999999999999999999999"} {
		f.Add(s)
	}
	s := Default()
	f.Fuzz(func(t *testing.T, in string) {
		a, d, err := ParseOdds(in)
		if err != nil {
			return
		}
		r, err := s.Odds(a, d, 0)
		if err != nil {
			t.Fatalf("ParseOdds(%q) accepted %d:%d but Odds refused it: %v", in, a, d, err)
		}
		if r.Column < 0 || r.Column >= len(s.Columns()) {
			t.Fatalf("column %d out of range", r.Column)
		}
	})
}

// A data file with a hole or a bad code is refused with the reason.
func TestLoadRefusesBrokenData(t *testing.T) {
	read := func(over map[string]string) func(string) (string, error) {
		return func(name string) (string, error) {
			if v, ok := over[name]; ok {
				return v, nil
			}
			b, err := files.ReadFile("data/" + name)
			return string(b), err
		}
	}
	orig := func(name string) string { b, _ := files.ReadFile("data/" + name); return string(b) }
	cases := map[string]map[string]string{
		"unknown code":   {"crt.txt": strings.Replace(orig("crt.txt"), "1 AA AA AA AR", "1 XX AA AA AR", 1)},
		"missing row":    {"crt.txt": strings.Replace(orig("crt.txt"), "6 AR DR DR DR DA DA DA DA DA\n", "", 1)},
		"event hole":     {"events.txt": strings.Replace(orig("events.txt"), "rolls: 41-46", "rolls: 41-45", 1)},
		"russia overlap": {"russia.txt": strings.Replace(orig("russia.txt"), "rolls: 2-3", "rolls: 1-3", 1)},
		"siege hole":     {"siege.txt": strings.Replace(orig("siege.txt"), "rolls: 3-8", "rolls: 3-7", 1)},
		"alt box hole":   {"russia.txt": strings.Replace(orig("russia.txt"), "alt-box: 60-999", "alt-box: 61-999", 1)},
		"no japanese":    {"results.txt": strings.Replace(orig("results.txt"), "name.ja: 激戦", "name.ja:", 1)},
	}
	for name, over := range cases {
		if _, err := Load(read(over)); err == nil {
			t.Errorf("%s: Load accepted broken data", name)
		}
	}
}

func BenchmarkOddsAndLookup(b *testing.B) {
	s := Default()
	crt, _ := s.CRT("assault")
	for b.Loop() {
		o, _ := s.Odds(14, 5, 1)
		crt.Lookup(o.Column, 4)
	}
}
