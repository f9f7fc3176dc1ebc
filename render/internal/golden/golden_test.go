package golden

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// recorder is a testing.TB that keeps what a check says instead of
// failing or skipping the test that runs it.
type recorder struct {
	testing.TB
	errors, skips []string
}

func (r *recorder) Helper()             {}
func (r *recorder) Logf(string, ...any) {}
func (r *recorder) Errorf(format string, args ...any) {
	r.errors = append(r.errors, fmt.Sprintf(format, args...))
}
func (r *recorder) Fatalf(format string, args ...any) {
	r.errors = append(r.errors, fmt.Sprintf(format, args...))
	runtime.Goexit() // as testing's Fatalf: what follows does not run
}
func (r *recorder) Skipf(format string, args ...any) {
	r.skips = append(r.skips, fmt.Sprintf(format, args...))
}

// inGoroutine runs f as a test's own goroutine, which Fatalf ends.
func inGoroutine(f func()) {
	done := make(chan struct{})
	go func() {
		defer close(done)
		f()
	}()
	<-done
}

// withUpdate runs f as under -update.
func withUpdate(f func()) {
	*update = true
	defer func() { *update = false }()
	f()
}

// bytesSame stands for render.SamePicture: equal bytes are the same picture.
func bytesSame(want, got []byte) error {
	if string(want) != string(got) {
		return errors.New("differ")
	}
	return nil
}

// Check passes the kept picture, fails a different one and keeps the
// picture drawn where the failure says, and -update rewrites the file.
func TestCheck(t *testing.T) {
	t.Chdir(t.TempDir())
	if err := os.Mkdir("testdata", 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join("testdata", "a.png"), []byte("kept"), 0o644); err != nil {
		t.Fatal(err)
	}
	r := &recorder{TB: t}
	Check(r, "a.png", []byte("kept"), bytesSame, "go test -update")
	if len(r.errors) != 0 {
		t.Fatalf("the kept picture failed: %q", r.errors)
	}
	Check(r, "a.png", []byte("drawn"), bytesSame, "go test -update")
	if len(r.errors) != 1 || !strings.Contains(r.errors[0], "go test -update") {
		t.Fatalf("a different picture: %q, want one failure naming the update command", r.errors)
	}
	at := strings.Fields(r.errors[0][strings.Index(r.errors[0], "is at ")+len("is at "):])[0]
	if b, err := os.ReadFile(strings.TrimSuffix(at, ";")); err != nil || string(b) != "drawn" {
		t.Errorf("the picture drawn is not kept where the failure says (%q): %q, %v", at, b, err)
	} else {
		os.RemoveAll(filepath.Dir(strings.TrimSuffix(at, ";")))
	}
	r.errors = nil
	withUpdate(func() { Check(r, "a.png", []byte("drawn"), bytesSame, "go test -update") })
	if b, _ := os.ReadFile(filepath.Join("testdata", "a.png")); len(r.errors) != 0 || string(b) != "drawn" {
		t.Errorf("-update: %q, file %q", r.errors, b)
	}
	inGoroutine(func() { Check(r, "missing.png", []byte("drawn"), bytesSame, "go test -update") })
	if len(r.errors) != 1 || !strings.HasPrefix(r.errors[0], "reading golden picture") {
		t.Errorf("a missing golden picture: %q, want one failure", r.errors)
	}
}

// SkipIfChanged skips on another fingerprint, or none kept, and not on the
// kept one; -update keeps the new one.
func TestSkipIfChanged(t *testing.T) {
	t.Chdir(t.TempDir())
	if err := os.Mkdir("testdata", 0o755); err != nil {
		t.Fatal(err)
	}
	r := &recorder{TB: t}
	SkipIfChanged(r, "x.fingerprint", "abc", "the map", "go test -update")
	if len(r.skips) != 1 {
		t.Fatalf("no fingerprint kept: skips %q, want one", r.skips)
	}
	withUpdate(func() { SkipIfChanged(r, "x.fingerprint", "abc", "the map", "go test -update") })
	SkipIfChanged(r, "x.fingerprint", "abc", "the map", "go test -update")
	if len(r.skips) != 1 || len(r.errors) != 0 {
		t.Fatalf("the kept fingerprint: skips %q, errors %q", r.skips, r.errors)
	}
	SkipIfChanged(r, "x.fingerprint", "abd", "the map", "go test -update")
	if len(r.skips) != 2 || !strings.HasPrefix(r.skips[1], "the map changed") {
		t.Fatalf("another fingerprint: skips %q", r.skips)
	}
}
