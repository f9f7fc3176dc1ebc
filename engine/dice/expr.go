package dice

import (
	"fmt"
	"strconv"
	"strings"

	"rtrbot/i18n"
)

// Limits on a dice expression: enough for any wargame, small enough that a
// roll is one short message and cannot be used to load the bot.
const (
	MaxCount    = 100
	MinSides    = 2
	MaxSides    = 1000
	MaxModifier = 1000
)

// Spec is a dice expression: Count dice of Sides faces plus Modifier.
type Spec struct {
	Count, Sides, Modifier int
}

// String writes the expression in its usual form: 2d6, 3d6+1, 1d10-2.
func (s Spec) String() string {
	out := fmt.Sprintf("%dd%d", s.Count, s.Sides)
	if s.Modifier != 0 {
		out += fmt.Sprintf("%+d", s.Modifier)
	}
	return out
}

// Total adds the dice and the modifier.
func (s Spec) Total(faces []int) int {
	t := s.Modifier
	for _, f := range faces {
		t += f
	}
	return t
}

// Parse reads NdM with an optional modifier: "2d6", "d6" (one die),
// "3d6+1", "1d10-2", "2D6 + 1". Spaces are ignored.
func Parse(text string) (Spec, error) {
	t := strings.ToLower(strings.Join(strings.Fields(text), ""))
	t = strings.NewReplacer("ｄ", "d", "＋", "+", "－", "-").Replace(t)
	usage := func() error {
		return i18n.Errorf(
			"%q is not a dice expression: write NdM with an optional +K or -K, e.g. 2d6, 1d6, 3d6+1 (N 1..%d dice, M %d..%d sides, K up to %d).",
			"%q はダイス式ではありません: NdM の形で、必要なら +K または -K を付けてください (例 2d6, 1d6, 3d6+1。N は1〜%d個、M は%d〜%d面、K は%dまで)。",
			text, MaxCount, MinSides, MaxSides, MaxModifier)
	}
	count, rest, ok := strings.Cut(t, "d")
	if !ok {
		return Spec{}, usage()
	}
	sides, mod, sign := rest, "", 0
	if i := strings.IndexAny(rest, "+-"); i >= 0 {
		sides, mod = rest[:i], rest[i+1:]
		sign = 1
		if rest[i] == '-' {
			sign = -1
		}
	}
	var s Spec
	var err error
	if count == "" {
		s.Count = 1
	} else if s.Count, err = atoi(count); err != nil {
		return Spec{}, usage()
	}
	if s.Sides, err = atoi(sides); err != nil {
		return Spec{}, usage()
	}
	if sign != 0 {
		m, err := atoi(mod)
		if err != nil {
			return Spec{}, usage()
		}
		if m > MaxModifier {
			return Spec{}, i18n.Errorf("The modifier of %q is too large: at most %d.", "%q の修整が大きすぎます: 最大 %d です。", text, MaxModifier)
		}
		s.Modifier = sign * m
	}
	if s.Count < 1 || s.Count > MaxCount {
		return Spec{}, i18n.Errorf("%q asks for %d dice: roll 1 to %d dice at a time.", "%q は %d 個のサイコロです: 一度に振れるのは1〜%d個です。", text, s.Count, MaxCount)
	}
	if s.Sides < MinSides || s.Sides > MaxSides {
		return Spec{}, i18n.Errorf("%q has dice of %d sides: dice have %d to %d sides.", "%q は %d 面のサイコロです: 使えるのは%d〜%d面です。", text, s.Sides, MinSides, MaxSides)
	}
	return s, nil
}

// atoi reads plain decimal digits only (no sign, no spaces), and refuses
// numbers too long to matter so that "1d99999999999999999999" is a limit
// message, not an overflow.
func atoi(s string) (int, error) {
	if s == "" || len(s) > 9 {
		if len(s) > 9 && strings.Trim(s, "0123456789") == "" {
			return 1 << 30, nil // far beyond every limit; the caller says which
		}
		return 0, strconv.ErrSyntax
	}
	for _, c := range s {
		if c < '0' || c > '9' {
			return 0, strconv.ErrSyntax
		}
	}
	return strconv.Atoi(s)
}
