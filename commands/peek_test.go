package commands

import (
	"context"
	"strings"
	"testing"

	"rtrbot/db"
	"rtrbot/games"
	"rtrbot/games/sqlstore"
)

// peek is the game played in a channel, as the service holds it (nil if
// none): what the tests look at behind the commands' answers.
func peek(b *Bot, channel string) *games.Game { return b.games.Peek(context.Background(), channel) }

// dbOf is the bot's database, for tests that close it or look inside.
func dbOf(b *Bot) *db.Store { return b.Store.(*sqlstore.Store).Store }

// readLine reads a console-style line ("/move unit:G-III to:3023") into
// its command's path and options as the console does: a word without a
// colon goes on with the option before it (free text), an option given
// twice adds to itself, and a typed \n is a line break.
func readLine(rt *Router, line string) (string, map[string]string) {
	_, path, rest := rt.Lookup(strings.Fields(strings.TrimPrefix(line, "/")))
	opts := map[string]string{}
	last := ""
	for _, w := range rest {
		k, v, ok := strings.Cut(w, ":")
		if (!ok || k == "") && last != "" {
			opts[last] += " " + w
			continue
		}
		if opts[k] != "" {
			opts[k] += " " + v
		} else {
			opts[k] = v
		}
		last = k
	}
	for k, v := range opts {
		opts[k] = strings.ReplaceAll(v, `\n`, "\n")
	}
	return path, opts
}

// mapAnswer checks what every /map answer must be (one message, no
// internal error, a picture or a private refusal) and returns it.
func mapAnswer(t testing.TB, resp *Response, opts map[string]string) Message {
	t.Helper()
	if len(resp.Messages) != 1 {
		t.Fatalf("want one message, got %d", len(resp.Messages))
	}
	msg := resp.Messages[0]
	if strings.Contains(msg.Text, "Something went wrong") {
		t.Fatalf("internal error for %q: %s", opts, msg.Text)
	}
	if len(msg.Files) == 0 && !msg.Ephemeral {
		t.Fatalf("neither a picture nor a private refusal for %q: %s", opts, msg.Text)
	}
	return msg
}
