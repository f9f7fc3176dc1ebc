package commands

// registerCompanion registers /roll /event /russia /combat /siege /log (issue 7).
func (b *Bot) registerCompanion(r *Router) {}
