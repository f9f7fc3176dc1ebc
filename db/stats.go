package db

import (
	"context"
	"database/sql"
	"os"
)

// CountGames counts the games by status (for the operator's metrics).
func (s *Store) CountGames(ctx context.Context) (map[Status]int, error) {
	rows, err := s.DB.QueryContext(ctx, `SELECT status, COUNT(*) FROM games GROUP BY status`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[Status]int{}
	for rows.Next() {
		var st string
		var n int
		if err := rows.Scan(&st, &n); err != nil {
			return nil, err
		}
		out[Status(st)] = n
	}
	return out, rows.Err()
}

// Size is the bytes the database takes on disk: its file and its
// write-ahead log.
func (s *Store) Size() (int64, error) {
	fi, err := os.Stat(s.Path)
	if err != nil {
		return 0, err
	}
	n := fi.Size()
	if wal, err := os.Stat(s.Path + "-wal"); err == nil {
		n += wal.Size()
	}
	return n, nil
}

// Writable checks that the database takes writes: a transaction on the
// writer path, which takes SQLite's write lock (BEGIN IMMEDIATE) and
// commits. It changes nothing.
func (s *Store) Writable(ctx context.Context) error {
	return s.Write(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `SELECT 1`)
		return err
	})
}
