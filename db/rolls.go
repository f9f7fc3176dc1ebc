package db

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"
)

// The companion's roll log (schema 0002_rolls.sql): a session of
// commit-reveal dice per channel and every roll made in it. The dice
// themselves are computed by the caller (package engine/dice); this file
// only keeps them, one transaction per roll, on the store's single writer
// path (Store.Write) like every other write.

// RollSession is one channel's run of verifiable dice.
type RollSession struct {
	ID                int64
	Guild, Channel    string
	ServerSeed        string // secret until Revealed
	Commitment        string // SHA-256 of ServerSeed, published at the start
	PlayersSeed       string // the players' seed now in force
	Revealed          bool
	CreatedAt         time.Time
	RevealedAt        time.Time
	RevealedBy        string
	Rolls             int // how many rolls the session holds (numbers run 1..Rolls)
	PlayerSeedEntries int // how many seeds players added
}

// Roll is one logged roll or table lookup.
type Roll struct {
	Session          int64
	Number           int
	UserID, UserName string
	At               time.Time
	Guild, Channel   string
	Command          string // "roll", "combat", ...
	Inputs           string // the command's options in a canonical form
	PlayersSeed      string // the players' seed the dice were drawn with
	Source           string // RollBot or RollTable
	Sides            int
	Faces            []int
	Result           string
}

// Sources of a roll's dice.
const (
	RollBot   = "bot"   // drawn by the bot from the session's seeds
	RollTable = "table" // rolled at the table and entered (die:N)
)

// PlayerSeed is a seed a player added to a session.
type PlayerSeed struct {
	Session          int64
	Seq              int
	UserID, UserName string
	Value            string
	FromRoll         int // the first roll drawn with it
	At               time.Time
}

// NewSession is what starts a session when a channel has none open: a
// fresh secret server seed and its commitment, drawn by the caller.
type NewSession struct {
	ServerSeed, Commitment string
}

// ErrNoSession is returned when a channel has no roll session to act on.
var ErrNoSession = errors.New("no roll session")

// PlayersSeedSeparator joins the players' contributions into the players'
// seed used for the dice.
const PlayersSeedSeparator = "|"

const rollSessionCols = `id, guild_id, channel_id, server_seed, commitment, players_seed, revealed, created_at, revealed_at, revealed_by,
	(SELECT COALESCE(MAX(number), 0) FROM rolls r WHERE r.session_id = roll_sessions.id),
	(SELECT COALESCE(MAX(seq), 0) FROM roll_seeds p WHERE p.session_id = roll_sessions.id)`

type rollRowScanner interface{ Scan(...any) error }

func scanRollSession(r rollRowScanner) (RollSession, error) {
	var s RollSession
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
func openRollSession(ctx context.Context, tx *sql.Tx, guild, channel string, at time.Time, fresh *NewSession) (s RollSession, started bool, err error) {
	s, err = scanRollSession(tx.QueryRowContext(ctx, `SELECT `+rollSessionCols+` FROM roll_sessions
		WHERE guild_id = ? AND channel_id = ? AND revealed = 0`, guild, channel))
	if err == nil {
		return s, false, nil
	}
	if !errors.Is(err, sql.ErrNoRows) || fresh == nil {
		if errors.Is(err, sql.ErrNoRows) {
			err = ErrNoSession
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
	s = RollSession{ID: id, Guild: guild, Channel: channel, ServerSeed: fresh.ServerSeed,
		Commitment: fresh.Commitment, CreatedAt: at.UTC()}
	return s, true, nil
}

// AppendRoll logs one roll in the channel's open session, starting a
// session from fresh if none is open, all in one transaction. draw gets
// the session (with its secret seed) and the roll's number and returns the
// roll to store; its Session, Number, Guild, Channel, At and PlayersSeed
// are filled in here.
func (s *Store) AppendRoll(ctx context.Context, guild, channel string, at time.Time, fresh NewSession,
	draw func(sess RollSession, number int) (Roll, error)) (Roll, RollSession, bool, error) {
	var r Roll
	var sess RollSession
	var started bool
	err := s.Write(ctx, func(tx *sql.Tx) error {
		var err error
		if sess, started, err = openRollSession(ctx, tx, guild, channel, at, &fresh); err != nil {
			return err
		}
		var last int
		if err := tx.QueryRowContext(ctx, `SELECT COALESCE(MAX(number), 0) FROM rolls WHERE session_id = ?`, sess.ID).Scan(&last); err != nil {
			return err
		}
		if r, err = draw(sess, last+1); err != nil {
			return err
		}
		r.Session, r.Number, r.Guild, r.Channel, r.At, r.PlayersSeed = sess.ID, last+1, guild, channel, at.UTC(), sess.PlayersSeed
		if r.Source == "" {
			r.Source = RollBot
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
		return Roll{}, sess, false, err
	}
	return r, sess, started, nil
}

// AddPlayersSeed adds a player's seed to the channel's open session
// (starting one from fresh if none is open). The dice of every later roll
// of the session are drawn with the players' seed that results: all the
// contributions so far, joined by PlayersSeedSeparator.
func (s *Store) AddPlayersSeed(ctx context.Context, guild, channel, userID, userName, value string, at time.Time,
	fresh NewSession) (PlayerSeed, RollSession, bool, error) {
	var p PlayerSeed
	var sess RollSession
	var started bool
	err := s.Write(ctx, func(tx *sql.Tx) error {
		var err error
		if sess, started, err = openRollSession(ctx, tx, guild, channel, at, &fresh); err != nil {
			return err
		}
		var rolls, seeds int
		if err := tx.QueryRowContext(ctx, `SELECT
			(SELECT COALESCE(MAX(number), 0) FROM rolls WHERE session_id = ?),
			(SELECT COALESCE(MAX(seq), 0) FROM roll_seeds WHERE session_id = ?)`, sess.ID, sess.ID).Scan(&rolls, &seeds); err != nil {
			return err
		}
		p = PlayerSeed{Session: sess.ID, Seq: seeds + 1, UserID: userID, UserName: userName, Value: value, FromRoll: rolls + 1, At: at.UTC()}
		if _, err := tx.ExecContext(ctx, `INSERT INTO roll_seeds (session_id, seq, user_id, user_name, value, from_roll, added_at)
			VALUES (?, ?, ?, ?, ?, ?, ?)`, p.Session, p.Seq, userID, userName, value, p.FromRoll, rollTime(at)); err != nil {
			return err
		}
		if sess.PlayersSeed == "" {
			sess.PlayersSeed = value
		} else {
			sess.PlayersSeed += PlayersSeedSeparator + value
		}
		if _, err := tx.ExecContext(ctx, `UPDATE roll_sessions SET players_seed = ? WHERE id = ?`, sess.PlayersSeed, sess.ID); err != nil {
			return err
		}
		sess.Rolls, sess.PlayerSeedEntries = rolls, seeds+1
		return nil
	})
	if err != nil {
		return PlayerSeed{}, sess, false, err
	}
	return p, sess, started, nil
}

// RevealSession ends the channel's open session and makes its server seed
// public. It returns ErrNoSession if no session is open.
func (s *Store) RevealSession(ctx context.Context, guild, channel, by string, at time.Time) (RollSession, error) {
	var sess RollSession
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
func (s *Store) OpenSession(ctx context.Context, guild, channel string) (RollSession, error) {
	sess, err := scanRollSession(s.DB.QueryRowContext(ctx, `SELECT `+rollSessionCols+` FROM roll_sessions
		WHERE guild_id = ? AND channel_id = ? AND revealed = 0`, guild, channel))
	if errors.Is(err, sql.ErrNoRows) {
		return sess, ErrNoSession
	}
	return sess, err
}

// LatestSession returns the channel's newest session, open or revealed, or
// ErrNoSession.
func (s *Store) LatestSession(ctx context.Context, guild, channel string) (RollSession, error) {
	sess, err := scanRollSession(s.DB.QueryRowContext(ctx, `SELECT `+rollSessionCols+` FROM roll_sessions
		WHERE guild_id = ? AND channel_id = ? ORDER BY id DESC LIMIT 1`, guild, channel))
	if errors.Is(err, sql.ErrNoRows) {
		return sess, ErrNoSession
	}
	return sess, err
}

// LatestRevealedSession returns the channel's newest revealed session, or
// ErrNoSession.
func (s *Store) LatestRevealedSession(ctx context.Context, guild, channel string) (RollSession, error) {
	sess, err := scanRollSession(s.DB.QueryRowContext(ctx, `SELECT `+rollSessionCols+` FROM roll_sessions
		WHERE guild_id = ? AND channel_id = ? AND revealed = 1 ORDER BY id DESC LIMIT 1`, guild, channel))
	if errors.Is(err, sql.ErrNoRows) {
		return sess, ErrNoSession
	}
	return sess, err
}

// Session returns a session of the channel by its number, or ErrNoSession.
func (s *Store) Session(ctx context.Context, guild, channel string, id int64) (RollSession, error) {
	sess, err := scanRollSession(s.DB.QueryRowContext(ctx, `SELECT `+rollSessionCols+` FROM roll_sessions
		WHERE guild_id = ? AND channel_id = ? AND id = ?`, guild, channel, id))
	if errors.Is(err, sql.ErrNoRows) {
		return sess, ErrNoSession
	}
	return sess, err
}

// ChannelSessions returns every session of a channel, oldest first.
func (s *Store) ChannelSessions(ctx context.Context, guild, channel string) ([]RollSession, error) {
	rows, err := s.DB.QueryContext(ctx, `SELECT `+rollSessionCols+` FROM roll_sessions
		WHERE guild_id = ? AND channel_id = ? ORDER BY id`, guild, channel)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []RollSession
	for rows.Next() {
		sess, err := scanRollSession(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, sess)
	}
	return out, rows.Err()
}

const rollCols = `session_id, number, user_id, user_name, rolled_at, guild_id, channel_id, command, inputs, players_seed, source, sides, faces, result`

func scanRolls(rows *sql.Rows) ([]Roll, error) {
	defer rows.Close()
	var out []Roll
	for rows.Next() {
		var r Roll
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
func (s *Store) SessionRolls(ctx context.Context, session int64) ([]Roll, error) {
	rows, err := s.DB.QueryContext(ctx, `SELECT `+rollCols+` FROM rolls WHERE session_id = ? ORDER BY number`, session)
	if err != nil {
		return nil, err
	}
	return scanRolls(rows)
}

// RecentRolls returns the channel's last rolls across its sessions, the
// newest first.
func (s *Store) RecentRolls(ctx context.Context, guild, channel string, limit int) ([]Roll, error) {
	rows, err := s.DB.QueryContext(ctx, `SELECT `+rollCols+` FROM rolls WHERE guild_id = ? AND channel_id = ?
		ORDER BY session_id DESC, number DESC LIMIT ?`, guild, channel, limit)
	if err != nil {
		return nil, err
	}
	return scanRolls(rows)
}

// ChannelRolls returns every roll of a channel, oldest first.
func (s *Store) ChannelRolls(ctx context.Context, guild, channel string) ([]Roll, error) {
	rows, err := s.DB.QueryContext(ctx, `SELECT `+rollCols+` FROM rolls WHERE guild_id = ? AND channel_id = ?
		ORDER BY session_id, number`, guild, channel)
	if err != nil {
		return nil, err
	}
	return scanRolls(rows)
}

// PlayerSeeds returns the seeds players added to a session, in order.
func (s *Store) PlayerSeeds(ctx context.Context, session int64) ([]PlayerSeed, error) {
	rows, err := s.DB.QueryContext(ctx, `SELECT session_id, seq, user_id, user_name, value, from_roll, added_at
		FROM roll_seeds WHERE session_id = ? ORDER BY seq`, session)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []PlayerSeed
	for rows.Next() {
		var p PlayerSeed
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
