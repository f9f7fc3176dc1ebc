// Package admin is the bot operator's tools over the whole database:
// backups, checking that every game still replays, repairing a game whose
// saved states alone are bad, listing and deleting games. Package commands
// decides who the operator is and writes the answers; this package does
// the work and says what it found in its own terms.
package admin

import (
	"context"
	"errors"
	"time"

	"rtrbot/db"
	"rtrbot/db/enginereplay"
	"rtrbot/engine/board"
	"rtrbot/i18n"
)

// Storage is what the tools need of the database; *db.Store is one.
type Storage interface {
	File() string
	Backup(ctx context.Context, dir string) (string, int64, error)
	CheckAll(ctx context.Context, r db.Replayer, full bool) ([]db.Checked, error)
	Repair(ctx context.Context, id int64, r db.Replayer, by string) (int, error)
	DeleteGame(ctx context.Context, id int64, dir string) (string, error)
	ListGames(ctx context.Context, f db.Filter) ([]db.Listed, error)
}

// Tools are the operator's tools over one database. Map may be nil: games
// then cannot be replayed (Check and Repair need it; CanReplay says).
type Tools struct {
	store Storage
	m     *board.Map
	// forget drops a deleted game from the running games (nil: none run).
	forget func(id int64)
}

// New makes the tools over store; forget is told of each game deleted, so
// that the running-game service drops it (nil if there is none).
func New(store Storage, m *board.Map, forget func(id int64)) *Tools {
	return &Tools{store: store, m: m, forget: forget}
}

// CanReplay says whether games can be replayed (a map is loaded).
func (t *Tools) CanReplay() bool { return t.m != nil }

// File is the database's file.
func (t *Tools) File() string { return t.store.File() }

// Backup writes a copy of the whole database beside it and says where and
// how large.
func (t *Tools) Backup(ctx context.Context) (path string, size int64, err error) {
	return t.store.Backup(ctx, "")
}

// Checked is one active game checked: Err nil when it replays; Damaged
// when Err says the game itself is damaged (it is now marked so), not
// that the check could not be made.
type Checked struct {
	Game    int64
	Err     error
	Damaged bool
}

// Check checks every active game (full: from its start, every saved state
// compared; else from its last saved state), marking the ones that fail
// damaged.
func (t *Tools) Check(ctx context.Context, full bool) ([]Checked, error) {
	res, err := t.store.CheckAll(ctx, enginereplay.Replayer{Map: t.m}, full)
	if err != nil {
		return nil, err
	}
	out := make([]Checked, len(res))
	for i, c := range res {
		var de *db.DamageError
		out[i] = Checked{Game: c.Game, Err: c.Err, Damaged: errors.As(c.Err, &de)}
	}
	return out, nil
}

// Repair brings back game id whose orders are sound and only whose saved
// states are bad: it says how many saved states it rebuilt.
func (t *Tools) Repair(ctx context.Context, id int64, by string) (int, error) {
	return t.store.Repair(ctx, id, enginereplay.Replayer{Map: t.m}, by)
}

// Game is one stored game as the operator's listing shows it.
type Game struct {
	ID                       int64
	Scenario, Guild, Channel string
	Status                   i18n.Text
	Orders                   int64 // rows in its log
	Updated                  time.Time
	Damage                   string // what is wrong, when it is damaged
	Problem                  error  // non-nil when its row cannot be read
}

// Games lists the stored games, newest first, of a guild and a status
// ("" for any).
func (t *Tools) Games(ctx context.Context, guild, status string) ([]Game, error) {
	return t.list(ctx, db.Filter{Guild: guild, Status: db.Status(status)})
}

// Damaged lists the games marked damaged, newest first.
func (t *Tools) Damaged(ctx context.Context) ([]Game, error) {
	return t.list(ctx, db.Filter{Status: db.Damaged})
}

func (t *Tools) list(ctx context.Context, f db.Filter) ([]Game, error) {
	rows, err := t.store.ListGames(ctx, f)
	if err != nil {
		return nil, err
	}
	out := make([]Game, 0, len(rows))
	for _, r := range rows {
		g := Game{Problem: r.Problem}
		if r.Game != nil {
			g.ID, g.Scenario, g.Guild, g.Channel = r.ID, r.Scenario, r.Guild, r.Channel
			g.Status, g.Orders, g.Updated, g.Damage = r.Status.Text(), r.LastSeq, r.Updated, r.Damage
		}
		out = append(out, g)
	}
	return out, nil
}

// Delete deletes game id, writing its file first (the path is returned:
// /game import brings it back), and drops it from the running games.
func (t *Tools) Delete(ctx context.Context, id int64) (string, error) {
	path, err := t.store.DeleteGame(ctx, id, "")
	if err != nil {
		return "", err
	}
	if t.forget != nil {
		t.forget(id)
	}
	return path, nil
}
