package commands_test

import (
	"context"
	"crypto/sha256"
	"encoding/binary"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"rtrbot/actor"
	"rtrbot/commands"
	"rtrbot/db"
	"rtrbot/games/sqlstore"
	"rtrbot/i18n"
)

// fixedEntropy is a deterministic stand-in for crypto/rand: SHA-256 of a
// counter, so that a test's server seeds are the same on every run.
type fixedEntropy struct {
	mu  sync.Mutex
	n   uint64
	buf []byte
}

func (f *fixedEntropy) Read(p []byte) (int, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	for len(f.buf) < len(p) {
		var c [8]byte
		binary.BigEndian.PutUint64(c[:], f.n)
		f.n++
		h := sha256.Sum256(c[:])
		f.buf = append(f.buf, h[:]...)
	}
	n := copy(p, f.buf)
	f.buf = f.buf[n:]
	return n, nil
}

// companion is a bot over a real SQLite file in a temporary folder.
type companion struct {
	t     testing.TB
	bot   *commands.Bot
	store *db.Store
	clock time.Time
}

func newCompanion(t testing.TB) *companion {
	t.Helper()
	store, err := db.Open(context.Background(), filepath.Join(t.TempDir(), "rtrbot.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	c := &companion{t: t, store: store, clock: time.Date(1914, 8, 9, 12, 0, 0, 0, time.UTC)}
	c.bot = commands.New(commands.Deps{Store: sqlstore.New(store), Entropy: &fixedEntropy{}, Now: func() time.Time { return c.clock },
		Log: slog.New(slog.NewTextHandler(io.Discard, nil))})
	return c
}

// run sends one command as the console would: "/combat table:assault odds:3:1".
func (c *companion) run(lang i18n.Lang, channel, user, path string, opts ...string) *commands.Response {
	c.t.Helper()
	o := map[string]string{}
	for _, kv := range opts {
		k, v, ok := strings.Cut(kv, ":")
		if !ok {
			c.t.Fatalf("bad option %q", kv)
		}
		o[k] = v
	}
	c.clock = c.clock.Add(time.Second)
	return c.bot.Router.Run(context.Background(), &commands.Request{
		Path: path, Options: o, User: actor.Actor{ID: "id-" + user, Name: user},
		Guild: "guild", Channel: channel, Lang: lang, Now: c.clock,
	})
}

// public runs a command that must answer publicly and returns its text.
func (c *companion) public(lang i18n.Lang, path string, opts ...string) string {
	c.t.Helper()
	r := c.run(lang, "table-1", "anna", path, opts...)
	if len(r.Messages) == 0 || r.Messages[0].Ephemeral {
		c.t.Fatalf("/%s %v: want a public answer, got %+v", path, opts, r.Messages)
	}
	return r.Messages[0].Text
}

var (
	rollRE       = regexp.MustCompile(`Roll #(\d+) of dice session (\d+)`)
	commitmentRE = regexp.MustCompile("Commitment \\(SHA-256 of the secret server seed\\): `([0-9a-f]{64})`")
	codeRE       = regexp.MustCompile(`→ \*\*([A-Z]{2})\*\*`)
	columnRE     = regexp.MustCompile(`(?:column|コラム) \*\*(\d+:\d+)\*\*`)
	seedRE       = regexp.MustCompile("Server seed: `([0-9a-f]{64})`")
)

func atoi(t testing.TB, s string) int {
	n, err := strconv.Atoi(s)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// golden compares a console transcript with testdata/name (-update
// rewrites it after a deliberate change) and refuses a formatting error.
func golden(t *testing.T, got, name string) {
	t.Helper()
	if strings.Contains(got, "%!") {
		t.Errorf("a message has a formatting error (%%!):\n%s", got)
	}
	path := filepath.Join("testdata", name)
	if *updateGolden {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with -update to write it)", err)
	}
	if string(want) != got {
		t.Errorf("the transcript differs from %s (run with -update after a deliberate change):\n%s", path, got)
	}
}
