package discord

import (
	"strings"
	"testing"

	"rtrbot/commands"
	"rtrbot/games"
)

// The longest buttons the bot makes, bound to a game with the largest
// number, still fit Discord's 100 characters of custom_id (a button that
// does not fit would be left out).
func TestBoundButtonsFit(t *testing.T) {
	bind := games.Binding{Game: 1<<63 - 1, Side: "german", Segment: "16.10.german"}.String()
	for _, b := range []commands.Button{
		{Path: "retreat", Options: map[string]string{"unit": "G-XVIII-R", "hex": "2721"}, Bound: bind},
		{Path: "end", Options: map[string]string{"until": "reorganisation-2", "confirm": "true"}, Bound: bind},
		{Path: "game resign", Options: map[string]string{"confirm": "true"}, Bound: bind},
		{Path: "game abandon", Options: map[string]string{"confirm": "true"}, Bound: bind},
	} {
		id := customID(b)
		if id == "" || !strings.Contains(id, "b="+bind) {
			t.Errorf("/%s: custom_id %q (%d characters with its binding)", b.Path, id, len(buttonPrefix)+len(b.Path)+len(bind))
		}
	}
}
