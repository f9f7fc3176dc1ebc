package main

import (
	"bufio"
	"bytes"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// buildBot builds cmd/bot into a temporary folder and gives the program's
// path.
func buildBot(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "rtrbot")
	cmd := exec.Command("go", "build", "-o", bin, ".")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// consolePipes gives the standard input and output of cmd, not yet started:
// the console the tests type into and read answers from.
func consolePipes(t *testing.T, cmd *exec.Cmd) (io.WriteCloser, io.ReadCloser) {
	t.Helper()
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	return in, out
}

// answers reads a console's standard output line by line, and ask sends
// a line and waits up to 30 s for an output line holding want; stopped
// says what to add when the output ends first (the process's stderr).
func answers(t *testing.T, in io.Writer, out io.Reader, stopped func() string) (ask func(line, want string)) {
	lines := make(chan string, 100)
	go func() {
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			lines <- sc.Text()
		}
		close(lines)
	}()
	return func(line, want string) {
		t.Helper()
		io.WriteString(in, line+"\n")
		deadline := time.After(30 * time.Second)
		for {
			select {
			case l, ok := <-lines:
				if !ok {
					t.Fatalf("the bot stopped before answering %q to %s%s", want, line, stopped())
				}
				if strings.Contains(l, want) {
					return
				}
			case <-deadline:
				t.Fatalf("no %q in the answer to %s", want, line)
			}
		}
	}
}

// Two bots on one database file: the second refuses to start, at once,
// naming the process that holds the file, and the first goes on answering.
// Both are real processes of the built program, each with its standard
// input open (a console that would otherwise wait for commands).
func TestSecondProcessRefused(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and starts processes")
	}
	bin := buildBot(t)
	dbPath := filepath.Join(t.TempDir(), "one.db")
	env := append(os.Environ(), "DISCORD_TOKEN=", "RTRBOT_DB="+dbPath, "RTRBOT_OUT="+t.TempDir(), "RTRBOT_LANG=en")

	first := exec.Command(bin)
	first.Env = env
	in, out := consolePipes(t, first)
	var firstErr bytes.Buffer
	first.Stderr = &firstErr
	if err := first.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() {
		in.Close()
		first.Wait()
	}()
	ask := answers(t, in, out, func() string { return "; stderr:\n" + firstErr.String() })
	ask("/game new scenario:standard seed:4", "Game #1")

	second := exec.Command(bin)
	second.Env = env
	secondIn, err := second.StdinPipe() // kept open: only the lock may stop it
	if err != nil {
		t.Fatal(err)
	}
	defer secondIn.Close()
	var secondOut, secondErr bytes.Buffer
	second.Stdout, second.Stderr = &secondOut, &secondErr
	start := time.Now()
	if err := second.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- second.Wait() }()
	select {
	case err = <-done:
	case <-time.After(5 * time.Second):
		second.Process.Kill()
		<-done
		t.Fatalf("the second bot on the same file is still running after 5 s; stderr:\n%s", secondErr.String())
	}
	took := time.Since(start)
	ee, ok := err.(*exec.ExitError)
	if !ok || ee.ExitCode() == 0 {
		t.Fatalf("the second bot ended with %v, want a non-zero exit", err)
	}
	msg := secondErr.String()
	for _, want := range []string{"in use by rtrbot (process " + strconv.Itoa(first.Process.Pid) + ")", "started ", dbPath + ".lock", "RTRBOT_DB"} {
		if !strings.Contains(msg, want) {
			t.Errorf("the refusal lacks %q:\n%s", want, msg)
		}
	}
	if secondOut.Len() > 0 {
		t.Errorf("the refused bot answered something:\n%s", secondOut.String())
	}
	t.Logf("refused after %v: %s", took, strings.TrimSpace(msg))
	if took > time.Second {
		t.Errorf("the refusal took %v, want under a second", took)
	}
	// The first goes on: its game is there and takes commands.
	ask("/game status", "Game #1; dice commitment")
}
