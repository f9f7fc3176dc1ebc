// Package actor says who asks: the one type that commands, the games
// service and tournaments use for the person behind a request, so that
// who may do what is decided on the same facts everywhere.
package actor

import "rtrbot/i18n"

// Actor is who asks: the user, and what the chat says of him.
type Actor struct {
	ID, Name string
	Lang     i18n.Lang // his language (remembered when he joins a game)
	// Roles are his role IDs in the guild; Manager says he may manage it
	// (a referee role is checked against these).
	Roles   []string
	Manager bool
	// Operator runs the bot; Console sits at its local console.
	Operator, Console bool
}
