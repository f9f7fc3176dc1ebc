package main

import (
	"bytes"
	"context"
	"io"
	"log/slog"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"rtrbot/commands"
	"rtrbot/discord/discordtest"
	"rtrbot/discord/fakediscord"
	"rtrbot/metrics"
)

func TestDiscordConfigFromEnvironment(t *testing.T) {
	for _, tc := range []struct {
		env       map[string]string
		guilds    string
		operators string
		shard     [2]int
		problem   string
	}{
		{env: nil, shard: [2]int{0, 1}},
		{env: map[string]string{"RTRBOT_GUILDS": " 111, 222 ,"}, guilds: "111 222", shard: [2]int{0, 1}},
		{env: map[string]string{"RTRBOT_OPERATORS": "333,444"}, operators: "333 444", shard: [2]int{0, 1}},
		{env: map[string]string{"SHARD_ID": "2", "SHARD_COUNT": "4"}, shard: [2]int{2, 4}},
		{env: map[string]string{"RTRBOT_GUILDS": "my-club"}, problem: `"my-club" is not a guild ID`},
		{env: map[string]string{"RTRBOT_OPERATORS": "alice"}, problem: `"alice" is not a user ID`},
		{env: map[string]string{"SHARD_ID": "4", "SHARD_COUNT": "4"}, problem: "SHARD_ID must be a whole number from 0 to SHARD_COUNT-1 (3)"},
		{env: map[string]string{"SHARD_COUNT": "0"}, problem: "SHARD_COUNT must be a whole number of 1 or more"},
		{env: map[string]string{"SHARD_ID": "x"}, problem: "SHARD_ID must be"},
	} {
		dc, err := discordConfig(config{token: "t"}, func(k string) string { return tc.env[k] })
		if tc.problem != "" {
			if err == nil || !strings.Contains(err.Error(), tc.problem) {
				t.Errorf("%v: error %v, want %q", tc.env, err, tc.problem)
			}
			continue
		}
		if err != nil {
			t.Errorf("%v: %v", tc.env, err)
			continue
		}
		if strings.Join(dc.Operators, " ") != tc.operators || strings.Join(dc.Guilds, " ") != tc.guilds || [2]int{dc.ShardID, dc.ShardCount} != tc.shard {
			t.Errorf("%v: guilds %v shard %d/%d", tc.env, dc.Guilds, dc.ShardID, dc.ShardCount)
		}
	}
}

// askHelp has Ana (in locale, "" for the default) ask /help on srv, and
// gives the call and its first answer, waited for at most wait.
func askHelp(t *testing.T, srv *fakediscord.Server, locale string, wait time.Duration) (*fakediscord.Call, []fakediscord.Message) {
	t.Helper()
	c, err := srv.Slash(fakediscord.Invoke{User: fakediscord.User{ID: "400000000000000001", Name: "Ana", Locale: locale}, Path: "help"})
	if err != nil {
		t.Fatal(err)
	}
	ms, err := c.WaitMessages(1, wait)
	if err != nil {
		t.Fatal(err)
	}
	return c, ms
}

// runDiscord, as main calls it, serves the commands against a fake
// Discord given by RTRBOT_DISCORD_API, and returns when ctx ends.
func TestRunDiscordAgainstFakeServer(t *testing.T) {
	srv := fakediscord.New()
	defer srv.Close()
	dial = srv.Dial
	defer func() { dial = nil }()
	t.Setenv("RTRBOT_GUILDS", srv.Guilds[0])
	bot := commands.New(commands.Deps{Log: slog.New(slog.NewTextHandler(io.Discard, nil))})
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		done <- runDiscord(ctx, config{token: srv.Token, api: srv.API}, bot, slog.New(slog.NewTextHandler(io.Discard, nil)), newOps(false))
	}()
	if err := srv.WaitRegistered(srv.Guilds[0], 10*time.Second); err != nil {
		t.Fatal(err)
	}
	if _, ms := askHelp(t, srv, "ja", 5*time.Second); !strings.HasPrefix(ms[0].Content, "コマンド一覧") {
		t.Errorf("/help: %q", ms[0].Content)
	}
	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("runDiscord returned %v after shutdown", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("runDiscord did not return after ctx ended")
	}
	if off := srv.OffHost(); len(off) > 0 {
		t.Errorf("dialled %v", off)
	}
	if p := srv.Problems(); len(p) > 0 {
		t.Errorf("problems: %v", p)
	}
}

// The whole program, as configured from the environment with a token and
// RTRBOT_DISCORD_API, opens its database and serves Discord.
func TestRunWithTokenServesDiscord(t *testing.T) {
	srv := fakediscord.New()
	defer srv.Close()
	dial = srv.Dial
	defer func() { dial = nil }()
	env := map[string]string{
		"DISCORD_TOKEN": srv.Token, "RTRBOT_DISCORD_API": srv.API,
		"RTRBOT_DB": filepath.Join(t.TempDir(), "club.db"), "RTRBOT_GUILDS": srv.Guilds[0],
	}
	for k, v := range env {
		t.Setenv(k, v)
	}
	cfg, err := loadConfig(nil, func(k string) string { return env[k] })
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- run(ctx, cfg) }()
	if err := srv.WaitRegistered(srv.Guilds[0], 10*time.Second); err != nil {
		cancel()
		t.Fatalf("%v (run: %v)", err, <-done)
	}
	askHelp(t, srv, "", 5*time.Second)
	cancel()
	if err := <-done; err != nil {
		t.Errorf("run: %v", err)
	}
}

// TestHelperBotProcess is the bot itself, run as a child process by
// TestBinaryServesFakeDiscord (the os/exec helper-process pattern).
func TestHelperBotProcess(t *testing.T) {
	if os.Getenv("RTRBOT_HELPER_PROCESS") != "1" {
		t.Skip("runs only as the child of TestBinaryServesFakeDiscord")
	}
	os.Args = []string{"bot"}
	main()
}

// The program as a club runs it, configured only by its environment,
// serves a fake Discord and stops cleanly on SIGTERM (docker stop).
func TestBinaryServesFakeDiscord(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a process")
	}
	srv := fakediscord.New()
	defer srv.Close()
	var stderr bytes.Buffer
	// A free port for /metrics and /healthz.
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	opsAddr := ln.Addr().String()
	ln.Close()
	cmd := exec.Command(os.Args[0], "-test.run=^TestHelperBotProcess$")
	cmd.Env = append(os.Environ(), "RTRBOT_HELPER_PROCESS=1",
		"DISCORD_TOKEN="+srv.Token, "RTRBOT_DISCORD_API="+srv.API,
		"RTRBOT_DB="+filepath.Join(t.TempDir(), "club.db"), "RTRBOT_GUILDS="+srv.Guilds[0], "RTRBOT_METRICS="+opsAddr)
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	if err := srv.WaitRegistered(srv.Guilds[0], 60*time.Second); err != nil {
		t.Fatalf("%v\nbot's stderr:\n%s", err, stderr.String())
	}
	c, ms := askHelp(t, srv, "ja", 10*time.Second)
	if !strings.HasPrefix(ms[0].Content, "コマンド一覧") || c.Latency() > fakediscord.Window {
		t.Errorf("/help after %v: %q", c.Latency(), ms[0].Content)
	}
	// The operator sees it connected, and the command counted.
	if code, body := get(t, "http://"+opsAddr+"/healthz"); code != 200 || !strings.Contains(body, "gateway: connected") || !strings.Contains(body, "database: writable") {
		t.Errorf("/healthz on Discord: %d\n%s", code, body)
	}
	m := scrape(t, "http://"+opsAddr)
	if m[metrics.Key("rtrbot_gateway_connected")] != 1 || m[metrics.Key("rtrbot_interactions_total", "command", "help", "outcome", "ok")] != 1 {
		t.Errorf("metrics on Discord: gateway %v, /help %v", m[metrics.Key("rtrbot_gateway_connected")], m[metrics.Key("rtrbot_interactions_total", "command", "help", "outcome", "ok")])
	}
	if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("the bot exited with %v after SIGTERM\n%s", err, stderr.String())
		}
	case <-time.After(30 * time.Second):
		t.Fatal("the bot did not stop within 30 s of SIGTERM")
	}
	if err := srv.WaitConnected(0, 5*time.Second); err != nil {
		t.Error(err)
	}
	if p := srv.Problems(); len(p) > 0 {
		t.Errorf("problems: %v", p)
	}
}

// A segment's deadline set through Discord is watched while the bot runs:
// when the clock passes it, the reminder is posted to the game's thread.
func TestDeadlinePostedThroughDiscord(t *testing.T) {
	deps := discordtest.RealDeps(t)
	var mu sync.Mutex
	now := time.Date(2026, 11, 22, 18, 0, 0, 0, time.UTC)
	clock := func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
	quiet := slog.New(slog.NewTextHandler(io.Discard, nil))
	deps.Log, deps.Now = quiet, clock
	bot := commands.New(deps)
	if bot.Router.Find("game deadline") == nil {
		t.Skip("/game deadline not built")
	}
	srv := fakediscord.New()
	defer srv.Close()
	dial, deadlineEvery = srv.Dial, 20*time.Millisecond
	defer func() { dial, deadlineEvery = nil, time.Minute }()
	t.Setenv("RTRBOT_GUILDS", srv.Guilds[0])
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- runDiscord(ctx, config{token: srv.Token, api: srv.API}, bot, quiet, newOps(false)) }()
	defer func() {
		cancel()
		if err := <-done; err != nil {
			t.Error(err)
		}
	}()
	if err := srv.WaitRegistered(srv.Guilds[0], 10*time.Second); err != nil {
		t.Fatal(err)
	}
	ref := fakediscord.User{ID: "400000000000000031", Name: "Ref", Locale: "en-US"}
	say := func(channel, path string, opts map[string]any) string {
		t.Helper()
		c, err := srv.Slash(fakediscord.Invoke{User: ref, Channel: channel, Path: path, Options: opts})
		if err != nil {
			t.Fatal(err)
		}
		ms, err := c.WaitMessages(1, 10*time.Second)
		if err != nil {
			t.Fatal(err)
		}
		var s []string
		for _, m := range ms {
			s = append(s, m.Content)
		}
		return strings.Join(s, "\n")
	}
	say("", "game new", map[string]any{"scenario": "standard"})
	th := srv.Threads()
	if len(th) == 0 {
		t.Fatal("/game new opened no thread")
	}
	game := th[0].ID
	if got := say(game, "game deadline", map[string]any{"hours": 2}); !strings.Contains(got, "2 hours") {
		t.Fatalf("/game deadline: %q", got)
	}
	posted := func() string {
		for _, m := range srv.ChannelMessages(game) {
			if strings.Contains(m.Content, "⌛") {
				return m.Content
			}
		}
		return ""
	}
	time.Sleep(100 * time.Millisecond) // several ticks before the deadline: nothing
	if got := posted(); got != "" {
		t.Fatalf("posted before the deadline: %q", got)
	}
	mu.Lock()
	now = now.Add(3 * time.Hour)
	mu.Unlock()
	deadline := time.Now().Add(10 * time.Second)
	for posted() == "" && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
	}
	if got := posted(); !strings.Contains(got, "deadline") {
		t.Errorf("posted after the deadline: %q", got)
	}
}
