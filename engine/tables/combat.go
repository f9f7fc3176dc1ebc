package tables

import (
	"fmt"
	"strconv"
	"strings"

	"rtrbot/i18n"
)

// Code is a combat result code: AA AR AZ BB DA DH DR DZ NE.
type Code string

// Odds is a column heading (3:1, 1:2) or a ratio rounded to one.
type Odds struct{ A, D int }

func (o Odds) String() string { return fmt.Sprintf("%d:%d", o.A, o.D) }

// less compares two odds as ratios.
func (o Odds) less(p Odds) bool { return o.A*p.D < p.A*o.D }

// CRT is one combat results table.
type CRT struct {
	ID   string    // recon, assault, mobile
	Name i18n.Text // Reconnaissance in force / 威力偵察
	// Note is a condition of use printed with the table ("" if none).
	Note  i18n.Text
	cells [6][]Code // [die-1][column]
}

// CRTs returns the combat tables in the order of the data file.
func (s *Set) CRTs() []*CRT { return s.crts }

// CRT returns the table with the given id (recon, assault, mobile).
func (s *Set) CRT(id string) (*CRT, error) {
	var ids []string
	for _, t := range s.crts {
		if strings.EqualFold(t.ID, id) {
			return t, nil
		}
		ids = append(ids, t.ID)
	}
	return nil, i18n.Errorf("There is no combat table %q: choose one of %s.", "戦闘結果表 %q はありません。次から選んでください: %s",
		id, strings.Join(ids, ", "))
}

// Columns returns the odds columns, weakest first (1:3 ... 7:1).
func (s *Set) Columns() []Odds { return s.columns }

// Codes returns the result codes in alphabetical order.
func (s *Set) Codes() []Code {
	return []Code{"AA", "AR", "AZ", "BB", "DA", "DH", "DR", "DZ", "NE"}
}

// Result explains a result code.
func (s *Set) Result(c Code) (Entry, bool) {
	e, ok := s.results[c]
	return e, ok
}

// Lookup reads the table at a column index (0 is the weakest column) and a
// die roll 1..6.
func (t *CRT) Lookup(column, die int) (Code, error) {
	if die < 1 || die > 6 {
		return "", dieError(die)
	}
	if column < 0 || column >= len(t.cells[0]) {
		return "", fmt.Errorf("column %d out of range", column)
	}
	return t.cells[die-1][column], nil
}

func dieError(die int) error {
	return i18n.Errorf("A die shows 1 to 6, not %d.", "サイコロの目は1から6です (%d は不可)。", die)
}

// Limits of the numbers the odds rules accept: a single attack on one hex
// never comes near them, and they keep arithmetic far from overflow.
const (
	MaxStrength = 999
	MaxShift    = 8
)

// OddsResult says how a column was found, step by step, so that a reply
// can show the players the reasoning.
type OddsResult struct {
	Attack, Defense int
	// Rounded is the ratio rounded in the defender's favour (14:5 -> 2:1,
	// 5:12 -> 1:3), before the table's limits.
	Rounded Odds
	// Base is the column index after reading odds beyond the table as its
	// first or last column (9.0); Column is after the shift.
	Base, Shift, Column int
	// Clamped is true when the odds lay beyond the table; ShiftClamped when
	// the shift ran past an end.
	Clamped, ShiftClamped bool
}

// Odds finds the column for attack against defence strengths with a
// column shift (positive to the right, in the attacker's favour). Odds are
// rounded in the defender's favour, below the first column read as it and
// above the last as the last (9.0); the shift is applied to that column
// and stops at the ends of the table.
func (s *Set) Odds(attack, defense, shift int) (OddsResult, error) {
	if attack < 1 || attack > MaxStrength {
		return OddsResult{}, i18n.Errorf(
			"Attack strength must be between 1 and %d, not %d (a unit with attack 0 cannot attack, 9.8).",
			"攻撃力は1から%dの範囲です (%d は不可。攻撃力0のユニットは攻撃できない, 9.8)。", MaxStrength, attack)
	}
	if defense < 1 || defense > MaxStrength {
		return OddsResult{}, i18n.Errorf(
			"Defence strength must be between 1 and %d, not %d.",
			"防御力は1から%dの範囲です (%d は不可)。", MaxStrength, defense)
	}
	if shift < -MaxShift || shift > MaxShift {
		return OddsResult{}, i18n.Errorf(
			"A column shift must be between -%d and +%d, not %+d.",
			"コラムシフトは -%d から +%d の範囲です (%+d は不可)。", MaxShift, MaxShift, shift)
	}
	r := OddsResult{Attack: attack, Defense: defense, Shift: shift}
	if attack >= defense {
		r.Rounded = Odds{attack / defense, 1} // round down: defender's favour
	} else {
		r.Rounded = Odds{1, (defense + attack - 1) / attack} // round the defence up
	}
	cols := s.columns
	switch {
	case r.Rounded.less(cols[0]):
		r.Base, r.Clamped = 0, true
	case cols[len(cols)-1].less(r.Rounded):
		r.Base, r.Clamped = len(cols)-1, true
	default:
		// The strongest column not above the rounded odds.
		for i, c := range cols {
			if !r.Rounded.less(c) {
				r.Base = i
			}
		}
	}
	r.Column = r.Base + shift
	if r.Column < 0 {
		r.Column, r.ShiftClamped = 0, true
	}
	if r.Column > len(cols)-1 {
		r.Column, r.ShiftClamped = len(cols)-1, true
	}
	return r, nil
}

// ParseOdds reads odds as players write them: "3:1", "1:2", also "3-1" or
// "3/1". Both numbers must be 1 or more; ratios that are not in lowest
// terms ("5:2") are allowed and rounded like strengths.
func ParseOdds(text string) (attack, defense int, err error) {
	t := strings.TrimSpace(text)
	a, d, ok := "", "", false
	for _, sep := range []string{":", "-", "/", "：", "対"} {
		if a, d, ok = strings.Cut(t, sep); ok {
			break
		}
	}
	bad := i18n.Errorf(
		"Odds %q are not understood: write attack:defence with whole numbers from 1 to %d, e.g. 3:1 or 1:2.",
		"戦力比 %q を読めません。攻撃:防御 の形で1から%dの整数を書いてください (例 3:1, 1:2)。", text, MaxStrength)
	if !ok {
		return 0, 0, bad
	}
	x, err1 := strconv.Atoi(strings.TrimSpace(a))
	y, err2 := strconv.Atoi(strings.TrimSpace(d))
	if err1 != nil || err2 != nil || x < 1 || y < 1 || x > MaxStrength || y > MaxStrength {
		return 0, 0, bad
	}
	return x, y, nil
}

// parseCRT reads crt.txt: blocks of "table", "name", "note", "columns" and
// six rows of codes.
func (s *Set) parseCRT(text string) error {
	var cur *CRT
	rows := 0
	finish := func() error {
		if cur != nil && rows != 6 {
			return fmt.Errorf("table %s has %d rows, want 6", cur.ID, rows)
		}
		return nil
	}
	for i, raw := range strings.Split(text, "\n") {
		n := i + 1
		line := strings.TrimSpace(raw)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		word, rest, _ := strings.Cut(line, " ")
		rest = strings.TrimSpace(rest)
		switch word {
		case "table":
			if err := finish(); err != nil {
				return err
			}
			cur, rows = &CRT{ID: rest}, 0
			s.crts = append(s.crts, cur)
			continue
		}
		if cur == nil {
			return fmt.Errorf("line %d: %q before any table", n, line)
		}
		switch word {
		case "name", "note":
			en, ja, ok := strings.Cut(rest, "|")
			if !ok {
				return fmt.Errorf("line %d: want English | Japanese", n)
			}
			t := i18n.T(strings.TrimSpace(en), strings.TrimSpace(ja))
			if word == "name" {
				cur.Name = t
			} else {
				cur.Note = t
			}
		case "columns":
			var cols []Odds
			for _, f := range strings.Fields(rest) {
				a, d, err := ParseOdds(f)
				if err != nil || (a != 1 && d != 1) {
					return fmt.Errorf("line %d: bad column %q", n, f)
				}
				cols = append(cols, Odds{a, d})
			}
			for j := 1; j < len(cols); j++ {
				if !cols[j-1].less(cols[j]) {
					return fmt.Errorf("line %d: columns must rise from weakest to strongest", n)
				}
			}
			if s.columns == nil {
				s.columns = cols
			} else if fmt.Sprint(cols) != fmt.Sprint(s.columns) {
				return fmt.Errorf("line %d: every table must have the same columns", n)
			}
		default:
			die, err := strconv.Atoi(word)
			if err != nil || die != rows+1 || die > 6 {
				return fmt.Errorf("line %d: want row %d, got %q", n, rows+1, line)
			}
			codes := strings.Fields(rest)
			if len(codes) != len(s.columns) {
				return fmt.Errorf("line %d: %d results for %d columns", n, len(codes), len(s.columns))
			}
			for _, c := range codes {
				if _, ok := s.results[Code(c)]; !ok {
					return fmt.Errorf("line %d: unknown result code %q", n, c)
				}
				cur.cells[die-1] = append(cur.cells[die-1], Code(c))
			}
			rows++
		}
	}
	if len(s.crts) == 0 {
		return fmt.Errorf("no tables")
	}
	return finish()
}

func (s *Set) parseResults(text string) error {
	recs, err := parseRecords(text)
	if err != nil {
		return err
	}
	s.results = map[Code]Entry{}
	for _, r := range recs {
		e, err := entry(r, "code")
		if err != nil {
			return err
		}
		s.results[Code(e.ID)] = e
	}
	for _, c := range s.Codes() {
		if _, ok := s.results[c]; !ok {
			return fmt.Errorf("result code %s is not explained", c)
		}
	}
	return nil
}
