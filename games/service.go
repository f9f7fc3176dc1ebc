// Package games runs the games being played: a cache of running games over
// the database, every operation that changes one (starting, joining,
// orders, undo, the referee's powers, deadlines, export and import), and
// the account of each segment's end, made of views only.
//
// It sits behind one interface, Service, in the manner of a service in
// benbjohnson/wtf: package commands parses a request into a call, calls the
// service and formats its answer; the service never writes a message. Every
// operation takes the Actor who asks, so that who may do what is decided
// here, in one place (permissions.go). Refusals are *i18n.Error values in
// both languages; a game that cannot be loaded is a *LoadError.
//
// Files:
//
//	service.go      the interface, Actor, Where, the storage it needs
//	game.go         Game (one running game) and what it says of its players
//	permissions.go  who may order, referee, see a side's hidden information
//	table.go        the cache of games over Storage, loading a stored game
//	play.go         applying and storing orders; the events stored and shown
//	report.go       the end of a segment as views and public events
//	undo.go         taking back a side's last order
//	start.go        new games, sandbox positions, import and export
//	players.go      joining, replacing, pausing, resigning, abandoning
//	options.go      the secret choice of options (18.0)
//	deadline.go     deadlines: setting them, and what passing them does
package games

import (
	"context"
	"errors"
	"log/slog"
	"time"

	"rtrbot/actor"
	"rtrbot/db"
	"rtrbot/engine/board"
	"rtrbot/engine/game"
	"rtrbot/engine/units"
)

// Actor is who asks (package actor).
type Actor = actor.Actor

// Where is the place a command is given: a guild and a channel or thread.
type Where struct{ Guild, Channel string }

// Service is every operation on the games being played. A *Game it
// returns is a copy of the game as it stood: the service never writes to
// it again, and the caller must not write to its maps and slices (they
// are shared with the service's own copy).
type Service interface {
	// Status is the game played at a place, for a to read (loaded from
	// the database if need be): ErrNoGame if none, a *LoadError if it
	// cannot be loaded. What of it a may see is Game.CanSee's to say.
	Status(ctx context.Context, a Actor, at Where) (*Game, error)
	// Forget drops a game from the service's table (it was deleted).
	Forget(id int64)
	// Log is the game's account so far as a may read it.
	Log(ctx context.Context, a Actor, at Where) ([]LogLine, error)
	// Peek is Status for autocomplete and pictures: nil when there is no
	// game, or it cannot be loaded.
	Peek(channel string) *Game
	// List is the guild's running and damaged games.
	List(ctx context.Context, a Actor, guild string) ([]Listed, error)

	NewGame(ctx context.Context, a Actor, at Where, n NewGame) (*Started, error)
	// LoadPosition and Import call read for their file once they know
	// they can use it (the place is free, the database is there).
	LoadPosition(ctx context.Context, a Actor, at Where, replace, threads bool, read func() ([]byte, error)) (*Game, error)
	Import(ctx context.Context, a Actor, at Where, now time.Time, read func() ([]byte, error)) (*Game, error)
	Export(ctx context.Context, a Actor, at Where) (*Exported, error)

	// Orders applies orders of the side to move; batch goes on past a
	// refused line. Fix is a referee's orders for the side to move, read
	// by parse once the side is known.
	Orders(ctx context.Context, a Actor, at Where, now time.Time, orders []Pending, batch bool) (*Played, error)
	Fix(ctx context.Context, a Actor, at Where, now time.Time, parse func(toMove units.Side) ([]Pending, error)) (*Played, error)
	// End ends steps one by one up to the step until (or a refusal, a new
	// turn, the game's end).
	End(ctx context.Context, a Actor, at Where, now time.Time, until game.Step) ([]EndStep, error)
	Undo(ctx context.Context, a Actor, at Where) (*Undone, error)

	// Join, Add and Replace change seats, and through th (nil where
	// there are no threads) the members of the sides' private threads.
	Join(ctx context.Context, a Actor, at Where, side string, now time.Time, th Threads) (*Joined, error)
	// Add seats another user beside a on a's side.
	Add(ctx context.Context, a Actor, at Where, side, user, name string, now time.Time, th Threads) (*Joined, error)
	Replace(ctx context.Context, a Actor, at Where, player, by, name string, now time.Time, th Threads) (*Replaced, error)
	Pause(ctx context.Context, a Actor, at Where, on bool) (*Game, error)
	Resign(ctx context.Context, a Actor, at Where) (*Resigned, error)
	Abandon(ctx context.Context, a Actor, at Where) (*Game, error)
	Choose(ctx context.Context, a Actor, at Where, side, options string) (*Chosen, error)
	Confirm(ctx context.Context, a Actor, at Where, side string) (*Confirmed, error)
	SetRefereeRole(ctx context.Context, a Actor, guild, role string) (string, error)

	SetDeadline(ctx context.Context, a Actor, at Where, hours int, then string, now time.Time) (*Game, error)
	// SetMaps sets how often the game's thread gets a public map (settings.go).
	SetMaps(ctx context.Context, a Actor, at Where, value string) (*Game, error)
	// Tick does what deadlines demand at now and says what happened.
	Tick(ctx context.Context, now time.Time) []Notice
}

// Storage is what the service needs of the database; *db.Store is one.
type Storage interface {
	LiveGameAt(ctx context.Context, guild, channel string) (int64, error)
	Load(ctx context.Context, id int64, r db.Replayer) (*db.Loaded, error)
	MarkDamaged(ctx context.Context, g *db.Game, fault string) error
	Log(ctx context.Context, g *db.Game, from int64) ([]db.Order, error)
	Meta(ctx context.Context, game int64) (map[string]string, error)
	SetMeta(ctx context.Context, game int64, key, value string) error
	SnapshotState(ctx context.Context, game, seq int64) ([]byte, error)
	Update(ctx context.Context, id int64, fn func(*db.GameTx) error) error
	CreateGame(ctx context.Context, ng db.NewGame) (*db.Game, error)
	Game(ctx context.Context, id int64) (*db.Game, error)
	ListGames(ctx context.Context, f db.Filter) ([]db.Listed, error)
	Export(ctx context.Context, id int64) ([]byte, error)
	Import(ctx context.Context, r db.Replayer, data []byte, to db.ImportTo) (*db.Game, error)
	RefereeRole(ctx context.Context, guild string) (string, error)
	SetRefereeRole(ctx context.Context, guild, role string) error
}

// Config is what New needs. Store may be nil: games then live in memory
// only.
type Config struct {
	Map   *board.Map
	Store Storage
	Log   *slog.Logger
}

// ErrNoGame: no game is played at the place.
var ErrNoGame = errors.New("games: no game here")

// LoadError is a stored game that cannot be loaded (Err is often a
// *db.DamageError saying which order is wrong); other games go on. The
// fault may name an order or a unit, so only MayMend's askers are shown
// it (damaged.go).
type LoadError struct {
	Err     error
	mayMend func(Actor) bool
}

func (e *LoadError) Error() string { return e.Err.Error() }
func (e *LoadError) Unwrap() error { return e.Err }

// OpenThread opens a thread under parent for game id and returns its ID
// (on Discord; nil where there are no threads).
type OpenThread func(ctx context.Context, parent string, id int64) (string, error)
