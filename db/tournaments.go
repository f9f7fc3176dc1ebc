package db

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"rtrbot/tournament"
)

// Tournaments is the SQLite store of package tournament, in the same file
// as the games (schema: migrations/0005_tournaments.sql).
type Tournaments struct{ S *Store }

var _ tournament.Store = Tournaments{}

// CreateTournament stores a new tournament and sets its ID and Version.
func (tt Tournaments) CreateTournament(ctx context.Context, t *tournament.Tournament) error {
	return tt.S.Write(ctx, func(tx *sql.Tx) error {
		// A name that looks like one the server has is taken
		// (tournament.NameKey: case, width, invisible characters).
		rows, err := tx.QueryContext(ctx, `SELECT name FROM tournaments WHERE guild_id = ?`, t.Guild)
		if err != nil {
			return err
		}
		var taken string
		for rows.Next() {
			var name string
			if err := rows.Scan(&name); err != nil {
				rows.Close()
				return err
			}
			if taken == "" && tournament.NameKey(name) == tournament.NameKey(t.Name) {
				taken = name
			}
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return err
		}
		if taken != "" {
			return tournament.NameTaken{Name: taken}
		}
		now := tt.S.now()
		res, err := tx.ExecContext(ctx, `INSERT INTO tournaments (guild_id, name, status, created_by, created_at, format, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)`,
			t.Guild, t.Name, t.Status, t.Organiser, tt.fmtTime(t), string(t.Settings.Format), ts(now))
		if err != nil {
			return err
		}
		id, err := res.LastInsertId()
		if err != nil {
			return err
		}
		t.ID = id
		t.Version = 0
		return tt.save(ctx, tx, t)
	})
}

func (tt Tournaments) fmtTime(t *tournament.Tournament) string {
	if t.Created.IsZero() {
		return ts(tt.S.now())
	}
	return ts(t.Created)
}

// save writes t over version t.Version and sets t.Version+1.
func (tt Tournaments) save(ctx context.Context, tx *sql.Tx, t *tournament.Tournament) error {
	next := *t
	next.Version = t.Version + 1
	body, err := json.Marshal(&next)
	if err != nil {
		return err
	}
	res, err := tx.ExecContext(ctx, `UPDATE tournaments SET state = ?, version = ?, status = ?, updated_at = ? WHERE id = ? AND version = ?`,
		string(body), next.Version, t.Status, ts(tt.S.now()), t.ID, t.Version)
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err != nil {
		return err
	} else if n != 1 {
		return tournament.ErrConflict
	}
	if _, err := tx.ExecContext(ctx, `DELETE FROM tournament_entries WHERE tournament_id = ?`, t.ID); err != nil {
		return err
	}
	for _, p := range t.Players {
		if _, err := tx.ExecContext(ctx, `INSERT INTO tournament_entries (tournament_id, user_id, user_name, registered_at) VALUES (?, ?, ?, ?)`,
			t.ID, p.ID, p.Name, ts(p.Joined)); err != nil {
			return fmt.Errorf("tournament %d entry %s: %w", t.ID, p.ID, err)
		}
	}
	if _, err := tx.ExecContext(ctx, `DELETE FROM tournament_games WHERE tournament_id = ?`, t.ID); err != nil {
		return err
	}
	for _, r := range t.Rounds {
		for _, g := range r.Games {
			if g.GameID == 0 {
				continue
			}
			if _, err := tx.ExecContext(ctx, `INSERT INTO tournament_games (game_id, tournament_id, round, table_no) VALUES (?, ?, ?, ?)`,
				g.GameID, t.ID, r.Number, g.Table); err != nil {
				if strings.Contains(err.Error(), "UNIQUE") {
					return fmt.Errorf("game %d is already a table of another tournament", g.GameID)
				}
				return err
			}
		}
	}
	t.Version = next.Version
	return nil
}

// SaveTournament stores t whole, if nobody saved it since it was loaded.
func (tt Tournaments) SaveTournament(ctx context.Context, t *tournament.Tournament) error {
	v := t.Version
	err := tt.S.Write(ctx, func(tx *sql.Tx) error { return tt.save(ctx, tx, t) })
	if err != nil {
		t.Version = v
	}
	return err
}

func (tt Tournaments) loadWhere(ctx context.Context, where string, args ...any) (*tournament.Tournament, error) {
	var body string
	var version int64
	err := tt.S.DB.QueryRowContext(ctx, `SELECT state, version FROM tournaments WHERE `+where, args...).Scan(&body, &version)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, tournament.ErrNotFound
	}
	if err != nil {
		return nil, err
	}
	var t tournament.Tournament
	if err := json.Unmarshal([]byte(body), &t); err != nil {
		return nil, fmt.Errorf("tournament state does not read: %w", err)
	}
	if t.Version != version {
		return nil, fmt.Errorf("tournament %d: its state says version %d, its row %d", t.ID, t.Version, version)
	}
	return &t, nil
}

// LoadTournament reads a tournament by guild and name. The name is
// compared as the look-alike check of CreateTournament compares it
// (tournament.NameKey): "autumn" and "ＡＵＴＵＭＮ" find "Autumn".
func (tt Tournaments) LoadTournament(ctx context.Context, guild, name string) (*tournament.Tournament, error) {
	t, err := tt.loadWhere(ctx, `guild_id = ? AND name = ?`, guild, name)
	if !errors.Is(err, tournament.ErrNotFound) {
		return t, err
	}
	rows, err := tt.S.DB.QueryContext(ctx, `SELECT id, name FROM tournaments WHERE guild_id = ? ORDER BY id`, guild)
	if err != nil {
		return nil, err
	}
	var found int64
	key := tournament.NameKey(name)
	for rows.Next() {
		var id int64
		var n string
		if err := rows.Scan(&id, &n); err != nil {
			rows.Close()
			return nil, err
		}
		if found == 0 && tournament.NameKey(n) == key {
			found = id
		}
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	if found == 0 {
		return nil, tournament.ErrNotFound
	}
	return tt.loadWhere(ctx, `id = ?`, found)
}

// TournamentByGame reads the tournament a bot game is a table of.
func (tt Tournaments) TournamentByGame(ctx context.Context, gameID int64) (*tournament.Tournament, error) {
	return tt.loadWhere(ctx, `id = (SELECT tournament_id FROM tournament_games WHERE game_id = ?)`, gameID)
}

// ListTournaments lists the names of a guild's tournaments with a status
// ("" for all), newest first.
func (tt Tournaments) ListTournaments(ctx context.Context, guild, status string) ([]string, error) {
	rows, err := tt.S.DB.QueryContext(ctx, `SELECT name FROM tournaments WHERE guild_id = ? AND (? = '' OR status = ?) ORDER BY id DESC`, guild, status, status)
	return collectRows(rows, err, func(rows *sql.Rows) (name string, err error) {
		return name, rows.Scan(&name)
	})
}

// AllTournaments reads every tournament of a guild ("" every guild's),
// oldest first: the round clock and the ladder read them.
func (tt Tournaments) AllTournaments(ctx context.Context, guild string) ([]*tournament.Tournament, error) {
	ids, err := queryIDs(ctx, tt.S.DB, `SELECT id FROM tournaments WHERE ? = '' OR guild_id = ? ORDER BY id`, guild, guild)
	if err != nil {
		return nil, err
	}
	var out []*tournament.Tournament
	for _, id := range ids {
		t, err := tt.loadWhere(ctx, `id = ?`, id)
		if err != nil {
			return nil, err
		}
		out = append(out, t)
	}
	return out, nil
}

var _ tournament.Lister = Tournaments{}
