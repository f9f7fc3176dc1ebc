package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// consoleRun runs the bot as a child process with no DISCORD_TOKEN,
// standard input in, over a database file; it gives stdout, stderr and
// the exit code.
func consoleRun(t *testing.T, db, in string) (string, string, int) {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^TestHelperBotProcess$")
	cmd.Env = append(os.Environ(), "RTRBOT_HELPER_PROCESS=1", "DISCORD_TOKEN=", "RTRBOT_DB="+db, "RTRBOT_OUT="+t.TempDir())
	cmd.Stdin = strings.NewReader(in)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return out.String(), errb.String(), code
}

// The console says what it is on start (on stderr, so that its output
// stays scriptable); with nothing to read it says why it stops and exits
// non-zero (a docker run that forgot DISCORD_TOKEN); its exit warns of no
// damaged game when none is.
func TestConsoleTalks(t *testing.T) {
	if testing.Short() {
		t.Skip("starts processes")
	}
	db := filepath.Join(t.TempDir(), "c.db")
	out, errs, code := consoleRun(t, db, "/game new scenario:standard seed:4\n/game setup\n/end\n")
	if code != 0 || !strings.Contains(errs, "rtrbot console") || !strings.Contains(errs, "/help") || strings.Contains(out, "rtrbot console") {
		t.Fatalf("exit %d, stderr:\n%s\nstdout:\n%s", code, errs, out)
	}
	// Start again over the same file: the stored game is checked and is
	// sound, so no warning of a damaged game, however soon the console
	// ends.
	_, errs, code = consoleRun(t, db, "/game status\n")
	if code != 0 || strings.Contains(errs, "damaged") {
		t.Errorf("exit %d; a sound game was called damaged:\n%s", code, errs)
	}
	_, errs, code = consoleRun(t, db, "")
	if code == 0 || !strings.Contains(errs, "DISCORD_TOKEN") || !strings.Contains(errs, "nothing to read") {
		t.Errorf("with nothing to read: exit %d, stderr:\n%s", code, errs)
	}
}
