package db

import (
	"context"
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"fmt"
	"io/fs"
	"sort"
	"strconv"
	"strings"
)

//go:embed migrations/*.sql
var migrationFiles embed.FS

// migrationSource is a folder of NNNN_name.sql files (tests use their own).
type migrationSource = fs.FS

var embedded = func() fs.FS {
	sub, err := fs.Sub(migrationFiles, "migrations")
	if err != nil {
		panic(err) // the embed pattern above guarantees the folder
	}
	return sub
}()

type migration struct {
	version int
	name    string
	sql     string
	sum     string // hex SHA-256 of the file: a released migration never changes
}

// Version returns the schema version the file is at.
func (s *Store) Version(ctx context.Context) (int, error) {
	var v int
	err := s.w.QueryRowContext(ctx, `SELECT COALESCE(MAX(version), 0) FROM schema_version`).Scan(&v)
	return v, err
}

// Migrations returns the number of the newest schema this build knows.
func Migrations() int {
	ms, err := loadMigrations(embedded)
	if err != nil {
		return 0
	}
	return len(ms)
}

func loadMigrations(src fs.FS) ([]migration, error) {
	entries, err := fs.ReadDir(src, ".")
	if err != nil {
		return nil, err
	}
	var out []migration
	for _, e := range entries {
		num, _, ok := strings.Cut(e.Name(), "_")
		v, err := strconv.Atoi(num)
		if !ok || err != nil || len(num) != 4 || !strings.HasSuffix(e.Name(), ".sql") {
			return nil, fmt.Errorf("migration file %s is not named NNNN_name.sql", e.Name())
		}
		body, err := fs.ReadFile(src, e.Name())
		if err != nil {
			return nil, err
		}
		sum := sha256.Sum256(body)
		out = append(out, migration{v, e.Name(), string(body), hex.EncodeToString(sum[:])})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].version < out[j].version })
	for i := range out {
		if out[i].version != i+1 {
			return nil, fmt.Errorf("migrations must be numbered 0001, 0002, 0003… without gaps; %s is out of sequence", out[i].name)
		}
	}
	return out, nil
}

// migrate applies every migration newer than the file, each in its own
// transaction together with its version row, so a crash leaves the file at
// a whole version. Before that it checks that the migrations the file has
// already been through are the very ones this build carries (same name,
// same bytes): an edited released migration would leave files made before
// and after the edit with different schemas under the same number.
func (s *Store) migrate(ctx context.Context, src fs.FS) error {
	s.wmu.Lock()
	defer s.wmu.Unlock()
	if _, err := s.w.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS schema_version (
		version    INTEGER PRIMARY KEY,
		name       TEXT NOT NULL,
		sha256     TEXT NOT NULL,
		applied_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')))`); err != nil {
		return err
	}
	ms, err := loadMigrations(src)
	if err != nil {
		return err
	}
	have, err := s.Version(ctx)
	if err != nil {
		return err
	}
	if have > len(ms) {
		return fmt.Errorf("the file is at schema version %d but this bot knows only up to %d: use a newer bot (the file is unchanged)", have, len(ms))
	}
	rows, err := s.w.QueryContext(ctx, `SELECT version, name, sha256 FROM schema_version ORDER BY version`)
	if err != nil {
		return err
	}
	applied := map[int][2]string{}
	for rows.Next() {
		var v int
		var name, sum string
		if err := rows.Scan(&v, &name, &sum); err != nil {
			rows.Close()
			return err
		}
		applied[v] = [2]string{name, sum}
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	for _, m := range ms[:have] {
		a, ok := applied[m.version]
		switch {
		case !ok:
			return fmt.Errorf("the file is at schema version %d but has no record of migration %s", have, m.name)
		case a[0] != m.name || a[1] != m.sum:
			return fmt.Errorf("migration %d was applied to this file as %s (sha256 %.12s) but this build carries %s (sha256 %.12s): released migrations must never be edited; add a new one instead", m.version, a[0], a[1], m.name, m.sum)
		}
	}
	for _, m := range ms[have:] {
		tx, err := s.w.BeginTx(ctx, nil)
		if err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, m.sql); err != nil {
			tx.Rollback()
			return fmt.Errorf("migration %s: %w", m.name, err)
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO schema_version(version, name, sha256) VALUES (?, ?, ?)`, m.version, m.name, m.sum); err != nil {
			tx.Rollback()
			return err
		}
		if err := tx.Commit(); err != nil {
			return err
		}
	}
	return nil
}
