package db

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
)

// Moved is what MoveGuild copied.
type Moved struct {
	Games    []int64 // the games' numbers in the target file, in the source's order
	From     []int64 // their numbers in the source file
	Sessions int     // roll sessions (with their seeds and rolls)
	Retired  int     // live games of the source marked abandoned (retire)
}

// gameTables are the tables whose rows belong to one game (game_id).
var gameTables = []string{"game_players", "orders", "events", "snapshots", "game_meta"}

// MoveGuild copies everything a guild (Discord server) has in from into
// to: its games with their players, logs, events, snapshots and metadata
// (threads, languages, secret choices), its roll sessions with their seeds
// and rolls, and its settings, in one transaction of to: all of it or
// nothing. The rows are copied as they are (columns by name), the games
// and roll sessions numbered anew in to. A guild with tournaments is
// refused (a tournament's state names its games by number): they are not
// moved. A live game of the guild in a channel where to has a live game
// refuses the whole move.
//
// With retire, the guild's live (active or damaged) games in from are then
// marked abandoned, with the meta key "moved:to" naming to's file, so that
// from never offers them again (its rows cannot be deleted: the log is
// append-only). The operator runs it with the bot's processes of both
// files stopped (docs/scaling.md).
func MoveGuild(ctx context.Context, from, to *Store, guild string, retire bool) (*Moved, error) {
	if guild == "" {
		return nil, fmt.Errorf("move: name the guild to move")
	}
	if from.Path == to.Path {
		return nil, fmt.Errorf("move: the source and the target are the same file")
	}
	var n int
	if err := from.DB.QueryRowContext(ctx, `SELECT COUNT(*) FROM tournaments WHERE guild_id = ?`, guild).Scan(&n); err != nil {
		return nil, err
	}
	if n > 0 {
		return nil, fmt.Errorf("move: guild %s has %d tournament(s), whose state names games by number: moving tournaments is not built; nothing was moved", guild, n)
	}
	rows, err := readGuild(ctx, from, guild)
	if err != nil {
		return nil, err
	}
	out := &Moved{}
	err = to.Write(ctx, func(tx *sql.Tx) error { return rows.copyTo(ctx, tx, guild, out) })
	if err != nil {
		return nil, fmt.Errorf("move: nothing was moved: %w", err)
	}
	if !retire {
		return out, nil
	}
	if err := retireMoved(ctx, from, to.Path, out); err != nil {
		return out, fmt.Errorf("move: copied to %s, but the source's games could not be retired: %w", to.Path, err)
	}
	return out, nil
}

// guildRows are a guild's rows in a database: its games, roll sessions and
// settings, and each game's and session's own rows.
type guildRows struct {
	games, sessions, settings *rowSet
	perGame                   []map[string]*rowSet // by game, by table (gameTables)
	perSession                [][2]*rowSet         // by session: roll_seeds, rolls
}

// readGuild reads every row of guild in from, before anything is written.
func readGuild(ctx context.Context, from *Store, guild string) (*guildRows, error) {
	var g guildRows
	var err error
	if g.games, err = readRows(ctx, from.DB, `SELECT * FROM games WHERE guild_id = ? ORDER BY id`, guild); err != nil {
		return nil, err
	}
	if g.sessions, err = readRows(ctx, from.DB, `SELECT * FROM roll_sessions WHERE guild_id = ? ORDER BY id`, guild); err != nil {
		return nil, err
	}
	if g.settings, err = readRows(ctx, from.DB, `SELECT * FROM guild_settings WHERE guild_id = ?`, guild); err != nil {
		return nil, err
	}
	g.perGame = make([]map[string]*rowSet, len(g.games.rows))
	for i, row := range g.games.rows {
		id := row[g.games.col("id")]
		g.perGame[i] = map[string]*rowSet{}
		for _, t := range gameTables {
			if g.perGame[i][t], err = readRows(ctx, from.DB, `SELECT * FROM `+t+` WHERE game_id = ?`, id); err != nil {
				return nil, err
			}
		}
	}
	g.perSession = make([][2]*rowSet, len(g.sessions.rows))
	for i, row := range g.sessions.rows {
		id := row[g.sessions.col("id")]
		for k, t := range []string{"roll_seeds", "rolls"} {
			if g.perSession[i][k], err = readRows(ctx, from.DB, `SELECT * FROM `+t+` WHERE session_id = ?`, id); err != nil {
				return nil, err
			}
		}
	}
	return &g, nil
}

// copyTo inserts the rows in tx, each game and session under a new number
// (out says which), the guild's settings replacing the target's.
func (g *guildRows) copyTo(ctx context.Context, tx *sql.Tx, guild string, out *Moved) error {
	games, sessions := g.games, g.sessions
	out.Games, out.From, out.Sessions = nil, nil, 0
	for i, row := range games.rows {
		newID, err := games.insert(ctx, tx, "games", row, "id", nil)
		if err != nil {
			return fmt.Errorf("game #%v (channel %v): %w", row[games.col("id")], row[games.col("channel_id")], err)
		}
		for _, t := range gameTables {
			rs := g.perGame[i][t]
			for _, r := range rs.rows {
				if _, err := rs.insert(ctx, tx, t, r, "", map[string]any{"game_id": newID}); err != nil {
					return fmt.Errorf("game #%v, %s: %w", row[games.col("id")], t, err)
				}
			}
		}
		out.Games = append(out.Games, newID)
		out.From = append(out.From, toInt64(row[games.col("id")]))
	}
	for i, row := range sessions.rows {
		newID, err := sessions.insert(ctx, tx, "roll_sessions", row, "id", nil)
		if err != nil {
			return fmt.Errorf("roll session #%v: %w", row[sessions.col("id")], err)
		}
		for k, t := range []string{"roll_seeds", "rolls"} {
			rs := g.perSession[i][k]
			for _, r := range rs.rows {
				if _, err := rs.insert(ctx, tx, t, r, "", map[string]any{"session_id": newID}); err != nil {
					return fmt.Errorf("roll session #%v, %s: %w", row[sessions.col("id")], t, err)
				}
			}
		}
		out.Sessions++
	}
	for _, r := range g.settings.rows {
		if _, err := tx.ExecContext(ctx, `DELETE FROM guild_settings WHERE guild_id = ?`, guild); err != nil {
			return err
		}
		if _, err := g.settings.insert(ctx, tx, "guild_settings", r, "", nil); err != nil {
			return err
		}
	}
	return nil
}

// retireMoved abandons in from the games moved (out.From) that were still
// running, noting where they went (to, the target's file).
func retireMoved(ctx context.Context, from *Store, to string, out *Moved) error {
	return from.Write(ctx, func(tx *sql.Tx) error {
		out.Retired = 0
		for _, id := range out.From {
			res, err := tx.ExecContext(ctx, `UPDATE games SET status = 'abandoned', deadline = NULL WHERE id = ? AND status IN ('active', 'damaged')`, id)
			if err != nil {
				return err
			}
			if k, _ := res.RowsAffected(); k > 0 {
				out.Retired++
				if err := setMeta(ctx, tx, id, "moved:to", to); err != nil {
					return err
				}
			}
		}
		return nil
	})
}

// rowSet is rows read as they are, with their columns' names.
type rowSet struct {
	cols []string
	rows [][]any
}

func (r *rowSet) col(name string) int {
	for i, c := range r.cols {
		if c == name {
			return i
		}
	}
	return -1
}

func readRows(ctx context.Context, q querier, query string, args ...any) (*rowSet, error) {
	rows, err := q.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	cols, err := rows.Columns()
	if err != nil {
		return nil, err
	}
	out := &rowSet{cols: cols}
	for rows.Next() {
		vals := make([]any, len(cols))
		ptrs := make([]any, len(cols))
		for i := range vals {
			ptrs[i] = &vals[i]
		}
		if err := rows.Scan(ptrs...); err != nil {
			return nil, err
		}
		out.rows = append(out.rows, vals)
	}
	return out, rows.Err()
}

// insert writes one row into table, leaving out the column skip (a new
// number is given) and replacing the columns of set; it returns the new
// row's number.
func (r *rowSet) insert(ctx context.Context, tx *sql.Tx, table string, row []any, skip string, set map[string]any) (int64, error) {
	var cols, marks []string
	var args []any
	for i, c := range r.cols {
		if c == skip {
			continue
		}
		v := row[i]
		if x, ok := set[c]; ok {
			v = x
		}
		cols, marks, args = append(cols, `"`+c+`"`), append(marks, "?"), append(args, v)
	}
	res, err := tx.ExecContext(ctx, `INSERT INTO `+table+` (`+strings.Join(cols, ", ")+`) VALUES (`+strings.Join(marks, ", ")+`)`, args...)
	if err != nil {
		return 0, err
	}
	return res.LastInsertId()
}

func toInt64(v any) int64 {
	switch x := v.(type) {
	case int64:
		return x
	case int:
		return int64(x)
	}
	return 0
}
