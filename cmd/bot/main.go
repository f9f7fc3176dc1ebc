// Command bot runs rtrbot. With DISCORD_TOKEN set it connects to Discord;
// without it, it is a local console on stdin/stdout that drives the very
// same command handlers (see README.md).
package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"os/signal"
	"syscall"

	"rtrbot/actor"
	"rtrbot/commands"
	"rtrbot/console"
	"rtrbot/db"
	"rtrbot/db/enginereplay"
	"rtrbot/engine/board"
	"rtrbot/games"
	"rtrbot/games/sqlstore"
	"rtrbot/i18n"
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
	// The errors it logs are counted for the operator's metrics.
	op := newOps(cfg.token == "")
	log := slog.New(countErrors{slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: cfg.logLevel}), op.errors})
	// One process per database file: a second one, with its own copy of
	// each game in memory, would take orders against stale states
	// (docs/storage.md). The lock is held until the process ends.
	lock, err := db.Lock(cfg.db, "rtrbot")
	var locked *db.LockedError
	if errors.As(err, &locked) {
		return errors.New(locked.In(cfg.lang))
	}
	if err != nil {
		return err
	}
	defer lock.Close()
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
	gs := sqlstore.New(store) // the database in the games service's terms
	svc := games.New(games.Config{Map: m, Store: gs, Log: log})
	deps := commands.Deps{Map: m, Store: gs, Games: svc, Log: log}
	if cfg.token == "" {
		deps.Reader = cfg.lang // the console: one reader, public posts in its language only
	}
	bot := commands.New(deps)
	bot.Router.Observe(op.observe)
	op.watch(store, bot, log)
	if cfg.metrics != "" {
		addr, stopOps, err := op.serve(ctx, cfg.metrics, log)
		if err != nil {
			return err
		}
		defer stopOps()
		fmt.Fprintf(os.Stderr, "rtrbot: /metrics and /healthz on http://%s\n", addr)
	}
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
			// A check cut short by the bot's stopping found nothing wrong.
			if c.Err != nil && !errors.Is(c.Err, context.Canceled) && ctx.Err() == nil {
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
			User:  actor.Actor{ID: "console:player", Name: "player"},
			Guild: "console", Chan: "console",
		}
		fmt.Fprintln(os.Stderr, i18n.T(
			"rtrbot console: the Reinforce the Right! referee on this machine (no DISCORD_TOKEN). Type /help for the commands, one a line; end of input (Ctrl-D) quits.",
			"rtrbot コンソール: このマシン上の Reinforce the Right! 審判 (DISCORD_TOKEN なし)。/help でコマンド一覧、1行に1コマンド。入力の終わり (Ctrl-D) で終了。").In(cfg.lang))
		if err := c.Run(ctx, os.Stdin); err != nil {
			return err
		}
		if c.Read == 0 {
			return errors.New(i18n.T(
				"no DISCORD_TOKEN and nothing to read on standard input: set DISCORD_TOKEN to run the bot on Discord, or give the console commands (echo '/help' | rtrbot, or run it in a terminal)",
				"DISCORD_TOKEN がなく、標準入力にも何もありません: Discord で動かすには DISCORD_TOKEN を設定し、コンソールで使うにはコマンドを与えてください (echo '/help' | rtrbot、または端末で実行)").In(cfg.lang))
		}
		return nil
	}
	return runDiscord(ctx, cfg, bot, log, op)
}
