package commands

// registerGame registers /game and orders (issues 4, 5, 8).
func (b *Bot) registerGame(r *Router) {}
