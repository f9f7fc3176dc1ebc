package commands

import (
	"testing"
)

// legalPublicMove is legalMove restricted to moves the public sees: into a
// hex where the mover's side has no stack yet, so that the segment's end
// has something public to report ("Segment ended"). Which destination is
// the middle one depends on the map (rivers, terrain); a move into a hex
// already held changes nothing the public sees, and the segment then ends
// without a post (segmentMessages).
func legalPublicMove(t testing.TB, b *Bot, ch string, skip int) (string, string) {
	t.Helper()
	s := peek(b, ch).State
	for _, c := range s.Actors() {
		ds, err := s.Destinations(c)
		if err != nil {
			continue
		}
		var open []string
		for _, d := range ds {
			if len(s.UnitsAt(d.To, c.Side())) == 0 {
				open = append(open, d.To.String())
			}
		}
		if len(open) == 0 {
			continue
		}
		if skip > 0 {
			skip--
			continue
		}
		return c.ID, open[len(open)/2]
	}
	t.Fatal("no legal move the public sees")
	return "", ""
}
