// Package games runs the games being played: a cache of running games over
// the database, every operation that changes one (starting, joining,
// orders, undo, the referee's powers, deadlines, export and import), and
// the account of each segment's end, made of views only.
//
// The service is one type, Service: package commands parses a request into
// a call, calls the service and formats its answer; the service never
// writes a message. Every operation takes the actor.Actor who asks, so that
// who may do what is decided here, in one place (permissions.go). Refusals are *i18n.Error values in
// both languages; a game that cannot be loaded is a *LoadError.
//
// Files:
//
//	service.go      Where, the storage it needs, Config, the errors
//	storage.go      the storage's types: Record, Tx, statuses, log rows
//	game.go         Game (one running game) and what it says of its players
//	permissions.go  who may order, referee, see a side's hidden information
//	table.go        Service: the cache of games over Storage, loading a stored game
//	play.go         applying and storing orders; the events stored and shown
//	report.go       the end of a segment as views and public events
//	undo.go         taking back a side's last order
//	start.go        new games, sandbox positions, import and export
//	players.go      joining, replacing, pausing, resigning, abandoning
//	options.go      the secret choice of options (18.0)
//	deadline.go     deadlines: setting them, and what passing them does
//	adjudicate*.go  adjudication (判定): asked for, and a round's limit on a worker off the clock
//	analysis.go     a finished game's analysis: made once in the background, kept in the database
package games

import (
	"context"
	"errors"
	"log/slog"

	"rtrbot/actor"
	"rtrbot/engine/board"
)

// Where is the place a command is given: a guild and a channel or thread.
type Where struct{ Guild, Channel string }

// Storage is what the service needs of the database; games/sqlstore.Store
// is one.
type Storage interface {
	// LiveGameAt is the active or damaged game played at a place, or
	// ErrNoGame.
	LiveGameAt(ctx context.Context, guild, channel string) (int64, error)
	// Load rebuilds a stored game with the rules on m, from its newest
	// snapshot; a game that cannot be read or does not replay comes back
	// as a DamageError and is marked damaged.
	Load(ctx context.Context, id int64, m *board.Map) (*Loaded, error)
	MarkDamaged(ctx context.Context, g *Record, fault string) error
	// Orders is the game's log from row from on, less the orders taken
	// back and the undo rows: the orders in force.
	Orders(ctx context.Context, g *Record, from int64) ([]OrderRow, error)
	Meta(ctx context.Context, game int64) (map[string]string, error)
	SetMeta(ctx context.Context, game int64, key, value string) error
	SnapshotState(ctx context.Context, game, seq int64) ([]byte, error)
	// Update runs fn on game id in one transaction; nothing is written if
	// fn returns an error.
	Update(ctx context.Context, id int64, fn func(Tx) error) error
	CreateGame(ctx context.Context, ng NewRecord) (*Record, error)
	// Game is a game's record with its players. A record that cannot be
	// decoded comes back with a DamageError and as much as could be read.
	Game(ctx context.Context, id int64) (*Record, error)
	// Records lists games, newest first, without their players.
	Records(ctx context.Context, f Filter) ([]Listed, error)
	Export(ctx context.Context, id int64) ([]byte, error)
	// Import replays an export file with the rules on m and stores it.
	Import(ctx context.Context, m *board.Map, data []byte, to ImportTo) (*Record, error)
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
// DamageError saying which order is wrong); other games go on. The
// fault may name an order or a unit, so only MayMend's askers are shown
// it (damaged.go).
type LoadError struct {
	Err     error
	mayMend func(actor.Actor) bool
}

func (e *LoadError) Error() string { return e.Err.Error() }
func (e *LoadError) Unwrap() error { return e.Err }

// OpenThread opens a thread under parent for game id and returns its ID
// (on Discord; nil where there are no threads).
type OpenThread func(ctx context.Context, parent string, id int64) (string, error)
