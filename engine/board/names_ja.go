package board

import (
	_ "embed"
	"strings"
)

//go:embed names_ja.tsv
var namesJAFile string

// namesJA maps a place's name (Hex.Name) to its Japanese names: data read
// once from names_ja.tsv, never changed.
var namesJA = parseNamesJA(namesJAFile)

func parseNamesJA(text string) map[string][]string {
	out := map[string][]string{}
	for _, line := range strings.Split(text, "\n") {
		if line = strings.TrimSpace(line); line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		name, ja, ok := strings.Cut(line, "\t")
		if !ok {
			continue
		}
		for _, n := range strings.Split(ja, "/") {
			if n = strings.TrimSpace(n); n != "" {
				out[name] = append(out[name], n)
			}
		}
	}
	return out
}

// JapaneseNames are the Japanese names of a place, as players write them.
func JapaneseNames(name string) []string { return namesJA[name] }

//go:embed rivers_ja.tsv
var riversJAFile string

// riversJA maps a river's name (Side.River) to its Japanese name: data
// read once from rivers_ja.tsv, never changed.
var riversJA = parseNamesJA(riversJAFile)

// JapaneseRiver is a river's Japanese name ("ムーズ河"), or its own name
// when it has none.
func JapaneseRiver(name string) string {
	if ja := riversJA[name]; len(ja) > 0 {
		return ja[0]
	}
	return name
}
