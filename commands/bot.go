package commands

import (
	"io"
	"log/slog"
	"sync/atomic"
	"time"

	"rtrbot/admin"
	"rtrbot/engine/board"
	"rtrbot/games"
	"rtrbot/games/sqlstore"
	"rtrbot/i18n"
	"rtrbot/rolls"
)

// Store is what the commands need of the database: the games service's
// storage, the companion's roll log and the operator's tools. A
// *sqlstore.Store (a *db.Store as the games service's storage)
// is one; nil runs without a database (games in memory only).
type Store interface {
	games.Storage
	rolls.Storage
	admin.Storage
	quietStorage // absence_quiet.go
}

var _ Store = (*sqlstore.Store)(nil)

// Deps is what the commands need from the outside, wired in cmd/bot.
type Deps struct {
	Map   *board.Map
	Store Store
	// Games is the games service; nil: one over Store (games.New).
	Games *games.Service
	Log   *slog.Logger
	// Now is the clock; tests fix it.
	Now func() time.Time
	// Entropy is where the companion's secret server seeds come from
	// (crypto/rand.Reader when nil); tests give a fixed stream.
	Entropy io.Reader
	// Reader is the language of the one reader at one keyboard (the
	// console, RTRBOT_LANG): public posts are then written in it alone.
	// Empty on Discord, where a post written for nobody in particular
	// (a segment's account, a deadline's notice) is in both languages.
	Reader i18n.Lang
}

// Bot is the set of all commands over their dependencies.
type Bot struct {
	Deps
	Router *Router
	// games runs the games (package games); /map reads it to draw a
	// game's situation (mapimage.go).
	games *games.Service
	// renders bounds how many maps are drawn at once (after segments and
	// for /map), so that a burst of games cannot exhaust memory.
	renders chan struct{}
	// renderWaiting counts the maps waiting for a place in renders.
	renderWaiting atomic.Int64
	// analysisWait is how long /computer analysis waits for an analysis
	// being made (0: analysisWaitDefault; computer_analysis.go).
	analysisWait time.Duration
	// noMaps leaves the map out of segment accounts (tests that play many
	// segments and look only at the text).
	noMaps bool
	pics   mapPictures
	// maps keeps the pictures drawn lately, each drawn once (mapcache.go).
	maps mapCache
	// replays keeps the frames of the replays stepped through lately (replay_frames.go).
	replays replayCache
	// rolls is the companion's roll log (companion.go, companion_log.go);
	// nil without a database.
	rolls *rolls.Log
	// admin is the operator's tools (admin.go); nil without a database.
	admin *admin.Tools
	// tourney is the tournament service and what it remembers
	// (tournament_games.go).
	tourney *tourneyState
}

// LeaveMapsOut leaves the map picture out of segment accounts: for runs
// that play many games and read only the text (cmd/playtest).
func (b *Bot) LeaveMapsOut() { b.noMaps = true }

// New builds every command family into one router. Each family lives in
// its own file and registers its commands here.
func New(d Deps) *Bot {
	if d.Log == nil {
		d.Log = slog.Default()
	}
	if d.Now == nil {
		d.Now = time.Now
	}
	if s, ok := d.Store.(*sqlstore.Store); ok && s == nil {
		d.Store = nil // a nil *sqlstore.Store is no database
	}
	if d.Games == nil {
		c := games.Config{Map: d.Map, Log: d.Log}
		if d.Store != nil {
			c.Store = d.Store
		}
		d.Games = games.New(c)
	}
	b := &Bot{Deps: d, Router: NewRouter(d.Log), games: d.Games, renders: make(chan struct{}, 2)}
	if d.Store != nil {
		b.rolls = rolls.New(d.Store, d.Entropy)
		b.admin = admin.New(d.Store, d.Map, d.Games.Forget)
	}
	for _, register := range []func(*Router){
		b.registerHelp,               // help.go
		b.registerMapInfo,            // hexinfo.go: /hex
		b.registerMapImage,           // mapimage.go: /map
		b.registerCompanion,          // companion.go: /roll /event /russia /combat /siege /log
		b.registerGame,               // game.go: /game new, load, options, status, setup, check, position, orders
		b.registerPlayers,            // game_players.go: /game join, players, pause, resume, replace, fix, resign, abandon, referee, list
		b.registerDeadline,           // deadline.go: /game deadline
		b.registerSettings,           // game_settings.go: /game settings
		b.registerLog,                // game_log.go: /game log
		b.registerOptions,            // game_options.go: /game choose, confirm
		b.registerExport,             // game_export.go: /game export, import
		b.registerOrders,             // game_orders.go: /place /move /moves /rail /reorg /reinforce /remove /withdraw /end /units
		b.registerCombat,             // game_combat.go: /attack /retreat /bombard /abandon /recon
		b.registerOptional,           // game_optional.go: /delay /stand /sea (16.2, 16.3)
		b.registerBatch,              // orders_batch.go: /orders
		b.registerUndo,               // game_undo.go: /undo
		b.registerAdmin,              // admin.go: backup
		b.registerTournament,         // tournament.go: /tournament
		b.registerAbsence,            // absence.go: /vacation
		b.registerMe,                 // absence_quiet.go: /me
		b.registerStats,              // stats.go, story.go: /stats balance, bid, game
		b.registerComputer,           // computer.go: /computer
		b.registerExplain,            // computer_explain.go: /computer explain
		b.registerComputerAnalysis,   // computer_analysis.go, computer_hint.go: /computer analysis, hint
		b.registerComputerAdjudicate, // computer_adjudicate.go: /computer adjudicate
		b.registerReplay,             // replay.go: /replay
	} {
		register(b.Router)
	}
	b.watchTournamentGames(b.Router) // tournament_games.go: a tournament game's end goes to its table
	b.holdQuietPings(b.Router)       // absence_quiet.go: no ping to a user in their quiet hours
	decideVisibility(b.Router)       // privacy.go: private or public, before a command runs
	return b
}
