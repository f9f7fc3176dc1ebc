package commands

import (
	"io"
	"log/slog"
	"time"

	"rtrbot/db"
	"rtrbot/engine/board"
)

// Deps is what the commands need from the outside, wired in cmd/bot.
type Deps struct {
	Map   *board.Map
	Store *db.Store
	Log   *slog.Logger
	// Now is the clock; tests fix it.
	Now func() time.Time
	// Entropy is where the companion's secret server seeds come from
	// (crypto/rand.Reader when nil); tests give a fixed stream.
	Entropy io.Reader
}

// Bot is the set of all commands over their dependencies.
type Bot struct {
	Deps
	Router *Router
	// games is the table of running games (game.go); /map reads it to
	// draw a game's situation (mapimage.go).
	games *table
}

// New builds every command family into one router. Each family lives in
// its own file and registers its commands here.
func New(d Deps) *Bot {
	if d.Log == nil {
		d.Log = slog.Default()
	}
	if d.Now == nil {
		d.Now = time.Now
	}
	b := &Bot{Deps: d, Router: NewRouter(d.Log)}
	for _, register := range []func(*Router){
		b.registerHelp,      // help.go
		b.registerMapInfo,   // hexinfo.go: /hex
		b.registerMapImage,  // mapimage.go: /map
		b.registerCompanion, // companion.go: /roll /event /russia /combat /siege /log
		b.registerGame,      // game.go: /game ..., orders
		b.registerAdmin,     // admin.go: backup
	} {
		register(b.Router)
	}
	return b
}
