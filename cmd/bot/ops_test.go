package main

import (
	"bufio"
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"rtrbot/commands"
	"rtrbot/db"
	"rtrbot/games/sqlstore"
	"rtrbot/metrics"
)

// get fetches a URL and gives its status and body.
func get(t *testing.T, url string) (int, string) {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp.StatusCode, string(b)
}

// scrape fetches /metrics and parses it strictly.
func scrape(t *testing.T, base string) map[string]float64 {
	t.Helper()
	code, body := get(t, base+"/metrics")
	if code != http.StatusOK {
		t.Fatalf("/metrics: %d\n%s", code, body)
	}
	m, err := metrics.Parse(body)
	if err != nil {
		t.Fatalf("/metrics does not parse: %v\n%s", err, body)
	}
	return m
}

// The bot with RTRBOT_METRICS set serves /healthz (console mode, the
// database writable) and /metrics, whose values move with the commands
// typed: a game made, a command that does not exist, an option out of its
// choices; the game counted active; the answers timed; the database's
// size. The built program, as the operator runs it.
func TestMetricsScraped(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and starts a process")
	}
	bin := buildBot(t)
	cmd := exec.Command(bin)
	cmd.Env = append(os.Environ(), "DISCORD_TOKEN=", "RTRBOT_DB="+filepath.Join(t.TempDir(), "m.db"), "RTRBOT_OUT="+t.TempDir(),
		"RTRBOT_LANG=en", "RTRBOT_METRICS=127.0.0.1:0")
	in, out := consolePipes(t, cmd)
	errPipe, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() {
		in.Close()
		cmd.Wait()
	}()
	addr := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(errPipe)
		for sc.Scan() {
			if a, ok := strings.CutPrefix(sc.Text(), "rtrbot: /metrics and /healthz on "); ok {
				addr <- a
			}
		}
	}()
	var base string
	select {
	case base = <-addr:
	case <-time.After(30 * time.Second):
		t.Fatal("the bot did not say where it serves its metrics")
	}
	ask := answers(t, in, out, func() string { return "" })

	code, body := get(t, base+"/healthz")
	if code != http.StatusOK || !strings.Contains(body, "console mode") || !strings.Contains(body, "database: writable") {
		t.Errorf("/healthz: %d\n%s", code, body)
	}
	before := scrape(t, base)
	if v, ok := before[metrics.Key("rtrbot_games", "status", "active")]; !ok || v != 0 {
		t.Errorf("active games before any: %v (present %v)", v, ok)
	}
	if _, ok := before[metrics.Key("rtrbot_gateway_connected")]; ok {
		t.Error("a gateway sample in console mode")
	}
	ask("/game new scenario:standard seed:4", "Game #1")
	ask("/nonsense", "There is no command /nonsense")
	ask("/game new scenario:nowhere", `cannot be "nowhere"`) // not the echoed line: the answer
	after := scrape(t, base)
	for key, want := range map[string]float64{
		metrics.Key("rtrbot_interactions_total", "command", "game new", "outcome", "ok"):       1,
		metrics.Key("rtrbot_interactions_total", "command", "(unknown)", "outcome", "unknown"): 1,
		metrics.Key("rtrbot_interactions_total", "command", "game new", "outcome", "invalid"):  1,
		metrics.Key("rtrbot_games", "status", "active"):                                        1,
		metrics.Key("rtrbot_games", "status", "damaged"):                                       0,
		metrics.Key("rtrbot_errors_total"):                                                     0,
		metrics.Key("rtrbot_map_drawings", "state", "waiting"):                                 0,
	} {
		if got, ok := after[key]; !ok || got != want {
			t.Errorf("%s = %v (present %v), want %v", key, got, ok, want)
		}
	}
	if n := after[metrics.Key("rtrbot_answer_seconds_count")] - before[metrics.Key("rtrbot_answer_seconds_count")]; n != 3 {
		t.Errorf("%v answers timed, want 3", n)
	}
	if after[metrics.Key("rtrbot_answer_seconds_sum")] <= 0 {
		t.Error("the answers took no time")
	}
	if after[metrics.Key("rtrbot_database_bytes")] <= 0 || after[metrics.Key("rtrbot_map_drawing_slots")] < 1 {
		t.Errorf("database %v bytes, %v drawing slots", after[metrics.Key("rtrbot_database_bytes")], after[metrics.Key("rtrbot_map_drawing_slots")])
	}
}

// /healthz says what is wrong with a 503: on Discord, a gateway not (yet)
// connected; a database that takes no writes.
func TestHealthz(t *testing.T) {
	ctx := context.Background()
	store, err := db.Open(ctx, filepath.Join(t.TempDir(), "h.db"))
	if err != nil {
		t.Fatal(err)
	}
	op := newOps(false)
	op.watch(store, commands.New(commands.Deps{Store: sqlstore.New(store)}), slog.New(slog.NewTextHandler(io.Discard, nil)))
	check := func(wantCode int, want ...string) {
		t.Helper()
		rec := httptest.NewRecorder()
		op.ServeHTTP(rec, httptest.NewRequest("GET", "/healthz", nil))
		for _, w := range want {
			if !strings.Contains(rec.Body.String(), w) {
				t.Errorf("/healthz lacks %q:\n%s", w, rec.Body.String())
			}
		}
		if rec.Code != wantCode {
			t.Errorf("/healthz: %d, want %d\n%s", rec.Code, wantCode, rec.Body.String())
		}
	}
	check(http.StatusServiceUnavailable, "unhealthy", "gateway: not connected yet", "database: writable")
	up := false
	gw := func() bool { return up }
	op.gateway.Store(&gw)
	check(http.StatusServiceUnavailable, "gateway: not connected (reconnecting)")
	up = true
	check(http.StatusOK, "ok\n", "gateway: connected", "database: writable")
	store.Close()
	check(http.StatusServiceUnavailable, "gateway: connected", "database: not writable")
}
