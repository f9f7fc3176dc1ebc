package commands

import (
	"rtrbot/db"
	"rtrbot/games"
)

// peek is the game played in a channel, as the service holds it (nil if
// none): what the tests look at behind the commands' answers.
func peek(b *Bot, channel string) *games.Game { return b.games.Peek(channel) }

// dbOf is the bot's database, for tests that close it or look inside.
func dbOf(b *Bot) *db.Store { return b.Store.(*db.Store) }
