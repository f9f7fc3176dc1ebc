package turn

import "testing"

// Rules 1.0: 16 game turns, Aug I to Nov IV; 17.1 names Aug II, Sep IV, Nov IV.
func TestCalendar(t *testing.T) {
	cases := []struct {
		in   string
		want Turn
		name string
	}{
		{"Aug I", 1, "Aug I"}, {"Aug-II", 2, "Aug II"}, {"sep iv", 8, "Sep IV"},
		{"Nov IV", 16, "Nov IV"}, {"GT5", 5, "Sep I"}, {"9", 9, "Oct I"}, {"oct3", 11, "Oct III"},
	}
	for _, c := range cases {
		got, err := Parse(c.in)
		if err != nil || got != c.want || got.String() != c.name {
			t.Errorf("Parse(%q) = %v %q, %v; want %d %q", c.in, int(got), got, err, c.want, c.name)
		}
	}
	for _, bad := range []string{"", "Dec I", "Aug V", "17", "GT0"} {
		if _, err := Parse(bad); err == nil {
			t.Errorf("Parse(%q) accepted", bad)
		}
	}
	if Turn(2).Japanese() != "8月II" {
		t.Errorf("Japanese = %q", Turn(2).Japanese())
	}
}
