package game

import (
	"os"
	"strings"
	"testing"
)

// The example of docs/positions.md loads on the real map.
func TestPositionsDocExample(t *testing.T) {
	r := realRules(t, "standard")
	doc := readText(t, "../../docs/positions.md")
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

// Every ruling of docs/rulings.md names tests that exist (the cases are
// checked by TestRulingsAndCasesInStep).
func TestRulingsNameTests(t *testing.T) {
	b := readText(t, "../../docs/rulings.md")
	var src strings.Builder
	entries, _ := os.ReadDir(".")
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), "_test.go") {
			x, _ := os.ReadFile(e.Name())
			src.Write(x)
		}
	}
	n := 0
	for _, part := range strings.Split(b, "[")[1:] {
		ref := part[:strings.Index(part, "]")]
		for _, name := range strings.Split(ref, ",") {
			f := strings.Fields(name)
			if len(f) == 3 && f[0] == "case" {
				n++
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

// The rulings and the rule cases are in step both ways: every ruling of
// docs/rulings.md is exercised by at least one case (its RULINGS line);
// every ruling a case cites exists; and a ruling's paragraph names
// ([case FILE RULE]) exactly the files and rules of the cases that cite
// it.
func TestRulingsAndCasesInStep(t *testing.T) {
	b := readText(t, "../../docs/rulings.md")
	named := map[string]map[string]bool{} // ruling -> "FILE RULE" its paragraph names
	var order []string
	for _, para := range strings.Split(b, "\n\n") {
		id, _, ok := strings.Cut(strings.TrimPrefix(para, "**"), ".")
		if !strings.HasPrefix(para, "**") || !ok || len(id) < 2 || strings.Trim(id[1:], "0123456789") != "" {
			continue
		}
		named[id] = map[string]bool{}
		order = append(order, id)
		for _, part := range strings.Split(para, "[")[1:] {
			ref, _, _ := strings.Cut(part, "]")
			for _, r := range strings.Split(ref, ",") {
				if f := strings.Fields(r); len(f) == 3 && f[0] == "case" {
					named[id][f[1]+" "+f[2]] = true
				}
			}
		}
	}
	if len(order) < 50 {
		t.Fatalf("read only %d rulings from docs/rulings.md", len(order))
	}
	citing := map[string]map[string]bool{} // ruling -> "FILE RULE" of the cases citing it
	for _, c := range loadCases(t) {
		for _, id := range c.rulings {
			if named[id] == nil {
				t.Errorf("%s:%d cites ruling %s, which docs/rulings.md does not have", c.file, c.line, id)
				continue
			}
			if citing[id] == nil {
				citing[id] = map[string]bool{}
			}
			citing[id][c.file+" "+c.rule] = true
		}
	}
	for _, id := range order {
		if len(citing[id]) == 0 {
			t.Errorf("ruling %s: no rule case exercises it (RULINGS %s)", id, id)
		}
		for ref := range citing[id] {
			if !named[id][ref] {
				t.Errorf("ruling %s: docs/rulings.md does not name [case %s], a case that cites it", id, ref)
			}
		}
		for ref := range named[id] {
			if !citing[id][ref] {
				t.Errorf("ruling %s: docs/rulings.md names [case %s], but no such case cites it", id, ref)
			}
		}
	}
}
