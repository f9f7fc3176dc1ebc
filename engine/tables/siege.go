package tables

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"rtrbot/i18n"
)

// SiegeRow is a result of the siege table.
type SiegeRow struct {
	Entry
	Destroyed bool
}

// SiegeResult is one siege gun's attack on a fortress (12.6).
type SiegeResult struct {
	Strength, Die, Modifier, Total int
	Row                            SiegeRow
}

// FortressStrengths returns the strengths the siege table knows (3, 6, 12).
func (s *Set) FortressStrengths() []int {
	var out []int
	for k := range s.siegeMod {
		out = append(out, k)
	}
	sort.Ints(out)
	return out
}

// Siege reads the siege table for a fortress of the given strength and a
// die roll: the die plus the fortress's modifier (12.6).
func (s *Set) Siege(strength, die int) (SiegeResult, error) {
	mod, ok := s.siegeMod[strength]
	if !ok {
		var acc []string
		for _, k := range s.FortressStrengths() {
			acc = append(acc, strconv.Itoa(k))
		}
		return SiegeResult{}, i18n.Errorf(
			"A fortress has strength %s (a fortress without a number is a 3, 12.0), not %d.",
			"要塞の戦力は %s のいずれかです (数値のない要塞は3, 12.0)。%d は不可。", strings.Join(acc, ", "), strength)
	}
	if die < 1 || die > 6 {
		return SiegeResult{}, dieError(die)
	}
	r := SiegeResult{Strength: strength, Die: die, Modifier: mod, Total: die + mod}
	r.Row, _ = find(s.siege, r.Total)
	return r, nil
}

func (s *Set) parseSiege(text string) error {
	recs, err := parseRecords(text)
	if err != nil {
		return err
	}
	s.siegeMod = map[int]int{}
	lo, hi := 99, -99
	for _, r := range recs {
		if v, ok := r.fields["strength"]; ok {
			st, err1 := strconv.Atoi(v)
			m, err2 := strconv.Atoi(strings.TrimPrefix(r.fields["modifier"], "+"))
			if err1 != nil || err2 != nil {
				return fmt.Errorf("record at line %d: bad strength or modifier", r.line)
			}
			s.siegeMod[st] = m
			lo, hi = min(lo, 1+m), max(hi, 6+m)
			continue
		}
		e, a, b, err := rolledEntry(r)
		if err != nil {
			return err
		}
		s.siege = append(s.siege, ranged[SiegeRow]{a, b, SiegeRow{e, r.fields["destroyed"] == "yes"}})
	}
	if len(s.siegeMod) == 0 {
		return fmt.Errorf("no fortress strengths")
	}
	return checkCover(s.siege, lo, hi, nil)
}
