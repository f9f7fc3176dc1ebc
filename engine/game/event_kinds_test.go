package game

import (
	"regexp"
	"testing"
)

// TestEventKindNames: every kind of event declared in event.go has its
// readers' names in event_kinds.txt, in both languages, and the file names
// no kind the code lacks.
func TestEventKindNames(t *testing.T) {
	src := readText(t, "event.go")
	declared := map[EventKind]bool{}
	for _, m := range regexp.MustCompile(`EventKind = "([a-z-]+)"`).FindAllStringSubmatch(src, -1) {
		declared[EventKind(m[1])] = true
	}
	if len(declared) < 30 {
		t.Fatalf("found %d kinds in event.go: the pattern no longer reads it", len(declared))
	}
	for k := range declared {
		n, ok := eventKindNames[k]
		if !ok || n.EN == "" || n.JA == "" {
			t.Errorf("event kind %q has no name in event_kinds.txt", k)
		}
	}
	for k := range eventKindNames {
		if !declared[k] {
			t.Errorf("event_kinds.txt names %q, which event.go does not declare", k)
		}
	}
}
