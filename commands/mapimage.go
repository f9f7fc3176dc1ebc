package commands

// registerMapImage registers /map (issues 3, 9).
func (b *Bot) registerMapImage(r *Router) {}
