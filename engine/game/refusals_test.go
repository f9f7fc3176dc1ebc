package game

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"rtrbot/engine/hex"
	"rtrbot/i18n"
)

// formatArgs maps each argument a format string uses (1-based) to its
// verb, following explicit indexes (%[2]s) as fmt does.
func formatArgs(f string) (map[int]string, bool) {
	args := map[int]string{}
	next := 1
	for i := 0; i < len(f); i++ {
		if f[i] != '%' {
			continue
		}
		i++
		for i < len(f) && strings.IndexByte("+-# 0", f[i]) >= 0 {
			i++
		}
		if i < len(f) && f[i] == '%' {
			continue
		}
		if i < len(f) && f[i] == '[' {
			j := strings.IndexByte(f[i:], ']')
			if j < 0 {
				return nil, false
			}
			n, err := strconv.Atoi(f[i+1 : i+j])
			if err != nil {
				return nil, false
			}
			next = n
			i += j + 1
		}
		for i < len(f) && (f[i] >= '0' && f[i] <= '9' || f[i] == '.') {
			i++
		}
		if i >= len(f) {
			return nil, false
		}
		verb := string(f[i])
		if v, ok := args[next]; ok && v != verb {
			return nil, false
		}
		args[next] = verb
		next++
	}
	return args, true
}

func TestFormatArgs(t *testing.T) {
	a, ok := formatArgs("%[2]s is %[1]d%% and %[3]q")
	if !ok || a[1] != "d" || a[2] != "s" || a[3] != "q" || len(a) != 3 {
		t.Fatalf("got %v %v", a, ok)
	}
	if _, ok := formatArgs("%[x]s"); ok {
		t.Error("a bad index accepted")
	}
}

// Every refusal has both languages, the same arguments with the same
// verbs, a whole Japanese sentence (not an empty or one-word stub), and a
// kebab-case code.
func TestRefusalCatalogue(t *testing.T) {
	for _, p := range refusalProblems {
		t.Error(p)
	}
	if len(refusals) < 150 {
		t.Errorf("only %d refusals in the catalogue", len(refusals))
	}
	kebab := regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)*$`)
	for code, r := range refusals {
		if !kebab.MatchString(code) {
			t.Errorf("line %d: code %q is not kebab-case", r.Line, code)
		}
		if r.Text.EN == "" || r.Text.JA == "" {
			t.Errorf("%s (line %d): a language is missing: %q / %q", code, r.Line, r.Text.EN, r.Text.JA)
			continue
		}
		en, ok1 := formatArgs(r.Text.EN)
		ja, ok2 := formatArgs(r.Text.JA)
		if !ok1 || !ok2 {
			t.Errorf("%s: a malformed format verb", code)
			continue
		}
		for i := 1; i <= len(en) || i <= len(ja); i++ {
			if en[i] != ja[i] {
				t.Errorf("%s: argument %d is %%%s in English but %%%s in Japanese", code, i, en[i], ja[i])
			}
		}
		if len(en) != len(ja) {
			t.Errorf("%s: %d arguments in English, %d in Japanese", code, len(en), len(ja))
		}
		// A Japanese text shorter than a third of the English one (counted
		// in characters, a Japanese character saying about what two or
		// three English letters do) has left something out.
		if utf8.RuneCountInString(r.Text.JA)*3 < utf8.RuneCountInString(r.Text.EN) {
			t.Errorf("%s: the Japanese looks shortened: %q for %q", code, r.Text.JA, r.Text.EN)
		}
	}
}

// codesInSource finds every catalogue code the engine's source uses: the
// first argument of refuse, and the reason constants.
func codesInSource(t *testing.T) map[string]string {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	used := map[string]string{}
	fs := token.NewFileSet()
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		f, err := parser.ParseFile(fs, name, src, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			switch x := n.(type) {
			case *ast.CallExpr:
				// refuse, and bad (ParsePosition's refusal of a line,
				// a method of its reader)
				name := ""
				switch f := x.Fun.(type) {
				case *ast.Ident:
					name = f.Name
				case *ast.SelectorExpr:
					if f.Sel.Name == "bad" {
						name = "bad"
					}
				}
				if name == "refuse" || name == "bad" {
					if id, ok := x.Args[0].(*ast.Ident); ok && id.Name == "code" {
						return true // a helper passing on its own code argument
					}
					lit, ok := x.Args[0].(*ast.BasicLit)
					if !ok {
						t.Errorf("%s: refuse with a code that is not a literal", fs.Position(x.Pos()))
						return true
					}
					code, _ := strconv.Unquote(lit.Value)
					used[code] = fs.Position(x.Pos()).String()
					// The call gives as many arguments as the texts use.
					if r, ok := refusals[code]; ok && !x.Ellipsis.IsValid() {
						if want, _ := formatArgs(r.Text.EN); len(x.Args)-1 != len(want) {
							t.Errorf("%s: %s takes %d arguments, the call gives %d", fs.Position(x.Pos()), code, len(want), len(x.Args)-1)
						}
					}
				}
			case *ast.ValueSpec:
				if id, ok := x.Type.(*ast.Ident); ok && id.Name == "reason" {
					for _, v := range x.Values {
						if lit, ok := v.(*ast.BasicLit); ok {
							code, _ := strconv.Unquote(lit.Value)
							if code != "" {
								used[code] = fs.Position(lit.Pos()).String()
							}
						}
					}
				}
			}
			return true
		})
	}
	return used
}

// Every code the engine uses is in the catalogue, and every entry of the
// catalogue is used.
func TestRefusalCodesUsed(t *testing.T) {
	used := codesInSource(t)
	for code, where := range used {
		if _, ok := refusals[code]; !ok {
			t.Errorf("%s: refusal %q is not in refusals.txt", where, code)
		}
	}
	for code := range refusals {
		if _, ok := used[code]; !ok {
			t.Errorf("refusals.txt line %d: %q is used nowhere", refusals[code].Line, code)
		}
	}
	if len(used) < 150 {
		t.Errorf("the source uses only %d codes; the scan is broken", len(used))
	}
}

// A refusal carries its code and formats both languages; an unknown code
// does not panic.
func TestRefuse(t *testing.T) {
	err := refuse("rail-capacity", "German", 6, 5, "G-IX", 2)
	if RefusalCode(err) != "rail-capacity" {
		t.Errorf("code %q", RefusalCode(err))
	}
	if !strings.Contains(err.Error(), "German rail capacity is 6") {
		t.Errorf("English %q", err.Error())
	}
	codes := RefusalCodes()
	if len(codes) != len(refusals) || !sort.StringsAreSorted(codes) {
		t.Errorf("RefusalCodes: %d codes, sorted %v", len(codes), sort.StringsAreSorted(codes))
	}
	if RefusalCode(refuse("no-such-code")) != "no-such-code" {
		t.Error("an unknown code lost")
	}
	if RefusalCode(os.ErrNotExist) != "" {
		t.Error("a plain error has a code")
	}
	e := cannotEnter("G-III", hex.New(30, 21), whySea)
	if RefusalCode(e) != "enter-sea" || !strings.Contains(e.Error(), "cannot enter 3021: it is sea") {
		t.Errorf("cannotEnter: %q %q", RefusalCode(e), e.Error())
	}
}

// A position's mistake is refused with the line and the problem's code,
// in both languages.
func TestPositionRefusal(t *testing.T) {
	m := realMap(t)
	_, err := ParsePosition(m, "scenario standard\n\n3024: G-III:shiny\n")
	if RefusalCode(err) != "position-unknown-flag" {
		t.Fatalf("code %q (%v)", RefusalCode(err), err)
	}
	if err.Error() != `position line 3: G-III: unknown flag "shiny" (trench, ooc, moved, edge)` {
		t.Errorf("English %q", err.Error())
	}
	if ja := i18n.Message(err, i18n.JA); !strings.Contains(ja, "局面の 3 行目") || !strings.Contains(ja, "不明なフラグ") {
		t.Errorf("Japanese %q", ja)
	}
	if _, err := ParsePosition(m, "scenario standard\ndice 9\n"); RefusalCode(err) != "position-dice" {
		t.Errorf("dice 9: %v", err)
	}
}

// Every option's description says the whole thing in both languages.
func TestOptionTextsWhole(t *testing.T) {
	for code, d := range Supported {
		if d.EN == "" || utf8.RuneCountInString(d.JA)*3 < utf8.RuneCountInString(d.EN) {
			t.Errorf("%s: %q / %q", code, d.EN, d.JA)
		}
	}
}

// Every argument of a refusal suits its format verb: %d an integer, %s and
// %q a string, a Stringer, an error or a two-language text (what vet's
// printf check did when the texts were written at the call).
func TestRefusalArgumentTypes(t *testing.T) {
	fs := token.NewFileSet()
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	var asts []*ast.File
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fs, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		asts = append(asts, f)
	}
	conf := types.Config{Importer: importer.ForCompiler(fs, "source", nil)}
	info := &types.Info{Types: map[ast.Expr]types.TypeAndValue{}}
	if _, err := conf.Check("rtrbot/engine/game", fs, asts, info); err != nil {
		t.Skipf("the package does not type-check from source here: %v", err)
	}
	var text func(types.Type) bool
	text = func(ty types.Type) bool {
		if n, ok := ty.(*types.Named); ok && (n.Obj().Name() == "Text" || n.Obj().Name() == "Step") {
			return true // put in each language's words by tr
		}
		if b, ok := ty.Underlying().(*types.Basic); ok && b.Info()&types.IsString != 0 {
			return true
		}
		if s, ok := ty.Underlying().(*types.Slice); ok {
			return text(s.Elem())
		}
		for _, m := range []*types.MethodSet{types.NewMethodSet(ty), types.NewMethodSet(types.NewPointer(ty))} {
			for i := 0; i < m.Len(); i++ {
				if n := m.At(i).Obj().Name(); n == "String" || n == "Error" {
					return true
				}
			}
		}
		return false
	}
	checked := 0
	for _, f := range asts {
		ast.Inspect(f, func(n ast.Node) bool {
			x, ok := n.(*ast.CallExpr)
			if !ok || x.Ellipsis.IsValid() {
				return true
			}
			id, ok := x.Fun.(*ast.Ident)
			if !ok || (id.Name != "refuse" && id.Name != "bad") {
				return true
			}
			lit, ok := x.Args[0].(*ast.BasicLit)
			if !ok {
				return true
			}
			code, _ := strconv.Unquote(lit.Value)
			verbs, _ := formatArgs(refusals[code].Text.EN)
			for i, a := range x.Args[1:] {
				ty := info.Types[a].Type
				verb := verbs[i+1]
				if ty == nil || verb == "" {
					continue
				}
				checked++
				var good bool
				switch verb {
				case "d":
					b, isBasic := ty.Underlying().(*types.Basic)
					good = isBasic && b.Info()&types.IsInteger != 0
				case "s", "q":
					good = text(ty)
				default:
					good = true
				}
				if !good {
					t.Errorf("%s: %s argument %d is %s for %%%s", fs.Position(a.Pos()), code, i+1, ty, verb)
				}
			}
			return true
		})
	}
	if checked < 150 {
		t.Errorf("only %d arguments checked", checked)
	}
}
