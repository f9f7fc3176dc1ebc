package main

import (
	"context"
	"errors"
	"log/slog"

	"rtrbot/commands"
)

// runDiscord connects to Discord and serves the commands until ctx ends.
func runDiscord(ctx context.Context, cfg config, bot *commands.Bot, log *slog.Logger) error {
	return errors.New("the Discord connection is not built yet (issue 8): unset DISCORD_TOKEN to use the local console")
}
