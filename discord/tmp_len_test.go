package discord

import (
	"testing"

	"rtrbot/commands"
	"rtrbot/games"
)

func TestTmpLen(t *testing.T) {
	bind := games.Binding{Game: 1<<63 - 1, Side: "german", Segment: "16.15.german"}.String()
	for _, b := range []commands.Button{
		{Path: "retreat", Options: map[string]string{"unit": "G-XVIII-R", "hex": "2721"}, Bound: bind},
		{Path: "end", Options: map[string]string{"until": "reinforcement", "confirm": "true"}, Bound: bind},
		{Path: "game resign", Options: map[string]string{"confirm": "true"}, Bound: bind},
	} {
		t.Log(len(customID(b)), customID(b))
	}
}
