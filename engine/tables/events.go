package tables

import (
	"fmt"
	"strings"

	"rtrbot/i18n"
)

// EventRow is a row of the random events table (5.0).
type EventRow struct {
	Entry
	// Rolls is the row's range as printed ("11-12", "15").
	Rolls string
	// Condition is "" (always), "autumn" (only from September, else no
	// event), "italy" (only if Belgium and the Netherlands were not
	// violated, else no event) or "russia" (no event once the Russian Front
	// is settled, 14.3).
	Condition string
}

// Month is the month of the game turn, 8 (August) to 11 (November); 0 is
// unknown.
type Month int

// Tri is yes, no or unknown.
type Tri int

const (
	Unknown Tri = iota
	Yes
	No
)

// EventConditions are what the event table needs to know about the game.
type EventConditions struct {
	Month Month
	// Violated: has Germany violated Belgium or the Netherlands (15.21)?
	Violated Tri
	// RussiaSettled: has a Russian Front roll already given stalemate or a
	// victory in the East (14.3)? Then the Russian Front event is no event.
	RussiaSettled Tri
}

// EventResult is a reading of the events table.
type EventResult struct {
	Reading int // 11..66
	Row     EventRow
	// Applies is Yes when the row takes effect, No when its condition makes
	// it "no event", Unknown when the caller did not say enough to decide.
	Applies Tri
	// NoEvent is the "no event" row, for a row that does not apply.
	NoEvent EventRow
}

// EventReading combines two dice, tens and units, into a reading 11..66.
func EventReading(tens, units int) (int, error) {
	if tens < 1 || tens > 6 {
		return 0, dieError(tens)
	}
	if units < 1 || units > 6 {
		return 0, dieError(units)
	}
	return 10*tens + units, nil
}

// EventRows returns the rows of the events table in order.
func (s *Set) EventRows() []EventRow {
	var out []EventRow
	for _, r := range s.events {
		out = append(out, r.row)
	}
	return out
}

// Event reads the events table at a two-dice reading (11..66: tens from
// the first die, units from the second) under the given conditions.
func (s *Set) Event(reading int, c EventConditions) (EventResult, error) {
	if !validReading(reading) {
		return EventResult{}, i18n.Errorf(
			"An event roll is two dice read as tens and units: 11 to 66, each digit 1 to 6 (not %d).",
			"イベントの目は2個のサイコロを十の位・一の位として読みます: 11から66、各桁は1から6 (%d は不可)。", reading)
	}
	if c.Month != 0 && (c.Month < 8 || c.Month > 11) {
		return EventResult{}, i18n.Errorf("The game runs from August (8) to November (11), not month %d.",
			"ゲームは8月から11月までです (%d月は不可)。", int(c.Month))
	}
	row, _ := find(s.events, reading)
	r := EventResult{Reading: reading, Row: row, Applies: Yes}
	r.NoEvent, _ = s.eventByID("no-event")
	switch row.Condition {
	case "autumn":
		switch {
		case c.Month == 0:
			r.Applies = Unknown
		case c.Month < 9:
			r.Applies = No
		}
	case "italy":
		switch c.Violated {
		case Unknown:
			r.Applies = Unknown
		case Yes:
			r.Applies = No
		}
	case "russia":
		switch c.RussiaSettled {
		case Unknown:
			r.Applies = Unknown
		case Yes:
			r.Applies = No
		}
	}
	return r, nil
}

func (s *Set) eventByID(id string) (EventRow, bool) {
	for _, r := range s.events {
		if r.row.ID == id {
			return r.row, true
		}
	}
	return EventRow{}, false
}

func validReading(n int) bool { return n/10 >= 1 && n/10 <= 6 && n%10 >= 1 && n%10 <= 6 }

// ParseMonth reads aug|sep|oct|nov (also the full English names, 8..11 and
// 8月..11月).
func ParseMonth(text string) (Month, error) {
	t := strings.ToLower(strings.TrimSpace(text))
	for i, names := range [][]string{
		{"aug", "august", "8", "8月"}, {"sep", "sept", "september", "9", "9月"},
		{"oct", "october", "10", "10月"}, {"nov", "november", "11", "11月"},
	} {
		for _, n := range names {
			if t == n {
				return Month(8 + i), nil
			}
		}
	}
	return 0, i18n.Errorf("Month %q is not a month of the game: use aug, sep, oct or nov.",
		"%q はゲームの月ではありません: aug, sep, oct, nov のいずれかです。", text)
}

func (s *Set) parseEvents(text string) error {
	recs, err := parseRecords(text)
	if err != nil {
		return err
	}
	for _, r := range recs {
		e, lo, hi, err := rolledEntry(r)
		if err != nil {
			return err
		}
		if !validReading(lo) || !validReading(hi) {
			return fmt.Errorf("record at line %d: bad rolls %d-%d: a reading is two dice, 11 to 66", r.line, lo, hi)
		}
		cond := r.fields["condition"]
		switch cond {
		case "none":
			cond = ""
		case "autumn", "italy", "russia":
		default:
			return fmt.Errorf("record at line %d: unknown condition %q", r.line, cond)
		}
		s.events = append(s.events, ranged[EventRow]{lo, hi, EventRow{e, r.fields["rolls"], cond}})
	}
	if _, ok := s.eventByID("no-event"); !ok {
		return fmt.Errorf("no row with id no-event")
	}
	return checkCover(s.events, 11, 66, validReading)
}
