package db

import (
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"

	"rtrbot/i18n"
)

// FileLock is a database file's lock: while a process holds it, no other
// process takes it, so that only one process writes a file's games (two,
// each with its own copy of a game in memory, would accept orders against
// stale states, and the log would no longer replay). It is an
// operating-system lock (flock) on the file named LockPath(db), held for
// as long as the process lives: the system drops it when the process ends,
// however it ends, so a crash never leaves the file locked. The lock file
// holds the holder's process ID, host and start time, which a refused
// process names.
type FileLock struct {
	f    *os.File
	path string
}

// LockPath is the lock file of a database file: beside it, named after it.
func LockPath(dbPath string) string { return dbPath + ".lock" }

// Holder is what a lock file says of the process that holds it.
type Holder struct {
	PID     int
	Host    string
	Started time.Time
	Program string
}

// LockedError is the refusal of a lock another process holds.
type LockedError struct {
	DB, LockFile string
	Holder       Holder // zero if the lock file could not be read
}

func (e *LockedError) Error() string { return e.In(i18n.EN) }

// In says the refusal in l.
func (e *LockedError) In(l i18n.Lang) string {
	who := i18n.T("another process", "別のプロセス")
	if h := e.Holder; h.PID != 0 {
		prog := h.Program
		if prog == "" {
			prog = "?"
		}
		host := h.Host
		if host == "" {
			host = "?"
		}
		started := "?"
		if !h.Started.IsZero() {
			started = h.Started.UTC().Format("2006-01-02 15:04:05Z")
		}
		who = i18n.Sprintf(i18n.T("%s (process %d) on host %s, started %s", "%s (プロセス %d、ホスト %s、%s 起動)"), prog, h.PID, host, started)
	}
	return i18n.Sprintf(i18n.T(
		"the database %s is in use by %s (lock file %s): only one process may use a database file at a time. Stop that process first, or give this one another file (RTRBOT_DB or -db)",
		"データベース %s は %s が使用中です (ロックファイル %s)。1つのデータベースファイルを使えるのは1プロセスだけです。先にそのプロセスを止めるか、こちらに別のファイルを指定してください (RTRBOT_DB または -db)"),
		e.DB, who.In(l), e.LockFile).In(l)
}

// ErrLockUnsupported: this system has no file lock the package can take.
var ErrLockUnsupported = errors.New("db: file locks are not supported on this system")

// Lock takes the lock of the database file dbPath for this process, or
// says which process holds it (a *LockedError), at once: it never waits.
// program names the taker in the lock file ("rtrbot", "rtrbot-admin").
// Close releases it.
func Lock(dbPath, program string) (*FileLock, error) {
	path := LockPath(dbPath)
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, fmt.Errorf("lock the database %s: %w", dbPath, err)
	}
	held, err := flock(f)
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("lock the database %s: %w", dbPath, err)
	}
	if held {
		h, _ := readHolder(f)
		f.Close()
		return nil, &LockedError{DB: dbPath, LockFile: path, Holder: h}
	}
	host, _ := os.Hostname()
	text := fmt.Sprintf("pid %d\nhost %s\nstarted %s\nprogram %s\n", os.Getpid(), host, time.Now().UTC().Format(time.RFC3339), program)
	if err := f.Truncate(0); err == nil {
		_, err = f.WriteAt([]byte(text), 0)
	}
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("lock the database %s: writing %s: %w", dbPath, path, err)
	}
	return &FileLock{f: f, path: path}, nil
}

// Close releases the lock. The lock file stays (removing it would let a
// process that opened it meanwhile lock a file nobody else sees); its
// contents name the last holder.
func (l *FileLock) Close() error {
	if l == nil || l.f == nil {
		return nil
	}
	err := l.f.Close() // closing the file drops the flock
	l.f = nil
	return err
}

// readHolder reads the holder's lines from a lock file.
func readHolder(f *os.File) (Holder, error) {
	b := make([]byte, 1024)
	n, err := f.ReadAt(b, 0)
	if n == 0 {
		return Holder{}, err
	}
	var h Holder
	for _, line := range strings.Split(string(b[:n]), "\n") {
		k, v, _ := strings.Cut(line, " ")
		switch k {
		case "pid":
			h.PID, _ = strconv.Atoi(v)
		case "host":
			h.Host = v
		case "started":
			h.Started, _ = time.Parse(time.RFC3339, v)
		case "program":
			h.Program = v
		}
	}
	return h, nil
}
