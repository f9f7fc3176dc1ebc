// Command rtrbot-admin is the operator's tool for the bot's database
// files, run while the bot's processes that use them are stopped: the
// commands that write a file (move-guild, check) take its lock
// (db.Lock), and refuse while a bot holds it.
//
//	rtrbot-admin move-guild -from shard-0.db -to shard-1.db -guild ID [-keep]
//	rtrbot-admin shard -guild ID -count N
//	rtrbot-admin check -db FILE [-full]
//
// move-guild moves a Discord server's games, roll logs and settings from
// one shard's file to another's (db.MoveGuild), in one transaction of the
// target; the source's copies of its live games are marked abandoned
// (moved), unless -keep. shard says which shard a server belongs to with
// N shards ((guild_id >> 22) % N, as Discord routes it), to know where a
// server goes when SHARD_COUNT changes (docs/scaling.md). check replays
// every active game of a file (a restored copy, in a backup drill) and
// says which do not load; it marks those damaged in that file.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"

	"rtrbot/db"
	"rtrbot/db/enginereplay"
	"rtrbot/engine/board"
)

func main() {
	if err := run(context.Background(), os.Args[1:], os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "rtrbot-admin:", err)
		os.Exit(1)
	}
}

const usage = `usage:
  rtrbot-admin move-guild -from FILE -to FILE -guild ID [-keep]
  rtrbot-admin shard -guild ID -count N
  rtrbot-admin check -db FILE [-full]`

func run(ctx context.Context, args []string, out io.Writer) error {
	if len(args) == 0 {
		return errors.New(usage)
	}
	switch args[0] {
	case "move-guild":
		return moveGuild(ctx, args[1:], out)
	case "shard":
		return shard(args[1:], out)
	case "check":
		return check(ctx, args[1:], out)
	}
	return fmt.Errorf("unknown command %q\n%s", args[0], usage)
}

func moveGuild(ctx context.Context, args []string, out io.Writer) error {
	fs := flag.NewFlagSet("move-guild", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	from := fs.String("from", "", "the source shard's database file")
	to := fs.String("to", "", "the target shard's database file")
	guild := fs.String("guild", "", "the Discord server (guild) ID")
	keep := fs.Bool("keep", false, "leave the source's games as they are (not marked abandoned)")
	if err := fs.Parse(args); err != nil {
		return fmt.Errorf("%v\n%s", err, usage)
	}
	if *from == "" || *to == "" || *guild == "" {
		return errors.New("move-guild needs -from, -to and -guild\n" + usage)
	}
	if _, err := os.Stat(*from); err != nil {
		return fmt.Errorf("the source file: %w", err)
	}
	// Both files are written: neither may be in use by a bot.
	stores, done, err := openLocked(ctx, *from, *to)
	if err != nil {
		return err
	}
	defer done()
	src, dst := stores[0], stores[1]
	m, err := db.MoveGuild(ctx, src, dst, *guild, !*keep)
	if err != nil {
		return err
	}
	fmt.Fprintf(out, "moved guild %s from %s to %s: %d game(s), %d roll session(s)\n", *guild, *from, *to, len(m.Games), m.Sessions)
	for i := range m.Games {
		fmt.Fprintf(out, "  game #%d -> #%d\n", m.From[i], m.Games[i])
	}
	if !*keep {
		fmt.Fprintf(out, "%d live game(s) in %s marked abandoned (moved:to %s)\n", m.Retired, *from, *to)
	}
	return nil
}

// openLocked takes the database files from any bot (db.Lock: the tool
// writes them), all of them before it opens any, then opens them in
// order; done closes them and releases the locks. On an error nothing is
// left open or locked.
func openLocked(ctx context.Context, paths ...string) (stores []*db.Store, done func(), err error) {
	var held []io.Closer
	done = func() {
		for i := len(held) - 1; i >= 0; i-- {
			held[i].Close()
		}
	}
	for _, p := range paths {
		l, err := db.Lock(p, "rtrbot-admin")
		if err != nil {
			done()
			return nil, nil, err
		}
		held = append(held, l)
	}
	for _, p := range paths {
		s, err := db.Open(ctx, p)
		if err != nil {
			done()
			return nil, nil, err
		}
		held = append(held, s)
		stores = append(stores, s)
	}
	return stores, done, nil
}

func shard(args []string, out io.Writer) error {
	fs := flag.NewFlagSet("shard", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	guild := fs.String("guild", "", "the Discord server (guild) ID")
	count := fs.Int("count", 0, "the number of shards (SHARD_COUNT)")
	if err := fs.Parse(args); err != nil {
		return fmt.Errorf("%v\n%s", err, usage)
	}
	id, err := strconv.ParseUint(*guild, 10, 64)
	if err != nil || *count < 1 {
		return errors.New("shard needs -guild (a numeric ID) and -count (1 or more)\n" + usage)
	}
	fmt.Fprintln(out, (id>>22)%uint64(*count))
	return nil
}

func check(ctx context.Context, args []string, out io.Writer) error {
	fs := flag.NewFlagSet("check", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	path := fs.String("db", "", "the database file (a restored copy)")
	full := fs.Bool("full", false, "replay every game from its start, checking every snapshot")
	if err := fs.Parse(args); err != nil {
		return fmt.Errorf("%v\n%s", err, usage)
	}
	if *path == "" {
		return errors.New("check needs -db\n" + usage)
	}
	if _, err := os.Stat(*path); err != nil {
		return err
	}
	m, err := board.Default()
	if err != nil {
		return err
	}
	// The check marks the games that fail damaged: it writes.
	stores, done, err := openLocked(ctx, *path)
	if err != nil {
		return err
	}
	defer done()
	s := stores[0]
	res, err := s.CheckAll(ctx, enginereplay.Replayer{Map: m}, *full)
	if err != nil {
		return err
	}
	bad := 0
	for _, r := range res {
		if r.Err != nil {
			bad++
			fmt.Fprintf(out, "game #%d: %v\n", r.Game, r.Err)
		}
	}
	fmt.Fprintf(out, "%d active game(s) checked, %d do not load\n", len(res), bad)
	// The games marked damaged before (no longer active) are named too.
	damaged, err := s.ListGames(ctx, db.Filter{Status: db.Damaged})
	if err != nil {
		return err
	}
	found := map[int64]bool{}
	for _, r := range res {
		found[r.Game] = r.Err != nil
	}
	for i := len(damaged) - 1; i >= 0; i-- {
		if g := damaged[i]; !found[g.ID] {
			fmt.Fprintf(out, "game #%d (marked earlier): %s\n", g.ID, g.Damage)
		}
	}
	fmt.Fprintf(out, "%d damaged game(s) in the file: /admin repair game:N, or export, mend and import (docs/storage.md)\n", len(damaged))
	if bad > 0 || len(damaged) > 0 {
		return fmt.Errorf("%d game(s) do not load, %d damaged in all", bad, len(damaged))
	}
	return nil
}
