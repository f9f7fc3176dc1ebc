package game

import (
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// The index of doc.go lists every file of the package that is not a test
// and nothing that does not exist.
func TestDocIndex(t *testing.T) {
	doc := readText(t, "doc.go")
	listed := map[string]bool{}
	for _, m := range regexp.MustCompile(`(?m)^//\t(\S+\.(?:go|txt))\s`).FindAllStringSubmatch(doc, -1) {
		if listed[m[1]] {
			t.Errorf("%s is listed twice", m[1])
		}
		listed[m[1]] = true
	}
	files, err := filepath.Glob("*")
	if err != nil {
		t.Fatal(err)
	}
	present := map[string]bool{}
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") || !(strings.HasSuffix(f, ".go") || strings.HasSuffix(f, ".txt")) {
			continue
		}
		present[f] = true
		if !listed[f] {
			t.Errorf("%s is not in the index of doc.go", f)
		}
	}
	for f := range listed {
		if !present[f] {
			t.Errorf("doc.go lists %s, which does not exist", f)
		}
	}
	if len(listed) < 20 {
		t.Errorf("only %d files in the index: the index is not read", len(listed))
	}
}

// The engine's code speaks of rules, not of how it was written: no
// issue numbers or sessions in its files (tests aside).
func TestNoDevelopmentHistory(t *testing.T) {
	files, err := filepath.Glob("*")
	if err != nil {
		t.Fatal(err)
	}
	history := regexp.MustCompile(`(?i)\bissues? ?#?\d+|\bsession\b`)
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") || !(strings.HasSuffix(f, ".go") || strings.HasSuffix(f, ".txt")) {
			continue
		}
		b := readText(t, f)
		for i, line := range strings.Split(b, "\n") {
			if history.MatchString(line) {
				t.Errorf("%s:%d: %s", f, i+1, strings.TrimSpace(line))
			}
		}
	}
}
