package tournament

import (
	"fmt"
	"strings"
	"unicode"

	"golang.org/x/text/cases"
	"golang.org/x/text/unicode/norm"
)

// Names are compared as people read them: two names that look alike are
// the same name. NameKey is a name's form for comparing: NFKC (full-width
// letters, ligatures and the like become the ordinary ones), case folded,
// with invisible characters (zero-width spaces and joiners, variation
// selectors, soft hyphens) removed and runs of spaces made one.
func NameKey(name string) string {
	s := norm.NFKC.String(name)
	s = strings.Map(func(r rune) rune {
		if Invisible(r) {
			return -1
		}
		return r
	}, s)
	s = cases.Fold().String(s)
	s = norm.NFKC.String(s)
	return strings.Join(strings.Fields(s), " ")
}

// Invisible says whether r is a character that shows nothing: a format
// character (zero-width space, joiners, direction marks, soft hyphen,
// byte-order mark) or a variation selector.
func Invisible(r rune) bool {
	return unicode.Is(unicode.Cf, r) || unicode.Is(unicode.Variation_Selector, r) || r == '\u034f' || r == '\u115f' || r == '\u1160' || r == '\u3164' || r == '\uffa0'
}

// NameTaken is the error of a store asked to create a tournament whose
// name looks like one the server has (NameKey): Name is that one.
type NameTaken struct{ Name string }

func (e NameTaken) Error() string { return fmt.Sprintf("tournament %q exists", e.Name) }

// Is makes a NameTaken an ErrExists.
func (e NameTaken) Is(target error) bool { return target == ErrExists }
