package i18n

import (
	"go/ast"
	"go/token"
	"regexp"
	"strconv"
	"testing"
	"unicode"
)

// directive is one formatting directive with its place in the format.
var directive = regexp.MustCompile(`%(?:\[(\d+)\])?[-+# 0]*\d*(?:\.\d+)?([a-zA-Z%])`)

// isJapaneseWord says r is kana or kanji (what a counted number is set
// apart from by a space, 「攻撃力 %d と」).
func isJapaneseWord(r rune) bool {
	return unicode.In(r, unicode.Hiragana, unicode.Katakana, unicode.Han) || r == 'ー'
}

// countArg says e is a count (i18n.Count(...), or its .In(lang)).
func countArg(e ast.Expr) bool {
	c, ok := e.(*ast.CallExpr)
	if !ok {
		return false
	}
	if sel, ok := c.Fun.(*ast.SelectorExpr); ok {
		if sel.Sel.Name == "Count" {
			return true
		}
		if sel.Sel.Name == "In" {
			return countArg(sel.X)
		}
	}
	return false
}

// TestJapaneseCountSpacing: where a count (i18n.Count: "53 ヘクス",
// "24 時間") is put in a Japanese sentence, it is spaced as a number
// written in the sentence is: a space between it and a Japanese word
// before it (「を 53 ヘクス」, not 「を53 ヘクス」), none between its
// counter word and a Japanese word after it (「24 時間です」, not
// 「24 時間 です」).
func TestJapaneseCountSpacing(t *testing.T) {
	goFiles(t, func(rel string, f *ast.File, fset *token.FileSet) {
		ast.Inspect(f, func(n ast.Node) bool {
			x, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			// The format pair and its arguments: f(en, ja, args...) or
			// f(T(en, ja), args...).
			var ja string
			var args []ast.Expr
			if len(x.Args) >= 2 {
				if _, ok := constString(x.Args[0]); ok {
					if s, ok := constString(x.Args[1]); ok {
						ja, args = s, x.Args[2:]
					}
				}
				if inner, ok := x.Args[0].(*ast.CallExpr); ok && ja == "" && len(inner.Args) == 2 {
					if s, ok := constString(inner.Args[1]); ok {
						ja, args = s, x.Args[1:]
					}
				}
			}
			if ja == "" || !hasJapanese(ja) {
				return true
			}
			arg := 1
			for _, m := range directive.FindAllStringSubmatchIndex(ja, -1) {
				if ja[m[4]:m[5]] == "%" {
					continue
				}
				if m[2] >= 0 {
					arg, _ = strconv.Atoi(ja[m[2]:m[3]])
				}
				at := arg
				arg++
				if at < 1 || at > len(args) || !countArg(args[at-1]) {
					continue
				}
				before, after := []rune(ja[:m[0]]), []rune(ja[m[1]:])
				if len(before) > 0 && isJapaneseWord(before[len(before)-1]) {
					t.Errorf("%s: %q: a count is written against the Japanese word before it (add a space)", rel+":"+strconv.Itoa(fset.Position(x.Pos()).Line), ja)
				}
				if len(after) > 1 && after[0] == ' ' && isJapaneseWord(after[1]) {
					t.Errorf("%s: %q: a space between a count's counter word and the Japanese word after it", rel+":"+strconv.Itoa(fset.Position(x.Pos()).Line), ja)
				}
			}
			return true
		})
	})
}
