package i18n

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"unicode"
)

// A pair is one text written in both languages in the code: the first two
// string arguments of a call (i18n.T, req.T, i18n.Errorf, a local t or f,
// ...) when the second is Japanese, or a Text{EN: ..., JA: ...} literal.
type pair struct {
	pos    string
	en, ja string
}

// repoRoot is the module's root, one folder up from this package.
func repoRoot(t *testing.T) string {
	t.Helper()
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(root, "go.mod")); err != nil {
		t.Fatalf("no go.mod at %s: %v", root, err)
	}
	return root
}

// hasJapanese reports whether s holds kana or kanji.
func hasJapanese(s string) bool {
	for _, r := range s {
		if unicode.In(r, unicode.Hiragana, unicode.Katakana, unicode.Han) {
			return true
		}
	}
	return false
}

// constString is the value of a string literal or a sum of them.
func constString(e ast.Expr) (string, bool) {
	switch x := e.(type) {
	case *ast.BasicLit:
		if x.Kind != token.STRING {
			return "", false
		}
		s, err := strconv.Unquote(x.Value)
		return s, err == nil
	case *ast.BinaryExpr:
		if x.Op != token.ADD {
			return "", false
		}
		a, ok := constString(x.X)
		if !ok {
			return "", false
		}
		b, ok := constString(x.Y)
		return a + b, ok
	case *ast.ParenExpr:
		return constString(x.X)
	}
	return "", false
}

// goFiles walks the module's non-test Go files.
func goFiles(t *testing.T, fn func(rel string, f *ast.File, fset *token.FileSet)) {
	t.Helper()
	root := repoRoot(t)
	fset := token.NewFileSet()
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if n := d.Name(); path != root && (strings.HasPrefix(n, ".") || n == "testdata") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		fn(filepath.ToSlash(rel), f, fset)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// codePairs finds every bilingual pair written in the code.
func codePairs(t *testing.T) []pair {
	t.Helper()
	var out []pair
	goFiles(t, func(rel string, f *ast.File, fset *token.FileSet) {
		at := func(n ast.Node) string {
			p := fset.Position(n.Pos())
			return fmt.Sprintf("%s:%d", rel, p.Line)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			switch x := n.(type) {
			case *ast.CallExpr:
				if len(x.Args) < 2 {
					return true
				}
				en, ok1 := constString(x.Args[0])
				ja, ok2 := constString(x.Args[1])
				if ok1 && ok2 && hasJapanese(ja) && !hasJapanese(en) {
					out = append(out, pair{at(x), en, ja})
				}
			case *ast.CompositeLit:
				var en, ja string
				var okEN, okJA bool
				for _, el := range x.Elts {
					kv, ok := el.(*ast.KeyValueExpr)
					if !ok {
						continue
					}
					k, ok := kv.Key.(*ast.Ident)
					if !ok {
						continue
					}
					switch k.Name {
					case "EN":
						en, okEN = constString(kv.Value)
					case "JA":
						ja, okJA = constString(kv.Value)
					}
				}
				if okEN && okJA {
					out = append(out, pair{at(x), en, ja})
				}
			}
			return true
		})
	})
	return out
}

// A verb is one formatting directive: the argument it takes (1-based) and
// its letter.
type verb struct {
	arg    int
	letter rune
}

// verbs lists the directives of a format string as fmt reads them,
// explicit argument indexes ("%[2]s") included.
func verbs(format string) []verb {
	var out []verb
	arg := 1
	rs := []rune(format)
	for i := 0; i < len(rs); i++ {
		if rs[i] != '%' {
			continue
		}
		i++
		for i < len(rs) && strings.ContainsRune("+-# 0", rs[i]) {
			i++
		}
		readIndex := func() {
			if i < len(rs) && rs[i] == '[' {
				j := i + 1
				for j < len(rs) && rs[j] != ']' {
					j++
				}
				if n, err := strconv.Atoi(string(rs[i+1 : j])); err == nil {
					arg = n
				}
				i = j + 1
			}
		}
		readIndex()
		if i < len(rs) && rs[i] == '*' {
			arg++
			i++
		}
		for i < len(rs) && unicode.IsDigit(rs[i]) {
			i++
		}
		if i < len(rs) && rs[i] == '.' {
			i++
			readIndex()
			if i < len(rs) && rs[i] == '*' {
				arg++
				i++
			}
			for i < len(rs) && unicode.IsDigit(rs[i]) {
				i++
			}
		}
		readIndex()
		if i >= len(rs) {
			break
		}
		if rs[i] == '%' {
			continue
		}
		out = append(out, verb{arg, rs[i]})
		arg++
	}
	return out
}

// kind is the type of argument a verb wants: i for integers, s for
// strings, f for floats, t for booleans, v for anything.
func kind(letter rune) rune {
	switch letter {
	case 'd', 'c', 'x', 'X', 'o', 'O', 'b', 'U':
		return 'i'
	case 's', 'q':
		return 's'
	case 'f', 'F', 'e', 'E', 'g', 'G':
		return 'f'
	case 't':
		return 't'
	}
	return 'v'
}

// argsFor builds one typed argument per argument the English takes.
func argsFor(vs []verb) []any {
	n := 0
	for _, v := range vs {
		if v.arg > n {
			n = v.arg
		}
	}
	args := make([]any, n)
	for i := range args {
		args[i] = "x"
	}
	for _, v := range vs {
		switch kind(v.letter) {
		case 'i':
			args[v.arg-1] = 2
		case 'f':
			args[v.arg-1] = 2.5
		case 't':
			args[v.arg-1] = true
		}
	}
	return args
}

// checkPair says what is wrong with a pair as format strings: the
// languages take different arguments, or of different types, or one
// formats badly with the arguments the other is written for.
func checkPair(en, ja string) string {
	ve, vj := verbs(en), verbs(ja)
	if len(ve) == 0 && len(vj) == 0 {
		return ""
	}
	ke, kj := map[int]rune{}, map[int]rune{}
	for _, v := range ve {
		ke[v.arg] = kind(v.letter)
	}
	for _, v := range vj {
		kj[v.arg] = kind(v.letter)
	}
	if len(ke) != len(kj) {
		return fmt.Sprintf("English takes %d arguments, Japanese %d", len(ke), len(kj))
	}
	for a, k := range ke {
		j, ok := kj[a]
		if !ok {
			return fmt.Sprintf("Japanese does not use argument %d", a)
		}
		if k != j && k != 'v' && j != 'v' {
			return fmt.Sprintf("argument %d is %%%c-like in English but %%%c-like in Japanese", a, k, j)
		}
	}
	args := argsFor(ve)
	for _, s := range []string{fmt.Sprintf(en, args...), fmt.Sprintf(ja, args...)} {
		if strings.Contains(s, "%!") {
			return fmt.Sprintf("formats badly: %q", s)
		}
	}
	return ""
}

func TestCheckPairFindsMismatches(t *testing.T) {
	for _, c := range []struct {
		en, ja string
		bad    bool
	}{
		{"%s applied %d orders of %s", "%s による修正: %s の命令 %d 件を適用。", true},
		{"%s applied %d orders of %s", "%[1]s による修正: %[3]s の命令 %[2]d 件を適用。", false},
		{"round %d of %s", "%s 第%dラウンド", true},
		{"round %d of %s", "%[2]s 第%[1]dラウンド", false},
		{"%d units", "%d 個", false},
		{"%d units at %s", "%d 個", true},
		{"100%% sure", "100%% 確実", false},
		{"%5.1f %%", "%5.1f %%", false},
	} {
		if got := checkPair(c.en, c.ja); (got != "") != c.bad {
			t.Errorf("checkPair(%q, %q) = %q, want bad=%v", c.en, c.ja, got, c.bad)
		}
	}
}

// TestPairsFormatAlike formats every bilingual pair in the code with the
// same typed arguments in both languages: each must take the same
// arguments, of the same types, and format without a %! complaint.
func TestPairsFormatAlike(t *testing.T) {
	ps := codePairs(t)
	if len(ps) < 500 {
		t.Fatalf("found only %d bilingual pairs: the walk is broken", len(ps))
	}
	for _, p := range ps {
		if msg := checkPair(p.en, p.ja); msg != "" {
			t.Errorf("%s: %s\n\ten: %q\n\tja: %q", p.pos, msg, p.en, p.ja)
		}
	}
}

// countedNoun is a count followed by the plural of something players
// count ("%d units"), which reads "1 units" when the count is one; a
// limit ("at most %d units") is always plural and passes.
var countedNoun = regexp.MustCompile(`(^|[^a-z ] ?|[a-z]+ )%(\[\d+\])?d (units|orders|rolls|games|players|tables|lines|hexes|exchanges|sessions|segments|states|results|play-outs)\b`)

// TestPairsCountInEnglish: a count of things players read is written with
// Count, so that English says "1 unit" and "2 units"; never "unit(s)".
func TestPairsCountInEnglish(t *testing.T) {
	limit := regexp.MustCompile(`(at most|at least|up to|than|limit of|allows) $`)
	for _, p := range codePairs(t) {
		if strings.Contains(p.en, "(s)") {
			t.Errorf("%s: %q: write the count with i18n.Count, not (s)", p.pos, p.en)
		}
		for _, m := range countedNoun.FindAllStringSubmatchIndex(p.en, -1) {
			if !limit.MatchString(p.en[:m[3]]) {
				t.Errorf("%s: %q says \"1 %s\" for one: write the count with i18n.Count", p.pos, p.en, p.en[m[6]:m[7]])
			}
		}
	}
}

func TestCount(t *testing.T) {
	for _, c := range []struct {
		n      int
		en, ja string
	}{{0, "0 units", "0 個"}, {1, "1 unit", "1 個"}, {2, "2 units", "2 個"}} {
		if got := Count(c.n, "unit", "units", "個"); got.EN != c.en || got.JA != c.ja {
			t.Errorf("Count(%d) = %+v, want %q %q", c.n, got, c.en, c.ja)
		}
	}
}
