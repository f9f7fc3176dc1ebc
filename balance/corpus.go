package balance

import (
	"bufio"
	"embed"
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// The computer's self-play, stored as data: one file a scenario in
// corpus/, each the output of cmd/arena (a line a game, then its
// summary) under a header of "#" lines that give the command that made
// it. A game's line is "seed N: result (VP g-a), …": the German VP, then
// the Allied.

//go:embed corpus/*.txt
var corpusFiles embed.FS

// Corpus is the self-play of one scenario.
type Corpus struct {
	Scenario string
	// Command made the file; Players says who played (the arena's
	// summary line: "search (German) against search (Allied), …").
	Command, Players string
	Games            []Game
}

var gameLine = regexp.MustCompile(`^seed (\d+): .*\(VP (-?\d+)-(-?\d+)\)`)

// ParseCorpus reads one corpus file.
func ParseCorpus(scenario, text string) (Corpus, error) {
	c := Corpus{Scenario: scenario}
	sc := bufio.NewScanner(strings.NewReader(text))
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		switch {
		case line == "":
		case strings.HasPrefix(line, "# command:"):
			c.Command = strings.TrimSpace(strings.TrimPrefix(line, "# command:"))
		case strings.HasPrefix(line, "#"):
		case strings.HasPrefix(line, "seed "):
			m := gameLine.FindStringSubmatch(line)
			if m == nil {
				return c, fmt.Errorf("corpus %s line %d: %q is not a game's line", scenario, n, line)
			}
			g, _ := strconv.Atoi(m[2])
			a, _ := strconv.Atoi(m[3])
			c.Games = append(c.Games, Game{German: g, Allied: a})
		case strings.Contains(line, " against ") && c.Players == "":
			c.Players, _, _ = strings.Cut(line, ",")
		}
	}
	if c.Command == "" {
		return c, fmt.Errorf("corpus %s: no '# command:' line says how it was made", scenario)
	}
	return c, sc.Err()
}

// SelfPlay is the stored self-play of a scenario (ok false: none).
func SelfPlay(scenario string) (Corpus, bool, error) {
	data, err := corpusFiles.ReadFile("corpus/" + scenario + ".txt")
	if err != nil {
		return Corpus{}, false, nil
	}
	c, err := ParseCorpus(scenario, string(data))
	return c, err == nil, err
}
