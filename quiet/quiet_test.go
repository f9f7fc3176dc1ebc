package quiet

import (
	"testing"
	"time"
)

func TestParse(t *testing.T) {
	h, ok, err := Parse("22-07", "Europe/Paris")
	if err != nil || !ok || h.From != 22*60 || h.To != 7*60 || h.Zone.String() != "Europe/Paris" {
		t.Fatalf("%+v %v %v", h, ok, err)
	}
	if h, ok, err := Parse("22:30-06:45", ""); err != nil || !ok || h.From != 22*60+30 || h.To != 6*60+45 || h.Zone.String() != "UTC" {
		t.Errorf("%+v %v %v", h, ok, err)
	}
	if _, ok, err := Parse("off", "Mars/Base"); ok || err != nil {
		t.Errorf("off: %v %v", ok, err)
	}
	for _, bad := range [][2]string{{"25-07", "UTC"}, {"22-07", "Mars/Base"}, {"22", "UTC"}, {"22-22", "UTC"}, {"7:5-8", "UTC"}, {"-", "UTC"}, {"22-07", "Local"}, {"２２-07", "UTC"}} {
		if _, _, err := Parse(bad[0], bad[1]); err == nil {
			t.Errorf("%q %q accepted", bad[0], bad[1])
		}
	}
}

// Across midnight and in the zone's own time, summer time included: Paris
// is UTC+2 until 25 October 2026 at 03:00, UTC+1 after.
func TestInAndEnd(t *testing.T) {
	h, _, _ := Parse("22-07", "Europe/Paris")
	paris := h.Zone
	cases := []struct {
		at   time.Time
		in   bool
		ends time.Time
	}{
		{time.Date(2026, 7, 1, 21, 59, 0, 0, paris), false, time.Time{}},
		{time.Date(2026, 7, 1, 22, 0, 0, 0, paris), true, time.Date(2026, 7, 2, 7, 0, 0, 0, paris)},
		{time.Date(2026, 7, 2, 3, 0, 0, 0, paris), true, time.Date(2026, 7, 2, 7, 0, 0, 0, paris)},
		{time.Date(2026, 7, 2, 7, 0, 0, 0, paris), false, time.Time{}},
		// The night of the change: 22:00 summer time to 07:00 winter time
		// is ten hours, not nine.
		{time.Date(2026, 10, 24, 22, 30, 0, 0, paris), true, time.Date(2026, 10, 25, 7, 0, 0, 0, paris)},
	}
	for _, c := range cases {
		if got := h.In(c.at); got != c.in {
			t.Errorf("%v: in %v, want %v", c.at, got, c.in)
		}
		if c.in && !h.End(c.at).Equal(c.ends) {
			t.Errorf("%v: ends %v, want %v", c.at, h.End(c.at), c.ends)
		}
	}
	night := time.Date(2026, 10, 24, 22, 0, 0, 0, paris)
	if d := h.End(night).Sub(night); d != 10*time.Hour {
		t.Errorf("the night summer time ends lasts %v, want 10h", d)
	}
	day, _, _ := Parse("09-17", "Asia/Tokyo")
	if !day.In(time.Date(2026, 7, 1, 1, 0, 0, 0, time.UTC)) { // 10:00 in Tokyo
		t.Error("10:00 in Tokyo is within 09-17")
	}
}
