package commands_test

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"rtrbot/commands"
	"rtrbot/db"
	"rtrbot/discord/discordtest"
	"rtrbot/discord/fakediscord"
	"rtrbot/engine/board"
	"rtrbot/games/sqlstore"
)

// discordTable is a bot over a fresh database on a fake Discord, with say
// (run a command and wait for its answer to settle), button (find a
// button by label) and restart (the bot stops and starts again on the
// same database).
type discordTable struct {
	t      *testing.T
	m      *board.Map
	dbPath string
	store  *db.Store
	h      *discordtest.Harness
}

func newDiscordTable(t *testing.T) *discordTable {
	m, err := board.Default()
	if err != nil {
		t.Skip("map:", err)
	}
	d := &discordTable{t: t, m: m, dbPath: filepath.Join(t.TempDir(), "rtrbot.db")}
	bot := d.open()
	t.Cleanup(func() { d.store.Close() })
	d.h = discordtest.New(t, bot.Router, nil)
	return d
}

// open opens the database and makes a bot over it.
func (d *discordTable) open() *commands.Bot {
	d.t.Helper()
	store, err := db.Open(context.Background(), d.dbPath)
	if err != nil {
		d.t.Fatal(err)
	}
	d.store = store
	return commands.New(commands.Deps{Map: d.m, Store: sqlstore.New(store)})
}

// restart stops the bot and starts a new one on the same database, as a
// restarted process does.
func (d *discordTable) restart() {
	d.t.Helper()
	if err := d.h.Bot.Close(); err != nil {
		d.t.Fatal(err)
	}
	d.store.Close()
	d.h.Router = d.open().Router
	d.h.Start()
}

// settle waits for a command's first message, then until no new message
// has come for 100 ms.
func (d *discordTable) settle(c *fakediscord.Call) []fakediscord.Message {
	d.t.Helper()
	if _, err := c.WaitMessages(1, time.Minute); err != nil {
		d.t.Fatal(err)
	}
	for n := 0; ; {
		time.Sleep(100 * time.Millisecond)
		if k := len(c.Visible()); k == n {
			break
		} else {
			n = k
		}
	}
	return c.Visible()
}

func (d *discordTable) say(u fakediscord.User, ch, path string, opts map[string]any) []fakediscord.Message {
	d.t.Helper()
	c, _ := d.h.Run(fakediscord.Invoke{User: u, Channel: ch, Path: path, Options: opts})
	return d.settle(c)
}
