package db

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
)

// BackupDir is where Backup writes unless told otherwise: a folder
// "backups" next to the database file (on the same volume in Docker).
func (s *Store) BackupDir() string { return filepath.Join(filepath.Dir(s.Path), "backups") }

// Backup writes a consistent copy of the whole database into dir (""
// means BackupDir) with VACUUM INTO, named by the time, and returns its
// path and size. It runs online: commands go on while it copies, and the
// copy is the database as it stood at one moment.
func (s *Store) Backup(ctx context.Context, dir string) (string, int64, error) {
	if dir == "" {
		dir = s.BackupDir()
	}
	if err := os.MkdirAll(dir, 0o750); err != nil {
		return "", 0, err
	}
	name := "rtrbot-" + s.now().UTC().Format("20060102T150405.000Z") + ".db"
	path := filepath.Join(dir, name)
	size, err := s.BackupTo(ctx, path)
	return path, size, err
}

// BackupTo writes a consistent copy of the whole database to path, which
// must not exist. The copy is written under a temporary name, synced and
// then renamed, so a file with the final name is always whole.
func (s *Store) BackupTo(ctx context.Context, path string) (int64, error) {
	if _, err := os.Stat(path); err == nil {
		return 0, fmt.Errorf("backup %s already exists: choose another name", path)
	}
	tmp := path + ".partial"
	os.Remove(tmp)
	// VACUUM INTO reads one snapshot of the database (a read transaction in
	// WAL mode), so it needs no writer lock and blocks no writer.
	if _, err := s.DB.ExecContext(ctx, `VACUUM INTO ?`, tmp); err != nil {
		os.Remove(tmp)
		return 0, fmt.Errorf("backup to %s: %w", path, err)
	}
	// The copy holds the secret seeds of running games: owner only.
	if err := os.Chmod(tmp, 0o600); err != nil {
		os.Remove(tmp)
		return 0, err
	}
	f, err := os.Open(tmp)
	if err != nil {
		return 0, err
	}
	err = f.Sync()
	st, serr := f.Stat()
	f.Close()
	if err != nil || serr != nil {
		os.Remove(tmp)
		return 0, fmt.Errorf("backup to %s: %v %v", path, err, serr)
	}
	if err := os.Rename(tmp, path); err != nil {
		os.Remove(tmp)
		return 0, err
	}
	if d, err := os.Open(filepath.Dir(path)); err == nil {
		d.Sync() // make the rename itself durable
		d.Close()
	}
	return st.Size(), nil
}
