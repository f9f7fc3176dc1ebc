package db

import (
	"context"
	"database/sql"
	"time"
)

// Quiet is a user's quiet hours as stored: the span as typed and the zone
// (package quiet reads them).
type Quiet struct {
	User, Name, Span, Zone string
}

// SetQuiet stores a user's quiet hours (span "" removes them).
func (s *Store) SetQuiet(ctx context.Context, q Quiet) error {
	return s.Write(ctx, func(tx *sql.Tx) error {
		if q.Span == "" {
			_, err := tx.ExecContext(ctx, `DELETE FROM user_quiet WHERE user_id = ?`, q.User)
			return err
		}
		_, err := tx.ExecContext(ctx, `INSERT INTO user_quiet (user_id, user_name, span, tz) VALUES (?, ?, ?, ?)
			ON CONFLICT(user_id) DO UPDATE SET user_name = excluded.user_name, span = excluded.span, tz = excluded.tz`, q.User, q.Name, q.Span, q.Zone)
		return err
	})
}

// QuietOf are the stored quiet hours of the given users (those who have
// some).
func (s *Store) QuietOf(ctx context.Context, users []string) (map[string]Quiet, error) {
	out := map[string]Quiet{}
	for _, u := range users {
		var q Quiet
		err := s.DB.QueryRowContext(ctx, `SELECT user_id, user_name, span, tz FROM user_quiet WHERE user_id = ?`, u).Scan(&q.User, &q.Name, &q.Span, &q.Zone)
		switch {
		case err == sql.ErrNoRows:
		case err != nil:
			return nil, err
		default:
			out[u] = q
		}
	}
	return out, nil
}

// Held is a message held for a user's quiet hours.
type Held struct {
	User, Channel, Text string
	At                  time.Time
}

// Hold keeps a message until at. One held message a user a channel: a
// later one replaces it (the newest news is what matters when the hours
// end).
func (s *Store) Hold(ctx context.Context, h Held) error {
	return s.Write(ctx, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, `DELETE FROM held_messages WHERE user_id = ? AND channel_id = ?`, h.User, h.Channel); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, `INSERT INTO held_messages (user_id, channel_id, text, deliver_at) VALUES (?, ?, ?, ?)`, h.User, h.Channel, h.Text, ts(h.At))
		return err
	})
}

// TakeDue removes and returns the held messages due at now: each is
// handed out once.
func (s *Store) TakeDue(ctx context.Context, now time.Time) ([]Held, error) {
	var out []Held
	err := s.Write(ctx, func(tx *sql.Tx) error {
		rows, err := tx.QueryContext(ctx, `SELECT id, user_id, channel_id, text, deliver_at FROM held_messages WHERE deliver_at <= ? ORDER BY deliver_at, id`, ts(now))
		if err != nil {
			return err
		}
		var ids []int64
		for rows.Next() {
			var h Held
			var id int64
			var at string
			if err := rows.Scan(&id, &h.User, &h.Channel, &h.Text, &at); err != nil {
				rows.Close()
				return err
			}
			h.At, _ = parseTS(at)
			out = append(out, h)
			ids = append(ids, id)
		}
		rows.Close()
		for _, id := range ids {
			if _, err := tx.ExecContext(ctx, `DELETE FROM held_messages WHERE id = ?`, id); err != nil {
				return err
			}
		}
		return rows.Err()
	})
	return out, err
}
