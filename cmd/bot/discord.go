package main

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"strconv"
	"strings"
	"time"

	"rtrbot/commands"
	"rtrbot/discord"
)

// dial replaces the network dialer in tests (127.0.0.1 only); nil in use.
var dial discord.Dialer

// deadlineEvery is how often the games' deadlines are checked.
var deadlineEvery = time.Minute

// runDiscord connects to Discord and serves the commands until ctx ends,
// then lets the commands under way finish. Meanwhile it checks the games'
// deadlines (at once, for those that passed while the bot was down, then
// every minute) and posts reminders through the adapter.
func runDiscord(ctx context.Context, cfg config, bot *commands.Bot, log *slog.Logger, op *ops) error {
	dc, err := discordConfig(cfg, os.Getenv)
	if err != nil {
		return err
	}
	dc.Log, dc.Now = log, bot.Now
	discord.LogTo(ctx, log)
	a, err := discord.New(ctx, dc, bot.Router)
	if err != nil {
		return err
	}
	connected := a.Connected
	op.gateway.Store(&connected)
	if err := a.Open(ctx); err != nil {
		if ctx.Err() != nil {
			return nil // asked to stop while starting
		}
		return err
	}
	deadlines := make(chan struct{})
	go func() {
		defer close(deadlines)
		bot.RunDeadlines(ctx, deadlineEvery, a.Chat())
	}()
	<-ctx.Done()
	err = a.Close()
	<-deadlines
	return err
}

// idList reads the comma-separated Discord IDs (snowflakes) of the
// variable name, blanks skipped. An ID that is not a number is an error
// saying what it should be (what: "guild") and where Discord gives it
// (copyWhat: its "Copy Server ID").
func idList(getenv func(string) string, name, what, copyWhat string) ([]string, error) {
	var ids []string
	for _, id := range strings.Split(getenv(name), ",") {
		if id = strings.TrimSpace(id); id == "" {
			continue
		}
		if _, err := strconv.ParseUint(id, 10, 64); err != nil {
			return nil, fmt.Errorf("%s: %q is not a %s ID (a number, as Discord's \"Copy %s ID\" gives it)", name, id, what, copyWhat)
		}
		ids = append(ids, id)
	}
	return ids, nil
}

// discordConfig reads the Discord settings that only the Discord side
// needs: RTRBOT_GUILDS (comma-separated guild IDs to register commands
// in at once; empty registers them globally), RTRBOT_OPERATORS
// (comma-separated user IDs of the people who run the bot), SHARD_ID and
// SHARD_COUNT.
func discordConfig(cfg config, getenv func(string) string) (discord.Config, error) {
	dc := discord.Config{Token: cfg.token, API: cfg.api, Dial: dial}
	var err error
	if dc.Guilds, err = idList(getenv, "RTRBOT_GUILDS", "guild", "Server"); err != nil {
		return dc, err
	}
	if dc.Operators, err = idList(getenv, "RTRBOT_OPERATORS", "user", "User"); err != nil {
		return dc, err
	}
	count, id := 1, 0
	if v := getenv("SHARD_COUNT"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 {
			return dc, fmt.Errorf("SHARD_COUNT must be a whole number of 1 or more, not %q", v)
		}
		count = n
	}
	if v := getenv("SHARD_ID"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 || n >= count {
			return dc, fmt.Errorf("SHARD_ID must be a whole number from 0 to SHARD_COUNT-1 (%d), not %q", count-1, v)
		}
		id = n
	}
	dc.ShardID, dc.ShardCount = id, count
	return dc, nil
}
