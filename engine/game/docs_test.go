package game

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The example of docs/positions.md loads on the real map.
func TestPositionsDocExample(t *testing.T) {
	r := realRules(t, "standard")
	b, err := os.ReadFile("../../docs/positions.md")
	if err != nil {
		t.Fatal(err)
	}
	doc := string(b)
	i := strings.Index(doc, "## Example")
	var lines []string
	for _, l := range strings.Split(doc[i:], "\n")[1:] {
		if strings.HasPrefix(l, "## ") {
			break
		}
		if strings.HasPrefix(l, "    ") {
			lines = append(lines, strings.TrimPrefix(l, "    "))
		}
	}
	s, err := ParsePosition(r.Map, strings.Join(lines, "\n"))
	if err != nil {
		t.Fatalf("docs/positions.md example: %v", err)
	}
	if at(t, s, "BE-3") != "3021" || !s.IsDestroyed(hexMust("2918")) {
		t.Errorf("example read wrongly:\n%s", s.Position())
	}
}

// Every ruling of docs/rulings.md names tests that exist.
func TestRulingsNameTests(t *testing.T) {
	b, err := os.ReadFile("../../docs/rulings.md")
	if err != nil {
		t.Fatal(err)
	}
	var src strings.Builder
	entries, _ := os.ReadDir(".")
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), "_test.go") {
			x, _ := os.ReadFile(e.Name())
			src.Write(x)
		}
	}
	n := 0
	for _, part := range strings.Split(string(b), "[")[1:] {
		ref := part[:strings.Index(part, "]")]
		for _, name := range strings.Split(ref, ",") {
			f := strings.Fields(name)
			if len(f) == 3 && f[0] == "case" {
				// [case FILE RULE]: the case file holds a case of that rule
				n++
				data, err := os.ReadFile(filepath.Join("testdata", "cases", f[1]))
				if err != nil || !strings.Contains(string(data), "\nCASE "+f[2]+" ") {
					t.Errorf("docs/rulings.md names case %s %s: no such case (%v)", f[1], f[2], err)
				}
				continue
			}
			if len(f) == 0 || !strings.HasPrefix(f[0], "Test") {
				continue
			}
			n++
			if !strings.Contains(src.String(), "func "+f[0]+"(") {
				t.Errorf("docs/rulings.md names %s, which does not exist", f[0])
			}
		}
	}
	if n < 20 {
		t.Errorf("only %d test references in docs/rulings.md", n)
	}
}

// The rulings a rule case cites ("rulings C22" in its comment) exist in
// docs/rulings.md, and so do the case files and rules the rulings name.
func TestCasesCiteExistingRulings(t *testing.T) {
	doc, err := os.ReadFile("../../docs/rulings.md")
	if err != nil {
		t.Fatal(err)
	}
	files, _ := filepath.Glob(filepath.Join("testdata", "cases", "*.txt"))
	cited := 0
	for _, f := range files {
		data, _ := os.ReadFile(f)
		for _, l := range strings.Split(string(data), "\n") {
			_, ids, ok := strings.Cut(l, "rulings ")
			if !strings.HasPrefix(l, "#") || !ok {
				continue
			}
			for _, id := range strings.Fields(ids) {
				cited++
				if !strings.Contains(string(doc), "**"+id+".") {
					t.Errorf("%s cites ruling %s, which docs/rulings.md does not have", filepath.Base(f), id)
				}
			}
		}
	}
	if cited == 0 {
		t.Error("no rule case cites a ruling: the check saw nothing")
	}
}
