// Package datafile reads the lines of the engine's tab-separated data
// files (the map, the counters, cmd/mapgen's overrides) the one way they
// are all written: '#' starts a comment line, blank lines are passed over,
// and a file saved with CRLF line ends reads as one with LF.
package datafile

import (
	"bufio"
	"io"
	"strings"
)

// MaxLine is the longest line a data file may have.
const MaxLine = 1 << 20

// EachLine calls f with the number (from 1) and the text of each line of
// r that is neither blank nor a comment, without its '\r'; it stops at
// f's first error and returns it, or a read error.
func EachLine(r io.Reader, f func(n int, line string) error) error {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64*1024), MaxLine)
	n := 0
	for sc.Scan() {
		n++
		line := strings.TrimRight(sc.Text(), "\r")
		if strings.TrimSpace(line) == "" || strings.HasPrefix(line, "#") {
			continue
		}
		if err := f(n, line); err != nil {
			return err
		}
	}
	return sc.Err()
}
