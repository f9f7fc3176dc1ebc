package i18n

import (
	"bufio"
	"fmt"
	"go/ast"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// A jaText is one Japanese text of the project and where it is.
type jaText struct {
	pos, text string
}

// japaneseTexts gathers every Japanese text the bot can say: the string
// literals of the Go code and the lines of its data files (refusals,
// options, tables, counters, map names, ai plans).
func japaneseTexts(t *testing.T) []jaText {
	t.Helper()
	var out []jaText
	goFiles(t, func(rel string, f *ast.File, fset *token.FileSet) {
		ast.Inspect(f, func(n ast.Node) bool {
			if lit, ok := n.(*ast.BasicLit); ok && lit.Kind == token.STRING {
				if s, err := strconv.Unquote(lit.Value); err == nil && hasJapanese(s) {
					out = append(out, jaText{fmt.Sprintf("%s:%d", rel, fset.Position(lit.Pos()).Line), s})
				}
			}
			return true
		})
	})
	root := repoRoot(t)
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if n := d.Name(); path != root && (strings.HasPrefix(n, ".") || n == "testdata" || n == "fonts") {
				return filepath.SkipDir
			}
			return nil
		}
		ext := filepath.Ext(path)
		if (ext != ".txt" && ext != ".tsv") || d.Name() == "glossary.tsv" {
			return nil
		}
		rel, _ := filepath.Rel(root, path)
		fh, err := os.Open(path)
		if err != nil {
			return err
		}
		defer fh.Close()
		sc := bufio.NewScanner(fh)
		sc.Buffer(make([]byte, 1<<20), 1<<20)
		for n := 1; sc.Scan(); n++ {
			for _, field := range strings.Split(sc.Text(), "\t") {
				if hasJapanese(field) {
					out = append(out, jaText{fmt.Sprintf("%s:%d", filepath.ToSlash(rel), n), strings.TrimSpace(field)})
				}
			}
		}
		return sc.Err()
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestGlossary holds every Japanese text of the project to glossary.tsv:
// the rules' one word for each thing, and the house style.
func TestGlossary(t *testing.T) {
	terms, err := Glossary()
	if err != nil {
		t.Fatal(err)
	}
	if len(terms) < 10 {
		t.Fatalf("glossary.tsv has only %d terms", len(terms))
	}
	texts := japaneseTexts(t)
	if len(texts) < 1000 {
		t.Fatalf("found only %d Japanese texts: the walk is broken", len(texts))
	}
	for _, x := range texts {
		for _, term := range terms {
			for _, re := range term.Avoid {
				if m := re.FindString(x.text); m != "" {
					t.Errorf("%s: %q is not the word for %s: write %s (%s)\n\t%s", x.pos, m, term.EN, term.JA, term.Rules, x.text)
				}
			}
		}
	}
}

func TestGlossaryCatchesVariants(t *testing.T) {
	terms, err := Glossary()
	if err != nil {
		t.Fatal(err)
	}
	check := func(s string) bool {
		for _, term := range terms {
			for _, re := range term.Avoid {
				if re.MatchString(s) {
					return true
				}
			}
		}
		return false
	}
	for _, s := range []string{"指揮外", "勝利得点 3", "第1軍司令部", "港へ上陸", "鉄道輸送: 独 2/5", "修正値", "墺洪軍", "白", "3番テーブル", "決して復帰しません", "結果（確定）", "移動セグ", "増援Ph", "イベント Ph (5.0)"} {
		if !check(s) {
			t.Errorf("%q passes the glossary", s)
		}
	}
	for _, s := range []string{"指揮不通", "独軍総司令部の恐慌", "港湾", "鉄道移動", "修整", "墺軍", "ベルギー軍", "3番卓", "白地に青", "移動セグメント", "増援フェイズ", "Phalsbourg"} {
		if check(s) {
			t.Errorf("%q fails the glossary", s)
		}
	}
}
