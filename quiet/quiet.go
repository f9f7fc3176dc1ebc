// Package quiet is a user's quiet hours: a daily span of their own local
// time (in their IANA time zone) in which the bot holds its reminders and
// mentions of them, to deliver when the span ends. A span may cross
// midnight (22:00-07:00). It is pure: the clock comes from the caller.
package quiet

import (
	"fmt"
	"strconv"
	"strings"
	"time"
	_ "time/tzdata" // the zones, for machines without a zone database

	"rtrbot/i18n"
)

// Hours is a daily quiet span, From to To in minutes after local midnight,
// in Zone.
type Hours struct {
	From, To int
	Zone     *time.Location
}

// Parse reads "22-07", "22:30-07:00" or "off" (ok false: no quiet hours)
// and a zone name such as Europe/Paris ("" is UTC).
func Parse(span, zone string) (h Hours, ok bool, err error) {
	span = strings.TrimSpace(strings.ToLower(span))
	if span == "off" || span == "none" {
		return Hours{}, false, nil
	}
	from, to, cut := strings.Cut(span, "-")
	if !cut {
		return Hours{}, false, spanError(span)
	}
	if h.From, err = clock(from); err != nil {
		return Hours{}, false, spanError(span)
	}
	if h.To, err = clock(to); err != nil {
		return Hours{}, false, spanError(span)
	}
	if h.From == h.To {
		return Hours{}, false, i18n.Errorf("quiet:%s is no span: give two different times, such as quiet:22-07.", "quiet:%s は時間帯になっていません。quiet:22-07 のように異なる2つの時刻を指定してください。", span)
	}
	if zone == "" {
		zone = "UTC"
	}
	if h.Zone, err = time.LoadLocation(zone); err != nil || strings.EqualFold(zone, "local") {
		return Hours{}, false, i18n.Errorf("tz:%s is not a time zone: give an IANA name such as Europe/Paris, Asia/Tokyo or UTC.",
			"tz:%s はタイムゾーンではありません。Europe/Paris、Asia/Tokyo、UTC のような IANA 名を指定してください。", zone)
	}
	return h, true, nil
}

func spanError(span string) error {
	return i18n.Errorf("quiet:%s is not a span of hours: give from-to in your local time, such as quiet:22-07 or quiet:22:30-06:45, or quiet:off.",
		"quiet:%s は時間帯ではありません。現地時刻で quiet:22-07 や quiet:22:30-06:45 のように指定するか、quiet:off としてください。", span)
}

// clock reads "7", "07", "22:30" as minutes after midnight.
func clock(s string) (int, error) {
	hh, mm, hasMin := strings.Cut(strings.TrimSpace(s), ":")
	h, err := strconv.Atoi(hh)
	if err != nil || h < 0 || h > 24 || len(hh) > 2 {
		return 0, fmt.Errorf("bad hour %q", s)
	}
	m := 0
	if hasMin {
		if m, err = strconv.Atoi(mm); err != nil || m < 0 || m > 59 || len(mm) != 2 {
			return 0, fmt.Errorf("bad minutes %q", s)
		}
	}
	if h == 24 && m != 0 {
		return 0, fmt.Errorf("bad time %q", s)
	}
	return (h*60 + m) % (24 * 60), nil
}

// In says whether t falls in the quiet hours.
func (h Hours) In(t time.Time) bool {
	lt := t.In(h.Zone)
	m := lt.Hour()*60 + lt.Minute()
	if h.From < h.To {
		return m >= h.From && m < h.To
	}
	return m >= h.From || m < h.To
}

// End is when the quiet span holding t ends (t itself when t is not in
// one), at the local wall time To, on the right day across a change of
// summer time.
func (h Hours) End(t time.Time) time.Time {
	if !h.In(t) {
		return t
	}
	lt := t.In(h.Zone)
	end := time.Date(lt.Year(), lt.Month(), lt.Day(), h.To/60, h.To%60, 0, 0, h.Zone)
	if !end.After(t) {
		end = time.Date(lt.Year(), lt.Month(), lt.Day()+1, h.To/60, h.To%60, 0, 0, h.Zone)
	}
	return end
}

// Span is the span alone ("22:00-07:00"), as Parse reads it back.
func (h Hours) Span() string {
	return fmt.Sprintf("%02d:%02d-%02d:%02d", h.From/60, h.From%60, h.To/60, h.To%60)
}

// String is the span as typed ("22:00-07:00 Europe/Paris").
func (h Hours) String() string {
	return fmt.Sprintf("%02d:%02d-%02d:%02d %s", h.From/60, h.From%60, h.To/60, h.To%60, h.Zone)
}
