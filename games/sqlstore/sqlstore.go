// Package sqlstore keeps the games service's games in the SQLite database:
// Store is a *db.Store seen as a games.Storage, translating between the
// service's types (games.Record, games.Tx, ...) and db's. The rest of
// *db.Store (the roll log, the operator's tools, the tournaments) is
// reached through the embedded field as it is.
package sqlstore

import (
	"context"
	"errors"
	"time"

	"rtrbot/db"
	"rtrbot/db/enginereplay"
	"rtrbot/engine/board"
	"rtrbot/games"
)

// Store is a database as the games service's storage.
type Store struct{ *db.Store }

// New wraps s; a nil s gives a nil Store (no database).
func New(s *db.Store) *Store {
	if s == nil {
		return nil
	}
	return &Store{s}
}

var _ games.Storage = (*Store)(nil)

// LiveGameAt is db's, with db.ErrNoGame told as games.ErrNoGame.
func (s *Store) LiveGameAt(ctx context.Context, guild, channel string) (int64, error) {
	id, err := s.Store.LiveGameAt(ctx, guild, channel)
	if errors.Is(err, db.ErrNoGame) {
		return 0, games.ErrNoGame
	}
	return id, err
}

// Load rebuilds a game with the engine (db/enginereplay) on m.
func (s *Store) Load(ctx context.Context, id int64, m *board.Map) (*games.Loaded, error) {
	l, err := s.Store.Load(ctx, id, enginereplay.Replayer{Map: m})
	if err != nil {
		return nil, err
	}
	return &games.Loaded{Record: Record(l.Game), State: l.Replay.(*enginereplay.Replay).Game, From: l.From, Replayed: l.Replayed}, nil
}

func (s *Store) MarkDamaged(ctx context.Context, g *games.Record, fault string) error {
	return s.Store.MarkDamaged(ctx, row(g), fault)
}

// Orders is db's log less what was taken back (db.Effective).
func (s *Store) Orders(ctx context.Context, g *games.Record, from int64) ([]games.OrderRow, error) {
	log, err := s.Store.Log(ctx, row(g), from)
	if err != nil {
		return nil, err
	}
	return each(db.Effective(log), func(o db.Order) games.OrderRow { return games.OrderRow(o) }), nil
}

func (s *Store) Update(ctx context.Context, id int64, fn func(games.Tx) error) error {
	return s.Store.Update(ctx, id, func(t *db.GameTx) error { return fn(tx{t}) })
}

// UpdateRow is Update without reading the players (db.Store.UpdateRow):
// the service holds them already.
func (s *Store) UpdateRow(ctx context.Context, id int64, fn func(games.Tx) error) error {
	return s.Store.UpdateRow(ctx, id, func(t *db.GameTx) error { return fn(tx{t}) })
}

func (s *Store) CreateGame(ctx context.Context, ng games.NewRecord) (*games.Record, error) {
	g, err := s.Store.CreateGame(ctx, db.NewGame{Guild: ng.Guild, Channel: ng.Channel, Scenario: ng.Scenario,
		Options: ng.Options, Seed: ng.Seed, CreatedBy: ng.CreatedBy, Players: players(ng.Players),
		SegmentHours: ng.SegmentHours, DeadlineAction: ng.DeadlineAction, Start: (*db.Snapshot)(ng.Start),
		StartEvents: events(ng.StartEvents), Position: ng.Position})
	return Record(g), err
}

func (s *Store) Game(ctx context.Context, id int64) (*games.Record, error) {
	g, err := s.Store.Game(ctx, id)
	return Record(g), err
}

func (s *Store) Records(ctx context.Context, f games.Filter) ([]games.Listed, error) {
	list, err := s.Store.ListGames(ctx, db.Filter{Guild: f.Guild, Status: db.Status(f.Status), User: f.User})
	out := make([]games.Listed, len(list))
	for i, l := range list {
		out[i] = games.Listed{Record: Record(l.Game), Problem: l.Problem}
	}
	return out, err
}

func (s *Store) Import(ctx context.Context, m *board.Map, data []byte, to games.ImportTo) (*games.Record, error) {
	g, err := s.Store.Import(ctx, enginereplay.Replayer{Map: m}, data, db.ImportTo{Guild: to.Guild, Channel: to.Channel,
		By: to.By, Players: players(to.Players), Rekey: to.Rekey, Meta: to.Meta})
	return Record(g), err
}

// Record is a db game as the service's record (nil: nil).
func Record(g *db.Game) *games.Record {
	if g == nil {
		return nil
	}
	return &games.Record{ID: g.ID, Guild: g.Guild, Channel: g.Channel, Scenario: g.Scenario, Options: g.Options,
		Seed: g.Seed, SeedCommitment: g.SeedCommitment, Status: games.Status(g.Status), Damage: g.Damage,
		CreatedBy: g.CreatedBy, Created: g.Created, Updated: g.Updated, Deadline: g.Deadline,
		DeadlineAction: g.DeadlineAction, SegmentHours: g.SegmentHours, LastSeq: g.LastSeq, Position: g.Position,
		Players: each(g.Players, func(p db.Player) games.Player { return games.Player(p) })}
}

// row is the service's record as a db game.
func row(r *games.Record) *db.Game {
	if r == nil {
		return nil
	}
	return &db.Game{ID: r.ID, Guild: r.Guild, Channel: r.Channel, Scenario: r.Scenario, Options: r.Options,
		Seed: r.Seed, SeedCommitment: r.SeedCommitment, Status: db.Status(r.Status), Damage: r.Damage,
		CreatedBy: r.CreatedBy, Created: r.Created, Updated: r.Updated, Deadline: r.Deadline,
		DeadlineAction: r.DeadlineAction, SegmentHours: r.SegmentHours, Players: players(r.Players),
		LastSeq: r.LastSeq, Position: r.Position}
}

func players(ps []games.Player) []db.Player {
	return each(ps, func(p games.Player) db.Player { return db.Player(p) })
}

func events(evs []games.Event) []db.Event {
	return each(evs, func(e games.Event) db.Event { return db.Event(e) })
}

// each is f of every element of in (nil stays nil: a game read without
// its players keeps none).
func each[S, T any](in []S, f func(S) T) []T {
	if in == nil {
		return nil
	}
	out := make([]T, len(in))
	for i, v := range in {
		out[i] = f(v)
	}
	return out
}

// tx is a db transaction as the service's.
type tx struct{ t *db.GameTx }

func (x tx) Row() *games.Record { return Record(x.t.Game) }
func (x tx) Seq() int64         { return x.t.Seq() }

func (x tx) Append(o games.NewOrder) (games.OrderRow, error) {
	r, err := x.t.Append(db.NewOrder(o))
	return games.OrderRow(r), err
}

func (x tx) Undo(seq int64, author, side string) (games.OrderRow, error) {
	r, err := x.t.Undo(seq, author, side)
	return games.OrderRow(r), err
}

func (x tx) AddEvents(seq int64, evs []games.Event) error { return x.t.AddEvents(seq, events(evs)) }
func (x tx) Snapshot(label, hash string, state []byte) error {
	return x.t.Snapshot(label, hash, state)
}
func (x tx) SetStatus(st games.Status, why string) error { return x.t.SetStatus(db.Status(st), why) }
func (x tx) AddPlayer(p games.Player) error              { return x.t.AddPlayer(db.Player(p)) }
func (x tx) RemovePlayer(userID string) error            { return x.t.RemovePlayer(userID) }
func (x tx) SetDeadline(at time.Time) error              { return x.t.SetDeadline(at) }
func (x tx) SetDeadlinePolicy(hours int, action string) error {
	return x.t.SetDeadlinePolicy(hours, action)
}
func (x tx) SetMeta(key, value string) error { return x.t.SetMeta(key, value) }
func (x tx) SetOptions(opts string) error    { return x.t.SetOptions(opts) }

// Analysis and SaveAnalysis keep finished games' analyses (games.AnalysisStore).
func (s *Store) Analysis(ctx context.Context, gameID int64, key string) (string, bool, error) {
	return s.Store.Analysis(ctx, gameID, key)
}

func (s *Store) SaveAnalysis(ctx context.Context, gameID int64, key, data string) error {
	return s.Store.SaveAnalysis(ctx, gameID, key, data)
}
