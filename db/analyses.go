package db

import (
	"context"
	"database/sql"
	"errors"
)

// Analysis is a game's kept analysis under key, or ok false if there is
// none (package games writes and reads data).
func (s *Store) Analysis(ctx context.Context, gameID int64, key string) (data string, ok bool, err error) {
	err = s.DB.QueryRowContext(ctx, `SELECT data FROM analyses WHERE game_id = ? AND key = ?`, gameID, key).Scan(&data)
	if errors.Is(err, sql.ErrNoRows) {
		return "", false, nil
	}
	return data, err == nil, err
}

// SaveAnalysis keeps a game's analysis under key, replacing one kept
// before under the same key.
func (s *Store) SaveAnalysis(ctx context.Context, gameID int64, key, data string) error {
	return s.Write(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `INSERT INTO analyses (game_id, key, data, created) VALUES (?, ?, ?, ?)
			ON CONFLICT(game_id, key) DO UPDATE SET data = excluded.data, created = excluded.created`, gameID, key, data, ts(s.now()))
		return err
	})
}
