package main

import (
	"flag"
	"fmt"
	"io"
	"log/slog"

	"rtrbot/i18n"
)

// config is read from the environment (as Docker users expect), and each
// variable has a flag of the same meaning that wins over it.
type config struct {
	token    string    // DISCORD_TOKEN, -token: empty runs the console
	db       string    // RTRBOT_DB, -db: the SQLite file
	out      string    // RTRBOT_OUT, -out: where the console writes attachments
	lang     i18n.Lang // RTRBOT_LANG, -lang: console language (Discord uses the user's locale)
	api      string    // RTRBOT_DISCORD_API, -discord-api: Discord API base URL
	metrics  string    // RTRBOT_METRICS, -metrics: address of /metrics and /healthz; empty: none
	logLevel slog.Level
}

func loadConfig(args []string, getenv func(string) string) (config, error) {
	def := func(name, fallback string) string {
		if v := getenv(name); v != "" {
			return v
		}
		return fallback
	}
	fs := flag.NewFlagSet("bot", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	token := fs.String("token", getenv("DISCORD_TOKEN"), "Discord bot token (env DISCORD_TOKEN); empty runs the local console")
	dbPath := fs.String("db", def("RTRBOT_DB", "./rtrbot.db"), "SQLite database file (env RTRBOT_DB)")
	out := fs.String("out", def("RTRBOT_OUT", "./out"), "folder for console attachments (env RTRBOT_OUT)")
	lang := fs.String("lang", def("RTRBOT_LANG", "en"), "console language en or ja (env RTRBOT_LANG)")
	api := fs.String("discord-api", def("RTRBOT_DISCORD_API", ""), "Discord API base URL (env RTRBOT_DISCORD_API); empty is Discord's own")
	metricsAddr := fs.String("metrics", def("RTRBOT_METRICS", ""), "address to serve /metrics and /healthz on, such as 127.0.0.1:9090 (env RTRBOT_METRICS); empty serves none")
	verbose := fs.Bool("v", false, "log debug messages")
	if err := fs.Parse(args); err != nil {
		return config{}, fmt.Errorf("%v\nflags: -token -db -out -lang -discord-api -metrics -v (each also read from its environment variable)", err)
	}
	l, err := i18n.Parse(*lang)
	if err != nil {
		return config{}, fmt.Errorf("RTRBOT_LANG/-lang: %v", err)
	}
	c := config{token: *token, db: *dbPath, out: *out, lang: l, api: *api, metrics: *metricsAddr, logLevel: slog.LevelWarn}
	if *verbose {
		c.logLevel = slog.LevelDebug
	}
	return c, nil
}
