//go:build unix

package db

import (
	"errors"
	"os"
	"syscall"
)

// flock takes an exclusive flock on f without waiting; held says another
// open file (another process) holds it.
func flock(f *os.File) (held bool, err error) {
	for {
		err = syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
		if !errors.Is(err, syscall.EINTR) {
			break
		}
	}
	if errors.Is(err, syscall.EWOULDBLOCK) {
		return true, nil
	}
	return false, err
}
