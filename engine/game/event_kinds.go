package game

import (
	_ "embed"
	"strings"

	"rtrbot/i18n"
)

//go:embed event_kinds.txt
var eventKindsFile string

// eventKindNames are the readers' names of each kind of event
// (event_kinds.txt), read once when the package starts.
var eventKindNames = parseEventKinds(eventKindsFile)

func parseEventKinds(text string) map[EventKind]i18n.Text {
	out := map[EventKind]i18n.Text{}
	for _, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Split(line, "|")
		if len(f) != 3 {
			panic("event_kinds.txt: want kind|English|Japanese: " + line)
		}
		out[EventKind(f[0])] = i18n.T(f[1], f[2])
	}
	return out
}

// Name is the kind in the readers' words (event_kinds.txt); a kind the
// file lacks reads as its code, which TestEventKindNames forbids.
func (k EventKind) Name() i18n.Text {
	return i18n.Named(eventKindNames, k, i18n.T(string(k), string(k)))
}
