package datafile

import (
	"errors"
	"fmt"
	"strings"
	"testing"
)

// EachLine gives the data lines with their numbers in the file: comments,
// blank and white lines passed over, CRLF read as LF, a '#' inside a line
// kept; it stops at the first error of f.
func TestEachLine(t *testing.T) {
	in := "# header comment\r\na\tb\r\n\n   \t\nc # not a comment\n#x\nd"
	var got []string
	err := EachLine(strings.NewReader(in), func(n int, line string) error {
		got = append(got, fmt.Sprintf("%d:%q", n, line))
		return nil
	})
	want := `2:"a\tb" 5:"c # not a comment" 7:"d"`
	if err != nil || strings.Join(got, " ") != want {
		t.Errorf("got %s, %v; want %s", strings.Join(got, " "), err, want)
	}
	stop := errors.New("stop")
	calls := 0
	err = EachLine(strings.NewReader("a\nb\nc\n"), func(n int, line string) error {
		calls++
		if line == "b" {
			return stop
		}
		return nil
	})
	if err != stop || calls != 2 {
		t.Errorf("f's error: %v after %d calls, want stop after 2", err, calls)
	}
	if err := EachLine(strings.NewReader(strings.Repeat("x", MaxLine+1)), func(int, string) error { return nil }); err == nil {
		t.Error("a line longer than MaxLine was read without an error")
	}
}
