package commands

// registerMapInfo registers /hex (issue 3).
func (b *Bot) registerMapInfo(r *Router) {}
