package db

import (
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"rtrbot/i18n"
)

// A database file's lock is taken once: a second Lock (another open file,
// as another process would have) is refused at once, naming the holder's
// process, host and start time from the lock file; once released it can
// be taken again.
func TestLockOneHolder(t *testing.T) {
	path := filepath.Join(t.TempDir(), "g.db")
	l, err := Lock(path, "rtrbot")
	if err != nil {
		t.Fatal(err)
	}
	_, err = Lock(path, "rtrbot-admin")
	var le *LockedError
	if !errors.As(err, &le) {
		t.Fatalf("second lock: %v, want a *LockedError", err)
	}
	host, _ := os.Hostname()
	if le.Holder.PID != os.Getpid() || le.Holder.Host != host || le.Holder.Started.IsZero() || le.Holder.Program != "rtrbot" {
		t.Errorf("holder %+v", le.Holder)
	}
	msg := err.Error()
	for _, want := range []string{path, "process " + strconv.Itoa(os.Getpid()), "rtrbot", "host " + host, "started ", LockPath(path), "RTRBOT_DB"} {
		if !strings.Contains(msg, want) {
			t.Errorf("message lacks %q: %s", want, msg)
		}
	}
	if err := l.Close(); err != nil {
		t.Fatal(err)
	}
	l2, err := Lock(path, "rtrbot-admin")
	if err != nil {
		t.Fatalf("after release: %v", err)
	}
	l2.Close()
}

// The refusal in Japanese names the same holder and file.
func TestLockRefusalInJapanese(t *testing.T) {
	path := filepath.Join(t.TempDir(), "g.db")
	l, err := Lock(path, "rtrbot")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	_, err = Lock(path, "rtrbot")
	var le *LockedError
	if !errors.As(err, &le) {
		t.Fatal(err)
	}
	ja := le.In(i18n.JA)
	for _, want := range []string{"データベース " + path + " は rtrbot (プロセス " + strconv.Itoa(os.Getpid()) + "、ホスト ", "使用中", LockPath(path), "RTRBOT_DB"} {
		if !strings.Contains(ja, want) {
			t.Errorf("lacks %q: %s", want, ja)
		}
	}
}
