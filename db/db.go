// Package db stores games, orders, events, roll logs and tournaments in one
// SQLite file through modernc.org/sqlite (pure Go, no cgo). The schema is
// versioned by the embedded migrations/NNNN_name.sql files, applied in order
// at Open. docs/storage.md describes the schema, the rules that keep a game
// from being lost, backups and the export format.
package db

import (
	"context"
	"database/sql"
	"fmt"
	"net/url"
	"sync"
	"time"

	_ "modernc.org/sqlite" // registers the "sqlite" driver
)

// Store is an open database.
//
// DB is a pool of connections for reads, which run in parallel (WAL lets
// readers go on while one writer commits). Writes that belong to games go
// through Write: one connection of their own, taken in turn behind a mutex,
// so that the process's own writers queue in Go instead of polling SQLite's
// busy timeout (BenchmarkWritePath: about a third faster than polling; level
// with a mutex around the pool; docs/storage.md). Every transaction starts
// with BEGIN IMMEDIATE (the _txlock setting), so any other writer (a second
// process, the sqlite3 shell) is serialised by SQLite itself, waiting up to
// the busy timeout.
type Store struct {
	DB   *sql.DB
	Path string
	// Now is the clock for the times stored with rows; nil is time.Now.
	Now func() time.Time

	w   *sql.DB    // the writer: one connection
	wmu sync.Mutex // taken around each write transaction on w
}

// Open opens (creating if needed) the SQLite file at path, with WAL, a busy
// timeout and foreign keys, and brings its schema up to date.
func Open(ctx context.Context, path string) (*Store, error) {
	return open(ctx, path, embedded)
}

func open(ctx context.Context, path string, ms migrationSource) (*Store, error) {
	return openSync(ctx, path, ms, "FULL")
}

// openSync opens with a given synchronous mode (benchmarks compare them).
func openSync(ctx context.Context, path string, ms migrationSource, sync string) (*Store, error) {
	w, err := sql.Open("sqlite", dsn(path, sync))
	if err != nil {
		return nil, fmt.Errorf("open database %s: %w", path, err)
	}
	w.SetMaxOpenConns(1)
	w.SetMaxIdleConns(1)
	w.SetConnMaxIdleTime(0)
	w.SetConnMaxLifetime(0)
	if err := w.PingContext(ctx); err != nil {
		w.Close()
		return nil, fmt.Errorf("open database %s: %w", path, err)
	}
	s := &Store{Path: path, w: w}
	if err := s.migrate(ctx, ms); err != nil {
		w.Close()
		return nil, fmt.Errorf("upgrade database %s: %w", path, err)
	}
	// The read pool opens after the schema is in place.
	if s.DB, err = sql.Open("sqlite", dsn(path, sync)); err != nil {
		w.Close()
		return nil, fmt.Errorf("open database %s: %w", path, err)
	}
	s.DB.SetMaxIdleConns(4)
	return s, nil
}

// dsn sets the pragmas on every connection the pool opens (foreign_keys and
// busy_timeout are per connection in SQLite).
//
// synchronous(FULL): in WAL mode NORMAL may lose the last commits on a power
// cut (never on a process crash); an acknowledged order must survive both,
// and FULL costs one fsync per commit, which a game at the pace of chat
// never notices (see BenchmarkAppendOrder in docs/storage.md).
func dsn(path, sync string) string {
	q := url.Values{}
	q.Add("_pragma", "busy_timeout(10000)")
	q.Add("_pragma", "journal_mode(WAL)")
	q.Add("_pragma", "foreign_keys(1)")
	q.Add("_pragma", "synchronous("+sync+")")
	q.Set("_txlock", "immediate")
	return "file:" + path + "?" + q.Encode()
}

// Close closes the database.
func (s *Store) Close() error {
	err := s.DB.Close()
	if werr := s.w.Close(); err == nil {
		err = werr
	}
	return err
}

// querier is what reads need: the read pool, or a transaction.
type querier interface {
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

// read runs fn in one read transaction: every query in it sees the
// database as it stood at one moment, whatever writers do meanwhile (WAL
// snapshot isolation), so that a game row and its log always agree.
func (s *Store) read(ctx context.Context, fn func(q querier) error) error {
	tx, err := s.DB.BeginTx(ctx, &sql.TxOptions{ReadOnly: true}) // a plain BEGIN: takes no write lock
	if err != nil {
		return err
	}
	defer tx.Rollback()
	return fn(tx)
}

// Write runs fn in one transaction on the process's single writer path:
// everything fn does is committed together or not at all. Every command
// that changes a game does all its writing in one Write (or one Update).
func (s *Store) Write(ctx context.Context, fn func(tx *sql.Tx) error) error {
	s.wmu.Lock()
	defer s.wmu.Unlock()
	tx, err := s.w.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	if err := fn(tx); err != nil {
		tx.Rollback()
		return err
	}
	return tx.Commit()
}
