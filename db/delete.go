package db

import (
	"context"
	"database/sql"
	"fmt"
	"os"
	"path/filepath"
)

// DeleteGame removes a game and all it holds (orders, events, snapshots,
// players, metadata) in one transaction, after writing its export file
// (db/gamefile) into dir ("" means BackupDir), whose path it returns: an
// operator's remedy, which keeps a copy of what it removes.
func (s *Store) DeleteGame(ctx context.Context, id int64, dir string) (string, error) {
	data, err := s.Export(ctx, id)
	if err != nil {
		return "", err
	}
	if dir == "" {
		dir = s.BackupDir()
	}
	if err := os.MkdirAll(dir, 0o750); err != nil {
		return "", err
	}
	path := filepath.Join(dir, fmt.Sprintf("game-%d-%s.rtrbot", id, s.now().UTC().Format("20060102T150405.000Z")))
	f, err := os.OpenFile(path, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o640)
	if err != nil {
		return "", err
	}
	if _, err := f.Write(data); err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return "", fmt.Errorf("writing the backup of game #%d: %w (nothing was deleted)", id, err)
	}
	err = s.Write(ctx, func(tx *sql.Tx) error {
		// The schema refuses deletes of games, orders and events (the log
		// is append-only); the operator's delete lifts those triggers for
		// its own transaction only, and puts them back as they were.
		rows, err := tx.QueryContext(ctx, `SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND name IN ('games_never_deleted', 'orders_no_delete', 'events_no_delete')`)
		if err != nil {
			return err
		}
		var names, defs []string
		for rows.Next() {
			var n, d string
			if err := rows.Scan(&n, &d); err != nil {
				rows.Close()
				return err
			}
			names, defs = append(names, n), append(defs, d)
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return err
		}
		for _, n := range names {
			if _, err := tx.ExecContext(ctx, `DROP TRIGGER `+n); err != nil {
				return err
			}
		}
		for _, table := range []string{"events", "snapshots", "orders", "game_players", "game_meta", "analyses"} {
			if _, err := tx.ExecContext(ctx, `DELETE FROM `+table+` WHERE game_id = ?`, id); err != nil {
				return err
			}
		}
		res, err := tx.ExecContext(ctx, `DELETE FROM games WHERE id = ?`, id)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n != 1 {
			return fmt.Errorf("no game #%d", id)
		}
		for _, d := range defs {
			if _, err := tx.ExecContext(ctx, d); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return path, fmt.Errorf("deleting game #%d: %w (its backup is %s)", id, err, path)
	}
	return path, nil
}
