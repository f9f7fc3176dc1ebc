package db

import (
	"context"
	"database/sql"
	"errors"
	"strings"

	"rtrbot/i18n"
)

// Game metadata (migration 0003): what the game commands keep beside a
// game's log. Keys in use:
//
//	thread:parent   the channel the game's own thread was opened under (commands
//	                given there reach the newest game opened there)
//	thread:german   the German side's private thread
//	thread:allied   the Allied side's private thread
//	paused          "1" while a referee has paused the game
//	choice:german   a side's secret choice of options (18.0), until the reveal
//	confirmed:german "1" once the side has confirmed its choice
//	revealed        "1" once both choices were revealed
//	reminded        the deadline (RFC 3339) a reminder was last sent for
//	lang:USER       the language a player reads ("en", "ja"), as he joined
//	left:USER       the side a player held and gave to another after the
//	                setup (games.MetaLeft): his reliability counts him as
//	                having left the game
//
// Metadata is not part of the game's log: replaying the orders never reads
// it, and an export leaves it out.

// Meta returns a game's metadata.
func (s *Store) Meta(ctx context.Context, game int64) (map[string]string, error) {
	rows, err := s.DB.QueryContext(ctx, `SELECT key, value FROM game_meta WHERE game_id = ?`, game)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[string]string{}
	for rows.Next() {
		var k, v string
		if err := rows.Scan(&k, &v); err != nil {
			return nil, err
		}
		out[k] = v
	}
	return out, rows.Err()
}

// SetMeta sets a game's metadata key in its own transaction ("" removes it).
func (s *Store) SetMeta(ctx context.Context, game int64, key, value string) error {
	return s.Write(ctx, func(tx *sql.Tx) error { return setMeta(ctx, tx, game, key, value) })
}

// SetMeta sets a metadata key inside the command's transaction.
func (t *GameTx) SetMeta(key, value string) error { return setMeta(t.ctx, t.tx, t.Game.ID, key, value) }

func setMeta(ctx context.Context, tx *sql.Tx, game int64, key, value string) error {
	if key == "" {
		return errors.New("a metadata key cannot be empty")
	}
	if value == "" {
		_, err := tx.ExecContext(ctx, `DELETE FROM game_meta WHERE game_id = ? AND key = ?`, game, key)
		return err
	}
	_, err := tx.ExecContext(ctx, `INSERT INTO game_meta(game_id, key, value) VALUES (?,?,?)
		ON CONFLICT(game_id, key) DO UPDATE SET value = excluded.value`, game, key, value)
	return err
}

// LiveGameAt returns the live (active or damaged) game played in a channel
// or in one of its threads (a thread:* key), or ErrNoGame. An empty guild
// matches any guild (Discord's channel IDs are unique across guilds).
func (s *Store) LiveGameAt(ctx context.Context, guild, channel string) (int64, error) {
	var id int64
	err := s.DB.QueryRowContext(ctx, `SELECT id FROM games g WHERE (? = '' OR guild_id = ?) AND status IN ('active', 'damaged') AND
		(channel_id = ? OR EXISTS (SELECT 1 FROM game_meta m WHERE m.game_id = g.id AND m.key LIKE 'thread:%' AND m.value = ?))
		ORDER BY id DESC LIMIT 1`, guild, guild, channel, channel).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, ErrNoGame
	}
	return id, err
}

// SetOptions replaces the game's options (a JSON object) while its log is
// still empty: the secret choice of options (18.0) is revealed before the
// first order, and options never change after it.
func (t *GameTx) SetOptions(opts string) error {
	if t.seq > 0 {
		return i18n.Errorf("The options of game #%d cannot change: it has %s already.",
			"ゲーム #%d は既に命令が %sあるため、オプションを変更できません。", t.Game.ID, i18n.Count(int(t.seq), "order", "orders", "件"))
	}
	o, err := checkOptions(opts)
	if err != nil {
		return err
	}
	if _, err := t.tx.ExecContext(t.ctx, `UPDATE games SET options = ? WHERE id = ?`, o, t.Game.ID); err != nil {
		return err
	}
	t.Game.Options = o
	return nil
}

// RemovePlayer takes a user out of the game (a referee replacing a player,
// or a player leaving before the game starts). The orders the user gave
// stay in the log under their name.
func (t *GameTx) RemovePlayer(userID string) error {
	_, err := t.tx.ExecContext(t.ctx, `DELETE FROM game_players WHERE game_id = ? AND user_id = ?`, t.Game.ID, userID)
	return err
}

// RefereeRole is the role a guild's admin named as referees ("" none).
func (s *Store) RefereeRole(ctx context.Context, guild string) (string, error) {
	var role string
	err := s.DB.QueryRowContext(ctx, `SELECT referee_role FROM guild_settings WHERE guild_id = ?`, guild).Scan(&role)
	if errors.Is(err, sql.ErrNoRows) {
		return "", nil
	}
	return strings.TrimSpace(role), err
}

// SetRefereeRole names the guild's referee role ("" none).
func (s *Store) SetRefereeRole(ctx context.Context, guild, role string) error {
	return s.Write(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `INSERT INTO guild_settings(guild_id, referee_role) VALUES (?, ?)
			ON CONFLICT(guild_id) DO UPDATE SET referee_role = excluded.referee_role`, guild, role)
		return err
	})
}

// SnapshotState returns the state saved after order seq of a game (the
// snapshot a Load began from), for the commands to know the current
// segment's start without replaying the game.
func (s *Store) SnapshotState(ctx context.Context, game, seq int64) ([]byte, error) {
	var state []byte
	err := s.DB.QueryRowContext(ctx, `SELECT state FROM snapshots WHERE game_id = ? AND seq = ?`, game, seq).Scan(&state)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrNoGame
	}
	return state, err
}
