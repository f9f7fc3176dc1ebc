// Command bot runs rtrbot. With DISCORD_TOKEN set it connects to Discord;
// without it, it is a local console on stdin/stdout that drives the very
// same command handlers (see README.md).
package main

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"os/signal"
	"syscall"

	"rtrbot/commands"
	"rtrbot/console"
	"rtrbot/db"
	"rtrbot/db/enginereplay"
	"rtrbot/engine/board"
	"rtrbot/games"
)

func main() {
	cfg, err := loadConfig(os.Args[1:], os.Getenv)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, cfg); err != nil {
		fmt.Fprintln(os.Stderr, "rtrbot:", err)
		os.Exit(1)
	}
}

func run(ctx context.Context, cfg config) error {
	// Logs go to stderr so that the console's stdout holds only replies.
	log := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: cfg.logLevel}))
	store, err := db.Open(ctx, cfg.db)
	if err != nil {
		return err
	}
	defer store.Close()
	m, err := board.Default()
	if err != nil {
		return err
	}
	// The games service runs every game over the database; the commands
	// parse requests, call it and format its answers.
	svc := games.New(games.Config{Map: m, Store: store, Log: log})
	bot := commands.New(commands.Deps{Map: m, Store: store, Games: svc, Log: log})
	// Every stored game is checked at start-up: a damaged one is marked and
	// named, the others go on. First fast (each from its newest
	// snapshot), then replayed in full in the background, which also sees
	// a wrong order before the newest snapshot.
	check := func(ctx context.Context, full bool) {
		checked, err := store.CheckAll(ctx, enginereplay.Replayer{Map: m}, full)
		if err != nil {
			if ctx.Err() == nil {
				log.Error("checking the stored games", "full", full, "err", err)
			}
			return
		}
		for _, c := range checked {
			if c.Err != nil {
				log.Warn("a stored game is damaged", "game", c.Game, "full", full, "err", c.Err)
			}
		}
	}
	check(ctx, false)
	bg, stopCheck := context.WithCancel(ctx)
	checked := make(chan struct{})
	go func() { defer close(checked); check(bg, true) }()
	defer func() { stopCheck(); <-checked }() // before the store closes
	if cfg.token == "" {
		c := &console.Console{
			Router: bot.Router, Out: os.Stdout, OutDir: cfg.out, Lang: cfg.lang,
			User:  commands.User{ID: "console:player", Name: "player"},
			Guild: "console", Chan: "console",
		}
		return c.Run(ctx, os.Stdin)
	}
	return runDiscord(ctx, cfg, bot, log)
}
