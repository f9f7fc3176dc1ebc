package game

import (
	"os"
	"strings"
	"testing"
)

// testsAndCases is what cites rules: the package's test files (but the
// index checks themselves) and the titles of the rule cases
// (testdata/cases: a case cites the rule its title begins with, and any
// other its title names).
func testsAndCases(t *testing.T) string {
	var src strings.Builder
	entries, _ := os.ReadDir(".")
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), "_test.go") && e.Name() != "coverage_test.go" && e.Name() != "coverage_combat_test.go" {
			b, _ := os.ReadFile(e.Name())
			src.Write(b)
		}
	}
	for _, c := range loadCases(t) {
		src.WriteString("CASE " + c.title + "\n")
	}
	return src.String()
}

// Every rule number of the sequence of play, movement, command,
// reorganisation, reinforcements, entrenchment, neutrals and setup is
// cited by at least one test or rule case.
func TestEveryRuleHasATest(t *testing.T) {
	src := testsAndCases(t)
	for _, rule := range []string{"3.0", "4.0", "4.2", "4.3", "4.4", "5.0", "6.0", "7.0", "8.0", "8.5", "8.53",
		"10.0", "11.1", "11.7", "12.7", "13.0", "13.3", "14.2", "16.1", "16.5", "16.6", "16.7", "17.1", "17.2", "17.5", "17.6"} {
		if !strings.Contains(src, rule) {
			t.Errorf("no test cites rule %s", rule)
		}
	}
}
