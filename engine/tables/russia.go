package tables

import (
	"fmt"
	"strconv"
	"strings"

	"rtrbot/i18n"
)

// RussiaRow is a result of the Russian Front table (14.3).
type RussiaRow struct {
	Entry
	Rolls string
	// Ends is true when a later Russian Front event counts as no event.
	Ends bool
}

// RussiaOptions are the circumstances of a Russian Front roll.
type RussiaOptions struct {
	// Box is the attack strength in the Russian Front box (0..999).
	Box int
	// MaxOffensive is option 18.1(2), the Western Front maximum offensive.
	MaxOffensive bool
	// Alternative uses the box modifier printed in MOVES #91 (-2 to +4 by
	// the box's attack strength) instead of +1 per 10.
	Alternative bool
}

// RussiaResult is one roll on the Russian Front table with its modifiers.
type RussiaResult struct {
	RussiaOptions
	Die int
	// BoxModifier comes from the box's attack strength: +1 for each 10, at
	// most +4 (14.3), or the alternative table.
	BoxModifier int
	// OptionModifier is -1 with option 18.1(2), else 0.
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

// Russia reads the Russian Front table (14.3) for a die roll: +1 for each
// 10 attack strength in the box (at most +4) or the alternative modifier,
// -1 with option 18.1(2); the modifiers are cumulative and the total is
// held to 0..10.
func (s *Set) Russia(die int, o RussiaOptions) (RussiaResult, error) {
	if die < 1 || die > 6 {
		return RussiaResult{}, dieError(die)
	}
	if o.Box < 0 || o.Box > MaxBoxStrength {
		return RussiaResult{}, i18n.Errorf(
			"The attack strength in the Russian Front box is a number from 0 to %d, not %d.",
			"ロシア戦線ボックスの攻撃力は0から%dの数です (%d は不可)。", MaxBoxStrength, o.Box)
	}
	r := RussiaResult{RussiaOptions: o, Die: die}
	if o.Alternative {
		r.BoxModifier, _ = find(s.russiaAlt, o.Box)
	} else {
		r.BoxModifier = min(o.Box/boxStrengthStep, MaxBoxModifier)
	}
	if o.MaxOffensive {
		r.OptionModifier = -1
	}
	t := die + r.BoxModifier + r.OptionModifier
	r.Total = max(russiaLo, min(russiaHi, t))
	r.Clamped = r.Total != t
	r.Row, _ = find(s.russia, r.Total)
	if r.Row.ID == "major-victory" {
		r.Reinforcements = o.Box / 2
	}
	return r, nil
}

func (s *Set) parseRussia(text string) error {
	recs, err := parseRecords(text)
	if err != nil {
		return err
	}
	for _, r := range recs {
		if v, ok := r.fields["alt-box"]; ok {
			lo, hi, err1 := parseRange(v)
			m, err2 := strconv.Atoi(strings.TrimPrefix(r.fields["modifier"], "+"))
			if err1 != nil || err2 != nil {
				return fmt.Errorf("record at line %d: bad alt-box or modifier", r.line)
			}
			s.russiaAlt = append(s.russiaAlt, ranged[int]{lo, hi, m})
			continue
		}
		e, lo, hi, err := rolledEntry(r)
		if err != nil {
			return err
		}
		s.russia = append(s.russia, ranged[RussiaRow]{lo, hi, RussiaRow{e, r.fields["rolls"], r.fields["ends"] == "yes"}})
	}
	if err := checkCover(s.russia, russiaLo, russiaHi, nil); err != nil {
		return err
	}
	if err := checkCover(s.russiaAlt, 0, MaxBoxStrength, nil); err != nil {
		return fmt.Errorf("alternative box modifiers: %w", err)
	}
	return nil
}
