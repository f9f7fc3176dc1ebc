package i18n

import (
	_ "embed"
	"fmt"
	"regexp"
	"strings"
)

//go:embed glossary.tsv
var glossaryTSV string

// A Term is one thing of the rules with the one Japanese word the bot
// writes for it, and the variants it must not write.
type Term struct {
	EN, JA, Rules string
	Avoid         []*regexp.Regexp
}

// Glossary reads glossary.tsv: the rules' Japanese terms and the house
// style, each with the variants to avoid.
func Glossary() ([]Term, error) {
	var out []Term
	for i, line := range strings.Split(glossaryTSV, "\n") {
		if line == "" || strings.HasPrefix(line, "#") || strings.HasPrefix(line, "english\t") {
			continue
		}
		f := strings.Split(line, "\t")
		if len(f) < 4 {
			return nil, fmt.Errorf("glossary.tsv:%d: want english, use, rules and at least one variant to avoid, tab-separated", i+1)
		}
		t := Term{EN: f[0], JA: f[1], Rules: f[2]}
		for _, a := range f[3:] {
			re, err := regexp.Compile(a)
			if err != nil {
				return nil, fmt.Errorf("glossary.tsv:%d: %v", i+1, err)
			}
			t.Avoid = append(t.Avoid, re)
		}
		out = append(out, t)
	}
	return out, nil
}
