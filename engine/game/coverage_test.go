package game

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Every rule number of the sequence of play, movement, command,
// reorganisation, reinforcements, entrenchment, neutrals and setup is
// cited by at least one test or rule case (testdata/cases: a case cites
// the rule its title begins with).
func TestEveryRuleHasATest(t *testing.T) {
	var src strings.Builder
	entries, _ := os.ReadDir(".")
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), "_test.go") && e.Name() != "coverage_test.go" {
			b, _ := os.ReadFile(e.Name())
			src.Write(b)
		}
	}
	cases, _ := filepath.Glob(filepath.Join("testdata", "cases", "*.txt"))
	for _, f := range cases {
		b, _ := os.ReadFile(f)
		for _, l := range strings.Split(string(b), "\n") {
			if strings.HasPrefix(l, "CASE ") {
				src.WriteString(l + "\n")
			}
		}
	}
	for _, rule := range []string{"3.0", "4.0", "4.2", "4.3", "4.4", "5.0", "6.0", "7.0", "8.0", "8.5", "8.53",
		"10.0", "11.1", "11.7", "12.7", "13.0", "13.3", "14.2", "16.6", "16.7", "17.1", "17.2", "17.5", "17.6"} {
		if !strings.Contains(src.String(), rule) {
			t.Errorf("no test cites rule %s", rule)
		}
	}
}
