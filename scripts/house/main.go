// Command house prints the figures that say how easy the code is to
// change: the functions over 100 lines, the calls to context.Background
// outside main packages and tests, the methods of the games service's
// interfaces, the length of docs/ai.md and the places in code and docs
// that speak of development history (issue numbers, sessions).
//
//	go run ./scripts/house [-v] [DIR]
package main

import (
	"bytes"
	"flag"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
)

// history is what a reader of the product has no use for: the number of
// the issue or the session that made a line. ("Dice session 3" is the
// companion's, a thing players see, and does not match.)
var history = regexp.MustCompile(`(?i)\bissues? ?#?[0-9]+|\b(?:this|last|previous) session\b`)

type long struct {
	where string
	lines int
}

// figures is what the survey of a tree finds.
type figures struct {
	longs      []long   // functions over 100 lines, tests aside, longest first
	funcs      int      // functions with a body, tests aside
	background []string // context.Background() outside main packages and tests, as path:line
	ifaces     []string // the games package's interfaces and their sizes
	history    []string // lines that speak of development history, as path:line
}

func main() {
	verbose := flag.Bool("v", false, "list every place, not only the counts")
	flag.Parse()
	root := "."
	if flag.NArg() > 0 {
		root = flag.Arg(0)
	}
	f, err := survey(root)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	fmt.Printf("functions over 100 lines (tests aside): %d of %d\n", len(f.longs), f.funcs)
	if *verbose {
		for _, l := range f.longs {
			fmt.Printf("  %4d %s\n", l.lines, l.where)
		}
	}
	fmt.Printf("context.Background() outside main packages and tests: %d\n", len(f.background))
	if *verbose {
		for _, b := range f.background {
			fmt.Println("  " + b)
		}
	}
	fmt.Printf("interfaces in games (methods): %s\n", strings.Join(f.ifaces, ", "))
	fmt.Printf("docs/ai.md: %d lines\n", lines(filepath.Join(root, "docs", "ai.md")))
	fmt.Printf("development history in code and docs: %d places\n", len(f.history))
	if *verbose {
		for _, h := range f.history {
			fmt.Println("  " + h)
		}
	}
}

// survey reads every Go file below root (but .git and testdata) and the
// tree's text files for history.
func survey(root string) (*figures, error) {
	var out figures
	fset := token.NewFileSet()
	err := filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if n := d.Name(); n == ".git" || n == "testdata" || n == "node_modules" {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go") {
			return nil
		}
		rel, _ := filepath.Rel(root, p)
		f, err := parser.ParseFile(fset, p, nil, 0)
		if err != nil {
			return err
		}
		out.file(fset, filepath.ToSlash(rel), f)
		return nil
	})
	if err != nil {
		return nil, err
	}
	sort.Slice(out.longs, func(i, j int) bool { return out.longs[i].lines > out.longs[j].lines })
	out.history, err = historyPlaces(root)
	return &out, err
}

// file adds what one (non-test) Go file holds to the figures.
func (out *figures) file(fset *token.FileSet, rel string, f *ast.File) {
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncDecl:
			if n.Body == nil {
				return true
			}
			out.funcs++
			if l := fset.Position(n.End()).Line - fset.Position(n.Pos()).Line + 1; l > 100 {
				out.longs = append(out.longs, long{rel + ":" + n.Name.Name, l})
			}
		case *ast.CallExpr:
			if sel, ok := n.Fun.(*ast.SelectorExpr); ok && sel.Sel.Name == "Background" && f.Name.Name != "main" {
				if x, ok := sel.X.(*ast.Ident); ok && x.Name == "context" {
					out.background = append(out.background, fmt.Sprintf("%s:%d", rel, fset.Position(n.Pos()).Line))
				}
			}
		case *ast.TypeSpec:
			if it, ok := n.Type.(*ast.InterfaceType); ok && path.Dir(rel) == "games" {
				out.ifaces = append(out.ifaces, fmt.Sprintf("games.%s %d", n.Name.Name, len(it.Methods.List)))
			}
		}
		return true
	})
}

// historyPlaces lists, as "path:line", the lines of the tree's text files
// (code, comments, docs, scripts, data) that speak of development history.
// Left out: .git, the tests' fixtures (testdata, which quote what players
// and rule books wrote) and the released database migrations, which may
// never change (db/migrate.go checks their checksums).
func historyPlaces(root string) ([]string, error) {
	var out []string
	err := filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		if d.IsDir() {
			if n := d.Name(); n == ".git" || n == "testdata" || n == "node_modules" || filepath.ToSlash(rel) == "db/migrations" {
				return filepath.SkipDir
			}
			return nil
		}
		if !d.Type().IsRegular() || d.Name() == ".git" {
			return nil
		}
		places, err := grep(p, rel)
		out = append(out, places...)
		return err
	})
	return out, err
}

// grep gives the lines of one file that match history; a binary file
// (one with a NUL byte) has none.
func grep(path, rel string) ([]string, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	if bytes.IndexByte(b, 0) >= 0 {
		return nil, nil
	}
	var out []string
	for n, line := range strings.Split(string(b), "\n") {
		if history.MatchString(line) {
			out = append(out, fmt.Sprintf("%s:%d", filepath.ToSlash(rel), n+1))
		}
	}
	return out, nil
}

func lines(path string) int {
	b, err := os.ReadFile(path)
	if err != nil {
		return 0
	}
	return strings.Count(string(b), "\n")
}
