//go:build !unix

package db

import "os"

// flock: no lock on this system (the bot's image runs on Linux).
func flock(f *os.File) (held bool, err error) { return false, ErrLockUnsupported }
