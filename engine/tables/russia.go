package tables

import (
	"fmt"

	"rtrbot/i18n"
)

// RussiaRow is a result of the Russian Front table (14.3).
type RussiaRow struct {
	Entry
	Rolls string
	// Ends is true when a later Russian Front event counts as no event.
	Ends bool
}

// RussiaResult is one roll on the Russian Front table with its modifiers.
type RussiaResult struct {
	Die int
	// Box is the attack strength in the Russian Front box; BoxModifier is
	// +1 for each 10 of it, at most +4.
	Box, BoxModifier int
	// MaxOffensive is option 18.1(2), the Western Front maximum offensive:
	// OptionModifier is then -1.
	MaxOffensive   bool
	OptionModifier int
	// Total is the modified roll read on the table, held to its range
	// (Clamped says it had to be).
	Total   int
	Clamped bool
	Row     RussiaRow
	// Reinforcements is, for a major victory, half the box's attack
	// strength rounded down: what returns as reinforcements.
	Reinforcements int
}

// Limits of the Russian Front table.
const (
	MaxBoxStrength  = 999
	MaxBoxModifier  = 4
	russiaLo        = 0
	russiaHi        = 10
	boxStrengthStep = 10
)

// RussiaRows returns the rows of the Russian Front table in order.
func (s *Set) RussiaRows() []RussiaRow {
	var out []RussiaRow
	for _, r := range s.russia {
		out = append(out, r.row)
	}
	return out
}

// Russia reads the Russian Front table (14.3) for a die roll, the attack
// strength in the Russian Front box and whether option 18.1(2) is in play.
// The modifiers are cumulative and the total is held to 0..10.
func (s *Set) Russia(die, box int, maxOffensive bool) (RussiaResult, error) {
	if die < 1 || die > 6 {
		return RussiaResult{}, dieError(die)
	}
	if box < 0 || box > MaxBoxStrength {
		return RussiaResult{}, i18n.Errorf(
			"The attack strength in the Russian Front box is a number from 0 to %d, not %d.",
			"ロシア戦線ボックスの攻撃力は0から%dの数です (%d は不可)。", MaxBoxStrength, box)
	}
	r := RussiaResult{Die: die, Box: box, MaxOffensive: maxOffensive}
	r.BoxModifier = min(box/boxStrengthStep, MaxBoxModifier)
	if maxOffensive {
		r.OptionModifier = -1
	}
	t := die + r.BoxModifier + r.OptionModifier
	r.Total = max(russiaLo, min(russiaHi, t))
	r.Clamped = r.Total != t
	r.Row, _ = find(s.russia, r.Total)
	if r.Row.ID == "major-victory" {
		r.Reinforcements = box / 2
	}
	return r, nil
}

func (s *Set) parseRussia(text string) error {
	recs, err := parseRecords(text)
	if err != nil {
		return err
	}
	for _, r := range recs {
		e, err := entry(r, "id")
		if err != nil {
			return err
		}
		rs, err := r.get("rolls")
		if err != nil {
			return err
		}
		lo, hi, err := parseRange(rs)
		if err != nil {
			return fmt.Errorf("record at line %d: %w", r.line, err)
		}
		s.russia = append(s.russia, ranged[RussiaRow]{lo, hi, RussiaRow{e, rs, r.fields["ends"] == "yes"}})
	}
	return checkCover(s.russia, russiaLo, russiaHi, nil)
}
