package game

import (
	"os"
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
