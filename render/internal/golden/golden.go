// Package golden holds what the golden-picture tests of render and
// render/fromgame share: a picture drawn is compared with the one kept in
// testdata (or the kept one rewritten, with the tests' -update flag), and
// the pictures are compared only while what they were drawn from is the
// same.
package golden

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// update is the tests' -update flag: rewrite the golden pictures and
// fingerprints instead of comparing them.
var update = flag.Bool("update", false, "rewrite the golden pictures (PNG) and their fingerprints in testdata")

// Check compares got (PNG bytes) with testdata/name by same (render's
// SamePicture, which allows for antialiasing), or rewrites the file with
// -update. On a mismatch the picture drawn is kept in a temporary
// folder, whose path the failure names with the command that rewrites the
// pictures (updateCmd), so that one can open both.
func Check(t testing.TB, name string, got []byte, same func(want, got []byte) error, updateCmd string) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("wrote %s (%d bytes)", path, len(got))
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("reading golden picture: %v (run %s to create it)", err, updateCmd)
	}
	if err := same(want, got); err != nil {
		dir, derr := os.MkdirTemp("", "render-golden-")
		if derr == nil {
			out := filepath.Join(dir, name)
			if werr := os.WriteFile(out, got, 0o644); werr == nil {
				t.Errorf("%s: %v\n\tthe picture drawn is at %s; look at both, and if the change is intended, run %s", path, err, out, updateCmd)
				return
			}
		}
		t.Errorf("%s: %v (could not save the picture drawn)", path, err)
	}
}

// SkipIfChanged skips the test when fingerprint is not the one kept in
// testdata/file, the fingerprint of what the pictures were drawn from
// (what names it for the message), or rewrites the file with -update. The inputs (the map data, the default setup) change far more often
// than the renderer, and the pictures then need a look and -update anyway.
func SkipIfChanged(t testing.TB, file, fingerprint, what, updateCmd string) {
	t.Helper()
	path := filepath.Join("testdata", file)
	if *update {
		if err := os.WriteFile(path, []byte(fingerprint+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	old, _ := os.ReadFile(path)
	if kept := strings.TrimSpace(string(old)); kept != fingerprint {
		t.Skipf("%s changed since the golden pictures were drawn (fingerprint %s, pictures drawn from %s): look at them and run %s", what, fingerprint, kept, updateCmd)
	}
}
