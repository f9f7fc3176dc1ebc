package commands

import (
	"strings"

	"rtrbot/engine/game"
	"rtrbot/games"
	"rtrbot/i18n"
)

// openSegmentNews is what anyone may read (14.1, game.EventsFor with the
// public view) of the computer's orders in the segment it left open: its
// attacks in a combat segment that waits for the other side's retreats,
// say, whose account (segmentMessages) comes only when the segment ends.
// A person's opponent reads those at the table; the computer's opponent
// reads them here, in the game's thread. g is the game before the
// computer played; lang "" is both languages (nobody asked).
func openSegmentNews(lang i18n.Lang, g *games.Game, played []*games.Played) (Message, bool) {
	if g == nil || g.State == nil || len(played) == 0 {
		return Message{}, false
	}
	before := g.State
	var evs []game.Event
	for _, p := range played {
		if len(p.Reports) > 0 {
			// a segment ended: its account tells what came before
			before, evs = p.Game.State, nil
			continue
		}
		evs = append(evs, p.Events...)
	}
	after := played[len(played)-1].Game.State
	if len(evs) == 0 || after == nil {
		return Message{}, false
	}
	pub := game.EventsFor(game.PublicView, before, after, evs)
	var text string
	if lang == "" {
		en, ja := eventLines(pub, i18n.EN), eventLines(pub, i18n.JA)
		if len(en) == 0 {
			return Message{}, false
		}
		text = "🤖 " + strings.Join(en, "\n") + "\n\n🤖 " + strings.Join(ja, "\n")
	} else {
		lines := eventLines(pub, lang)
		if len(lines) == 0 {
			return Message{}, false
		}
		text = "🤖 " + strings.Join(lines, "\n")
	}
	return Message{Target: g.Channel, Text: text}, true
}
