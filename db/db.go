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
	"runtime"
	"sync"
	"time"

	_ "modernc.org/sqlite" // registers the "sqlite" driver
)

// Store is an open database.
//
// DB is a pool of connections for reads, which run in parallel (WAL lets
// readers go on while one writer commits). Writes that belong to games go
// through Write: one connection of their own, taken in turn, writes that
// arrive together committed together (group commit, see Write), so that the
// process's own writers queue in Go instead of polling SQLite's busy timeout (BenchmarkWritePath: about a third faster than polling; level
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

	// The group commit of Write: qmu guards the writes queued and whether
	// a group is being committed.
	qmu     sync.Mutex
	queue   []*writeReq
	writing bool

	// stmts are statements prepared on the writer connection at Open
	// (prepare), read-only afterwards.
	stmts map[string]*sql.Stmt

	// life is the context of the store's own work, made from Open's
	// without its cancellation or deadline: a group of writes is
	// committed in it, whichever writers gave up meanwhile.
	life context.Context
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
	s := &Store{Path: path, w: w, life: context.WithoutCancel(ctx)}
	if err := s.migrate(ctx, ms); err != nil {
		w.Close()
		return nil, fmt.Errorf("upgrade database %s: %w", path, err)
	}
	s.prepare(ctx)
	// The read pool opens after the schema is in place.
	if s.DB, err = sql.Open("sqlite", dsn(path, sync)); err != nil {
		w.Close()
		return nil, fmt.Errorf("open database %s: %w", path, err)
	}
	// Idle readers are kept for the cores' worth of parallel reads (cold
	// loads after a restart run in parallel): a connection closed and
	// opened again costs its pragmas and its cache.
	s.DB.SetMaxIdleConns(max(4, 4*runtime.GOMAXPROCS(0)))
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

// prepared are the statements of the order append path, prepared once on
// the writer connection at Open (SQLite then parses each once, not per
// order).
var prepared = append([]string{qUpdateGame, qPlayers, qTouchGame, qInsertOrder}, qInsertEvents...)

// A statement that cannot be prepared (a schema without its table) is
// left to be prepared, and to fail, where it is used.
func (s *Store) prepare(ctx context.Context) {
	s.stmts = map[string]*sql.Stmt{}
	for _, q := range prepared {
		if st, err := s.w.PrepareContext(ctx, q); err == nil {
			s.stmts[q] = st
		}
	}
}

// exec runs a prepared statement (prepare) in tx; a query not prepared
// is prepared in tx.
func (s *Store) exec(ctx context.Context, tx *sql.Tx, query string, args ...any) (sql.Result, error) {
	if st := s.stmts[query]; st != nil {
		return tx.StmtContext(ctx, st).ExecContext(ctx, args...)
	}
	return tx.ExecContext(ctx, query, args...)
}

// query is exec for a query of rows.
func (s *Store) query(ctx context.Context, tx *sql.Tx, query string, args ...any) (*sql.Rows, error) {
	if st := s.stmts[query]; st != nil {
		return tx.StmtContext(ctx, st).QueryContext(ctx, args...)
	}
	return tx.QueryContext(ctx, query, args...)
}

// queryRow is exec for a query of one row.
func (s *Store) queryRow(ctx context.Context, tx *sql.Tx, query string, args ...any) *sql.Row {
	if st := s.stmts[query]; st != nil {
		return tx.StmtContext(ctx, st).QueryRowContext(ctx, args...)
	}
	return tx.QueryRowContext(ctx, query, args...)
}

// Close closes the database.
func (s *Store) Close() error {
	for _, st := range s.stmts {
		st.Close()
	}
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
//
// Writes that arrive while another is committing are committed together
// (group commit): the first writer to find the path free leads, taking
// every write queued by then into one SQLite transaction, each in a
// savepoint of its own, and one COMMIT (one fsync) makes them all durable.
// A write that fails is rolled back to its savepoint and fails alone; the
// others commit. Each Write returns only once its own write is on disk (or
// has failed), so a command answered is a command stored, as before; but
// 64 games' commands cost one fsync instead of 64 (BenchmarkConcurrentGames,
// docs/performance.md). When the leader is done, the first write queued
// since leads the next group; nobody waits for more than the group before
// his and his own.
func (s *Store) Write(ctx context.Context, fn func(tx *sql.Tx) error) error {
	r := &writeReq{ctx: ctx, fn: fn, done: make(chan struct{}), lead: make(chan struct{})}
	s.qmu.Lock()
	s.queue = append(s.queue, r)
	leader := !s.writing
	s.writing = true
	s.qmu.Unlock()
	if !leader {
		select {
		case <-r.done:
			return r.result()
		case <-r.lead: // the previous group is done: r leads the next
		}
	}
	s.qmu.Lock()
	batch := s.queue
	if len(batch) > maxGroup {
		batch = batch[:maxGroup]
	}
	s.queue = s.queue[len(batch):]
	s.qmu.Unlock()
	s.commitGroup(batch)
	s.qmu.Lock()
	if len(s.queue) > 0 {
		close(s.queue[0].lead)
	} else {
		s.writing = false
	}
	s.qmu.Unlock()
	return r.result()
}

// maxGroup bounds the writes committed together.
const maxGroup = 128

// writeReq is one Write waiting for, or in, a group commit.
type writeReq struct {
	ctx   context.Context
	fn    func(tx *sql.Tx) error
	err   error
	panic any           // fn panicked: re-raised in its own goroutine
	done  chan struct{} // closed when err (or panic) is final
	lead  chan struct{} // closed when this write is to lead the next group
}

func (r *writeReq) result() error {
	if r.panic != nil {
		panic(r.panic)
	}
	return r.err
}

// run runs the write's fn, turning a panic into r.panic.
func (r *writeReq) run(tx *sql.Tx) (err error) {
	defer func() {
		if p := recover(); p != nil {
			r.panic = p
			err = fmt.Errorf("db: a write panicked: %v", p)
		}
	}()
	if err := r.ctx.Err(); err != nil {
		return err
	}
	return r.fn(tx)
}

// commitGroup commits a group of writes in one transaction, on the writer
// connection (s.wmu held), and tells each its result.
func (s *Store) commitGroup(batch []*writeReq) {
	s.wmu.Lock()
	defer s.wmu.Unlock()
	defer func() {
		for _, r := range batch {
			close(r.done)
		}
	}()
	fail := func(err error) {
		for _, r := range batch {
			if r.err == nil {
				r.err = err
			}
		}
	}
	// The group's transaction outlives any one writer's context: a
	// command given up fails alone (run checks its context).
	tx, err := s.w.BeginTx(s.life, nil)
	if err != nil {
		fail(err)
		return
	}
	if len(batch) == 1 { // alone: no savepoint needed
		if batch[0].err = batch[0].run(tx); batch[0].err != nil {
			tx.Rollback()
			return
		}
		if err := tx.Commit(); err != nil {
			batch[0].err = err
		}
		return
	}
	ok := 0
	for i, r := range batch {
		if _, err := tx.Exec(`SAVEPOINT w`); err != nil {
			fail(err)
			tx.Rollback()
			return
		}
		if r.err = r.run(tx); r.err != nil {
			if _, err := tx.Exec(`ROLLBACK TO w`); err != nil {
				// SQLite rolled the whole transaction back (an I/O
				// error, a full disk): nothing of the group stands.
				for _, q := range batch[:i] {
					q.err = err
				}
				fail(err)
				tx.Rollback()
				return
			}
		} else {
			ok++
		}
		if _, err := tx.Exec(`RELEASE w`); err != nil {
			for _, q := range batch[:i] {
				q.err = err
			}
			fail(err)
			tx.Rollback()
			return
		}
	}
	if ok == 0 {
		tx.Rollback()
		return
	}
	if err := tx.Commit(); err != nil {
		for _, r := range batch {
			if r.err == nil {
				r.err = err
			}
		}
	}
}
