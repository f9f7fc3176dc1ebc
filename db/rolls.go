package db

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"rtrbot/rolls"
)

// The companion's roll log (schema 0002_rolls.sql): a session of
// commit-reveal dice per channel and every roll made in it. The dice
// themselves are computed by the caller (package engine/dice); this file
// only keeps them, one transaction per roll, on the store's single writer
// path (Store.Write) like every other write.

const rollSessionCols = `id, guild_id, channel_id, server_seed, commitment, players_seed, revealed, created_at, revealed_at, revealed_by,
	(SELECT COALESCE(MAX(number), 0) FROM rolls r WHERE r.session_id = roll_sessions.id),
	(SELECT COALESCE(MAX(seq), 0) FROM roll_seeds p WHERE p.session_id = roll_sessions.id)`

type rollRowScanner interface{ Scan(...any) error }

func scanRollSession(r rollRowScanner) (rolls.Session, error) {
	var s rolls.Session
	var revealed int
	var created, revealedAt string
	if err := r.Scan(&s.ID, &s.Guild, &s.Channel, &s.ServerSeed, &s.Commitment, &s.PlayersSeed, &revealed,
		&created, &revealedAt, &s.RevealedBy, &s.Rolls, &s.PlayerSeedEntries); err != nil {
		return s, err
	}
	s.Revealed = revealed == 1
	var err error
	if s.CreatedAt, err = parseRollTime(created); err != nil {
		return s, fmt.Errorf("roll session %d: created_at %q: %w", s.ID, created, err)
	}
	if revealedAt != "" {
		if s.RevealedAt, err = parseRollTime(revealedAt); err != nil {
			return s, fmt.Errorf("roll session %d: revealed_at %q: %w", s.ID, revealedAt, err)
		}
	}
	return s, nil
}

func rollTime(t time.Time) string { return t.UTC().Format(time.RFC3339Nano) }

func parseRollTime(s string) (time.Time, error) { return time.Parse(time.RFC3339Nano, s) }

// openRollSession returns the channel's open session within tx, starting one
// from fresh if there is none (started is then true).
func openRollSession(ctx context.Context, tx *sql.Tx, guild, channel string, at time.Time, fresh *rolls.NewSession) (s rolls.Session, started bool, err error) {
	s, err = scanRollSession(tx.QueryRowContext(ctx, `SELECT `+rollSessionCols+` FROM roll_sessions
		WHERE guild_id = ? AND channel_id = ? AND revealed = 0`, guild, channel))
	if err == nil {
		return s, false, nil
	}
	if !errors.Is(err, sql.ErrNoRows) || fresh == nil {
		if errors.Is(err, sql.ErrNoRows) {
			err = rolls.ErrNoSession
		}
		return s, false, err
	}
	res, err := tx.ExecContext(ctx, `INSERT INTO roll_sessions (guild_id, channel_id, server_seed, commitment, created_at)
		VALUES (?, ?, ?, ?, ?)`, guild, channel, fresh.ServerSeed, fresh.Commitment, rollTime(at))
	if err != nil {
		return s, false, fmt.Errorf("start roll session: %w", err)
	}
	id, err := res.LastInsertId()
	if err != nil {
		return s, false, err
	}
	s = rolls.Session{ID: id, Guild: guild, Channel: channel, ServerSeed: fresh.ServerSeed,
		Commitment: fresh.Commitment, CreatedAt: at.UTC()}
	return s, true, nil
}

// inRollSession runs fn in one transaction on the channel's open session
// (sess, which fn may change), starting one from fresh if none is open;
// started says whether it did.
func (s *Store) inRollSession(ctx context.Context, guild, channel string, at time.Time, fresh rolls.NewSession,
	fn func(tx *sql.Tx, sess *rolls.Session) error) (sess rolls.Session, started bool, err error) {
	err = s.Write(ctx, func(tx *sql.Tx) error {
		var err error
		if sess, started, err = openRollSession(ctx, tx, guild, channel, at, &fresh); err != nil {
			return err
		}
		return fn(tx, &sess)
	})
	return sess, started, err
}

// AppendRoll logs one roll in the channel's open session, starting a
// session from fresh if none is open, all in one transaction. draw gets
// the session (with its secret seed) and the roll's number and returns the
// roll to store; its Session, Number, Guild, Channel, At and PlayersSeed
// are filled in here.
func (s *Store) AppendRoll(ctx context.Context, guild, channel string, at time.Time, fresh rolls.NewSession,
	draw func(sess rolls.Session, number int) (rolls.Roll, error)) (rolls.Roll, rolls.Session, bool, error) {
	var r rolls.Roll
	sess, started, err := s.inRollSession(ctx, guild, channel, at, fresh, func(tx *sql.Tx, sess *rolls.Session) error {
		var last int
		if err := tx.QueryRowContext(ctx, `SELECT COALESCE(MAX(number), 0) FROM rolls WHERE session_id = ?`, sess.ID).Scan(&last); err != nil {
			return err
		}
		var err error
		if r, err = draw(*sess, last+1); err != nil {
			return err
		}
		r.Session, r.Number, r.Guild, r.Channel, r.At, r.PlayersSeed = sess.ID, last+1, guild, channel, at.UTC(), sess.PlayersSeed
		if r.Source == "" {
			r.Source = rolls.ByBot
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO rolls (session_id, number, user_id, user_name, rolled_at, guild_id, channel_id,
			command, inputs, players_seed, source, sides, faces, result) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			r.Session, r.Number, r.UserID, r.UserName, rollTime(r.At), guild, channel, r.Command, r.Inputs, r.PlayersSeed,
			r.Source, r.Sides, formatFaces(r.Faces), r.Result); err != nil {
			return fmt.Errorf("log roll: %w", err)
		}
		sess.Rolls = last + 1
		return nil
	})
	if err != nil {
		return rolls.Roll{}, sess, false, err
	}
	return r, sess, started, nil
}

// AddPlayersSeed adds a player's seed to the channel's open session
// (starting one from fresh if none is open). The dice of every later roll
// of the session are drawn with the players' seed that results: all the
// contributions so far, joined by PlayersSeedSeparator.
func (s *Store) AddPlayersSeed(ctx context.Context, guild, channel, userID, userName, value string, at time.Time,
	fresh rolls.NewSession) (rolls.PlayerSeed, rolls.Session, bool, error) {
	var p rolls.PlayerSeed
	sess, started, err := s.inRollSession(ctx, guild, channel, at, fresh, func(tx *sql.Tx, sess *rolls.Session) error {
		var made, seeds int
		if err := tx.QueryRowContext(ctx, `SELECT
			(SELECT COALESCE(MAX(number), 0) FROM rolls WHERE session_id = ?),
			(SELECT COALESCE(MAX(seq), 0) FROM roll_seeds WHERE session_id = ?)`, sess.ID, sess.ID).Scan(&made, &seeds); err != nil {
			return err
		}
		p = rolls.PlayerSeed{Session: sess.ID, Seq: seeds + 1, UserID: userID, UserName: userName, Value: value, FromRoll: made + 1, At: at.UTC()}
		if _, err := tx.ExecContext(ctx, `INSERT INTO roll_seeds (session_id, seq, user_id, user_name, value, from_roll, added_at)
			VALUES (?, ?, ?, ?, ?, ?, ?)`, p.Session, p.Seq, userID, userName, value, p.FromRoll, rollTime(at)); err != nil {
			return err
		}
		if sess.PlayersSeed == "" {
			sess.PlayersSeed = value
		} else {
			sess.PlayersSeed += rolls.PlayersSeedSeparator + value
		}
		if _, err := tx.ExecContext(ctx, `UPDATE roll_sessions SET players_seed = ? WHERE id = ?`, sess.PlayersSeed, sess.ID); err != nil {
			return err
		}
		sess.Rolls, sess.PlayerSeedEntries = made, seeds+1
		return nil
	})
	if err != nil {
		return rolls.PlayerSeed{}, sess, false, err
	}
	return p, sess, started, nil
}

// RevealSession ends the channel's open session and makes its server seed
// public. It returns ErrNoSession if no session is open.
func (s *Store) RevealSession(ctx context.Context, guild, channel, by string, at time.Time) (rolls.Session, error) {
	var sess rolls.Session
	err := s.Write(ctx, func(tx *sql.Tx) error {
		var err error
		if sess, _, err = openRollSession(ctx, tx, guild, channel, at, nil); err != nil {
			return err
		}
		_, err = tx.ExecContext(ctx, `UPDATE roll_sessions SET revealed = 1, revealed_at = ?, revealed_by = ? WHERE id = ?`,
			rollTime(at), by, sess.ID)
		return err
	})
	if err != nil {
		return sess, err
	}
	sess.Revealed, sess.RevealedAt, sess.RevealedBy = true, at.UTC(), by
	return sess, nil
}

// OpenSession returns the channel's open session, or ErrNoSession.
func (s *Store) OpenSession(ctx context.Context, guild, channel string) (rolls.Session, error) {
	sess, err := scanRollSession(s.DB.QueryRowContext(ctx, `SELECT `+rollSessionCols+` FROM roll_sessions
		WHERE guild_id = ? AND channel_id = ? AND revealed = 0`, guild, channel))
	if errors.Is(err, sql.ErrNoRows) {
		return sess, rolls.ErrNoSession
	}
	return sess, err
}

// LatestSession returns the channel's newest session, open or revealed, or
// ErrNoSession.
func (s *Store) LatestSession(ctx context.Context, guild, channel string) (rolls.Session, error) {
	sess, err := scanRollSession(s.DB.QueryRowContext(ctx, `SELECT `+rollSessionCols+` FROM roll_sessions
		WHERE guild_id = ? AND channel_id = ? ORDER BY id DESC LIMIT 1`, guild, channel))
	if errors.Is(err, sql.ErrNoRows) {
		return sess, rolls.ErrNoSession
	}
	return sess, err
}

// LatestRevealedSession returns the channel's newest revealed session, or
// ErrNoSession.
func (s *Store) LatestRevealedSession(ctx context.Context, guild, channel string) (rolls.Session, error) {
	sess, err := scanRollSession(s.DB.QueryRowContext(ctx, `SELECT `+rollSessionCols+` FROM roll_sessions
		WHERE guild_id = ? AND channel_id = ? AND revealed = 1 ORDER BY id DESC LIMIT 1`, guild, channel))
	if errors.Is(err, sql.ErrNoRows) {
		return sess, rolls.ErrNoSession
	}
	return sess, err
}

// Session returns a session of the channel by its number, or ErrNoSession.
func (s *Store) Session(ctx context.Context, guild, channel string, id int64) (rolls.Session, error) {
	sess, err := scanRollSession(s.DB.QueryRowContext(ctx, `SELECT `+rollSessionCols+` FROM roll_sessions
		WHERE guild_id = ? AND channel_id = ? AND id = ?`, guild, channel, id))
	if errors.Is(err, sql.ErrNoRows) {
		return sess, rolls.ErrNoSession
	}
	return sess, err
}

// ChannelSessions returns every session of a channel, oldest first.
func (s *Store) ChannelSessions(ctx context.Context, guild, channel string) ([]rolls.Session, error) {
	rows, err := s.DB.QueryContext(ctx, `SELECT `+rollSessionCols+` FROM roll_sessions
		WHERE guild_id = ? AND channel_id = ? ORDER BY id`, guild, channel)
	return collectRows(rows, err, func(rows *sql.Rows) (rolls.Session, error) { return scanRollSession(rows) })
}

const rollCols = `session_id, number, user_id, user_name, rolled_at, guild_id, channel_id, command, inputs, players_seed, source, sides, faces, result`

func scanRolls(rows *sql.Rows) ([]rolls.Roll, error) {
	defer rows.Close()
	var out []rolls.Roll
	for rows.Next() {
		var r rolls.Roll
		var at, faces string
		if err := rows.Scan(&r.Session, &r.Number, &r.UserID, &r.UserName, &at, &r.Guild, &r.Channel, &r.Command,
			&r.Inputs, &r.PlayersSeed, &r.Source, &r.Sides, &faces, &r.Result); err != nil {
			return nil, err
		}
		var err error
		if r.At, err = parseRollTime(at); err != nil {
			return nil, fmt.Errorf("roll %d of session %d: time %q cannot be read: %w", r.Number, r.Session, at, err)
		}
		if r.Faces, err = parseFaces(faces, r.Sides); err != nil {
			return nil, fmt.Errorf("roll %d of session %d: dice %q cannot be read: %w", r.Number, r.Session, faces, err)
		}
		out = append(out, r)
	}
	return out, rows.Err()
}

// SessionRolls returns the rolls of a session in order.
func (s *Store) SessionRolls(ctx context.Context, session int64) ([]rolls.Roll, error) {
	rows, err := s.DB.QueryContext(ctx, `SELECT `+rollCols+` FROM rolls WHERE session_id = ? ORDER BY number`, session)
	if err != nil {
		return nil, err
	}
	return scanRolls(rows)
}

// RecentRolls returns the channel's last rolls across its sessions, the
// newest first.
func (s *Store) RecentRolls(ctx context.Context, guild, channel string, limit int) ([]rolls.Roll, error) {
	rows, err := s.DB.QueryContext(ctx, `SELECT `+rollCols+` FROM rolls WHERE guild_id = ? AND channel_id = ?
		ORDER BY session_id DESC, number DESC LIMIT ?`, guild, channel, limit)
	if err != nil {
		return nil, err
	}
	return scanRolls(rows)
}

// ChannelRolls returns every roll of a channel, oldest first.
func (s *Store) ChannelRolls(ctx context.Context, guild, channel string) ([]rolls.Roll, error) {
	rows, err := s.DB.QueryContext(ctx, `SELECT `+rollCols+` FROM rolls WHERE guild_id = ? AND channel_id = ?
		ORDER BY session_id, number`, guild, channel)
	if err != nil {
		return nil, err
	}
	return scanRolls(rows)
}

// PlayerSeeds returns the seeds players added to a session, in order.
func (s *Store) PlayerSeeds(ctx context.Context, session int64) ([]rolls.PlayerSeed, error) {
	rows, err := s.DB.QueryContext(ctx, `SELECT session_id, seq, user_id, user_name, value, from_roll, added_at
		FROM roll_seeds WHERE session_id = ? ORDER BY seq`, session)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []rolls.PlayerSeed
	for rows.Next() {
		var p rolls.PlayerSeed
		var at string
		if err := rows.Scan(&p.Session, &p.Seq, &p.UserID, &p.UserName, &p.Value, &p.FromRoll, &at); err != nil {
			return nil, err
		}
		var err error
		if p.At, err = parseRollTime(at); err != nil {
			return nil, fmt.Errorf("seed %d of session %d: time %q cannot be read: %w", p.Seq, p.Session, at, err)
		}
		out = append(out, p)
	}
	return out, rows.Err()
}

func formatFaces(faces []int) string {
	s := make([]string, len(faces))
	for i, f := range faces {
		s[i] = strconv.Itoa(f)
	}
	return strings.Join(s, ",")
}

func parseFaces(text string, sides int) ([]int, error) {
	if text == "" {
		return nil, errors.New("no dice")
	}
	var out []int
	for _, f := range strings.Split(text, ",") {
		n, err := strconv.Atoi(f)
		if err != nil || n < 1 || n > sides {
			return nil, fmt.Errorf("%q is not a face of a d%d", f, sides)
		}
		out = append(out, n)
	}
	return out, nil
}
